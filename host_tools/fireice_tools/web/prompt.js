// The prompt: what the page tells the player to do now (the turn card, the
// hint line, the hand card, the banner), and the board's console.
import { HOLE_NAMES, ISLANDS, OTHER, SIDES, pegWord } from "./board.js";
import { $, app, article, cap, escapeHtml } from "./ctx.js";
import { opponentName, opponentsTurn } from "./coach.js";
import { renderView } from "./record.js";

export function resultText(s) {
  const r = s.result;
  if (!r && s.resigned) return `${SIDES[OTHER[s.resigned]]} wins: ${SIDES[s.resigned]} resigned`;
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
  if (app.viewing) {
    const where = app.loaded ? `You are reviewing ${app.loaded.title}` : "You are looking at an earlier position";
    return `${where}: click a peg and a hole (or type a move) to try a variation; \u201cBack to the game\u201d, or Esc, to go back.`;
  }
  if (s.result || s.resigned) return resultText(s) + ". New starts another game.";
  if (app.takingBack) return "Taking back: the page puts the pegs back as the lights show\u2026";
  if (app.arranging) return "The page puts the pegs where the lights show\u2026";
  if (opponentsTurn(s)) return enginePrompt(s);
  const solo = s.mode === "solitaire";
  const who = s.to_move ? SIDES[s.to_move] : null;
  const held = s.hand
    ? `You hold ${article(s.hand)} peg${s.hand_from ? " from " + s.hand_from : ""}: `
    : "";
  const mismatch = s.phase === "idle" && !app.typing ? colourMismatch(s) : "";
  return guideText(s, solo, who, held) + mismatch;
}

function enginePrompt(s) {
  // the engine's turn: it thinks, then the page moves its pegs for it
  const name = opponentName(s);
  const move = app.engineMove || (s.vs && s.board_move !== "thinking" ? s.board_move : null);
  if (move) return `${name} (the engine) plays ${move}: the page moves its pegs for it.`;
  return `${name} to move: the engine is thinking\u2026`;
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

export function renderPanel(s) {
  $("front").textContent = s.front || "?";
  $("fw").textContent = s.version || "?";
  const dot = $("turnDot");
  let text;
  if (!s.alive) text = "The virtual board has stopped";
  else if (s.result || s.resigned) text = resultText(s);
  else if (s.phase === "setup") text = s.mode === "solitaire" ? "Setting up a solitaire" : "Setting up a new game";
  else if (s.to_move) {
    text = SIDES[s.to_move] + (s.mode === "solitaire" ? " to capture" : " to move") +
      (opponentsTurn(s) ? " (the engine)" : "");
  }
  else text = s.mode === "solitaire" ? "Solitaire: either colour starts" : "";
  $("turnText").textContent = text;
  const lead = s.result === "fire" || s.result === "ice" ? s.result : s.to_move;
  dot.className = "dot " + (s.phase === "setup" && !s.result ? "" : lead || "");
  $("hint").textContent = hintText(s);
  const hp = $("handPeg");
  hp.className = "peg " + (s.hand || "empty");
  const holder = opponentsTurn(s) ? "The engine holds" : "You hold";
  $("handText").textContent = s.hand
    ? `${holder} ${article(s.hand)} peg, ${s.hand_note || ""}.`
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
  const arrange = $("btnArrange");
  arrange.hidden = !(s.phase === "setup" || s.phase === "restore") || !s.alive;
  arrange.disabled = !!app.arranging;
  arrange.textContent = s.phase === "restore" ? "Put the pegs back for me" : "Set up the pegs for me";
  renderControl(s);
  renderView(s);
  const banner = $("banner");
  const over = s.result || (s.resigned && OTHER[s.resigned]);
  banner.hidden = !over || !!app.viewing;
  banner.className = over || "";
  $("bannerText").textContent = over ? bannerText(s) : "";
  $("btnResign").hidden = s.mode !== "duel" || !!over || s.phase === "setup" || !s.moves.length;
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
  const control = app.viewing ? app.viewing.control : s.control;
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

export function renderConsole(s) {
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

