// What the page's modules share: the last state from the server, the
// position being viewed, talking to the server, the messages and toasts.

export const $ = (id) => document.getElementById(id);

// the page's shared state: the modules read and set these fields
export const app = {
  state: null, // the last /state answer
  viewing: null, // a /view answer (an earlier position, view only) or null
  typing: false, // a typed move is being carried out, step by step
  engineBusy: false, // the engine thinks or its move is being carried out
  engineMove: null, // the engine's move being carried out
  takingBack: false, // a takeback against the host's engine is under way
  arranging: false, // the page puts pegs where the lights show (arrange)
  board: null, // the drawn board (board.js)
  render: () => {}, // redraws everything from app.state (app.js sets it)
};

const localMessages = [];

export function cap(t) {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function article(side) {
  return side === "ice" ? "an Ice" : "a Fire";
}

export function escapeHtml(t) {
  return String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

export function rerender() {
  if (app.state) app.render(app.state);
}

/** A message of the page's own, shown a few seconds in the messages card. */
export function note(kind, text) {
  localMessages.push({ kind, text, when: Date.now() });
  if (localMessages.length > 10) localMessages.shift();
  if (app.state) renderMessages(app.state);
}

export function renderMessages(s) {
  const ul = $("messages");
  const items = s.messages.slice(-8).reverse();
  const local = localMessages.filter((m) => Date.now() - m.when < 8000).reverse();
  const html = local
    .map((m) => `<li class="${m.kind} local">${escapeHtml(m.text)}</li>`)
    .concat(items.map((m) => `<li class="${m.kind}"><span class="at">${(m.at / 1000).toFixed(1)}s</span>${escapeHtml(m.text)}</li>`))
    .join("");
  if (ul.innerHTML !== html) ul.innerHTML = html;
}

// the pegs this page put last: which moves its own hands finished
// (sound.js glides the others, made elsewhere, from hole to hole)
export const puts = [];

function notePut(input) {
  if (!input || !input.put || !app.state) return;
  puts.push({ hole: String(input.put).toUpperCase(), phase: app.state.phase, ply: app.state.moves.length });
  if (puts.length > 6) puts.shift();
}

/** POST one input to /input: its answer, or null (the error noted). */
export async function send(input, path) {
  let answer;
  notePut(input);
  try {
    const r = await fetch(path || "/input", {
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

/** GET a JSON answer, or null (the error noted). */
export async function getJson(url) {
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

let toastTimer = null;
export function toast(kind, text) {
  const t = $("toast");
  t.textContent = text;
  t.className = kind;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    t.hidden = true;
  }, 5000);
}

// an input whose answer may carry a note (a peg off to its supply) or a
// warning (a peg of the other colour than the board lit): both shown at once
export async function act(input) {
  const answer = await send(input);
  if (answer && answer.warning) toast("warn", cap(answer.warning) + ".");
  else if (answer && answer.note) toast("note", cap(answer.note) + ".");
  return answer;
}

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Waits up to ms for test(state) to hold: whether it did. */
export async function until(test, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (app.state && test(app.state)) return true;
    await sleep(25);
  }
  return false;
}
