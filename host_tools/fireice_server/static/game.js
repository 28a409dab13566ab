// The game page: the board drawn by the simulator's own board module, the
// position live from the game's stream, moves by click and by keyboard, the
// clocks, resign, abort and claim. Every move is judged by the server; the
// position drawn is the rules core's (/page/view), never this script's.
"use strict";

import { esc, follow, getJson, post } from "./api.js";
import * as board from "/board/board.js"; // the simulator page's own drawing

const root = document.getElementById("game");
const id = root.dataset.game;
const mySide = root.dataset.side; // "fire", "ice" or "" for a spectator
const $ = (x) => document.getElementById(x);
const SIDES = { fire: "Fire", ice: "Ice" };
const OVER = ["won", "resign", "outoftime", "aborted", "draw"];
const GLOW = { fire: "#ff4020", ice: "#30e0ff" };

let full = null; // the gameFull event
let state = null; // the latest state: moves, to_move, status, winner, ftime, itime
let shown = null; // the rules core's view of state.moves
let clockAt = 0; // performance.now() when state's times were received
let picked = null; // the hole of the peg picked by a click

// --- the board -------------------------------------------------------------
const drawn = board.createBoard($("board"), { onHole: clickHole, coordinates: true });


function showBoard(v) {
  drawn.setPosition(v.position);
  const [from, to] = v.last ? v.last.split("-") : [];
  drawn.highlight(from ? [from] : [], "last-from");
  drawn.highlight(to ? [to] : [], "last-to");
  drawn.highlight(picked ? [picked] : [], "select");
  for (const name of board.ISLANDS) {
    const by = v.control[name] || "";
    const isl = drawn.islands[name];
    isl.g.dataset.control = by;
    isl.g.setAttribute("class", "island" + (by ? " held " + by : ""));
  }
  const moving = OVER.includes(state.status) ? null : state.to_move;
  for (const side of ["fire", "ice"]) {
    const p = drawn.pockets[side];
    const n = Math.max(0, v.supply[side]);
    p.count.textContent = n;
    p.g.dataset.count = n;
    p.pegs.forEach((g, k) => g.setAttribute("visibility", k < n ? "visible" : "hidden"));
    // the turn light: the side to move, as the wooden board shows it
    const t = drawn.turns["turn-" + side];
    const lit = moving === side || state.winner === side;
    t.glow.setAttribute("fill", GLOW[side]);
    t.glow.setAttribute("opacity", lit ? 0.8 : 0);
    t.light.setAttribute("fill", lit ? GLOW[side] : "#3b2a1c");
    t.lens.setAttribute("opacity", lit ? 0.7 : 0.15);
  }
}

// --- the stream ----------------------------------------------------------------
async function onEvent(ev) {
  if (ev.type === "gameFull") {
    full = ev;
    for (const s of ["fire", "ice"]) {
      const r = ev[s] && ev[s].rating;
      if (r !== undefined && r !== null) $("rating-" + s).textContent = "(" + Math.round(r.rating || r) + ")";
    }
    await newState(ev.state);
  } else if (ev.type === "gameState") {
    await newState(ev);
  } else if (ev.type === "opponentGone") {
    const g = $("gone");
    g.hidden = !ev.gone;
    g.textContent = ev.gone ? "Your opponent has left the game" + (ev.claimWinInSeconds !== undefined ? `; you may claim the win in ${ev.claimWinInSeconds} s` : "") + "." : "";
  }
}

async function newState(st) {
  const moves = (st.moves || "").trim();
  const v = await getJson("/page/view?" + new URLSearchParams({ setup: full.setup, moves }));
  state = st;
  shown = v;
  clockAt = performance.now();
  if (picked && !ownPeg(picked)) picked = null;
  render();
}

function render() {
  const st = state;
  const n = plies(st);
  root.dataset.status = st.status;
  root.dataset.moves = n;
  root.dataset.toMove = OVER.includes(st.status) ? "" : st.to_move;
  root.dataset.winner = st.winner || "";
  root.dataset.position = shown.position;
  showBoard(shown);
  $("status").textContent = statusText(st);
  // a side that plays on a wooden board (its link posts carried)
  for (const s of ["fire", "ice"]) $("fromboard-" + s).hidden = !(st.fromBoard && st.fromBoard[s]);
  const ol = $("moves");
  ol.innerHTML = (st.moves || "").trim().split(/\s+/).filter(Boolean).map((m) => `<li>${esc(m)}</li>`).join("");
  const over = OVER.includes(st.status);
  for (const b of ["resign", "abort", "play", "moveInput"]) if ($(b)) $(b).disabled = over;
  if ($("abort")) $("abort").hidden = n >= 2 || over;
  if ($("claim")) $("claim").hidden = over || !opponentOutOfTime();
  tick();
}

function statusText(st) {
  if (st.status === "created") return "Waiting for the game to start.";
  if (st.status === "aborted") return "The game was aborted.";
  if (st.status === "draw") return "The game is drawn.";
  if (OVER.includes(st.status)) {
    const how = { won: "", resign: " (resignation)", outoftime: " (time)" }[st.status] || "";
    return `${SIDES[st.winner] || "Nobody"} wins${how}.`;
  }
  if (!mySide) return `${SIDES[st.to_move]} to move.`;
  return st.to_move === mySide ? "Your move." : `Waiting for ${SIDES[st.to_move]}.`;
}

// --- time ---------------------------------------------------------------------------
function left(side) {
  // milliseconds left for side now, or null when the game has no such time
  const t = side === "fire" ? state.ftime : state.itime;
  if (t === undefined || t === null) return null;
  const running = !OVER.includes(state.status) && state.status === "started" && state.to_move === side;
  return Math.max(0, t - (running ? performance.now() - clockAt : 0));
}

function timeText(ms) {
  const s = Math.floor(ms / 1000);
  if (full && full.days) {
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    return d ? `${d} d ${h} h` : `${h} h ${Math.floor((s % 3600) / 60)} min`;
  }
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function opponentOutOfTime() {
  if (!mySide) return false;
  const other = mySide === "fire" ? "ice" : "fire";
  return state.to_move === other && left(other) === 0;
}

function tick() {
  if (!state) return;
  for (const s of ["fire", "ice"]) {
    const ms = left(s);
    $("clock-" + s).textContent = ms === null ? "" : timeText(ms);
    $("clock-" + s).classList.toggle("running", state.to_move === s && !OVER.includes(state.status));
  }
  if ($("claim")) $("claim").hidden = OVER.includes(state.status) || !opponentOutOfTime();
}
setInterval(tick, 250);

// --- moves ------------------------------------------------------------------------------
function ownPeg(hole) {
  const k = board.HOLE_NAMES.indexOf(hole);
  const c = shown && shown.position[k];
  return (mySide === "fire" && c === "#") || (mySide === "ice" && c === "O");
}

function clickHole(name) {
  if (!mySide || !state || OVER.includes(state.status)) return;
  if (ownPeg(name)) {
    picked = picked === name ? null : name; // a second click puts it back
  } else if (picked) {
    const move = picked + "-" + name;
    picked = null;
    play(move);
  } else {
    say("Click one of your own pegs first.");
  }
  showBoard(shown);
}

function plies(st) {
  return (st.moves || "").trim().split(/\s+/).filter(Boolean).length;
}

async function play(move) {
  const n = plies(state); // the ply makes a retried post safe
  say("");
  const [status, a] = await post(`/api/board/game/${encodeURIComponent(id)}/move/${encodeURIComponent(move)}?ply=${n}`);
  if (status !== 200) say(`${move}: ${a.error || "refused (" + status + ")"}`);
  return status === 200;
}

$("moveForm") && $("moveForm").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const text = $("moveInput").value.trim().toUpperCase().replace(/\s+/g, "");
  const m = /^([A-G][1-7])-?([A-G][1-7])$/.exec(text);
  if (!m) {
    say(`"${$("moveInput").value}" is not a move: type it as D4-C4.`);
    return;
  }
  if (await play(m[1] + "-" + m[2])) $("moveInput").value = "";
});

async function action(what, question) {
  if (question && !confirm(question)) return;
  const [status, a] = await post(`/api/board/game/${encodeURIComponent(id)}/${what}`);
  if (status !== 200) say(a.error || `refused (${status})`);
}
$("resign") && $("resign").addEventListener("click", () => action("resign", "Resign this game?"));
$("abort") && $("abort").addEventListener("click", () => action("abort", "Abort this game?"));
$("claim") && $("claim").addEventListener("click", () => action("claim-victory"));

function say(text) {
  $("message").textContent = text;
}

// events are handled one after the other: each waits for its view
let queue = Promise.resolve();
follow(`/api/board/game/stream/${encodeURIComponent(id)}`, (ev) => {
  queue = queue.then(() => onEvent(ev)).catch((e) => say(String(e.message || e)));
}, () => state && OVER.includes(state.status));
