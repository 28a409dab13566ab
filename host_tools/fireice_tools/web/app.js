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
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, svg);
    el("title", {}, g).textContent = name;
    const glow = el("circle", { r: 34, class: "glow", filter: "url(#glow)" }, g);
    el("circle", { r: 18.5, class: "rim", fill: "url(#rim)" }, g);
    el("circle", { r: 14, class: "well", fill: "url(#well)" }, g);
    const light = el("circle", { r: 13.5, class: "light" }, g);
    const lens = el("circle", { r: 5, cx: -3, cy: -4, class: "lens" }, g);
    const peg = pegArt(g, "", 15.5);
    const ring = el("circle", { r: 17.5, class: "ring" }, g);
    el("circle", { r: 24, class: "hit" }, g);
    g.addEventListener("click", () => clickHole(name));
    holeEls[name] = { g, glow, light, lens, peg, ring };
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
    t.textContent = SIDES[side] + " to move";
    turnEls[name] = { glow, light, lens };
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
    const m = svg.getScreenCTM();
    if (!m) return;
    const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    pointer = [pt.x, pt.y];
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
  function clickHole(name) {
    if (!state) return;
    const k = HOLE_NAMES.indexOf(name);
    if (state.pegs[k] !== "-") send({ lift: name });
    else if (state.hand) send({ put: name, peg: state.hand });
    else send({ put: name }); // the server takes the colour lit there
  }

  function clickPocket(side) {
    if (!state) return;
    send({ hand: state.hand === side ? null : side });
  }

  function newGame(ev) {
    if (ev) ev.preventDefault();
    const input = { cmd: "new", mode: $("newMode").value };
    if (input.mode === "duel") {
      input.handicap = parseInt($("newHandicap").value, 10);
      input.side = $("newSide").value;
    }
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
    drawCursor();
  }

  function renderHoles(s) {
    HOLE_NAMES.forEach((name, k) => {
      const h = holeEls[name];
      const c = s.pegs[k];
      const peg = c === "#" ? "fire" : c === "O" ? "ice" : "";
      const light = lightOf(s.leds[name], s.led_ref);
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
    for (const name of ISLANDS) {
      const by = s.control[name] || "";
      const isl = islandEls[name];
      isl.g.dataset.control = by;
      const won = s.islands && s.islands.indexOf(name) >= 0 && s.result === by;
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

  function renderTurn(s) {
    for (const name of ["turn-fire", "turn-ice"]) {
      const t = turnEls[name];
      const light = lightOf(s.leds[name], s.led_ref);
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

  function hintText(s) {
    if (!s.alive) return "The virtual board has stopped (see the messages): restart the simulator.";
    if (s.result) return resultText(s) + ". New starts another game.";
    const solo = s.mode === "solitaire";
    const who = s.to_move ? SIDES[s.to_move] : null;
    let missing = 0;
    if (s.target) {
      for (let k = 0; k < 49; k++) if (s.target[k] !== "-" && s.pegs[k] === "-") missing++;
    }
    switch (s.phase) {
      case "setup":
        return missing
          ? `New game: click each lit hole to put its peg there (${missing} to go).`
          : "New game: take away the pegs that blink violet.";
      case "restore":
        return "Put the board back as the lights show: click the lit holes (violet: take the peg away).";
      case "error":
        return "That is not allowed: follow the lights. Violet: take that peg away; a glow: put a peg there.";
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
        if (solo) return who ? `${who} to capture: click a ${who} peg to lift it.` : "Lift a peg of either colour to capture with it.";
        return `${who || "Fire"} to move: click one of your pegs to lift it.`;
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
      ? `${article(s.hand)} peg, ${s.hand_note || ""}`
      : "empty: click a peg or a supply";
    $("handBack").hidden = !s.hand;
    const banner = $("banner");
    banner.hidden = !s.result;
    banner.className = s.result || "";
    $("bannerText").textContent = s.result ? bannerText(s) : "";
    document.querySelectorAll(".duelOnly").forEach((e) => {
      e.classList.toggle("off", $("newMode").value !== "duel");
    });
    $("clock").textContent = `Board time ${(s.time / 1000).toFixed(1)} s.`;
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
    const last = s.moves.length - 1;
    const cell = (k, side) => {
      if (k === undefined) return `<span class="mv none">\u2026</span>`;
      const cls = "mv " + side + (k === last ? " last" : "");
      return `<span class="${cls}">${s.moves[k].move}</span>`;
    };
    const html = rows
      .map((r) => `<li><span class="num">${r.n}.</span>${cell(r.fire, "fire")}${r.ice !== undefined ? cell(r.ice, "ice") : ""}</li>`)
      .join("");
    if (ol.innerHTML !== html) {
      ol.innerHTML = html;
      ol.scrollTop = ol.scrollHeight;
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

  // --- start ---------------------------------------------------------------------
  build();
  svg.addEventListener("mousemove", movePointer);
  svg.addEventListener("mouseleave", () => {
    pointer = null;
    drawCursor();
  });
  $("btnUndo").addEventListener("click", () => send({ press: "undo" }));
  $("btnNew").addEventListener("click", () => send({ press: "new" }));
  $("btnMode").addEventListener("click", () => send({ press: "new", ms: 1200 }));
  $("bannerNew").addEventListener("click", () => send({ press: "new" }));
  $("handBack").addEventListener("click", () => send({ hand: null }));
  $("newForm").addEventListener("submit", newGame);
  $("newMode").addEventListener("change", () => state && renderPanel(state));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && state && state.hand) send({ hand: null });
  });
  setInterval(() => state && renderMessages(state), 2000);
  poll();
})();
