// The game's record: the list of moves, stepping through earlier
// positions (view only), and the analysis of the game as a graph.
import { SIDES } from "./board.js";
import { $, app, escapeHtml, getJson, note, rerender } from "./ctx.js";
import { positionLink, unzoom } from "./input.js";
import { clearPick, shownGame, showVariation } from "./games.js";

export function renderView(s) {
  const bar = $("viewBar");
  bar.hidden = !app.viewing;
  if (!app.viewing) return;
  const v = app.viewing;
  const g = shownGame(s);
  const va = app.variation;
  let what;
  if (va) {
    const k = v.ply - va.base;
    const line = k ? va.moves.slice(0, k).join(" ") : "its start (\u25B6 steps into it)";
    what = `a variation from move ${va.base}: ${line} (not in the game)`;
  } else if (v.ply === 0) what = "the start of the game";
  else {
    const m = g.moves[v.ply - 1];
    what = `move ${v.ply} of ${v.plies}: ${v.move}${m ? " (" + SIDES[m.by] + ")" : ""}`;
  }
  $("viewText").textContent = "Viewing " + what + (v.result ? " \u2013 " + v.result : "");
  $("viewPrev").disabled = v.ply <= 0;
  $("viewNext").disabled = va ? v.ply >= va.base + va.moves.length : v.ply >= g.moves.length;
  $("viewEnd").textContent = va ? "Back to the game" : app.loaded ? "Back to the board's game" : "Back to the game";
}

// --- stepping through the game (view only) -------------------------------------

export async function view(ply) {
  if (!app.state) return;
  clearPick();
  const va = app.variation;
  if (va && ply > va.base && ply <= va.base + va.moves.length) return showVariation(ply);
  // one step back out of a variation keeps it, for the step on into it
  const keep = va && ply === va.base && app.viewing && app.viewing.variation;
  if (!keep) app.variation = null;
  document.body.dataset.variation = "";
  const g = shownGame(app.state);
  if (ply < 0 || ply > g.moves.length) return;
  if (app.loaded) {
    // a loaded game's positions came with it
    unzoom();
    app.viewing = { ...app.loaded.plies[ply], ply, plies: g.moves.length };
    rerender();
    return;
  }
  try {
    const r = await fetch("/view?ply=" + ply, { cache: "no-store" });
    const v = await r.json();
    if (!r.ok) {
      note("error", v.error || "cannot show that position");
      return;
    }
    unzoom();
    app.viewing = v;
    rerender();
  } catch (e) {
    note("error", "no answer from the simulator: " + e);
  }
}

export function endView() {
  if (!app.viewing) return;
  app.viewing = null;
  app.variation = null;
  document.body.dataset.variation = "";
  rerender();
}

export function renderRecord(s) {
  const ol = $("moves");
  const rows = [];
  let row = null;
  const g = shownGame(s);
  g.moves.forEach((m, k) => {
    if (m.by === "ice" && row && row.ice === undefined && row.fire !== undefined) {
      row.ice = k;
      return;
    }
    row = { n: rows.length + 1 };
    if (m.by === "ice") row.ice = k;
    else row.fire = k;
    rows.push(row);
  });
  const last = app.variation ? app.variation.base - 1 : app.viewing ? app.viewing.ply - 1 : g.moves.length - 1;
  const cell = (k, side) => {
    if (k === undefined) return `<span class="mv none">\u2026</span>`;
    const cls = "mv " + side + (k === last ? " last" : "");
    return `<button type="button" class="${cls}" data-ply="${k + 1}" ` +
      `title="Show the position after this move">${g.moves[k].move}</button>`;
  };
  const html = rows
    .map((r) => `<li><span class="num">${r.n}.</span>${cell(r.fire, "fire")}${r.ice !== undefined ? cell(r.ice, "ice") : ""}</li>`)
    .join("");
  if (ol.dataset.html !== html) {
    ol.innerHTML = html;
    ol.dataset.html = html;
    if (!app.viewing) ol.scrollTop = ol.scrollHeight;
  }
  const n = g.moves.length;
  $("moveCount").textContent = (n ? `(${n} move${n === 1 ? "" : "s"})` : "") + (app.loaded ? " \u00b7 " + app.loaded.title : "");
  const pos = app.viewing ? app.viewing.position : s.pegs;
  const toMove = app.viewing ? app.viewing.to_move : s.to_move;
  $("positionLink").href = positionLink(pos, toMove, g.mode);
  const pre = $("recordText");
  const text = app.loaded ? app.loaded.record : s.record;
  if (pre.textContent !== text) {
    // each word in a span of its own that does not break (style.css)
    pre.innerHTML = text.split(/(\s+)/).map((w) => (/\S/.test(w) ? `<span class="tok">${escapeHtml(w)}</span>` : w)).join("");
  }
}

// --- the analysis view: fireice analyse of the game, as a graph ------------------
let review = null; // {key, report}

function reviewKey(g) {
  return `${g.setup}/${g.moves.map((m) => m.move).join(" ")}`;
}

function showProgress(level, done, total, t0) {
  // the analysis so far: the positions searched of the game's
  const sec = Math.round((Date.now() - t0) / 1000);
  const n = total - 1;
  const at = Math.max(0, done - 1);
  $("reviewText").textContent = `The engine (level ${level}) has looked at move ${at} of ${n}\u2026 ${sec} s`;
  const bar = $("reviewProgress");
  bar.hidden = false;
  bar.max = total;
  bar.value = done;
  document.body.dataset.reviewDone = String(done);
}

/** Analyses the game shown (the board's or a loaded one): the server's
 *  job, whose progress the page shows move by move. */
export async function runReview() {
  const g = app.state && shownGame(app.state);
  if (!g || g.mode !== "duel" || !g.moves.length) return;
  const key = reviewKey(g);
  $("btnReview").disabled = true;
  const level = parseInt($("reviewLevel").value, 10);
  const t0 = Date.now();
  const n = g.moves.length;
  $("reviewText").textContent = `The engine (level ${level}) looks at ${n} move${n === 1 ? "" : "s"}\u2026`;
  document.body.dataset.review = "running";
  let a = null;
  try {
    const r = await fetch("/analyse", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: g.text, level }),
    });
    const job = await r.json();
    if (!r.ok) throw new Error(job.error || "status " + r.status);
    for (;;) {
      const p = await getJson("/analyse?job=" + job.job);
      if (!p) break;
      showProgress(level, p.done, p.total, t0);
      if (p.error) throw new Error(p.error);
      if (p.report) {
        a = p.report;
        break;
      }
      await new Promise((ok) => setTimeout(ok, 200));
    }
  } catch (e) {
    note("error", "The analysis failed: " + e.message);
  } finally {
    document.body.dataset.review = "";
    $("reviewProgress").hidden = true;
    $("btnReview").disabled = false;
  }
  if (!a) {
    $("reviewText").textContent = "";
    return;
  }
  review = { key, report: a };
  rerender();
}

function fireChances(rep) {
  // Fire's chance at ply 0 (with the best first move) and after each move
  const fire = (side, x) => (side === "fire" ? x : 1 - x);
  const out = [];
  if (rep.moves.length) out.push(fire(rep.moves[0].side, rep.moves[0].before));
  for (const m of rep.moves) out.push(fire(m.side, m.after));
  return out;
}

function graphAxes(X, Y, n) {
  // Fire's chance from 0 to 100% up the side, the moves along the bottom
  let g = `<line class="axis" x1="${X(0)}" y1="${Y(0)}" x2="${X(0)}" y2="${Y(1)}"/>` +
    `<line class="axis" x1="${X(0)}" y1="${Y(0)}" x2="${X(n)}" y2="${Y(0)}"/>`;
  for (const v of [0, 0.5, 1]) {
    g += `<text class="tick" x="${X(0) - 3}" y="${Y(v) + 3}" text-anchor="end">${100 * v}%</text>`;
  }
  const step = Math.max(1, Math.ceil(n / 8));
  for (let k = step; k <= n; k += step) {
    g += `<text class="tick" x="${X(k)}" y="${Y(0) + 10}" text-anchor="middle">${k}</text>`;
  }
  return g + `<text class="tick title" x="${X(0) + 4}" y="${Y(1) + 2}">Fire's chance</text>`;
}

export function renderReview(s) {
  const box = $("review");
  const g = shownGame(s);
  const fresh = review && review.key === reviewKey(g);
  box.hidden = !review;
  $("btnReview").hidden = g.mode !== "duel";
  $("btnLine").hidden = g.mode !== "duel";
  $("btnReview").disabled = !g.moves.length || document.body.dataset.review === "running";
  if (!review) return;
  const rep = review.report;
  const ys = fireChances(rep);
  const n = Math.max(1, ys.length - 1);
  const X = (k) => 34 + (280 * k) / n;
  const Y = (v) => 96 - 86 * v;
  const pts = ys.map((v, k) => `${X(k).toFixed(1)},${Y(v).toFixed(1)}`).join(" ");
  const viewed = app.viewing ? app.viewing.ply : -1;
  let html = graphAxes(X, Y, n) + `<line class="mid" x1="${X(0)}" y1="${Y(0.5)}" x2="${X(n)}" y2="${Y(0.5)}"/>` +
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
  const graph = $("reviewGraph");
  if (graph.dataset.html !== html) {
    graph.innerHTML = html;
    graph.dataset.html = html;
  }
  const sum = rep.summary;
  const count = (x) => `${x.mistakes} mistake${x.mistakes === 1 ? "" : "s"}, ${x.blunders} blunder${x.blunders === 1 ? "" : "s"}`;
  $("reviewText").textContent = `Fire ${count(sum.fire)} \u00b7 Ice ${count(sum.ice)}` +
    (fresh ? "" : " (of another game, or an earlier state of this one)");
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

