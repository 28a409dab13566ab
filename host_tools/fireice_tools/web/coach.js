// The coach: the engine as an opponent, hints, danger lights, the win-chance bar.
import { OTHER, SIDES } from "./board.js";
import { $, app, getJson, note, rerender, send } from "./ctx.js";
import { typedMove } from "./input.js";
import { glide } from "./sound.js";
import { resultText } from "./prompt.js";

// The engine at a level above the board's runs on the host (/coach); the
// page carries its move out on the virtual board step by step, as a player
// would, and the board checks it. The hint button asks the board (its
// `hint` command: the firmware's engine, lit on the board, counted in its
// record and rationed by its `hints` setting) in every duel but one
// against the host's engine, where the host's coach gives it. The danger
// test is the rules core's (fireice.danger, via /danger).
export const coachCfg = loadCfg();
// this page's name to the server: with several pages open on one game
// against the host's engine, one of them carries out each engine move
const PAGE_NAME = Math.random().toString(36).slice(2);
let hint = null; // {ply, from, to, move}
let hintsUsed = 0;
let boardHint = null; // the board's last hint taken in: "ply/move"
let danger = null; // {key, map: {hole: "safe" | "gift" | "threat"}}
let dangerAsked = null;
let chance = null; // the last /coach answer for the bar
let chanceAsked = null;

function loadCfg() {
  let c = {};
  try {
    c = JSON.parse(localStorage.getItem("fireice-coach") || "{}") || {};
  } catch (e) {
    c = {};
  }
  return {
    vs: c.vs === "fire" || c.vs === "ice" ? c.vs : "",
    level: Number.isInteger(c.level) && c.level >= 1 && c.level <= 6 ? c.level : 3,
    danger: c.danger !== false,
    bar: c.bar !== false,
    coords: c.coords !== false, // hole names on the board
    flip: c.flip === true, // Ice's side at the bottom
    sound: c.sound !== false, // sounds for a move, a win, a refused move
  };
}

export function saveCfg() {
  try {
    localStorage.setItem("fireice-coach", JSON.stringify(coachCfg));
  } catch (e) {
    // no storage (a private window): the settings last as long as the page
  }
}

export function setOpponent(vs, level) {
  coachCfg.vs = vs || "";
  coachCfg.level = level || 3;
  saveCfg();
  rerender();
}

/** The host's engine as the opponent ({side, level}, kept by the page's
 *  server: every page of it sees the same game), or null. */
export function hostVs(s) {
  return (s && s.mode === "duel" && s.host_vs) || null;
}

export function enginesTurn(s) {
  // the host's engine to move (a level above the board's)
  const h = hostVs(s);
  return !!(h && !s.result && !s.resigned && s.alive && s.phase === "idle" && s.to_move === h.side && !app.takingBack);
}

export function boardsTurn(s) {
  // the board's firmware plays the side to move: it thinks, or shows its move
  return !!(s && s.vs && s.mode === "duel" && !s.result && !s.resigned && s.alive && s.to_move === s.vs &&
    s.phase !== "setup");
}

export function opponentsTurn(s) {
  return enginesTurn(s) || boardsTurn(s) || app.engineBusy;
}

export function opponentName(s) {
  const h = hostVs(s);
  return SIDES[(s && s.vs) || (h && h.side)];
}

async function boardMove(move) {
  // the board's firmware shows its move (its peg blinks, the hole glows):
  // the page carries it out as a player following the lights would
  app.engineBusy = true;
  document.body.dataset.engine = "moving";
  try {
    app.engineMove = move;
    glide(move, app.state.vs);
    note("engine", `${SIDES[app.state.vs]} (the board, level ${app.state.vs_level}) plays ${move}.`);
    if (!(await typedMove(move, true))) note("error", `The board's move ${move} was not carried out.`);
  } finally {
    app.engineBusy = false;
    app.engineMove = null;
    document.body.dataset.engine = "";
    rerender();
  }
}

async function engineMove() {
  app.engineBusy = true;
  document.body.dataset.engine = "thinking";
  try {
    const plies = app.state.moves.length;
    const h = hostVs(app.state);
    const r = await fetch(`/coach?level=${h.level}&claim=${PAGE_NAME}`, { cache: "no-store" }).catch(() => null);
    if (r && r.status === 409) return; // another page open on this game moves the engine's pegs
    if (!r || !r.ok) note("error", "the engine has no move for the page (" + (r ? r.status : "no answer") + ")");
    const a = r && r.ok ? await r.json() : null;
    if (!a || !a.move || a.ply !== plies || !enginesTurn(app.state) || app.viewing) return;
    app.engineMove = a.move;
    glide(a.move, h.side);
    note("engine", `${SIDES[h.side]} (the engine, level ${h.level}) plays ${a.move}.`);
    document.body.dataset.engine = "moving";
    if (!(await typedMove(a.move, true))) note("error", `The engine's move ${a.move} was not carried out.`);
  } finally {
    app.engineBusy = false;
    app.engineMove = null;
    document.body.dataset.engine = "";
    rerender();
  }
}

function hostHints(s) {
  // a game against the host's engine: its coach gives the hints
  return !!hostVs(s);
}

function takeBoardHint(s) {
  // the board's hint (its "hint" event, in the server's app.state until the
  // position changes), shown as the page's own
  if (!s.hint || s.mode !== "duel" || hostHints(s)) return;
  const key = `${s.moves.length}/${s.hint}`;
  if (key === boardHint) return;
  boardHint = key;
  const [from, to] = s.hint.split("-");
  hint = { ply: s.moves.length, from, to, move: s.hint };
  hintsUsed += 1;
}

export async function askHint() {
  if (!app.state || app.viewing || app.state.mode !== "duel" || app.state.result) {
    note("error", "A hint is for a two-player game that goes on.");
    return;
  }
  if (opponentsTurn(app.state)) return;
  if (!hostHints(app.state)) {
    // the board's: it answers with a hint event (takeBoardHint), or
    // says why there is none (the server's messages)
    boardHint = null;
    await send({ cmd: "hint" });
    return;
  }
  const plies = app.state.moves.length;
  const a = await getJson("/coach"); // the server's coach level (4)
  if (!a || !a.move || a.ply !== plies) return;
  const [from, to] = a.move.split("-");
  hint = { ply: plies, from, to, move: a.move };
  hintsUsed += 1;
  rerender();
}

export function dangerOf(s, name) {
  if (!danger || app.viewing || !coachCfg.danger || danger.key !== dangerKey(s)) return "";
  return danger.map[name] || "";
}

export function dangerKey(s) {
  // danger lights for the peg a player lifted in a two-player game
  if (s.mode !== "duel" || s.phase !== "lifted" || !s.hand_from || s.hand !== s.to_move) return null;
  if (app.engineBusy || s.result) return null;
  return s.hand_from + "@" + s.moves.length;
}

async function askDanger(key, hole) {
  dangerAsked = key;
  const a = await getJson("/danger?hole=" + hole);
  if (!a) return;
  const map = {};
  for (const kind of ["safe", "gift", "threat"]) for (const h of a[kind]) map[h] = kind;
  danger = { key, map, gift: a.gift, threat: a.threat };
  rerender();
}

async function askChance(key) {
  chanceAsked = key;
  const a = await getJson("/coach");
  if (!a) return;
  chance = Object.assign({ key }, a);
  rerender();
}

export function coachTick(s) {
  // what the coach does after each app.state: the engine's move, the danger
  // lights of a lifted peg, the win-chance bar
  if (enginesTurn(s) && !app.engineBusy && !app.arranging && !app.typing && !app.viewing && !s.hand) engineMove();
  const bm = s.board_move;
  if (boardsTurn(s) && s.phase === "idle" && bm && bm !== "thinking" && !app.engineBusy && !app.typing &&
      !app.viewing && !s.hand) boardMove(bm);
  const dk = coachCfg.danger ? dangerKey(s) : null;
  if (dk && dk !== dangerAsked) askDanger(dk, s.hand_from);
  const ck = s.mode === "duel" && s.phase !== "setup" ? `${s.setup}/${s.moves.length}/${s.result || ""}` : null;
  if (coachCfg.bar && ck && ck !== chanceAsked) askChance(ck);
}

export function renderCoach(s) {
  const duel = s.mode === "duel";
  takeBoardHint(s);
  $("coachCard").hidden = !duel;
  let vs = "";
  if (s.vs) vs = `\u00b7 the engine plays ${SIDES[s.vs]}, level ${s.vs_level}, on the board`;
  else if (hostVs(s)) vs = `\u00b7 the engine plays ${SIDES[s.host_vs.side]}, level ${s.host_vs.level}, on the host`;
  $("vsText").textContent = vs;
  document.body.dataset.vs = s.vs || (hostVs(s) ? s.host_vs.side : "");
  $("optDanger").checked = coachCfg.danger;
  $("optChance").checked = coachCfg.bar;
  const wrap = $("chanceWrap");
  wrap.hidden = !coachCfg.bar;
  const ck = `${s.setup}/${s.moves.length}/${s.result || ""}`;
  if (chance && chance.key === ck) {
    const fire = chance.chance.fire;
    $("chanceFire").style.width = (100 * fire).toFixed(1) + "%";
    let text;
    if (chance.proven && chance.proven.plies === 0) text = "";
    else if (chance.proven && chance.proven.winner !== "draw") {
      const n = chance.proven.plies;
      const within = n ? ` within ${n} ${n === 1 ? "move" : "plies"}` : "";
      text = `${SIDES[chance.proven.winner]} can force a win${within} (proven).`;
    } else {
      const pf = Math.round(100 * fire);
      text = `Fire ${pf}% \u00b7 Ice ${100 - pf}% (the engine's estimate).`;
    }
    $("chanceText").textContent = text || resultText(s) + ".";
    document.body.dataset.chance = fire.toFixed(3);
    $("chanceBar").classList.remove("stale");
  } else {
    // a new position: the old estimate is shown dimmed until the new one comes
    $("chanceBar").classList.add("stale");
    $("chanceText").textContent = s.phase === "setup" ? "After the set-up." : "The engine is looking\u2026";
    document.body.dataset.chance = "";
  }
  let ht = "";
  if (hint && hint.ply === s.moves.length && !s.result) {
    ht = `Hint: ${hint.move} (lit on the board).`;
  } else if (dangerKey(s) && danger && danger.key === dangerKey(s) && coachCfg.danger) {
    const other = SIDES[OTHER[s.to_move]];
    const parts = [];
    if (danger.gift.length) parts.push(`${danger.gift.join(", ")} (the fill hands ${other} the game)`);
    if (danger.threat.length) parts.push(`${danger.threat.join(", ")} (${other} then wins at once)`);
    ht = parts.length
      ? `Danger, crossed out: ${parts.join("; ")}.`
      : "No destination of this peg loses at once.";
  }
  if (opponentsTurn(s)) {
    const bm = boardsTurn(s) && s.board_move !== "thinking" ? s.board_move : null;
    ht = bm ? `The engine (${opponentName(s)}) plays ${bm}.` : `The engine (${opponentName(s)}) is thinking\u2026`;
  }
  $("hintText").textContent = ht + (hintsUsed ? ` Hints used: ${hintsUsed}.` : "");
  $("btnHint").disabled = !duel || !!s.result || opponentsTurn(s);
}



/** The hint to light on the board now ({from, to, move}), or null. */
export function hintFor(s) {
  return !app.viewing && hint && hint.ply === s.moves.length ? hint : null;
}
