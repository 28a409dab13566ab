// The home page's live part: challenges to me and from me (accept, decline,
// cancel), and games that start, from the event stream.
"use strict";

import { esc, follow, post } from "./api.js";

const me = document.body.dataset.me;
const list = document.getElementById("challenges");
const none = document.getElementById("noChallenges");
const challenges = new Map();

function describe(c) {
  const from = (c.challenger && (c.challenger.name || c.challenger)) || "?";
  const dest = (c.destUser && (c.destUser.name || c.destUser)) || c.dest || "?";
  const mine = from.toLowerCase() === me.toLowerCase();
  const time = c.clock ? `${Math.round(c.clock.limit / 60)} min + ${c.clock.increment} s` : `${c.days} days a move`;
  const hc = c.handicap ? `, handicap ${c.handicap} for ${c.handicap_side || "fire"}` : "";
  const rated = c.rated === false ? "casual" : "rated";
  return { mine, who: mine ? dest : from, text: `${time}${hc}, ${rated}` };
}

function render() {
  list.innerHTML = "";
  for (const c of challenges.values()) {
    const d = describe(c);
    const li = document.createElement("li");
    li.className = "challenge";
    li.dataset.challenge = c.id;
    const side = d.mine ? c.color : { fire: "ice", ice: "fire" }[c.color] || "random";
    li.innerHTML = d.mine
      ? `To <a href="/player/${esc(d.who)}">${esc(d.who)}</a> (you play ${esc(side)}; ${esc(d.text)})
         <button type="button" data-act="cancel">Cancel</button>`
      : `From <a href="/player/${esc(d.who)}">${esc(d.who)}</a> (you play ${esc(side)}; ${esc(d.text)})
         <button type="button" data-act="accept">Accept</button>
         <button type="button" data-act="decline">Decline</button>`;
    for (const b of li.querySelectorAll("button")) {
      b.addEventListener("click", () => answer(c.id, b.dataset.act, li));
    }
    list.appendChild(li);
  }
  none.hidden = challenges.size > 0;
}

async function answer(id, act, li) {
  const [status, a] = await post(`/api/challenge/${encodeURIComponent(id)}/${act}`);
  if (status !== 200) {
    li.insertAdjacentHTML("beforeend", ` <span class="error">${esc(a.error || status)}</span>`);
    return;
  }
  challenges.delete(id);
  render();
  if (act === "accept") location.href = `/game/${encodeURIComponent(id)}`;
}

function addGame(g, started) {
  const ul = document.getElementById("playing");
  if (ul.querySelector(`[data-game="${CSS.escape(String(g.id))}"]`)) return;
  const li = document.createElement("li");
  li.className = "game new";
  li.dataset.game = g.id;
  li.innerHTML = `<a href="/game/${encodeURIComponent(g.id)}">Game ${esc(g.id)}</a> ${started ? "has started" : ""}`;
  ul.appendChild(li);
  const noGames = document.getElementById("noGames");
  if (noGames) noGames.hidden = true;
}

follow("/api/stream/event", (ev) => {
  if (ev.type === "challenge") {
    challenges.set(ev.challenge.id, ev.challenge);
  } else if (ev.type === "challengeDeclined" || ev.type === "challengeCanceled") {
    challenges.delete(ev.challenge ? ev.challenge.id : ev.id);
  } else if (ev.type === "gameStart") {
    challenges.delete(ev.game.id);
    addGame(ev.game, true);
  }
  render();
});
render();
