// The player's input: clicks on holes and supplies, a tap that zooms in on
// a small screen, a move typed as D4-C4 (carried out step by step, as
// hands would), the new-game form, the buttons and the keys.
import { HOLE_NAMES } from "./board.js";
import { $, act, app, note, rerender, renderMessages, send, sleep, until } from "./ctx.js";
import { askHint, coachCfg, hostVs, opponentName, opponentsTurn, saveCfg, setOpponent } from "./coach.js";
import { renderPanel } from "./prompt.js";
import { endView, runReview, view } from "./record.js";
import { closeLoaded, leaveVariation, variationClick, variationMove } from "./games.js";

// --- clicks --------------------------------------------------------------------
export function clickHole(name, keyboard) {
  if (!app.state) return null;
  if (!keyboard) unzoom();
  if (app.viewing) {
    // a position of the review: a move here is a variation, not the board's
    variationClick(name);
    return null;
  }
  if (app.state.resigned) {
    note("error", "The game is over (resigned): New starts another.");
    return null;
  }
  if (opponentsTurn(app.state)) {
    note("error", `The engine plays ${opponentName(app.state)}: wait for its move.`);
    return null;
  }
  const k = HOLE_NAMES.indexOf(name);
  if (app.state.pegs[k] !== "-") return act({ lift: name });
  if (app.state.hand) return act({ put: name, peg: app.state.hand });
  return act({ put: name }); // the server takes the colour lit there
}

export function clickPocket(side) {
  if (!app.state || app.viewing) return;
  unzoom();
  act({ hand: app.state.hand === side ? null : side });
}

// --- small screens: a tap zooms in, the next one picks the hole ----------------
// The holes of an island lie 45 units apart (the centre from the edge
// middles) on a board 1000 wide: on a phone no drawing of the whole board
// gives 44 px targets (the size a finger hits: Apple's and the W3C's
// guidance). When the board is drawn with targets under 40 px, a tap
// first zooms in around it until they are 44 px; the tap on a hole then
// acts and zooms out. (A laptop's window, 1280x800 and up, draws them 40
// to 45 px: a click acts at once.)
const HIT = 48; // diameter of a hole's target, in board units
const ZOOM_BELOW_PX = 40;
const MIN_TARGET_PX = 44;
let zoomed = null;

function scale() {
  return app.board.svg.getBoundingClientRect().width / 1000;
}

function needZoom() {
  return HIT * scale() < ZOOM_BELOW_PX;
}

function zoomAt(x, y) {
  const z = Math.max(2, (MIN_TARGET_PX + 4) / (HIT * scale()));
  const w = 1000 / z;
  const h = 900 / z;
  const x0 = Math.min(Math.max(x - w / 2, 0), 1000 - w);
  const y0 = Math.min(Math.max(y - h / 2, 0), 900 - h);
  zoomed = [x0, y0, w, h];
  app.board.svg.setAttribute("viewBox", zoomed.map((v) => v.toFixed(1)).join(" "));
  document.body.dataset.zoom = z.toFixed(2);
  $("zoomNote").hidden = false;
}

export function unzoom() {
  if (!zoomed) return;
  zoomed = null;
  app.board.svg.setAttribute("viewBox", "0 0 1000 900");
  document.body.dataset.zoom = "";
  $("zoomNote").hidden = true;
}


// why a typed move cannot start, by the board's phase
const WAIT_FOR = {
  setup: "The board is being set up: put the pegs on the lit holes first (or \u201cSet up the pegs for me\u201d).",
  restore: "The board waits for pegs to be put back as the lights show (after a takeback): " +
    "do that first, or \u201cPut the pegs back for me\u201d.",
  error: "First put right what the lights show (the prompt above says how).",
};

export async function typedMove(text, byEngine) {
  const m = /^\s*([A-Ga-g][1-7])\s*[-x\s]\s*([A-Ga-g][1-7])\s*$/.exec(text);
  if (!m) {
    note("error", `\u201c${text}\u201d is not a move: type a hole, a dash and a hole, such as D4-C4.`);
    return false;
  }
  const frm = m[1].toUpperCase();
  const to = m[2].toUpperCase();
  if (!app.state || app.viewing || app.typing) return false;
  if (app.state.resigned) {
    note("error", "The game is over (resigned): New starts another.");
    return false;
  }
  if (!byEngine && opponentsTurn(app.state)) {
    note("error", `The engine plays ${opponentName(app.state)}: wait for its move.`);
    return false;
  }
  if (app.state.hand) {
    note("error", "Your hand holds a peg: put it down (or Esc puts it back in its supply) first.");
    return false;
  }
  if (app.state.phase !== "idle") {
    note("error", WAIT_FOR[app.state.phase] || "A move is under way: finish it on the board first.");
    return false;
  }
  const pegAt = (h) => app.state.pegs[HOLE_NAMES.indexOf(h)];
  if (pegAt(frm) === "-") {
    note("error", `There is no peg on ${frm}.`);
    return false;
  }
  app.typing = true;
  try {
    // as a player's hands would do it, one step at a time, each seen by the board
    const moves = app.state.moves.length;
    if (!(await act({ lift: frm }))) return false;
    await until((s) => s.phase !== "idle" || s.result, 1500);
    if (app.state.mode === "solitaire") {
      if (pegAt(to) === "-") {
        note("error", `A capture goes onto a peg: ${to} is empty.`);
        return false;
      }
      if (!(await act({ lift: to }))) return false; // the captured peg, to its supply
      await sleep(120);
      if (!(await act({ put: to, peg: app.state.hand }))) return false;
      return await until((s) => s.moves.length > moves || s.phase === "error", 1500);
    }
    if (!(await act({ put: to, peg: app.state.hand }))) return false;
    const landed = await until((s) => s.phase === "landed" || s.phase === "error" || s.result, 1500);
    if (!landed || app.state.phase !== "landed") return false; // the hint says what now
    if (!(await act({ put: frm }))) return false; // the fill, in the colour lit there
    return await until((s) => s.moves.length > moves || s.phase === "error", 1500);
  } finally {
    app.typing = false;
  }
}

// --- the page's hands: pegs put where the lights show ------------------------------
const ARRANGED = ["setup", "restore"];
const BUSY = ARRANGED.concat(["lifted", "error"]);

function nextFix(s) {
  // the next step towards the position the lights show: the one fix the
  // board shows first (it knows the order), else a peg that does not
  // belong (or of the wrong colour) lifted, else a missing one put
  const t = s.target;
  const colour = (c) => (c === "#" ? "fire" : "ice");
  if (s.fix && (s.fix_kind === "remove" || s.fix_kind === "colour")) return { lift: s.fix };
  if (s.fix && s.fix_kind === "put") {
    const want = t[HOLE_NAMES.indexOf(s.fix)];
    return want !== "-" ? { put: s.fix, peg: colour(want) } : { put: s.fix };
  }
  for (let k = 0; k < 49; k++) if (s.pegs[k] !== "-" && t[k] !== s.pegs[k]) return { lift: HOLE_NAMES[k] };
  for (let k = 0; k < 49; k++) {
    if (t[k] !== "-" && s.pegs[k] === "-") return { put: HOLE_NAMES[k], peg: colour(t[k]) };
  }
  return null;
}

function handBack(s) {
  // the peg in hand: back into the hole it came from when it belongs there
  // (a peg from before the game, put in afresh), else to its supply
  const k = s.hand_from ? HOLE_NAMES.indexOf(s.hand_from) : -1;
  const mark = s.hand === "fire" ? "#" : "O";
  if (k >= 0 && s.target && s.target[k] === mark && s.pegs[k] === "-") return { put: s.hand_from, peg: s.hand };
  return { hand: null };
}

function lastNew(s) {
  // when the board last began a game (its "new" message)
  const news = s.messages.filter((m) => m.kind === "new");
  return news.length ? news[news.length - 1].at : -1;
}

function done(step) {
  // the state that shows a step was taken
  if (step.lift) return (x) => x.pegs[HOLE_NAMES.indexOf(step.lift)] === "-";
  if (step.put) return (x) => x.pegs[HOLE_NAMES.indexOf(step.put)] !== "-";
  return (x) => !x.hand;
}

/** Puts the pegs where the board's lights show them (a new game's set-up,
 *  the position after a takeback), step by step as hands would, each step
 *  seen by the board: whether the board got there. */
export async function arrange() {
  if (!app.state || app.viewing || app.typing || app.arranging) return false;
  app.arranging = true;
  rerender();
  try {
    const end = Date.now() + 120000;
    const game = lastNew(app.state);
    while (Date.now() < end) {
      const s = app.state;
      if (lastNew(s) !== game) return false; // another game began: not this one's set-up
      // (a lift while putting back may show as "lifted" or "error" a moment)
      if (!s.hand && !BUSY.includes(s.phase)) return true;
      const serial = s.serial;
      const step = s.hand ? handBack(s) : s.target ? nextFix(s) : null;
      if (!step || ((step.lift || step.put) && done(step)(s))) {
        await until((x) => x.serial !== serial, 500); // the board has yet to see the last step
        continue;
      }
      if (!(await act(step))) return false;
      await until(done(step), 1500);
      await until((x) => x.serial > serial + 1, 150); // and the board's status after it
    }
    note("error", "The pegs could not be put as the lights show: follow them by hand.");
    return false;
  } finally {
    app.arranging = false;
    rerender();
  }
}

/** The takeback button. Against the host's engine the player's own move
 *  goes too (as `fireice play`'s undo), and the page puts the pegs back. */
export async function takeBack() {
  const s = app.state;
  if (!s || app.viewing) return;
  const h = hostVs(s);
  if (!h) {
    send({ press: "undo" });
    return;
  }
  if (app.typing || app.arranging || app.takingBack) {
    note("error", "Wait until the move under way is over, then take back.");
    return;
  }
  const moves = s.moves;
  const mine = moves.length && moves[moves.length - 1].by === h.side ? 2 : 1;
  if (moves.length < mine) {
    note("error", "There is no move of yours to take back.");
    return;
  }
  app.takingBack = true;
  try {
    for (let k = 0; k < mine; k++) {
      const n = app.state.moves.length;
      if (!(await send({ press: "undo" }))) return;
      if (!(await until((x) => x.moves.length < n && ARRANGED.includes(x.phase), 3000))) break;
      if (!(await arrange())) return;
      await until((x) => x.phase === "idle", 3000);
    }
  } finally {
    app.takingBack = false;
    rerender();
  }
}

let resignAsked = 0;

/** The Resign button: a second click within 4 s gives the game up, for the
 *  player (against the engine) or the side to move (two players). */
async function resign() {
  const s = app.state;
  if (!s || s.mode !== "duel" || s.result || s.resigned) return;
  const b = $("btnResign");
  if (Date.now() - resignAsked > 4000) {
    resignAsked = Date.now();
    b.textContent = "Resign? Click again";
    setTimeout(() => {
      b.textContent = "Resign";
    }, 4000);
    return;
  }
  resignAsked = 0;
  b.textContent = "Resign";
  const h = hostVs(s);
  const engine = h ? h.side : s.vs;
  const side = engine ? (engine === "fire" ? "ice" : "fire") : s.to_move;
  await send({ resign: side });
}

/** A link to the page with ?position=<49 characters>&to_move=ice (mode=
 *  solitaire) opens that position as a new game, to set up and play. */
export async function openLink() {
  const q = new URLSearchParams(location.search);
  const pos = q.get("position");
  if (!pos) return;
  history.replaceState(null, "", location.pathname); // a reload does not start it again
  if (!/^[#O-]{49}$/.test(pos)) {
    note("error", "The link's position is not 49 characters of # (Fire), O (Ice) and - (empty).");
    return;
  }
  const input = { cmd: "new", mode: q.get("mode") === "solitaire" ? "solitaire" : "duel", position: pos };
  if (input.mode === "duel") input.to_move = q.get("to_move") === "ice" ? "ice" : "fire";
  await send(input);
}

/** The link that opens a position (positionLink's href). */
export function positionLink(pos, toMove, mode) {
  const q = new URLSearchParams({ position: pos });
  if (mode === "solitaire") q.set("mode", "solitaire");
  else if (toMove) q.set("to_move", toMove);
  return location.origin + location.pathname + "?" + q.toString();
}

export function newGame(ev) {
  if (ev) ev.preventDefault();
  const input = { cmd: "new", mode: $("newMode").value };
  if (input.mode === "duel") {
    input.handicap = parseInt($("newHandicap").value, 10);
    input.side = $("newSide").value;
    // at the board's own levels its firmware plays; at the stronger ones
    // the page's server keeps the game as one against the host's engine,
    // whose moves the page carries out
    const vs = $("newVs").value;
    input.vs = vs || null;
    if (vs) input.level = parseInt($("newLevel").value, 10);
  } else {
    input.grade = $("newGrade").value;
  }
  setOpponent(input.mode === "duel" ? $("newVs").value : "", parseInt($("newLevel").value, 10));
  const seed = $("newSeed").value.trim();
  if (seed !== "") {
    const n = Number(seed);
    if (!Number.isInteger(n) || n < 0) {
      note("error", "the seed is a whole number of 0 or more");
      return;
    }
    input.seed = n;
  }
  send(input);
}

/** "Back to the game": out of a variation to the game's move it left,
 *  out of a loaded game to the board's, else to the game now. */
function backToGame() {
  if (app.variation) leaveVariation();
  else if (app.loaded) closeLoaded();
  else endView();
}

/** Attaches the page's listeners (once, after the board is drawn). */
export function wire() {
  app.board.svg.addEventListener("click", (ev) => {
    if (zoomed) {
      // a tap beside the holes and pockets zooms out
      if (!ev.target.closest(".hole, .pocket")) unzoom();
      return;
    }
    if (!needZoom()) return;
    const p = app.board.point(ev);
    if (!p) return;
    ev.stopPropagation();
    zoomAt(p[0], p[1]);
  }, true);
  $("btnHint").addEventListener("click", askHint);
  $("btnReview").addEventListener("click", runReview);
  for (const id of ["reviewGraph", "reviewMarks"]) {
    $(id).addEventListener("click", (ev) => {
      const t = ev.target.closest("[data-ply]");
      if (t) view(parseInt(t.dataset.ply, 10));
    });
  }
  $("optDanger").addEventListener("change", () => {
    coachCfg.danger = $("optDanger").checked;
    saveCfg();
    rerender();
  });
  $("optChance").addEventListener("change", () => {
    coachCfg.bar = $("optChance").checked;
    saveCfg();
    rerender();
  });
  for (const [id, key, apply] of [
    ["optCoords", "coords", (on) => app.board.setCoordinates(on)],
    ["optFlip", "flip", (on) => app.board.setFlipped(on)],
    ["optSound", "sound", () => {}],
  ]) {
    $(id).checked = coachCfg[key];
    apply(coachCfg[key]);
    $(id).addEventListener("change", () => {
      coachCfg[key] = $(id).checked;
      saveCfg();
      apply(coachCfg[key]);
    });
  }
  $("newVs").value = coachCfg.vs;
  $("newLevel").value = String(coachCfg.level);
  $("btnUndo").addEventListener("click", takeBack);
  $("btnArrange").addEventListener("click", arrange);
  $("btnResign").addEventListener("click", resign);
  $("btnNew").addEventListener("click", () => send({ press: "new" }));
  $("btnMode").addEventListener("click", () => send({ press: "new", ms: 1200 }));
  $("btnHold").addEventListener("click", () => send({ press: "undo", ms: 1200 }));
  $("bannerNew").addEventListener("click", () => send({ press: "new" }));
  $("handBack").addEventListener("click", () => act({ hand: null }));
  $("newForm").addEventListener("submit", newGame);
  $("newMode").addEventListener("change", () => app.state && renderPanel(app.state));
  $("moves").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-ply]");
    if (b) view(parseInt(b.dataset.ply, 10));
  });
  $("viewStart").addEventListener("click", () => view(0));
  $("viewPrev").addEventListener("click", () => app.viewing && view(app.viewing.ply - 1));
  $("viewNext").addEventListener("click", () => app.viewing && view(app.viewing.ply + 1));
  $("viewEnd").addEventListener("click", backToGame);
  $("moveForm").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = $("moveInput");
    const text = input.value;
    if (!text.trim()) return;
    input.value = "";
    if (app.viewing) await variationMove(text.trim().toUpperCase().replace(/\s*[-X\s]\s*/, "-"));
    else await typedMove(text);
  });
  $("consoleForm").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = $("consoleInput");
    const line = input.value.trim();
    if (!line) return;
    input.value = "";
    const pre = $("console");
    pre.scrollTop = pre.scrollHeight;
    await send({ console: line });
  });
  document.addEventListener("keydown", (ev) => {
    const inField = ev.target.closest && ev.target.closest("input, select, textarea");
    if (ev.key === "Escape") {
      if (zoomed) unzoom();
      else if (app.viewing) backToGame();
      else if (app.state && app.state.hand) act({ hand: null });
      return;
    }
    if (inField || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (app.viewing && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
      ev.preventDefault();
      view(app.viewing.ply + (ev.key === "ArrowLeft" ? -1 : 1));
      return;
    }
    if (ev.key === "h" || ev.key === "H") {
      ev.preventDefault();
      askHint();
      return;
    }
    // typing a move anywhere on the page starts it in the move box
    if (/^[a-gA-G]$/.test(ev.key)) {
      const input = $("moveInput");
      input.focus();
      input.value = ev.key.toUpperCase();
      ev.preventDefault();
    }
  });
  setInterval(() => app.state && renderMessages(app.state), 2000);
}
