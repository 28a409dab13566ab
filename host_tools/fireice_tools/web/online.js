// "Play online" (docs/online.md): the page's virtual board plays a game of
// a game server. The form signs in through the page's own server
// (POST /online), which keeps the token in its process and runs the bridge
// of `fireice link` on this board; this card shows what the link says.
// It builds its own card before the console's, so that the page's other
// scripts need not know about it.

const card = document.createElement("details");
card.className = "card onlinecard";
card.id = "online";
card.innerHTML = `
  <summary class="label">Play online</summary>
  <form id="onlineForm" class="row" autocomplete="on">
    <input id="onlineServer" name="server" placeholder="server: http://localhost:8026" spellcheck="false" required>
    <input id="onlineUser" name="username" placeholder="username" autocomplete="username" spellcheck="false" required>
    <input id="onlinePassword" name="password" type="password" placeholder="password" autocomplete="current-password" required>
    <button type="submit" id="onlineStart">Play online</button>
    <button type="button" id="onlineStop" hidden>Stop</button>
  </form>
  <div id="onlineState" role="status"></div>
  <pre id="onlineLog"></pre>`;
const anchor = document.querySelector(".consolecard");
if (anchor) anchor.parentNode.insertBefore(card, anchor);
else document.body.appendChild(card);

const $ = (id) => document.getElementById(id);

function show(st) {
  const on = st.running;
  $("onlineStop").hidden = !on;
  $("onlineStart").textContent = on ? "Sign in again" : "Play online";
  let text = on ? `Signed in as ${st.username} on ${st.server}.` : "Not linked.";
  if (on && st.game) {
    text += ` Game ${st.game}: you play ${st.side || "?"} against ${st.opponent || "?"}; link ${st.state}.`;
  } else if (on) {
    text += " Waiting for a game to start.";
  }
  $("onlineState").textContent = text;
  $("onlineLog").textContent = (st.lines || []).slice(-12).join("\n");
}

async function post(body) {
  const r = await fetch("/online", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await r.json();
  if (!r.ok) throw new Error(answer.error || r.statusText);
  return answer;
}

$("onlineForm").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("onlineState").textContent = "Signing in…";
  try {
    show(await post({
      server: $("onlineServer").value,
      username: $("onlineUser").value,
      password: $("onlinePassword").value,
    }));
    card.open = true;
  } catch (err) {
    $("onlineState").textContent = "Not linked: " + err.message;
  }
  $("onlinePassword").value = ""; // the page's server holds the token; the page keeps nothing
});

$("onlineStop").addEventListener("click", async () => {
  try {
    show(await post({ stop: true }));
  } catch (err) {
    $("onlineState").textContent = err.message;
  }
});

async function poll() {
  try {
    const r = await fetch("/online");
    if (r.ok) show(await r.json());
  } catch (err) {
    // the page's server is gone; the page says so elsewhere
  }
  setTimeout(poll, card.open ? 1000 : 5000);
}
poll();
