// The home page kept live: when the event stream tells of a challenge, an
// answer to one, or a game that starts or ends, the page's lists are read
// again from the server (the page itself renders them; nothing is drawn
// twice).
"use strict";

import { follow } from "./api.js";

const LIVE = ["challenges", "noChallenges", "playing", "noGames", "done"];
let pending = null;

async function refresh() {
  pending = null;
  const r = await fetch("/", { credentials: "same-origin" });
  if (!r.ok) return;
  const fresh = new DOMParser().parseFromString(await r.text(), "text/html");
  for (const id of LIVE) {
    const now = document.getElementById(id);
    const next = fresh.getElementById(id);
    if (now && next) now.replaceWith(document.importNode(next, true));
  }
  document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed || 0) + 1);
}

follow("/api/stream/event", (ev) => {
  // events come in bursts on connect: one reading for each burst
  if (ev.type && !pending) pending = setTimeout(refresh, 150);
});
