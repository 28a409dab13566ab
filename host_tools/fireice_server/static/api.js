// The JSON API from the server's pages: the session cookie authenticates,
// and every change carries the page's CSRF token (websession.py).
"use strict";

const CSRF = document.querySelector('meta[name="csrf"]').content;

export async function post(path, body) {
  // -> [status, answer]; a network failure answers status 0
  try {
    const r = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": CSRF },
      body: JSON.stringify(body || {}),
    });
    let answer = {};
    try {
      answer = await r.json();
    } catch (e) {
      answer = { error: r.statusText };
    }
    return [r.status, answer];
  } catch (e) {
    return [0, { error: "the server cannot be reached" }];
  }
}

export async function getJson(path) {
  const r = await fetch(path, { credentials: "same-origin" });
  const answer = await r.json();
  if (!r.ok) throw new Error(answer.error || r.statusText);
  return answer;
}

// Follow an NDJSON stream: onEvent(event) for each line (keep-alive empty
// lines skipped). When the stream ends or breaks, it is opened again after
// a pause, from the last "seq" seen, until stop() says so.
export function follow(path, onEvent, stop) {
  let seq = null;
  async function once() {
    const url = seq === null ? path : path + (path.includes("?") ? "&" : "?") + "since=" + seq;
    const r = await fetch(url, { credentials: "same-origin" });
    if (!r.ok) return r.status;
    const reader = r.body.getReader();
    const text = new TextDecoder();
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 0;
      rest += text.decode(value, { stream: true });
      let nl;
      while ((nl = rest.indexOf("\n")) >= 0) {
        const line = rest.slice(0, nl).trim();
        rest = rest.slice(nl + 1);
        if (!line) continue;
        const ev = JSON.parse(line);
        if (typeof ev.seq === "number") seq = ev.seq;
        onEvent(ev);
      }
    }
  }
  (async () => {
    for (;;) {
      let status = 0;
      try {
        status = await once();
      } catch (e) {
        // a broken connection: the pause below, then again
      }
      // a refusal (a game that is not there, a session signed out) stays so
      if (status >= 400 && status < 500 && status !== 429) return;
      if (stop && stop()) return;
      await new Promise((ok) => setTimeout(ok, 1500));
    }
  })();
}

export function esc(t) {
  return String(t).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
