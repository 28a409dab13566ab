// The Fire and Ice virtual board page: draws the board from /state and
// sends clicks to /input (see fireice_tools/web.py).
"use strict";

(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const ISLANDS = "ABCDEFG";
  const R3 = Math.sqrt(3);
  const SIDES = { fire: "Fire", ice: "Ice" };
  const OTHER = { fire: "ice", ice: "fire" };

  // --- geometry -----------------------------------------------------------
  // The board and each island share one pattern: 1 top; 2 3; 4 centre;
  // 5 6 7 bottom row: the corners, edge midpoints and centre of a triangle.
  const BOARD_SIDE = 700; // distance between the corner islands' centres
  const HOLE_SIDE = 156; // distance between an island's corner holes
  const CENTRE_X = 500;
  const TOP_Y = 188; // centre of island A

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

  const islandCentres = pattern(CENTRE_X, TOP_Y + BOARD_SIDE / R3, BOARD_SIDE);
  const HOLES = {}; // "D4" -> [x, y]
  ISLANDS.split("").forEach((isl, i) => {
    const [cx, cy] = islandCentres[i];
    pattern(cx, cy, HOLE_SIDE).forEach((p, k) => {
      HOLES[isl + (k + 1)] = p;
    });
  });
  const HOLE_NAMES = Object.keys(HOLES); // A1..G7, position order
  // the seven lines, as positions 1..7 (the circle is drawn as a circle)
  const STRAIGHT = [[1, 2, 5], [1, 3, 7], [5, 6, 7], [1, 4, 6], [3, 4, 5], [2, 4, 7]];
  const POCKETS = {
    fire: { x: 34, y: 34, w: 236, h: 236 },
    ice: { x: 1000 - 34 - 236, y: 34, w: 236, h: 236 },
  };
  const TURN_LEDS = { "turn-fire": [62, 304], "turn-ice": [1000 - 62, 304] };

  // --- small helpers -------------------------------------------------------
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  const $ = (id) => document.getElementById(id);

  function lightOf(rgb, ref) {
    // an LED value -> {colour, level 0..1, hue name} or null when off
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

  // --- drawing the board once ------------------------------------------------
  const svg = $("board");
  const holeEls = {};
  const islandEls = {};
  const pocketEls = {};
  const turnEls = {};

  function defs() {
    const d = el("defs", {}, svg);
    d.innerHTML = `
      <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#d9a567"/>
        <stop offset="0.45" stop-color="#c68c4e"/>
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
        <stop offset="0" stop-color="#8a5428"/>
        <stop offset="1" stop-color="#74431d"/>
      </linearGradient>
      <radialGradient id="rim" cx="0.5" cy="0.42" r="0.6">
        <stop offset="0.55" stop-color="#2a170a"/>
        <stop offset="0.8" stop-color="#5b3818"/>
        <stop offset="1" stop-color="#b98550"/>
      </radialGradient>
      <radialGradient id="well" cx="0.5" cy="0.35" r="0.65">
        <stop offset="0" stop-color="#050302"/>
        <stop offset="0.7" stop-color="#160c05"/>
        <stop offset="1" stop-color="#3a2210"/>
      </radialGradient>
      <radialGradient id="pegfire" cx="0.38" cy="0.32" r="0.75">
        <stop offset="0" stop-color="#ffb199"/>
        <stop offset="0.28" stop-color="#f0492a"/>
        <stop offset="0.75" stop-color="#c0230e"/>
        <stop offset="1" stop-color="#6e1006"/>
      </radialGradient>
      <radialGradient id="pegice" cx="0.38" cy="0.32" r="0.75">
        <stop offset="0" stop-color="#ecffff"/>
        <stop offset="0.28" stop-color="#5fe0f2"/>
        <stop offset="0.75" stop-color="#16a7c6"/>
        <stop offset="1" stop-color="#0a5868"/>
      </radialGradient>
      <radialGradient id="pocketwell" cx="0.5" cy="0.4" r="0.75">
        <stop offset="0" stop-color="#5a3517"/>
        <stop offset="1" stop-color="#2e1a0a"/>
      </radialGradient>
      <filter id="glow" x="-1" y="-1" width="3" height="3">
        <feGaussianBlur stdDeviation="9"/>
      </filter>
      <filter id="softshadow" x="-1" y="-1" width="3" height="3">
        <feGaussianBlur stdDeviation="2.2"/>
      </filter>
      <filter id="boardshadow" x="-0.1" y="-0.1" width="1.2" height="1.2">
        <feGaussianBlur stdDeviation="10"/>
      </filter>`;
  }

  function woodenBoard() {
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
    // the board's own lines of islands, faintly engraved behind them
    const c = islandCentres;
    const g = el("g", { class: "boardlines" }, svg);
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

  function island(i) {
    const name = ISLANDS[i];
    const [cx, cy] = islandCentres[i];
    const g = el("g", { class: "island", id: "island-" + name }, svg);
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
    const label = el("text", { x: corners[0][0] - 34, y: corners[0][1] + 22, class: "islandname" }, g);
    label.textContent = name;
    islandEls[name] = { g, ctrl, label };
  }

  function pegArt(parent, cls, r) {
    // a peg seen from above: shadow, body, highlight
    const g = el("g", { class: "peg " + (cls || "") }, parent);
    el("circle", { cx: 2.2, cy: 3.2, r: r + 0.8, class: "pegshadow", filter: "url(#softshadow)" }, g);
    el("circle", { cx: 0, cy: 0, r, class: "pegbody" }, g);
    el("circle", { cx: 0, cy: 0, r: r * 0.62, class: "pegtop" }, g);
    el("ellipse", { cx: -r * 0.32, cy: -r * 0.38, rx: r * 0.3, ry: r * 0.2, class: "pegshine" }, g);
    return g;
  }

  function hole(name) {
    const [x, y] = HOLES[name];
    const g = el("g", { class: "hole", id: "hole-" + name, "data-hole": name,
      tabindex: 0, role: "button", "aria-label": name,
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, svg);
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
    el("circle", { r: 24, class: "hit" }, g);
    g.addEventListener("click", () => clickHole(name));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        clickHole(name, true);
      }
    });
    holeEls[name] = { g, glow, light, lens, peg, ring, mark, hintmark };
  }

  function pocket(side) {
    const p = POCKETS[side];
    const g = el("g", { class: "pocket " + side, id: "pocket-" + side, "data-side": side }, svg);
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
    g.addEventListener("click", () => clickPocket(side));
    pocketEls[side] = { g, count, pegs };
  }

  function turnLed(name) {
    const [x, y] = TURN_LEDS[name];
    const side = name === "turn-fire" ? "fire" : "ice";
    const g = el("g", { class: "turnled", id: name, transform: `translate(${x} ${y})` }, svg);
    const glow = el("circle", { r: 30, class: "glow", filter: "url(#glow)" }, g);
    el("circle", { r: 12, class: "rim", fill: "url(#rim)" }, g);
    const light = el("circle", { r: 8.5, class: "ledcap" }, g);
    const lens = el("circle", { r: 3, cx: -2, cy: -3, class: "lens" }, g);
    const t = el("text", { x: side === "fire" ? 22 : -22, y: 6, class: "turnname " + side }, g);
    t.textContent = SIDES[side];
    turnEls[name] = { glow, light, lens, label: t };
  }

  function build() {
    defs();
    woodenBoard();
    for (let i = 0; i < 7; i++) island(i);
    HOLE_NAMES.forEach(hole);
    pocket("fire");
    pocket("ice");
    turnLed("turn-fire");
    turnLed("turn-ice");
    cursorPeg = pegArt(el("g", { id: "cursor", "pointer-events": "none" }, svg), "", 17);
    cursorPeg.parentNode.style.display = "none";
  }

  // --- the hand follows the pointer ----------------------------------------------
  let cursorPeg = null;
  let pointer = null;

  function movePointer(ev) {
    pointer = boardPoint(ev);
    drawCursor();
  }

  function drawCursor() {
    const wrap = cursorPeg.parentNode;
    if (!state || !state.hand || !pointer) {
      wrap.style.display = "none";
      return;
    }
    wrap.style.display = "";
    cursorPeg.setAttribute("class", "peg lifted " + state.hand);
    wrap.setAttribute("transform", `translate(${pointer[0] + 14} ${pointer[1] + 16})`);
  }

  // --- talking to the server ----------------------------------------------------
  let state = null;
  let serial = -1;
  const localMessages = [];

  async function send(input) {
    let answer;
    try {
      const r = await fetch("/input", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(input),
      });
      answer = await r.json();
      if (!r.ok) {
        note("error", answer.error || "the board refused that (" + r.status + ")");
        return null;
      }
    } catch (e) {
      note("error", "no answer from the simulator: " + e);
      return null;
    }
    return answer;
  }

  function note(kind, text) {
    localMessages.push({ kind, text, when: Date.now() });
    if (localMessages.length > 10) localMessages.shift();
    if (state) renderMessages(state);
  }

  async function poll() {
    for (;;) {
      try {
        const r = await fetch("/state?since=" + serial, { cache: "no-store" });
        if (!r.ok) throw new Error("status " + r.status);
        const s = await r.json();
        $("offline").hidden = true;
        serial = s.serial;
        state = s;
        render(s);
      } catch (e) {
        $("offline").hidden = false;
        await new Promise((ok) => setTimeout(ok, 1000));
      }
    }
  }

  // --- clicks --------------------------------------------------------------------
  function clickHole(name, keyboard) {
    if (!state) return null;
    if (viewing) {
      note("error", "You are looking at an earlier position: \u201cBack to the game\u201d to play on.");
      return null;
    }
    if (!keyboard) unzoom();
    if (opponentsTurn(state)) {
      note("error", `The engine plays ${opponentName(state)}: wait for its move.`);
      return null;
    }
    const k = HOLE_NAMES.indexOf(name);
    if (state.pegs[k] !== "-") return act({ lift: name });
    if (state.hand) return act({ put: name, peg: state.hand });
    return act({ put: name }); // the server takes the colour lit there
  }

  function clickPocket(side) {
    if (!state || viewing) return;
    unzoom();
    act({ hand: state.hand === side ? null : side });
  }

  // an input whose answer may carry a note (a peg off to its supply) or a
  // warning (a peg of the other colour than the board lit): both shown at once
  async function act(input) {
    const answer = await send(input);
    if (answer && answer.warning) toast("warn", cap(answer.warning) + ".");
    else if (answer && answer.note) toast("note", cap(answer.note) + ".");
    return answer;
  }

  function cap(t) {
    return t.charAt(0).toUpperCase() + t.slice(1);
  }

  let toastTimer = null;
  function toast(kind, text) {
    const t = $("toast");
    t.textContent = text;
    t.className = kind;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
  }

  // --- small screens: a tap zooms in, the next one picks the hole ----------------
  // The holes of an island lie 45 units apart (the centre from the edge
  // middles) on a board 1000 wide: on a phone no drawing of the whole board
  // gives 40 px targets. When the board is drawn too small for that, a tap
  // first zooms in around it; the tap on a hole then acts and zooms out.
  const HIT = 48; // diameter of a hole's target, in board units
  const MIN_TARGET_PX = 40;
  let zoomed = null;

  function scale() {
    return svg.getBoundingClientRect().width / 1000;
  }

  function needZoom() {
    return HIT * scale() < MIN_TARGET_PX;
  }

  function zoomAt(x, y) {
    const z = Math.max(2, (MIN_TARGET_PX + 4) / (HIT * scale()));
    const w = 1000 / z;
    const h = 900 / z;
    const x0 = Math.min(Math.max(x - w / 2, 0), 1000 - w);
    const y0 = Math.min(Math.max(y - h / 2, 0), 900 - h);
    zoomed = [x0, y0, w, h];
    svg.setAttribute("viewBox", zoomed.map((v) => v.toFixed(1)).join(" "));
    document.body.dataset.zoom = z.toFixed(2);
    $("zoomNote").hidden = false;
  }

  function unzoom() {
    if (!zoomed) return;
    zoomed = null;
    svg.setAttribute("viewBox", "0 0 1000 900");
    document.body.dataset.zoom = "";
    $("zoomNote").hidden = true;
  }

  function boardPoint(ev) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return [pt.x, pt.y];
  }

  svg.addEventListener("click", (ev) => {
    if (zoomed) {
      // a tap beside the holes and pockets zooms out
      if (!ev.target.closest(".hole, .pocket")) unzoom();
      return;
    }
    if (!needZoom()) return;
    const p = boardPoint(ev);
    if (!p) return;
    ev.stopPropagation();
    zoomAt(p[0], p[1]);
  }, true);

  // --- keyboard: a move typed as D4-C4 ----------------------------------------------
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

  async function until(test, ms) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (state && test(state)) return true;
      await sleep(25);
    }
    return false;
  }

  let typing = false;
  async function typedMove(text, byEngine) {
    const m = /^\s*([A-Ga-g][1-7])\s*[-x\s]\s*([A-Ga-g][1-7])\s*$/.exec(text);
    if (!m) {
      note("error", `\u201c${text}\u201d is not a move: type a hole, a dash and a hole, such as D4-C4.`);
      return false;
    }
    const frm = m[1].toUpperCase();
    const to = m[2].toUpperCase();
    if (!state || viewing || typing) return false;
    if (!byEngine && opponentsTurn(state)) {
      note("error", `The engine plays ${opponentName(state)}: wait for its move.`);
      return false;
    }
    if (state.hand) {
      note("error", "Your hand holds a peg: put it down (or Esc puts it back in its supply) first.");
      return false;
    }
    const pegAt = (h) => state.pegs[HOLE_NAMES.indexOf(h)];
    if (pegAt(frm) === "-") {
      note("error", `There is no peg on ${frm}.`);
      return false;
    }
    typing = true;
    try {
      // as a player's hands would do it, one step at a time, each seen by the board
      const moves = state.moves.length;
      if (!(await act({ lift: frm }))) return false;
      await until((s) => s.phase !== "idle" || s.result, 1500);
      if (state.mode === "solitaire") {
        if (pegAt(to) === "-") {
          note("error", `A capture goes onto a peg: ${to} is empty.`);
          return false;
        }
        if (!(await act({ lift: to }))) return false; // the captured peg, to its supply
        await sleep(120);
        if (!(await act({ put: to, peg: state.hand }))) return false;
        return await until((s) => s.moves.length > moves || s.phase === "error", 1500);
      }
      if (!(await act({ put: to, peg: state.hand }))) return false;
      const landed = await until((s) => s.phase === "landed" || s.phase === "error" || s.result, 1500);
      if (!landed || state.phase !== "landed") return false; // the hint says what now
      if (!(await act({ put: frm }))) return false; // the fill, in the colour lit there
      return await until((s) => s.moves.length > moves || s.phase === "error", 1500);
    } finally {
      typing = false;
    }
  }

  function newGame(ev) {
    if (ev) ev.preventDefault();
    const input = { cmd: "new", mode: $("newMode").value };
    if (input.mode === "duel") {
      input.handicap = parseInt($("newHandicap").value, 10);
      input.side = $("newSide").value;
      // the board's own levels: its firmware plays (new {"vs", "level"});
      // else a game of two players on the board, the host's engine playing
      // through the page
      const vs = $("newVs").value;
      const level = parseInt($("newLevel").value, 10);
      input.vs = vs && boardLevel(level) ? vs : null;
      if (input.vs) input.level = level;
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

  // --- rendering the state ---------------------------------------------------------
  function render(s) {
    if (viewing && viewing.plies !== s.moves.length) viewing.stale = true;
    document.body.dataset.viewing = viewing ? viewing.ply : "";
    document.body.dataset.serial = s.serial;
    document.body.dataset.phase = s.phase || "";
    document.body.dataset.toMove = s.to_move || "";
    document.body.dataset.result = s.result || "";
    document.body.dataset.moves = s.moves.length;
    document.body.dataset.hand = s.hand || "";
    document.body.dataset.mode = s.mode;
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
    drawCursor();
    coachTick(s);
  }

  function lastMove(s) {
    // [from, to] of the move to mark: the one viewed, else the last played
    const text = viewing ? viewing.move : s.moves.length ? s.moves[s.moves.length - 1].move : null;
    return text ? text.toUpperCase().split("-") : [];
  }

  function renderHoles(s) {
    const pegs = viewing ? viewing.position : s.pegs;
    const [mFrom, mTo] = lastMove(s);
    HOLE_NAMES.forEach((name, k) => {
      const h = holeEls[name];
      const c = pegs[k];
      const peg = c === "#" ? "fire" : c === "O" ? "ice" : "";
      const light = viewing ? null : lightOf(s.leds[name], s.led_ref);
      const last = name === mTo ? "to" : name === mFrom ? "from" : "";
      h.g.dataset.last = last;
      h.mark.setAttribute("class", "mark" + (last ? " " + last : ""));
      const hinted = !viewing && hint && hint.ply === s.moves.length
        ? (name === hint.from ? "from" : name === hint.to ? "to" : "") : "";
      h.g.dataset.hint = hinted;
      h.hintmark.setAttribute("class", "hintmark" + (hinted ? " " + hinted : ""));
      const dg = dangerOf(s, name);
      h.g.dataset.danger = dg;
      const warn = dg === "gift" ? ", danger: the fill hands over the game"
        : dg === "threat" ? ", danger: leaves a win at once" : hinted ? ", hint" : "";
      h.g.setAttribute("aria-label", `${name}${peg ? ", " + SIDES[peg] + " peg" : ", empty"}` +
        `${light && (light.name === "fire" || light.name === "ice") ? ", lit " + SIDES[light.name] : light ? ", lit " + light.name : ""}` +
        (last ? (last === "to" ? ", last move to here" : ", last move from here") : "") + warn);
      h.g.dataset.peg = peg;
      h.g.dataset.led = light ? light.name : "";
      h.g.classList.toggle("full", !!peg);
      h.g.classList.toggle("lit", !!light);
      h.peg.setAttribute("class", "peg " + peg);
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
    });
  }

  function renderIslands(s) {
    const control = viewing ? viewing.control : s.control;
    for (const name of ISLANDS) {
      const by = control[name] || "";
      const isl = islandEls[name];
      isl.g.dataset.control = by;
      const won = !viewing && s.islands && s.islands.indexOf(name) >= 0 && s.result === by;
      isl.g.setAttribute("class", "island" + (by ? " held " + by : "") + (won ? " won" : ""));
    }
  }

  function renderPockets(s) {
    for (const side of ["fire", "ice"]) {
      const p = pocketEls[side];
      const n = Math.max(0, s.supply[side]);
      p.count.textContent = n;
      p.g.dataset.count = n;
      p.g.classList.toggle("holding", s.hand === side);
      p.pegs.forEach((g, k) => g.setAttribute("visibility", k < n ? "visible" : "hidden"));
    }
  }

  function turnLabel(s, side) {
    // the words beside a side's turn LED: who is to move, or who won
    if (viewing) {
      const v = viewing;
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
      const t = turnEls[name];
      const side = name === "turn-fire" ? "fire" : "ice";
      const label = turnLabel(s, side);
      if (t.label.textContent !== label) t.label.textContent = label;
      t.label.classList.toggle("active", label !== SIDES[side]);
      const light = viewing ? null : lightOf(s.leds[name], s.led_ref);
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

  function resultText(s) {
    const r = s.result;
    if (r === "fire" || r === "ice") {
      const isl = (s.islands || "").split("").join(" \u2013 ");
      return `${SIDES[r]} wins on islands ${isl}`;
    }
    if (r === "draw") return "Draw: neither side can move";
    if (r === "won") return "Solitaire won: one peg left";
    if (r === "lost") return "Solitaire lost: no capture left";
    return "Game over";
  }

  function bannerText(s) {
    if (s.result === "fire" || s.result === "ice") {
      return `${SIDES[s.result]} wins on ${(s.islands || "").split("").join(" \u2013 ")}`;
    }
    return resultText(s);
  }

  function article(side) {
    return side === "ice" ? "an Ice" : "a Fire";
  }

  function pegWord(c) {
    return c === "#" ? "fire" : c === "O" ? "ice" : "";
  }

  function guideCounts(s) {
    // what the lights ask for, counted from the target and the pegs
    const n = { missing: 0, extra: 0, colour: 0, wrong: [] };
    if (!s.target) return n;
    for (let k = 0; k < 49; k++) {
      const want = s.target[k];
      const have = s.pegs[k];
      if (want !== "-" && have === "-") n.missing++;
      else if (want === "-" && have !== "-") n.extra++;
      else if (want !== "-" && have !== want) {
        n.colour++;
        n.wrong.push(HOLE_NAMES[k]);
      }
    }
    return n;
  }

  const GLOW = { fire: "red", ice: "aqua" };

  function colourMismatch(s) {
    // pegs whose colour differs from the game's: the page sees them, a
    // digital board cannot
    const pos = s.board_position;
    if (!pos || s.front === "colour") return "";
    const wrong = [];
    for (let k = 0; k < 49; k++) {
      if (pos[k] !== "-" && s.pegs[k] !== "-" && s.pegs[k] !== pos[k]) wrong.push(k);
    }
    if (!wrong.length) return "";
    const k = wrong[0];
    const more = wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : "";
    return ` The page sees what the board cannot: the peg on ${HOLE_NAMES[k]} is ` +
      `${article(pegWord(s.pegs[k]))}, the game has ${article(pegWord(pos[k]))} peg there${more}: swap it.`;
  }

  function fixText(s) {
    // the one fix the board shows (error, restore): s.fix, s.fix_kind
    const h = s.fix;
    if (!h) return "follow the lights.";
    const want = s.target ? pegWord(s.target[HOLE_NAMES.indexOf(h)]) : "";
    const have = pegWord(s.pegs[HOLE_NAMES.indexOf(h)]);
    if (s.fix_kind === "remove") return `lift the peg on ${h} (it blinks violet): no peg belongs there.`;
    if (s.fix_kind === "put") return `put ${article(want || "fire")} peg in ${h} (it glows ${GLOW[want] || "there"}).`;
    if (s.fix_kind === "colour") {
      return `the ${have ? SIDES[have] + " " : ""}peg on ${h} is the wrong colour: it blinks ${GLOW[want] || ""}, ` +
        `the colour that belongs there. Lift it and put ${article(want || "fire")} peg.`;
    }
    return "follow the lights.";
  }

  function hintText(s) {
    if (!s.alive) return "The virtual board has stopped (see the messages): restart the simulator.";
    if (viewing) return "You are looking at an earlier position (view only): \u201cBack to the game\u201d, or Esc, to play on.";
    if (s.result) return resultText(s) + ". New starts another game.";
    const solo = s.mode === "solitaire";
    const who = s.to_move ? SIDES[s.to_move] : null;
    const held = s.hand
      ? `You hold ${article(s.hand)} peg${s.hand_from ? " from " + s.hand_from : ""}: `
      : "";
    return guideText(s, solo, who, held) + colourMismatch(s);
  }

  function guideText(s, solo, who, held) {
    switch (s.phase) {
      case "setup": {
        const n = guideCounts(s);
        const parts = [];
        if (n.missing) parts.push(`click each lit hole to put its peg there (${n.missing} to go)`);
        if (n.extra) parts.push(`take away the pegs that blink violet (${n.extra})`);
        if (n.colour && s.front === "colour") {
          parts.push(`swap the wrong-colour peg${n.colour > 1 ? "s" : ""} on ${n.wrong.slice(0, 4).join(", ")}` +
            `${n.colour > 4 ? "\u2026" : ""}: a wrong colour blinks in the colour that belongs there` +
            " (red for Fire, aqua for Ice)");
        }
        if (!parts.length && s.front !== "colour" && s.fix_kind === "colour" && s.fix) {
          // a peg that stood before the new game: a digital board cannot see
          // its colour, so it counts only once put in afresh
          const want = s.target ? pegWord(s.target[HOLE_NAMES.indexOf(s.fix)]) : "fire";
          return `New game: the peg on ${s.fix} stood there before the game began, and this board ` +
            `cannot see its colour: lift it and put ${article(want)} peg back in ` +
            `(the hole blinks ${GLOW[want]}).`;
        }
        if (!parts.length) return "New game: follow the lights.";
        if (held && !n.missing) return held + "put it back in its supply (Esc), then " + parts.join("; ") + ".";
        return (held || "New game: ") + parts.join("; then ") + ".";
      }
      case "restore":
        return (held || "") + "Put the board back as the lights show: " + fixText(s);
      case "error":
        return (held ? held + fixText(s) : "That is not allowed. " + cap(fixText(s))) +
          (s.fix_kind === "remove" ? " Then the lights show the next step." : "");
      case "lifted":
        return solo
          ? "Click a lit peg to capture it with the one in your hand, or put your peg back."
          : "Click a lit hole to put the peg there (or put it back where it came from).";
      case "landed":
        return `Now fill the hole the peg left: click the blinking hole to put ${article(OTHER[s.to_move] || "ice")} peg in it.`;
      case "both":
        return "Put the capturing peg into the captured peg's hole.";
      case "victim":
        return "Lift one of the blinking pegs: it captures the one you lifted.";
      case "idle":
        if (held) return held + "put it in an empty hole, or back in its supply (Esc).";
        if (solo) return who ? `${who} to capture: click ${article(s.to_move)} peg to lift it.` : "Lift a peg of either colour to capture with it.";
        return `${who || "Fire"} to move: click one of your pegs to lift it (or type a move such as D4-C4).`;
      default:
        return "";
    }
  }

  function renderPanel(s) {
    $("front").textContent = s.front || "?";
    $("fw").textContent = s.version || "?";
    const dot = $("turnDot");
    let text;
    if (!s.alive) text = "The virtual board has stopped";
    else if (s.result) text = resultText(s);
    else if (s.phase === "setup") text = s.mode === "solitaire" ? "Setting up a solitaire" : "Setting up a new game";
    else if (s.to_move) text = SIDES[s.to_move] + (s.mode === "solitaire" ? " to capture" : " to move");
    else text = s.mode === "solitaire" ? "Solitaire: either colour starts" : "";
    $("turnText").textContent = text;
    const lead = s.result === "fire" || s.result === "ice" ? s.result : s.to_move;
    dot.className = "dot " + (s.phase === "setup" && !s.result ? "" : lead || "");
    $("hint").textContent = hintText(s);
    const hp = $("handPeg");
    hp.className = "peg " + (s.hand || "empty");
    $("handText").textContent = s.hand
      ? `You hold ${article(s.hand)} peg, ${s.hand_note || ""}.`
      : "Empty.";
    $("handNext").textContent = s.hand
      ? "Click an empty hole to put it there. Click a peg: that peg goes off the board to its supply" +
        " (a capture), and your hand keeps this one. Esc, or its supply, puts it back."
      : "Click a peg to take it; click an empty hole to put a peg from the supply there" +
        " (in the colour lit under it); click a supply to take one of its pegs.";
    const log = s.hand_log || [];
    const lastHand = log.length ? log[log.length - 1] : null;
    $("handLog").textContent = lastHand ? "Last: " + lastHand.text + "." : "";
    $("handCard").dataset.hand = s.hand || "";
    $("handBack").hidden = !s.hand;
    renderControl(s);
    renderView(s);
    const banner = $("banner");
    banner.hidden = !s.result || !!viewing;
    banner.className = s.result || "";
    $("bannerText").textContent = s.result ? bannerText(s) : "";
    document.querySelectorAll(".duelOnly").forEach((e) => {
      e.classList.toggle("off", $("newMode").value !== "duel");
    });
    document.querySelectorAll(".soloOnly").forEach((e) => {
      e.classList.toggle("off", $("newMode").value !== "solitaire");
    });
    renderSign(s);
    $("clock").textContent = `Board time ${(s.time / 1000).toFixed(1)} s.`;
  }

  // the solitaire's "still winnable" sign (the board's turn LED, in words)
  const SIGNS = {
    winnable: "Still winnable",
    lost: "Cannot be won any more",
    solving: "The board is solving\u2026",
    unknown: "Not known: too long to solve",
  };

  function renderSign(s) {
    const e = $("sign");
    let text = "";
    if (s.dealing) text = `Dealing ${s.dealing === "easy" ? "an" : "a"} ${s.dealing} solitaire\u2026`;
    else if (s.mode === "solitaire" && s.sign && !s.result) text = SIGNS[s.sign] || "";
    if (text && s.hint && s.sign === "winnable") text += ` \u00b7 hint: ${s.hint}`;
    e.hidden = !text;
    e.textContent = text;
    e.className = "sign " + (s.dealing ? "solving" : s.sign || "");
  }

  function renderControl(s) {
    // who holds which island, as the terminal's "Fire controls: DG"
    const control = viewing ? viewing.control : s.control;
    const held = { fire: [], ice: [] };
    for (const isl of ISLANDS) if (control[isl]) held[control[isl]].push(isl);
    $("control").hidden = s.mode !== "duel";
    for (const side of ["fire", "ice"]) {
      const e = $("control-" + side);
      const text = held[side].length ? held[side].join(" ") : "no island";
      if (e.textContent !== text) e.textContent = text;
      e.dataset.islands = held[side].join("");
    }
  }

  function renderView(s) {
    const bar = $("viewBar");
    bar.hidden = !viewing;
    if (!viewing) return;
    const v = viewing;
    let what;
    if (v.ply === 0) what = "the start of the game";
    else {
      const m = s.moves[v.ply - 1];
      what = `move ${v.ply} of ${v.plies}: ${v.move}${m ? " (" + SIDES[m.by] + ")" : ""}`;
    }
    $("viewText").textContent = "Viewing " + what + (v.result ? " \u2013 " + v.result : "");
    $("viewPrev").disabled = v.ply <= 0;
    $("viewNext").disabled = v.ply >= s.moves.length;
  }

  // --- stepping through the game (view only) -------------------------------------
  let viewing = null;

  async function view(ply) {
    if (!state) return;
    if (ply < 0 || ply > state.moves.length) return;
    try {
      const r = await fetch("/view?ply=" + ply, { cache: "no-store" });
      const v = await r.json();
      if (!r.ok) {
        note("error", v.error || "cannot show that position");
        return;
      }
      unzoom();
      viewing = v;
      render(state);
    } catch (e) {
      note("error", "no answer from the simulator: " + e);
    }
  }

  function endView() {
    if (!viewing) return;
    viewing = null;
    if (state) render(state);
  }

  function renderConsole(s) {
    const pre = $("console");
    const lines = (s.console || []).map((l) => {
      const mark = l.dir === "in" ? "> " : l.dir === "err" ? "! " : "";
      return `<span class="${l.dir}">${escapeHtml(mark + l.text)}</span>`;
    });
    const html = lines.join("\n");
    if (pre.dataset.html !== html) {
      const atEnd = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - 4;
      pre.innerHTML = html;
      pre.dataset.html = html;
      if (atEnd) pre.scrollTop = pre.scrollHeight;
    }
    $("frames").textContent = s.frames ? `(${s.frames} LED frame${s.frames === 1 ? "" : "s"} not shown)` : "";
  }

  function renderRecord(s) {
    const ol = $("moves");
    const rows = [];
    let row = null;
    s.moves.forEach((m, k) => {
      if (m.by === "ice" && row && row.ice === undefined && row.fire !== undefined) {
        row.ice = k;
        return;
      }
      row = { n: rows.length + 1 };
      if (m.by === "ice") row.ice = k;
      else row.fire = k;
      rows.push(row);
    });
    const last = viewing ? viewing.ply - 1 : s.moves.length - 1;
    const cell = (k, side) => {
      if (k === undefined) return `<span class="mv none">\u2026</span>`;
      const cls = "mv " + side + (k === last ? " last" : "");
      return `<button type="button" class="${cls}" data-ply="${k + 1}" ` +
        `title="Show the position after this move">${s.moves[k].move}</button>`;
    };
    const html = rows
      .map((r) => `<li><span class="num">${r.n}.</span>${cell(r.fire, "fire")}${r.ice !== undefined ? cell(r.ice, "ice") : ""}</li>`)
      .join("");
    if (ol.dataset.html !== html) {
      ol.innerHTML = html;
      ol.dataset.html = html;
      if (!viewing) ol.scrollTop = ol.scrollHeight;
    }
    $("moveCount").textContent = s.moves.length ? `(${s.moves.length} move${s.moves.length === 1 ? "" : "s"})` : "";
    const pre = $("recordText");
    if (pre.textContent !== s.record) pre.textContent = s.record;
  }

  function renderMessages(s) {
    const all = s.messages.map((m) => ({ kind: m.kind, text: m.text, at: m.at }));
    const ul = $("messages");
    const items = all.slice(-8).reverse();
    const local = localMessages.filter((m) => Date.now() - m.when < 8000).reverse();
    const html = local
      .map((m) => `<li class="${m.kind} local">${escapeHtml(m.text)}</li>`)
      .concat(items.map((m) => `<li class="${m.kind}"><span class="at">${(m.at / 1000).toFixed(1)}s</span>${escapeHtml(m.text)}</li>`))
      .join("");
    if (ul.innerHTML !== html) ul.innerHTML = html;
  }

  function escapeHtml(t) {
    return String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }


  // --- the coach: the engine as an opponent, hints, danger lights, the bar ---------
  // The engine at a level above the board's runs on the host (/coach); the
  // page carries its move out on the virtual board step by step, as a player
  // would, and the board checks it. The hint button asks the board (its
  // `hint` command: the firmware's engine, lit on the board, counted in its
  // record and rationed by its `hints` setting) in every duel but one
  // against the host's engine, where the host's coach gives it. The danger
  // test is the rules core's (fireice.danger, via /danger).
  const coachCfg = loadCfg();
  let engineBusy = false;
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
    };
  }

  function saveCfg() {
    try {
      localStorage.setItem("fireice-coach", JSON.stringify(coachCfg));
    } catch (e) {
      // no storage (a private window): the settings last as long as the page
    }
  }

  function setOpponent(vs, level) {
    coachCfg.vs = vs || "";
    coachCfg.level = level || 3;
    saveCfg();
    if (state) render(state);
  }

  function boardLevel(level) {
    // levels 1..3 are the board's own: its firmware plays them (the game's
    // "vs"); the stronger ones the engine on the host, through the page
    return level <= ((state && state.board_levels) || 3);
  }

  function enginesTurn(s) {
    // the host's engine to move (a level above the board's)
    return !!(s && coachCfg.vs && !boardLevel(coachCfg.level) && !s.vs && s.mode === "duel" &&
      !s.result && s.alive && s.phase === "idle" && s.to_move === coachCfg.vs);
  }

  function boardsTurn(s) {
    // the board's firmware plays the side to move: it thinks, or shows its move
    return !!(s && s.vs && s.mode === "duel" && !s.result && s.alive && s.to_move === s.vs &&
      s.phase !== "setup");
  }

  function opponentsTurn(s) {
    return enginesTurn(s) || boardsTurn(s) || engineBusy;
  }

  function opponentName(s) {
    return SIDES[(s && s.vs) || coachCfg.vs];
  }

  async function getJson(url) {
    try {
      const r = await fetch(url, { cache: "no-store" });
      const v = await r.json();
      if (!r.ok) {
        note("error", v.error || "the coach has no answer (" + r.status + ")");
        return null;
      }
      return v;
    } catch (e) {
      note("error", "no answer from the simulator: " + e);
      return null;
    }
  }

  async function boardMove(move) {
    // the board's firmware shows its move (its peg blinks, the hole glows):
    // the page carries it out as a player following the lights would
    engineBusy = true;
    document.body.dataset.engine = "moving";
    try {
      note("engine", `${SIDES[state.vs]} (the board, level ${state.vs_level}) plays ${move}.`);
      if (!(await typedMove(move, true))) note("error", `The board's move ${move} was not carried out.`);
    } finally {
      engineBusy = false;
      document.body.dataset.engine = "";
      if (state) render(state);
    }
  }

  async function engineMove() {
    engineBusy = true;
    document.body.dataset.engine = "thinking";
    try {
      const plies = state.moves.length;
      const a = await getJson(`/coach?level=${coachCfg.level}`);
      if (!a || !a.move || a.ply !== plies || !enginesTurn(state) || viewing) return;
      note("engine", `${SIDES[coachCfg.vs]} (the engine, level ${coachCfg.level}) plays ${a.move}.`);
      document.body.dataset.engine = "moving";
      if (!(await typedMove(a.move, true))) note("error", `The engine's move ${a.move} was not carried out.`);
    } finally {
      engineBusy = false;
      document.body.dataset.engine = "";
      if (state) render(state);
    }
  }

  function hostHints(s) {
    // a game against the host's engine: its coach gives the hints
    return !!(coachCfg.vs && !boardLevel(coachCfg.level) && !s.vs);
  }

  function takeBoardHint(s) {
    // the board's hint (its "hint" event, in the server's state until the
    // position changes), shown as the page's own
    if (!s.hint || s.mode !== "duel" || hostHints(s)) return;
    const key = `${s.moves.length}/${s.hint}`;
    if (key === boardHint) return;
    boardHint = key;
    const [from, to] = s.hint.split("-");
    hint = { ply: s.moves.length, from, to, move: s.hint };
    hintsUsed += 1;
  }

  async function askHint() {
    if (!state || viewing || state.mode !== "duel" || state.result) {
      note("error", "A hint is for a two-player game that goes on.");
      return;
    }
    if (opponentsTurn(state)) return;
    if (!hostHints(state)) {
      // the board's: it answers with a hint event (takeBoardHint), or
      // says why there is none (the server's messages)
      boardHint = null;
      await send({ cmd: "hint" });
      return;
    }
    const plies = state.moves.length;
    const a = await getJson("/coach"); // the server's coach level (4)
    if (!a || !a.move || a.ply !== plies) return;
    const [from, to] = a.move.split("-");
    hint = { ply: plies, from, to, move: a.move };
    hintsUsed += 1;
    if (state) render(state);
  }

  function dangerOf(s, name) {
    if (!danger || viewing || !coachCfg.danger || danger.key !== dangerKey(s)) return "";
    return danger.map[name] || "";
  }

  function dangerKey(s) {
    // danger lights for the peg a player lifted in a two-player game
    if (s.mode !== "duel" || s.phase !== "lifted" || !s.hand_from || s.hand !== s.to_move) return null;
    if (engineBusy || s.result) return null;
    return s.hand_from + "@" + s.moves.length;
  }

  async function askDanger(key, hole) {
    dangerAsked = key;
    const a = await getJson("/danger?hole=" + hole);
    if (!a) return;
    const map = {};
    for (const kind of ["safe", "gift", "threat"]) for (const h of a[kind]) map[h] = kind;
    danger = { key, map, gift: a.gift, threat: a.threat };
    if (state) render(state);
  }

  async function askChance(key) {
    chanceAsked = key;
    const a = await getJson("/coach");
    if (!a) return;
    chance = Object.assign({ key }, a);
    if (state) render(state);
  }

  function coachTick(s) {
    // what the coach does after each state: the engine's move, the danger
    // lights of a lifted peg, the win-chance bar
    if (enginesTurn(s) && !engineBusy && !typing && !viewing && !s.hand) engineMove();
    const bm = s.board_move;
    if (boardsTurn(s) && s.phase === "idle" && bm && bm !== "thinking" && !engineBusy && !typing &&
        !viewing && !s.hand) boardMove(bm);
    const dk = coachCfg.danger ? dangerKey(s) : null;
    if (dk && dk !== dangerAsked) askDanger(dk, s.hand_from);
    const ck = s.mode === "duel" && s.phase !== "setup" ? `${s.setup}/${s.moves.length}/${s.result || ""}` : null;
    if (coachCfg.bar && ck && ck !== chanceAsked) askChance(ck);
  }

  function renderCoach(s) {
    const duel = s.mode === "duel";
    takeBoardHint(s);
    $("coachCard").hidden = !duel;
    let vs = "";
    if (s.vs) vs = `\u00b7 the engine plays ${SIDES[s.vs]}, level ${s.vs_level}, on the board`;
    else if (coachCfg.vs && !boardLevel(coachCfg.level))
      vs = `\u00b7 the engine plays ${SIDES[coachCfg.vs]}, level ${coachCfg.level}, on the host`;
    $("vsText").textContent = vs;
    document.body.dataset.vs = s.vs || (boardLevel(coachCfg.level) ? "" : coachCfg.vs);
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


  // --- the analysis view: fireice analyse of the game, as a graph ------------------
  let review = null; // {key, report}

  function reviewKey(s) {
    return `${s.setup}/${s.moves.map((m) => m.move).join(" ")}`;
  }

  async function runReview() {
    if (!state || state.mode !== "duel" || !state.moves.length) return;
    const key = reviewKey(state);
    $("btnReview").disabled = true;
    $("reviewText").textContent = "The engine looks at every move\u2026";
    document.body.dataset.review = "running";
    const a = await getJson("/analyse");
    document.body.dataset.review = "";
    $("btnReview").disabled = false;
    if (!a) {
      $("reviewText").textContent = "";
      return;
    }
    review = { key, report: a };
    if (state) render(state);
  }

  function fireChances(rep) {
    // Fire's chance at ply 0 (with the best first move) and after each move
    const fire = (side, x) => (side === "fire" ? x : 1 - x);
    const out = [];
    if (rep.moves.length) out.push(fire(rep.moves[0].side, rep.moves[0].before));
    for (const m of rep.moves) out.push(fire(m.side, m.after));
    return out;
  }

  function renderReview(s) {
    const box = $("review");
    const fresh = review && review.key === reviewKey(s);
    box.hidden = !review;
    $("btnReview").hidden = s.mode !== "duel";
    $("btnReview").disabled = !s.moves.length || document.body.dataset.review === "running";
    if (!review) return;
    const rep = review.report;
    const ys = fireChances(rep);
    const n = Math.max(1, ys.length - 1);
    const X = (k) => 10 + (300 * k) / n;
    const Y = (v) => 100 - 90 * v;
    const pts = ys.map((v, k) => `${X(k).toFixed(1)},${Y(v).toFixed(1)}`).join(" ");
    const viewed = viewing ? viewing.ply : -1;
    let html = `<line class="mid" x1="10" y1="${Y(0.5)}" x2="310" y2="${Y(0.5)}"/>` +
      `<polyline class="curve" points="${pts}"/>`;
    ys.forEach((v, k) => {
      const m = k ? rep.moves[k - 1] : null;
      const mark = m && m.mark ? " " + m.mark : "";
      const r = mark ? 4.5 : 2.4;
      const title = m
        ? `${m.ply}. ${m.move} (${SIDES[m.side]}): ${Math.round(100 * m.before)}% \u2192 ${Math.round(100 * m.after)}%` +
          (m.mark ? `, ${m.mark}` : "") + (m.best !== m.move ? `; the engine's move ${m.best}` : "")
        : "the start";
      html += `<circle class="pt${mark}${k === viewed ? " viewing" : ""}" data-ply="${k}" cx="${X(k).toFixed(1)}" ` +
        `cy="${Y(v).toFixed(1)}" r="${r}"><title>${escapeHtml(title)}</title></circle>`;
    });
    const g = $("reviewGraph");
    if (g.dataset.html !== html) {
      g.innerHTML = html;
      g.dataset.html = html;
    }
    const sum = rep.summary;
    const count = (x) => `${x.mistakes} mistake${x.mistakes === 1 ? "" : "s"}, ${x.blunders} blunder${x.blunders === 1 ? "" : "s"}`;
    $("reviewText").textContent = `Fire ${count(sum.fire)} \u00b7 Ice ${count(sum.ice)}` +
      (fresh ? "" : " (of an earlier state of the game)");
    const marks = rep.moves.filter((m) => m.mark).map((m) =>
      `<button type="button" class="link ${m.mark}" data-ply="${m.ply}" title="Show the position after it">` +
      `${m.ply}. ${m.move}: ${m.mark}${m.lost_win ? " (a proven win thrown away)" : ""}, the engine's ${m.best}</button>`);
    const mk = $("reviewMarks");
    const mhtml = marks.length ? marks.join(" ") : "No mistake found at this level.";
    if (mk.dataset.html !== mhtml) {
      mk.innerHTML = mhtml;
      mk.dataset.html = mhtml;
    }
  }

  // --- start ---------------------------------------------------------------------
  build();
  svg.addEventListener("mousemove", movePointer);
  svg.addEventListener("mouseleave", () => {
    pointer = null;
    drawCursor();
  });
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
    if (state) render(state);
  });
  $("optChance").addEventListener("change", () => {
    coachCfg.bar = $("optChance").checked;
    saveCfg();
    if (state) render(state);
  });
  $("newVs").value = coachCfg.vs;
  $("newLevel").value = String(coachCfg.level);
  $("btnUndo").addEventListener("click", () => send({ press: "undo" }));
  $("btnNew").addEventListener("click", () => send({ press: "new" }));
  $("btnMode").addEventListener("click", () => send({ press: "new", ms: 1200 }));
  $("btnHold").addEventListener("click", () => send({ press: "undo", ms: 1200 }));
  $("bannerNew").addEventListener("click", () => send({ press: "new" }));
  $("handBack").addEventListener("click", () => act({ hand: null }));
  $("newForm").addEventListener("submit", newGame);
  $("newMode").addEventListener("change", () => state && renderPanel(state));
  $("moves").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-ply]");
    if (b) view(parseInt(b.dataset.ply, 10));
  });
  $("viewStart").addEventListener("click", () => view(0));
  $("viewPrev").addEventListener("click", () => viewing && view(viewing.ply - 1));
  $("viewNext").addEventListener("click", () => viewing && view(viewing.ply + 1));
  $("viewEnd").addEventListener("click", endView);
  $("moveForm").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = $("moveInput");
    const text = input.value;
    if (!text.trim()) return;
    input.value = "";
    await typedMove(text);
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
      else if (viewing) endView();
      else if (state && state.hand) act({ hand: null });
      return;
    }
    if (inField || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (viewing && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
      ev.preventDefault();
      view(viewing.ply + (ev.key === "ArrowLeft" ? -1 : 1));
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
  setInterval(() => state && renderMessages(state), 2000);
  poll();
})();
