// Sounds and motion: a short sound for a move, a win and a refused move
// (with a switch), and the engine's move drawn gliding from hole to hole.
import { pegArt } from "./board.js";
import { app, note, puts } from "./ctx.js";

let audio = null;
let heard = null; // {moves, result, illegal}: what was last sounded

const TONES = {
  move: [[660, 0.06]],
  win: [[523, 0.12], [659, 0.12], [784, 0.24]],
  illegal: [[196, 0.18]],
};

function play(name, on) {
  // the body's data-sound says what was sounded (the tests read it)
  const d = document.body.dataset;
  d.soundCount = String(Number(d.soundCount || 0) + 1);
  d.sound = name;
  if (!on) return;
  try {
    audio = audio || new AudioContext();
    let t = audio.currentTime;
    for (const [freq, len] of TONES[name]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.15, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + len);
      t += len;
    }
  } catch (e) {
    // no audio here (a browser without it): the page plays on in silence
  }
}

/** After each state: a sound for what is new since the last one. */
export function soundTick(s, on) {
  const illegal = s.messages.filter((m) => m.kind === "illegal").length;
  const now = { moves: s.moves.length, result: s.result || "", illegal, game: s.setup };
  const was = heard;
  heard = now;
  if (!was || !on) return;
  if (now.result && now.result !== was.result && now.result !== "lost") play("win", on);
  else if (now.moves > was.moves) play("move", on);
  else if (now.illegal > was.illegal) play("illegal", on);
}

/** The engine's move glides from its hole to the other (its pegs are
 *  already in place: a moving peg is drawn over them for a moment). */
export function glide(move, side) {
  const [from, to] = move.toUpperCase().split("-");
  const board = app.board;
  if (!board || !board.holes[from] || !board.holes[to]) return;
  const [x1, y1] = board.at(from);
  const [x2, y2] = board.at(to);
  const g = document.createElementNS(board.svg.namespaceURI, "g");
  g.setAttribute("class", "flying");
  g.setAttribute("pointer-events", "none");
  g.style.transform = `translate(${x1}px, ${y1}px)`;
  board.svg.appendChild(g);
  pegArt(g, side, 15.5);
  document.body.dataset.animated = move;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    g.style.transition = "transform 0.45s ease-in-out";
    g.style.transform = `translate(${x2}px, ${y2}px)`;
  }));
  setTimeout(() => g.remove(), 600);
}

// --- moves made elsewhere glide too ----------------------------------------------
let seenMoves = null; // {game, n}: the moves of the game already seen
let seenPlays = null; // the time of the last remote "plays" event seen

function ownMove(s, k) {
  // whether this page's hands finished move k (its fill, or a capture's put)
  const m = s.moves[k];
  const [from, to] = m.move.toUpperCase().split("-");
  const last = s.mode === "solitaire" ? to : from;
  return puts.some((p) => p.hole === last && p.ply === k && p.phase !== "setup" && p.phase !== "restore");
}

/** After each state: a move that another page made (or a remote opponent,
 *  or the board's engine seen from another page) glides as the page's own
 *  do; a remote opponent's move glides as the board shows it. */
export function moveTick(s) {
  const was = seenMoves;
  seenMoves = { game: s.setup + "/" + s.mode, n: s.moves.length };
  if (was && was.game === seenMoves.game && s.moves.length === was.n + 1 && !app.viewing) {
    const k = s.moves.length - 1;
    const m = s.moves[k];
    if (!ownMove(s, k) && app.engineMove !== m.move) glide(m.move, m.by);
  }
  const plays = (s.events || []).filter((e) => e.ev === "plays" && e.remote);
  const last = plays.length ? plays[plays.length - 1] : null;
  if (last && seenPlays !== null && last.at !== seenPlays) {
    glide(last.move, last.by);
    note("engine", `${last.by === "ice" ? "Ice" : "Fire"} (online) plays ${last.move}: carry it out as the lights show.`);
  }
  seenPlays = last ? last.at : seenPlays === null ? -1 : seenPlays;
}
