// Games in: a record imported (pasted or opened from a file), the games
// kept on the board's flash, a link that carries a whole game; and the
// review of any of them: free variations from any position, with a way
// back, and the engine's best line drawn as arrows. The server replays
// every record with the rules core (fireice_tools/webgames.py).
import { HOLE_NAMES } from "./board.js";
import { $, app, escapeHtml, getJson, note, rerender } from "./ctx.js";
import { endView, view } from "./record.js";

const START = "-".repeat(24) + "#" + "-".repeat(24);

/** POST a record request: [answer, null] or [null, the server's error]. */
async function post(path, body) {
  try {
    const r = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const a = await r.json();
    return r.ok ? [a, null] : [null, a.error || "refused (" + r.status + ")"];
  } catch (e) {
    return [null, "no answer from the simulator: " + e];
  }
}

/** The game the record card shows: the one loaded for review, or the board's. */
export function shownGame(s) {
  if (app.loaded) return app.loaded;
  return { text: s.record, moves: s.moves, mode: s.mode, setup: s.setup, board: true };
}

// --- a game loaded for review ---------------------------------------------------

/** Opens a replay (POST /replay's answer) for review at its last move. */
function load(rep, text, title) {
  app.variation = null;
  app.bestLine = null;
  app.loaded = { ...rep, text, title, board: false };
  document.body.dataset.loaded = title;
  view(rep.moves.length);
}

/** Leaves the loaded game: the page shows the board's game again. */
export function closeLoaded() {
  app.loaded = null;
  app.variation = null;
  document.body.dataset.loaded = "";
  endView();
  rerender();
}

/** Import: the pasted text (or a file's) replayed; a bad record is named
 *  and the text stays where it is, to be put right. */
export async function importText(text, title) {
  const out = $("importError");
  const [rep, err] = await post("/replay", { text });
  if (!rep) {
    out.textContent = "This record cannot be opened: " + err + ".";
    out.hidden = false;
    document.body.dataset.importError = err;
    return false;
  }
  out.hidden = true;
  document.body.dataset.importError = "";
  load(rep, text, title || "an imported record");
  note("new", `Opened ${title || "the record"} for review: ${rep.moves.length} moves.`);
  return true;
}

async function importFile() {
  const f = $("importFile").files[0];
  if (!f) return;
  if (f.size > 64 * 1024) {
    $("importError").textContent = `${f.name} is ${Math.round(f.size / 1024)} KB: a record is at most 64 KB.`;
    $("importError").hidden = false;
    return;
  }
  const text = await f.text();
  $("importText").value = text; // kept, to be put right when it is refused
  await importText(text, f.name);
}

// --- the board's games ---------------------------------------------------------

export async function listGames() {
  const a = await getJson("/games");
  if (!a) return;
  const rows = a.games.map((g) => {
    const what = g.error ? "cannot be read" : `${g.mode === "solitaire" ? "solitaire, " : ""}${g.moves} moves` +
      (g.result ? ", " + g.result : "") + (g.date ? ", " + g.date : "");
    return `<li><button type="button" class="link" data-game="${escapeHtml(g.name)}">${escapeHtml(g.name)}</button> ` +
      `<span class="small">${escapeHtml(what)}</span></li>`;
  });
  $("boardGames").innerHTML = rows.length ? rows.join("") : "<li class=\"small\">No game on the board yet.</li>";
  document.body.dataset.games = String(a.games.length);
}

async function openBoardGame(name) {
  const a = await getJson("/game?name=" + encodeURIComponent(name));
  if (a) load(a, a.text, name);
}

// --- a link to a whole game ------------------------------------------------------

function recordOf(q) {
  // the record text a game link stands for
  const mode = q.get("mode") === "solitaire" ? "solitaire" : "duel";
  const tags = [`[Game "Fire and Ice"]`, `[Mode "${mode}"]`];
  const setup = q.get("setup");
  if (setup && (mode === "solitaire" || setup !== START)) tags.push(`[Setup "${setup}"]`);
  if (mode === "duel" && q.get("to_move") === "ice") tags.push(`[ToMove "ice"]`);
  return tags.join("\n") + "\n\n" + q.get("moves").split(/[ ,]+/).filter(Boolean).join(" ") + "\n";
}

/** The page's address with the whole game in it: ?moves=D4-C4,D4-D5 (and
 *  setup=<49 characters>, to_move=ice, mode=solitaire when they differ). */
export function gameLink(g) {
  const q = new URLSearchParams();
  q.set("moves", g.moves.map((m) => m.move).join(","));
  if (g.mode === "solitaire") q.set("mode", "solitaire");
  if (g.setup && (g.mode === "solitaire" || g.setup !== START)) q.set("setup", g.setup);
  const first = g.first || (g.moves.length ? g.moves[0].by : "fire");
  if (g.mode !== "solitaire" && first === "ice") q.set("to_move", "ice");
  return location.origin + location.pathname + "?" + q.toString();
}

/** A game link opened: the game, for review (the board's game goes on). */
export async function openGameLink() {
  const q = new URLSearchParams(location.search);
  if (!q.has("moves")) return;
  history.replaceState(null, "", location.pathname);
  if (q.get("setup") && !/^[#O-]{49}$/.test(q.get("setup"))) {
    note("error", "The link's setup is not 49 characters of # (Fire), O (Ice) and - (empty).");
    return;
  }
  const text = recordOf(q);
  $("importText").value = text;
  await importText(text, "the game of the link");
}

// --- free variations -----------------------------------------------------------

let picked = null; // the hole of the peg picked for a variation's move

function here() {
  // {text, ply, moves} of the position viewed: the shown game's record,
  // its first ply moves, then the variation's moves up to the one viewed
  const g = shownGame(app.state);
  const v = app.variation;
  if (v) return { text: g.text, ply: v.base, moves: v.moves.slice(0, app.viewing.ply - v.base) };
  return { text: g.text, ply: app.viewing.ply, moves: [] };
}

/** A move played on the board while viewing: a variation from there. */
export async function variationMove(move) {
  const at = here();
  const [rep, err] = await post("/replay", { ...at, moves: at.moves.concat([move]) });
  if (!rep) {
    note("error", "Not in this variation: " + err + ".");
    return false;
  }
  const base = at.ply;
  app.variation = { base, moves: rep.variation.map((m) => m.move), plies: rep.plies.slice(base + 1) };
  showVariation(base + rep.variation.length);
  return true;
}

/** Shows the variation's position at ply (counted from the game's start). */
export function showVariation(ply) {
  const v = app.variation;
  const k = ply - v.base;
  const total = shownGame(app.state).moves.length;
  app.viewing = { ...v.plies[k - 1], ply, plies: total, variation: true };
  document.body.dataset.variation = v.moves.slice(0, k).join(" ");
  rerender();
}

/** Leaves the variation: the game's position where it began. */
export function leaveVariation() {
  const base = app.variation.base;
  app.variation = null;
  picked = null;
  document.body.dataset.variation = "";
  view(base);
}

/** A click on a hole while viewing: pick a peg of the side to move, then
 *  the hole it goes to. */
export function variationClick(name) {
  const v = app.viewing;
  const peg = v.position[HOLE_NAMES.indexOf(name)];
  const mine = peg === (v.to_move === "ice" ? "O" : "#");
  if (mine && !v.result) {
    picked = picked === name ? null : name;
  } else if (picked) {
    const move = picked + "-" + name;
    picked = null;
    variationMove(move);
  } else {
    note("error", `A variation: click a peg of ${v.to_move === "ice" ? "Ice" : "Fire"} (to move here), then the hole it goes to.`);
  }
  app.board.highlight(picked ? [picked] : [], "select");
}

export function clearPick() {
  picked = null;
}

// --- the engine's best line -----------------------------------------------------

function lineKey() {
  const s = app.state;
  if (!app.viewing) return "live/" + s.record;
  const at = here();
  return `${at.text}/${at.ply}/${at.moves.join(" ")}`;
}

export async function bestLine() {
  if (!app.state) return;
  const key = lineKey();
  const level = parseInt($("reviewLevel").value, 10);
  const body = app.viewing ? here() : { text: app.state.record };
  $("btnLine").disabled = true;
  $("lineText").textContent = `The engine (level ${level}) looks for the best line\u2026`;
  const [a, err] = await post("/line", { ...body, level });
  $("btnLine").disabled = false;
  if (!a) {
    $("lineText").textContent = "";
    note("error", "No best line: " + err + ".");
    return;
  }
  app.bestLine = { key, line: a.line };
  $("lineText").textContent = a.line.length ? "Best line: " + a.line.join(" ") : "The game is over here.";
  rerender();
}

/** The moves to draw as arrows in the position shown, or null. */
export function lineArrows() {
  if (!app.bestLine || !app.state || app.bestLine.key !== lineKey()) return null;
  return app.bestLine.line;
}

// --- the card -------------------------------------------------------------------

export function renderGames(s) {
  const g = shownGame(s);
  $("loadedBar").hidden = !app.loaded;
  if (app.loaded) $("loadedText").textContent = `Reviewing ${app.loaded.title} (${app.loaded.moves.length} moves): not the board's game.`;
  $("gameLink").href = gameLink(g);
}

export function wireGames() {
  $("importForm").addEventListener("submit", (ev) => {
    ev.preventDefault();
    importText($("importText").value);
  });
  $("importFile").addEventListener("change", importFile);
  $("btnGames").addEventListener("click", listGames);
  $("boardGames").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-game]");
    if (b) openBoardGame(b.dataset.game);
  });
  $("loadedClose").addEventListener("click", closeLoaded);
  $("btnLine").addEventListener("click", bestLine);
  $("gamesCard").addEventListener("toggle", () => $("gamesCard").open && listGames());
}
