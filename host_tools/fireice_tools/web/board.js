// The Fire and Ice board drawn in SVG: its geometry (the one copy in the
// browser) and its drawing. Any page may import it; it needs nothing else
// but board.css.
//
//   import { createBoard } from "./board.js";
//   const board = createBoard(document.getElementById("svg"), {
//     onHole: (name, how) => ...,   // a hole clicked ({keyboard: true} for Enter/Space)
//     onPocket: (side) => ...,      // a supply clicked (with pockets: true)
//     pockets: true,                // the two supplies and the turn LEDs (default true)
//     coordinates: true,            // hole names beside the holes (default true)
//     idPrefix: "",                 // before the element ids (hole-D4, ...): a second
//   });                             // board on the same page needs its own
//   board.setPosition("------...#...O...");  // 49 chars: # Fire, O Ice, - empty, A1..G7
//   board.highlight(["D4", "C4"], "hint");  // ring holes: "last-from", "last-to",
//                                            // "hint-from", "hint-to", "select"; [] clears
//   board.setCoordinates(false);           // names off
//   board.setFlipped(true);                // Ice's side at the bottom
//
// The SVG's viewBox is 0 0 1000 900. A position is the 49 holes in the order
// of HOLE_NAMES (A1..A7, B1..B7, ... G7), as in docs/protocol.md.

const SVGNS = "http://www.w3.org/2000/svg";
export const ISLANDS = "ABCDEFG";
export const SIDES = { fire: "Fire", ice: "Ice" };
export const OTHER = { fire: "ice", ice: "fire" };
const R3 = Math.sqrt(3);

// --- geometry -----------------------------------------------------------------
// The board and each island share one pattern: 1 top; 2 3; 4 centre; 5 6 7
// bottom row: the corners, edge midpoints and centre of a triangle.
const BOARD_SIDE = 700; // distance between the corner islands' centres
const HOLE_SIDE = 156; // distance between an island's corner holes
const CENTRE_X = 500;
const TOP_Y = 188; // centre of island A
export const VIEW_W = 1000;
export const VIEW_H = 900;

function pattern(cx, cy, side) {
  // the seven points of a triangle of this side centred on (cx, cy)
  const up = side / R3; // centre to corner
  const down = side / (2 * R3); // centre to edge
  const p1 = [cx, cy - up];
  const p5 = [cx - side / 2, cy + down];
  const p7 = [cx + side / 2, cy + down];
  const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  return [p1, mid(p1, p5), mid(p1, p7), [cx, cy], p5, mid(p5, p7), p7];
}

const ISLAND_CENTRES = pattern(CENTRE_X, TOP_Y + BOARD_SIDE / R3, BOARD_SIDE);
// a flip turns the islands half a turn about the middle of their height,
// and moves the supplies from the top corners to the bottom ones
const PIVOT = [CENTRE_X, (TOP_Y + ISLAND_CENTRES[4][1]) / 2];
const SUPPLY_SHIFT = 900 - 2 * 34 - 236;
export const HOLES = {}; // "D4" -> [x, y], unflipped
ISLANDS.split("").forEach((isl, i) => {
  const [cx, cy] = ISLAND_CENTRES[i];
  pattern(cx, cy, HOLE_SIDE).forEach((p, k) => {
    HOLES[isl + (k + 1)] = p;
  });
});
export const HOLE_NAMES = Object.keys(HOLES); // A1..G7, position order
// the seven lines, as positions 1..7 (the circle is drawn as a circle)
const STRAIGHT = [[1, 2, 5], [1, 3, 7], [5, 6, 7], [1, 4, 6], [3, 4, 5], [2, 4, 7]];
const POCKETS = {
  fire: { x: 34, y: 34, w: 236, h: 236 },
  ice: { x: 1000 - 34 - 236, y: 34, w: 236, h: 236 },
};
const TURN_LEDS = { "turn-fire": [62, 304], "turn-ice": [1000 - 62, 304] };

/** The index (0..48) of a hole's name in a position, or -1. */
export function holeIndex(name) {
  return HOLE_NAMES.indexOf(String(name).toUpperCase());
}

/** The peg word of a position's character: "fire", "ice" or "". */
export function pegWord(c) {
  return c === "#" ? "fire" : c === "O" ? "ice" : "";
}

/** An LED value [r, g, b] -> {colour, level 0..1, name} or null when off. */
export function lightOf(rgb, ref) {
  if (!rgb) return null;
  const [r, g, b] = rgb;
  const m = Math.max(r, g, b);
  if (m <= 0) return null;
  const k = 255 / m;
  let name = "white";
  if (r > 2 * Math.max(g, b)) name = "fire";
  else if (b > r && g > r) name = "ice";
  else if (r > g && b > g) name = "error";
  return {
    colour: `rgb(${Math.round(r * k)},${Math.round(g * k)},${Math.round(b * k)})`,
    level: Math.min(1, m / Math.max(ref || 96, 1)),
    name,
  };
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

const DEFS = `
  <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#d9a567"/><stop offset="0.45" stop-color="#c68c4e"/>
    <stop offset="1" stop-color="#a86c35"/>
  </linearGradient>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.0035 0.075" numOctaves="4" seed="11"/>
    <feColorMatrix type="matrix" values="0 0 0 0 0.36  0 0 0 0 0.19  0 0 0 0 0.06  2.2 0 0 0 -0.95"/>
  </filter>
  <filter id="rings" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="turbulence" baseFrequency="0.002 0.02" numOctaves="2" seed="4"/>
    <feColorMatrix type="matrix" values="0 0 0 0 0.45  0 0 0 0 0.24  0 0 0 0 0.08  0 0 1.6 0 -0.55"/>
  </filter>
  <radialGradient id="sheen" cx="0.3" cy="0.2" r="0.9">
    <stop offset="0" stop-color="#fff3d6" stop-opacity="0.28"/>
    <stop offset="1" stop-color="#fff3d6" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="inlay" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#8a5428"/><stop offset="1" stop-color="#74431d"/>
  </linearGradient>
  <radialGradient id="rim" cx="0.5" cy="0.42" r="0.6">
    <stop offset="0.55" stop-color="#2a170a"/><stop offset="0.8" stop-color="#5b3818"/>
    <stop offset="1" stop-color="#b98550"/>
  </radialGradient>
  <radialGradient id="well" cx="0.5" cy="0.35" r="0.65">
    <stop offset="0" stop-color="#050302"/><stop offset="0.7" stop-color="#160c05"/>
    <stop offset="1" stop-color="#3a2210"/>
  </radialGradient>
  <radialGradient id="pegfire" cx="0.38" cy="0.32" r="0.75">
    <stop offset="0" stop-color="#ffb199"/><stop offset="0.28" stop-color="#f0492a"/>
    <stop offset="0.75" stop-color="#c0230e"/><stop offset="1" stop-color="#6e1006"/>
  </radialGradient>
  <radialGradient id="pegice" cx="0.38" cy="0.32" r="0.75">
    <stop offset="0" stop-color="#ecffff"/><stop offset="0.28" stop-color="#5fe0f2"/>
    <stop offset="0.75" stop-color="#16a7c6"/><stop offset="1" stop-color="#0a5868"/>
  </radialGradient>
  <radialGradient id="pocketwell" cx="0.5" cy="0.4" r="0.75">
    <stop offset="0" stop-color="#5a3517"/><stop offset="1" stop-color="#2e1a0a"/>
  </radialGradient>
  <filter id="glow" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="9"/></filter>
  <filter id="softshadow" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="2.2"/></filter>
  <filter id="boardshadow" x="-0.1" y="-0.1" width="1.2" height="1.2"><feGaussianBlur stdDeviation="10"/></filter>
  <marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
    <path d="M0,0 L10,5 L0,10 z" class="arrowhead"/>
  </marker>`;

function woodenBoard(svg) {
  el("rect", { x: 14, y: 18, width: 972, height: 872, rx: 34, fill: "#000", opacity: 0.45,
    filter: "url(#boardshadow)" }, svg);
  el("rect", { x: 10, y: 10, width: 980, height: 870, rx: 32, fill: "url(#wood)" }, svg);
  el("rect", { x: 10, y: 10, width: 980, height: 870, rx: 32, filter: "url(#rings)", opacity: 0.5 }, svg);
  el("rect", { x: 10, y: 10, width: 980, height: 870, rx: 32, filter: "url(#grain)", opacity: 0.55 }, svg);
  el("rect", { x: 10, y: 10, width: 980, height: 870, rx: 32, fill: "url(#sheen)" }, svg);
  el("rect", { x: 11.5, y: 11.5, width: 977, height: 867, rx: 31, fill: "none",
    stroke: "#f3c98f", "stroke-opacity": 0.5, "stroke-width": 3 }, svg);
  el("rect", { x: 20, y: 20, width: 960, height: 850, rx: 26, fill: "none",
    stroke: "#6b3f1b", "stroke-opacity": 0.35, "stroke-width": 1.5 }, svg);
}

function boardLines(parent) {
  // the board's own lines of islands, faintly engraved behind them
  const c = ISLAND_CENTRES;
  const g = el("g", { class: "boardlines" }, parent);
  for (const line of STRAIGHT) {
    const a = c[line[0] - 1];
    const b = c[line[2] - 1];
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, g);
  }
  el("circle", { cx: c[3][0], cy: c[3][1], r: BOARD_SIDE / (2 * R3) }, g);
}

function groove(parent, draw) {
  // an engraved line: a light lower edge, then the dark cut
  draw(el("g", { class: "groove-hi", transform: "translate(0.8 1.2)" }, parent));
  draw(el("g", { class: "groove" }, parent));
}

function island(parent, i, pre) {
  const name = ISLANDS[i];
  const [cx, cy] = ISLAND_CENTRES[i];
  const g = el("g", { class: "island", id: pre + "island-" + name }, parent);
  const corners = pattern(cx, cy, HOLE_SIDE * 1.1);
  const pts = [corners[0], corners[4], corners[6]].map((p) => p.join(",")).join(" ");
  const ctrl = el("polygon", { points: pts, class: "ctrl" }, g);
  el("polygon", { points: pts, class: "inlay" }, g);
  el("polygon", { points: pts, class: "inlay-edge" }, g);
  const p = pattern(cx, cy, HOLE_SIDE);
  groove(g, (gg) => {
    for (const line of STRAIGHT) {
      const a = p[line[0] - 1];
      const b = p[line[2] - 1];
      el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, gg);
    }
    el("circle", { cx, cy, r: HOLE_SIDE / (2 * R3) }, gg);
  });
  // the name stays upright when the board is flipped (see place)
  const label = el("text", { class: "islandname" }, g);
  label.textContent = name;
  const at = [corners[0][0] - 34, corners[0][1] + 22];
  return { g, ctrl, label, at };
}

/** A peg seen from above (shadow, body, highlight) in parent: its group. */
export function pegArt(parent, cls, r) {
  const g = el("g", { class: "peg " + (cls || "") }, parent);
  el("circle", { cx: 2.2, cy: 3.2, r: r + 0.8, class: "pegshadow", filter: "url(#softshadow)" }, g);
  el("circle", { cx: 0, cy: 0, r, class: "pegbody" }, g);
  el("circle", { cx: 0, cy: 0, r: r * 0.62, class: "pegtop" }, g);
  el("ellipse", { cx: -r * 0.32, cy: -r * 0.38, rx: r * 0.3, ry: r * 0.2, class: "pegshine" }, g);
  return g;
}

function hole(parent, name, onHole, pre) {
  const g = el("g", { class: "hole", id: pre + "hole-" + name, "data-hole": name,
    tabindex: 0, role: "button", "aria-label": name }, parent);
  el("title", {}, g).textContent = name;
  const glow = el("circle", { r: 34, class: "glow", filter: "url(#glow)" }, g);
  el("circle", { r: 18.5, class: "rim", fill: "url(#rim)" }, g);
  el("circle", { r: 14, class: "well", fill: "url(#well)" }, g);
  const light = el("circle", { r: 13.5, class: "light" }, g);
  const lens = el("circle", { r: 5, cx: -3, cy: -4, class: "lens" }, g);
  const peg = pegArt(g, "", 15.5);
  const ring = el("circle", { r: 17.5, class: "ring" }, g);
  const mark = el("circle", { r: 22.5, class: "mark" }, g);
  const hintmark = el("circle", { r: 27, class: "hintmark" }, g);
  el("circle", { r: 25.5, class: "safemark" }, g);
  const cross = el("g", { class: "dangermark" }, g);
  for (const cls of ["", "top"]) {
    el("line", { x1: -15, y1: -15, x2: 15, y2: 15, class: cls }, cross);
    el("line", { x1: -15, y1: 15, x2: 15, y2: -15, class: cls }, cross);
  }
  const coord = el("text", { x: 21, y: -17, class: "coord" }, g);
  coord.textContent = name;
  el("circle", { r: 24, class: "hit" }, g);
  if (onHole) {
    g.addEventListener("click", () => onHole(name, { keyboard: false }));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        onHole(name, { keyboard: true });
      }
    });
  }
  return { g, glow, light, lens, peg, ring, mark, hintmark };
}

function pocket(parent, side, onPocket, pre) {
  const p = POCKETS[side];
  const g = el("g", { class: "pocket " + side, id: pre + "pocket-" + side, "data-side": side }, parent);
  el("rect", { x: p.x - 2, y: p.y - 1, width: p.w + 4, height: p.h + 4, rx: 26, class: "pocketlip" }, g);
  el("rect", { x: p.x, y: p.y, width: p.w, height: p.h, rx: 24, fill: "url(#pocketwell)", class: "pocketwell" }, g);
  el("rect", { x: p.x + 3, y: p.y + 3, width: p.w - 6, height: p.h - 6, rx: 21, class: "pocketshade" }, g);
  const title = el("text", { x: p.x + 20, y: p.y + 34, class: "pocketname" }, g);
  title.textContent = SIDES[side];
  const count = el("text", { x: p.x + p.w - 20, y: p.y + 34, class: "pocketcount" }, g);
  const pegs = [];
  for (let k = 0; k < 25; k++) {
    const col = k % 5;
    const row = Math.floor(k / 5);
    const jitter = ((k * 37) % 7) - 3;
    const g2 = el("g", { transform: `translate(${p.x + 38 + col * 40 + jitter * 0.6} ${p.y + 68 + row * 37 + ((k * 53) % 5) - 2})` }, g);
    pegs.push(pegArt(g2, side, 14));
  }
  el("rect", { x: p.x, y: p.y, width: p.w, height: p.h, rx: 24, class: "hit" }, g);
  if (onPocket) g.addEventListener("click", () => onPocket(side));
  return { g, count, pegs, title };
}

function turnLed(parent, name, pre) {
  const [x, y] = TURN_LEDS[name];
  const side = name === "turn-fire" ? "fire" : "ice";
  const g = el("g", { class: "turnled", id: pre + name, transform: `translate(${x} ${y})` }, parent);
  const glow = el("circle", { r: 30, class: "glow", filter: "url(#glow)" }, g);
  el("circle", { r: 12, class: "rim", fill: "url(#rim)" }, g);
  const light = el("circle", { r: 8.5, class: "ledcap" }, g);
  const lens = el("circle", { r: 3, cx: -2, cy: -3, class: "lens" }, g);
  const t = el("text", { x: side === "fire" ? 22 : -22, y: 6, class: "turnname " + side }, g);
  t.textContent = SIDES[side];
  return { glow, light, lens, label: t };
}

const MARKS = {
  "last-from": ["mark", "from"],
  "last-to": ["mark", "to"],
  "hint-from": ["hintmark", "from"],
  "hint-to": ["hintmark", "to"],
};

/** Draws a board into svg (an empty <svg>): see the top of this file. */
export function createBoard(svg, options) {
  const opts = Object.assign({ pockets: true, coordinates: true, idPrefix: "" }, options || {});
  const pre = opts.idPrefix;
  svg.setAttribute("viewBox", `0 0 ${VIEW_W} ${VIEW_H}`);
  el("defs", {}, svg).innerHTML = DEFS;
  woodenBoard(svg);
  // the islands and holes turn together when the board is flipped
  const field = el("g", { class: "field" }, svg);
  boardLines(field);
  const islands = {};
  for (let i = 0; i < 7; i++) islands[ISLANDS[i]] = island(field, i, pre);
  const holes = {};
  for (const name of HOLE_NAMES) holes[name] = hole(field, name, opts.onHole, pre);
  const arrows = el("g", { class: "arrows" }, field);
  const pockets = {};
  const turns = {};
  const supplies = el("g", { class: "supplies" }, svg);
  const leds = el("g", { class: "leds" }, svg);
  if (opts.pockets) {
    for (const side of ["fire", "ice"]) pockets[side] = pocket(supplies, side, opts.onPocket, pre);
    for (const name of ["turn-fire", "turn-ice"]) turns[name] = turnLed(leds, name, pre);
  }
  let flipped = false;

  /** A hole's centre as drawn now (the flip applied). */
  function at(name) {
    const [x, y] = HOLES[name];
    return flipped ? [2 * PIVOT[0] - x, 2 * PIVOT[1] - y] : [x, y];
  }

  function place() {
    for (const name of HOLE_NAMES) {
      const [x, y] = at(name);
      holes[name].g.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
    }
    field.querySelectorAll(".boardlines, .island > :not(text)").forEach((e) => {
      if (flipped) e.setAttribute("transform", `rotate(180 ${PIVOT[0]} ${PIVOT[1]})`);
      else e.removeAttribute("transform");
    });
    for (const name of ISLANDS) {
      const isl = islands[name];
      const [x, y] = flipped ? [2 * PIVOT[0] - isl.at[0], 2 * PIVOT[1] - isl.at[1] + 14] : isl.at;
      isl.label.setAttribute("x", x.toFixed(1));
      isl.label.setAttribute("y", y.toFixed(1));
    }
    supplies.setAttribute("transform", flipped ? `translate(0 ${SUPPLY_SHIFT})` : "");
    leds.setAttribute("transform", flipped ? `translate(0 ${900 - 2 * TURN_LEDS["turn-fire"][1]})` : "");
    svg.dataset.flipped = flipped ? "1" : "";
  }

  const board = {
    svg,
    holes,
    islands,
    pockets,
    turns,
    at,
    /** Pegs from a 49-character position: # Fire, O Ice, - empty. */
    setPosition(position) {
      HOLE_NAMES.forEach((name, k) => {
        const peg = pegWord(position[k]);
        const h = holes[name];
        h.g.dataset.peg = peg;
        h.g.classList.toggle("full", !!peg);
        h.peg.setAttribute("class", "peg " + peg);
      });
    },
    /** Rings these holes as kind (see MARKS, or "select"); [] clears the kind. */
    highlight(names, kind) {
      const want = new Set((names || []).map((n) => String(n).toUpperCase()));
      for (const name of HOLE_NAMES) {
        const h = holes[name];
        if (kind === "select") {
          h.g.classList.toggle("selected", want.has(name));
          continue;
        }
        const [part, cls] = MARKS[kind];
        const e = h[part];
        const on = want.has(name);
        const has = e.classList.contains(cls);
        if (on !== has) e.classList.toggle(cls, on);
        if (part === "mark") {
          const now = h.mark.classList.contains("to") ? "to" : h.mark.classList.contains("from") ? "from" : "";
          h.g.dataset.last = now;
        } else {
          const now = h.hintmark.classList.contains("to") ? "to" : h.hintmark.classList.contains("from") ? "from" : "";
          h.g.dataset.hint = now;
        }
      }
    },
    /** Arrows for moves ["D4-C4", ...] (the first the strongest); [] clears. */
    arrows(moves) {
      arrows.innerHTML = "";
      (moves || []).forEach((mv, k) => {
        const [a, b] = mv.toUpperCase().split("-");
        if (!HOLES[a] || !HOLES[b]) return;
        const [x1, y1] = at(a);
        const [x2, y2] = at(b);
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const cut = 20 / len;
        el("line", {
          x1: x1 + (x2 - x1) * cut, y1: y1 + (y2 - y1) * cut,
          x2: x2 - (x2 - x1) * cut, y2: y2 - (y2 - y1) * cut,
          class: "arrow" + (k ? " later" : ""), "data-move": mv, "marker-end": "url(#arrowhead)",
        }, arrows);
      });
    },
    /** Hole names beside the holes, on or off. */
    setCoordinates(on) {
      svg.classList.toggle("coords", !!on);
    },
    /** Ice's side at the bottom (true) or Fire's (false, the board as built). */
    setFlipped(on) {
      if (!!on === flipped) return;
      flipped = !!on;
      place();
    },
    get flipped() {
      return flipped;
    },
    /** The board's coordinates of a pointer event, or null. */
    point(ev) {
      const m = svg.getScreenCTM();
      if (!m) return null;
      const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
      return [pt.x, pt.y];
    },
  };
  place();
  board.setCoordinates(opts.coordinates);
  return board;
}
