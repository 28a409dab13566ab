// The Fire and Ice virtual board page: draws the board from /state and
// sends clicks to /input (see fireice_tools/web.py). The modules: board.js
// (the board's geometry and drawing), input.js (clicks, typed moves, keys),
// coach.js (the engine: opponent, hints, danger lights, the bar), prompt.js
// (what to do now), record.js (the moves, viewing, the analysis), games.js
// (records in, the board's games, variations, the best line), ctx.js
// (what they share).
import { HOLE_NAMES, ISLANDS, SIDES, createBoard, lightOf, pegArt } from "./board.js";
import { coachTick, dangerOf, hintFor, renderCoach } from "./coach.js";
import { $, app, renderMessages } from "./ctx.js";
import { clickHole, clickPocket, openLink, wire } from "./input.js";
import { renderConsole, renderPanel } from "./prompt.js";
import { renderRecord, renderReview } from "./record.js";
import { coachCfg } from "./coach.js";
import { moveTick, soundTick } from "./sound.js";
import { lineArrows, openGameLink, renderGames, wireGames } from "./games.js";

// --- the hand follows the pointer ----------------------------------------------
let cursorPeg = null;
let pointer = null;

function drawCursor() {
  const wrap = cursorPeg.parentNode;
  if (!app.state || !app.state.hand || !pointer) {
    wrap.style.display = "none";
    return;
  }
  wrap.style.display = "";
  cursorPeg.setAttribute("class", "peg lifted " + app.state.hand);
  wrap.setAttribute("transform", `translate(${pointer[0] + 14} ${pointer[1] + 16})`);
}

// --- the state from the server, as it changes ------------------------------------
let serial = -1;

async function poll() {
  for (;;) {
    try {
      const r = await fetch("/state?since=" + serial, { cache: "no-store" });
      if (!r.ok) throw new Error("status " + r.status);
      const s = await r.json();
      $("offline").hidden = true;
      serial = s.serial;
      const first = !app.state;
      app.state = s;
      render(s);
      if (first) {
        openLink();
        openGameLink();
      }
    } catch (e) {
      $("offline").hidden = false;
      await new Promise((ok) => setTimeout(ok, 1000));
    }
  }
}

function render(s) {
  if (app.viewing && app.viewing.plies !== s.moves.length) app.viewing.stale = true;
  const data = document.body.dataset;
  data.viewing = app.viewing ? app.viewing.ply : "";
  data.serial = s.serial;
  data.phase = s.phase || "";
  data.toMove = s.to_move || "";
  data.result = s.result || "";
  data.moves = s.moves.length;
  data.hand = s.hand || "";
  data.mode = s.mode;
  renderHoles(s);
  renderIslands(s);
  renderPockets(s);
  renderTurn(s);
  renderPanel(s);
  renderRecord(s);
  renderMessages(s);
  renderConsole(s);
  renderCoach(s);
  renderReview(s);
  renderGames(s);
  drawCursor();
  soundTick(s, coachCfg.sound);
  moveTick(s);
  coachTick(s);
}

function lastMove(s) {
  // [from, to] of the move to mark: the one viewed, else the last played
  const text = app.viewing ? app.viewing.move : s.moves.length ? s.moves[s.moves.length - 1].move : null;
  return text ? text.toUpperCase().split("-") : [];
}

function renderHoles(s) {
  const board = app.board;
  board.setPosition(app.viewing ? app.viewing.position : s.pegs);
  const [mFrom, mTo] = lastMove(s);
  board.highlight(mFrom ? [mFrom] : [], "last-from");
  board.highlight(mTo ? [mTo] : [], "last-to");
  const hint = hintFor(s);
  board.highlight(hint ? [hint.from] : [], "hint-from");
  board.highlight(hint ? [hint.to] : [], "hint-to");
  // the engine's move as an arrow, or its best line asked for in this position
  const line = hint ? [hint.move] : lineArrows() || [];
  const arrows = line.join(" ");
  if (board.svg.dataset.arrows !== arrows) {
    board.arrows(line);
    board.svg.dataset.arrows = arrows;
  }
  for (const name of HOLE_NAMES) {
    const h = board.holes[name];
    const light = app.viewing ? null : lightOf(s.leds[name], s.led_ref);
    h.g.dataset.danger = dangerOf(s, name);
    h.g.setAttribute("aria-label", holeLabel(h.g.dataset, name, light));
    h.g.dataset.led = light ? light.name : "";
    h.g.classList.toggle("lit", !!light);
    showLight(h, light, !!h.g.dataset.peg);
  }
}

function holeLabel(d, name, light) {
  // what a screen reader says of a hole
  const dg = d.danger;
  const warn = dg === "gift" ? ", danger: the fill hands over the game"
    : dg === "threat" ? ", danger: leaves a win at once" : d.hint ? ", hint" : "";
  const lit = light ? ", lit " + (SIDES[light.name] || light.name) : "";
  const last = d.last === "to" ? ", last move to here" : d.last === "from" ? ", last move from here" : "";
  return `${name}${d.peg ? ", " + SIDES[d.peg] + " peg" : ", empty"}${lit}${last}${warn}`;
}

function showLight(h, light, peg) {
  if (light) {
    const a = light.level;
    h.glow.setAttribute("fill", light.colour);
    h.glow.setAttribute("opacity", (0.3 + 0.7 * a).toFixed(2));
    h.light.setAttribute("fill", light.colour);
    h.light.setAttribute("opacity", (0.45 + 0.55 * a).toFixed(2));
    h.lens.setAttribute("opacity", (0.25 + 0.5 * a).toFixed(2));
    h.ring.setAttribute("stroke", light.colour);
    h.ring.setAttribute("opacity", peg ? (0.5 + 0.5 * a).toFixed(2) : 0);
  } else {
    h.glow.setAttribute("opacity", 0);
    h.light.setAttribute("opacity", 0);
    h.lens.setAttribute("opacity", 0);
    h.ring.setAttribute("opacity", 0);
  }
}

function renderIslands(s) {
  const control = app.viewing ? app.viewing.control : s.control;
  for (const name of ISLANDS) {
    const by = control[name] || "";
    const isl = app.board.islands[name];
    isl.g.dataset.control = by;
    const won = !app.viewing && s.islands && s.islands.indexOf(name) >= 0 && s.result === by;
    isl.g.setAttribute("class", "island" + (by ? " held " + by : "") + (won ? " won" : ""));
  }
}

function renderPockets(s) {
  for (const side of ["fire", "ice"]) {
    const p = app.board.pockets[side];
    const n = Math.max(0, s.supply[side]);
    p.count.textContent = n;
    p.g.dataset.count = n;
    p.g.classList.toggle("holding", s.hand === side);
    p.pegs.forEach((g, k) => g.setAttribute("visibility", k < n ? "visible" : "hidden"));
  }
}

function turnLabel(s, side) {
  // the words beside a side's turn LED: who is to move, or who won
  if (app.viewing) {
    const v = app.viewing;
    if (v.result === side) return SIDES[side] + " wins";
    return v.to_move === side && !v.result ? SIDES[side] + (s.mode === "solitaire" ? " to capture" : " to move") : SIDES[side];
  }
  if (!s.alive) return SIDES[side];
  if (s.result === side) return SIDES[side] + " wins";
  if (s.result) return SIDES[side];
  if (s.phase === "setup" || !s.to_move) return SIDES[side];
  if (s.to_move === side) return SIDES[side] + (s.mode === "solitaire" ? " to capture" : " to move");
  return SIDES[side];
}

function renderTurn(s) {
  for (const name of ["turn-fire", "turn-ice"]) {
    const t = app.board.turns[name];
    const side = name === "turn-fire" ? "fire" : "ice";
    const label = turnLabel(s, side);
    if (t.label.textContent !== label) t.label.textContent = label;
    t.label.classList.toggle("active", label !== SIDES[side]);
    const light = app.viewing ? null : lightOf(s.leds[name], s.led_ref);
    if (light) {
      t.glow.setAttribute("fill", light.colour);
      t.glow.setAttribute("opacity", (0.35 + 0.65 * light.level).toFixed(2));
      t.light.setAttribute("fill", light.colour);
      t.lens.setAttribute("opacity", 0.7);
    } else {
      t.glow.setAttribute("opacity", 0);
      t.light.setAttribute("fill", "#3b2a1c");
      t.lens.setAttribute("opacity", 0.15);
    }
  }
}

// the picture of a move in "How to play": D4-C4 about to be played
const HOW_TO = "-".repeat(24) + "#" + "-".repeat(24);

function drawHowTo() {
  // drawn while "How to play" is open only: its holes are not the game's
  const svg = $("howtoBoard");
  svg.replaceChildren();
  if (!$("howto").open) return;
  const howto = createBoard(svg, { pockets: false, idPrefix: "howto-" });
  howto.setPosition(HOW_TO);
  howto.arrows(["D4-C4"]);
}

// --- start ---------------------------------------------------------------------
function start() {
  const svg = $("board");
  app.board = createBoard(svg, { onHole: (name, how) => clickHole(name, how.keyboard), onPocket: clickPocket });
  app.render = render;
  cursorPeg = pegArt(svg.appendChild(document.createElementNS(svg.namespaceURI, "g")), "", 17);
  cursorPeg.parentNode.setAttribute("pointer-events", "none");
  cursorPeg.parentNode.id = "cursor";
  cursorPeg.parentNode.style.display = "none";
  svg.addEventListener("mousemove", (ev) => {
    pointer = app.board.point(ev);
    drawCursor();
  });
  svg.addEventListener("mouseleave", () => {
    pointer = null;
    drawCursor();
  });
  $("howto").addEventListener("toggle", drawHowTo);
  wire();
  wireGames();
  setInterval(() => app.state && renderMessages(app.state), 2000);
  poll();
}

start();
