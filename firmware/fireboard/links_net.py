# The Pico W's own link to the game server (docs/online.md, "From a Pico W"): a part of
# the main loop (app.parts) that joins the WiFi network, pairs the board
# with an account when it has no token, and plays the account's game on
# the server through the board's remote game (docs/remote.md), with no PC.
#
# It holds one connection at a time (a TLS one costs most of the heap's
# free room): the game's NDJSON stream, closed for the moment a move or a
# "carried" is posted, then opened again from the last event seen
# (?since=SEQ). Every step is short and never waits: the WiFi's state is
# asked, the socket is polled (fireboard.links_net_http), and a pass with
# nothing to do allocates nothing.
#
# The board's side of the game goes through the remote game's commands
# (CONTRACT A: new, remote sync, remote end, remote link), handed to the
# USB command handler as if they came over USB, their replies kept here;
# the board's events come to event() (app.outputs): the local side's moves
# are posted with their ply, the remote side's moves standing on the board
# are told to the server (carried).
import json

from fireice.ticks import ticks_add, ticks_diff
from fireboard.links_net_http import DONE, FAIL, LINE, TOO_LONG, Http

# what the link is doing (state)
_WIFI = 0  # joining the network
_READY = 1  # between requests: the next one is chosen
_WAIT = 2  # waiting until self.at (a retry, the pairing's interval)
_REQ = 3  # a request under way (self.req names it)

# the requests (req)
CODE = "code"
TOKEN = "token"
PLAYING = "playing"
EVENTS = "events"
GAME = "game"
MOVE = "move"
CARRIED = "carried"

RETRY_MS = 5000  # after a failure, the first wait; doubled up to RETRY_MAX_MS
RETRY_MAX_MS = 60000
WIFI_MS = 20000  # a WiFi join that takes longer is tried again


class Link:
    """The WiFi link, in app.parts. net: the network module (the Pico W's
    `network`, or the virtual board's stand-in, simboard.network)."""

    def __init__(self, app, net, now):
        cfg = app.cfg
        from fireboard.links_net_http import split_url

        self.tls, self.host, self.port = split_url(cfg["server"])
        self.http = Http()
        self.net = net
        self.wlan = None
        self.state = _WIFI
        self.req = None
        self.at = now  # when a wait ends, or the WiFi join began
        self.backoff = RETRY_MS
        self.addr = None
        self.ctx = None  # the TLS context (fireboard.links_net_tls), made once
        self.game = None  # the server's game id played on the board
        self.side = None  # the board's side in it ("fire" or "ice")
        self.remote = None  # the other side
        self.seq = -1  # the game stream's last event seen
        self.synced = False  # the board has the game (new and sync sent)
        self.posts = []  # ("move", move, ply) or ("carried", None, ply), in order
        self.shown = None  # the link state last told to the board
        self.pairing = None  # (device code, interval ms, user code, polls) while pairing
        self.reply = None  # the last command's reply
        self.error = None  # the last failure (said over USB as it happens)
        self._app = app
        app.outputs.append(self.event)

    # --- the board ---------------------------------------------------------------

    def command(self, app, line):
        """A board command (docs/protocol.md), as if it came over USB: its
        reply (the command code loaded for it and dropped after)."""
        from fireboard.mem import run

        self.reply = None
        run("command", app, line, self._keep)
        # (a new game asked for is made by the next pass, App.tick, with
        # this link's frame and the line it read gone)
        r = self.reply
        self.reply = None
        return r

    def _keep(self, reply):
        self.reply = reply
        reply["at"] = 0
        if "error" in reply:  # said over USB too: the owner sees why
            reply["via"] = "wifi"
            self.say(reply)

    def say(self, ev):
        # an event to the board's other outputs (USB), not to this link
        for out in self._app.outputs:
            if out != self.event:
                out(ev)

    def event(self, ev):
        """The board's events (app.outputs): the moves to post."""
        kind = ev.get("ev")
        if kind == "move" and self.game is not None and "ply" in ev:
            if ev.get("synced"):
                return  # a local move the server had already (played elsewhere)
            if ev.get("by") == self.side:
                self._post(MOVE, ev["move"], ev["ply"] - 1)
            elif ev.get("by") == self.remote:
                self._post(CARRIED, None, ev["ply"])
        elif kind == "resumed" and ev.get("game"):
            # a remote game resumed after a power cut: found again on the server
            self.game = ev["game"]
            self.remote = ev.get("remote")
            self.side = "fire" if self.remote == "ice" else "ice"

    def _post(self, what, move, ply):
        for p in self.posts:
            if p[0] == what and p[2] == ply:
                return  # (a move said again: posted once; its ply makes a retry safe)
        self.posts.append((what, move, ply))

    def link_state(self, app, state):
        if state != self.shown and self.game is not None and self.synced:
            self.shown = state
            self.command(app, 'remote link {"state": "%s"}' % state)

    # --- the loop ----------------------------------------------------------------

    def tick(self, app, now):
        self._app = app
        st = self.state
        if st == _REQ and self.posts and (self.req == GAME or self.req == EVENTS):
            # one connection: the stream closes for the post, and opens
            # again after it from the last event seen
            self.http.close()
            st = self.state = _READY
        if st == _REQ:
            self._step(app, now)
        elif st == _WAIT:
            if ticks_diff(now, self.at) >= 0:
                self.state = _READY
        elif st == _READY:
            self._next(app, now)
        else:
            self._wifi(app, now)

    def _wifi(self, app, now):
        w = self.wlan
        if w is None:
            cfg = app.cfg
            w = self.wlan = self.net.WLAN(self.net.STA_IF)
            w.active(True)
            w.connect(cfg["wifi_ssid"], cfg["wifi_password"] or "")
            self.at = now
            return
        if w.isconnected():
            self.state = _READY
            self.backoff = RETRY_MS
            return
        if w.status() < 0 or ticks_diff(now, self.at) > WIFI_MS:
            self.error = "WiFi: cannot join %s (status %d)" % (app.cfg["wifi_ssid"], w.status())
            self.say({"ev": "error", "reason": self.error, "via": "wifi"})
            w.disconnect()
            self.wlan = None
            self._retry(now)

    def _retry(self, now):
        self.state = _WAIT
        self.at = ticks_add(now, self.backoff)
        self.backoff = min(self.backoff * 2, RETRY_MAX_MS)
        self.link_state(self._app, "offline")

    def _next(self, app, now):
        """The next request: pairing, a post waiting, the game's stream, or
        finding a game."""
        if self.wlan is not None and not self.wlan.isconnected():
            self.wlan = None
            self.state = _WIFI
            self.link_state(app, "offline")
            return
        token = app.cfg["token"]
        if not token:
            if self.pairing is None:
                self._start(CODE, "POST", "/api/device/code", now, None, '{"name": "fireboard"}')
            else:
                body = '{"device_code": "%s"}' % self.pairing[0]
                self._start(TOKEN, "POST", "/api/device/token", now, None, body)
            return
        if self.posts:
            what, move, ply = self.posts[0]
            if what == MOVE:
                path = "/api/board/game/%s/move/%s?ply=%d" % (self.game, move, ply)
            else:
                path = "/api/board/game/%s/carried?ply=%d" % (self.game, ply)
            self._start(what, "POST", path, now, token)
        elif self.game is None:
            self._start(PLAYING, "GET", "/api/account/playing", now, token)
        else:
            path = "/api/board/game/stream/" + self.game
            if self.synced and self.seq >= 0:
                path += "?since=%d" % self.seq
            self._start(GAME, "GET", path, now, token)

    def _start(self, req, method, path, now, token, body=None):
        try:
            if self.addr is None:
                from fireboard.links_net_http import address

                self.addr = address(self.host, self.port)
            if self.tls and self.ctx is None:
                from fireboard.mem import run

                self.ctx = run("tls", self._app.games.store)
            self.http.start(self.addr, self.host, method, path, token, body, self.ctx, now)
        except (OSError, ValueError) as e:
            self._failed(now, "%s: %s" % (req, e))
            return
        self.req = req
        self.state = _REQ

    def _failed(self, now, why):
        self.error = why
        self.addr = None  # (looked up again: the server may have moved)
        self.say({"ev": "error", "reason": "server: " + why, "via": "wifi"})
        self._retry(now)

    def _step(self, app, now):
        h = self.http
        r = h.step(now)
        if r == LINE:
            try:
                self._line(app, now, h.status, json.loads(h.line[: h.n]) if h.n else None)
            except ValueError:
                pass  # (not JSON: skipped)
            h.taken()
        elif r == TOO_LONG:
            h.taken()
            self.say({"ev": "error", "reason": "server: a line longer than %d bytes skipped"
                      % len(h.line), "via": "wifi"})  # fmt: skip
        elif r == DONE:
            self._done(app, now)
        elif r == FAIL:
            self._failed(now, "%s: %s" % (self.req, h.why))

    def _line(self, app, now, status, msg):
        req = self.req
        if msg is None:  # a keep-alive line
            return
        if status != 200:
            self.reply = (status, msg)
            return
        if req == GAME:
            self._game_line(app, msg)
        elif req == EVENTS:
            if msg.get("type") == "gameStart":
                self._chose(msg["game"])
                self.http.close()
                self.state = _READY
        elif req == PLAYING:
            self._choose(msg)
        elif req == CODE:
            self.pairing = (msg["device_code"], msg.get("interval", 5) * 1000, msg["user_code"], 0)
            self._show_code(app, msg["user_code"], now)
        elif req == TOKEN and msg.get("token"):
            # kept in config.json as the set command keeps a setting
            r = self.command(app, "set token " + json.dumps(msg["token"]))
            if r is None or "error" in r:
                return  # (said over USB: the next poll gets invalid_grant, then a new code)
            app.cfg["token"] = msg["token"]
            self.pairing = None
            app.hold = None
            app.lights._seen = -1
            self.say({"ev": "paired", "username": msg.get("username"), "via": "wifi"})

    def _done(self, app, now):
        req = self.req
        r = self.reply
        self.reply = None
        self.state = _READY
        if r is not None:  # an answer other than 200
            status, msg = r
            if req == TOKEN and status == 400:
                err = msg.get("error")
                if err == "authorization_pending" or err == "slow_down":
                    more = 5000 if err == "slow_down" else 0
                    p = self.pairing
                    self.pairing = (p[0], p[1] + more, p[2], p[3] + 1)
                    if not (p[3] + 1) % 6:  # said again now and then, for a
                        # terminal opened after the first time
                        self._say_code(app)
                elif err == "expired_token" or err == "invalid_grant":
                    self.pairing = None  # a new code
                    self._wait(now, 0)
                    return
            elif req == CARRIED:
                # (409: not the game's current ply, a move brought by a
                # sync; nothing to hold)
                self.posts.pop(0)
                return
            elif req == MOVE:
                # refused for good (409: the ply is taken; 400: illegal):
                # the server's game stands, the next stream syncs the board
                self.posts.pop(0)
                self.synced = False
                self.say({"ev": "error", "reason": "server: %s refused: %s"
                          % (req, msg.get("error")), "via": "wifi"})  # fmt: skip
                return
            elif req == GAME and status == 400 and self.synced:
                self.synced = False  # (a since the server does not know: from the start)
                return
            else:
                self._failed(now, "%s: %d %s" % (req, status, msg.get("error")))
                if status == 401 or status == 403:  # the token is no good: pair again
                    app.cfg["token"] = None
                return
        if req == TOKEN:
            self._wait(now, self.pairing[1] if self.pairing else 0)
        elif req == MOVE or req == CARRIED:
            self.posts.pop(0)
            self.backoff = RETRY_MS
        elif req == PLAYING and self.game is None:
            self._start(EVENTS, "GET", "/api/stream/event", now, app.cfg["token"])
        elif req == GAME:  # the game's stream ended: the game is over, or the server went
            pass

    def _wait(self, now, ms):
        self.state = _WAIT
        self.at = ticks_add(now, ms)

    def _choose(self, games):
        """The game to play from /api/account/playing: the board's own, else
        the first whose turn it is, else the first."""
        pick = None
        for g in games:
            if g["id"] == self.game:
                pick = g
                break
            if pick is None or (g.get("isMyTurn") and not pick.get("isMyTurn")):
                pick = g
        if pick is not None:
            self._chose(pick)

    def _chose(self, g):
        self.game = g["id"]
        self.side = g.get("color") or self.side
        self.remote = "ice" if self.side == "fire" else "fire"
        self.synced = False

    def _game_line(self, app, msg):
        kind = msg.get("type")
        if "seq" in msg:
            self.seq = msg["seq"]
        if kind == "gameFull":
            # (the board's side: from the playing list, gameStart or the
            # resumed game)
            opp = msg[self.remote]["name"]
            here = self.command(app, "remote")
            here = here.get("remote") if here else None
            if not (isinstance(here, dict) and here.get("game") == msg["id"]):
                spec = {"vs": self.remote, "remote": True, "game": msg["id"], "opponent": opp}
                if msg.get("handicap"):
                    spec["position"] = msg["setup"]
                    spec["to_move"] = "fire"
                r = self.command(app, "new " + json.dumps(spec))
                # the game is made by the next pass; then the stream again,
                # from its start, finds it the board's and syncs it (after
                # a wait when the board refused it: said over USB)
                self.http.close()
                if r is None or "error" in r:
                    self._retry(app.now)
                else:
                    self.state = _READY
                return
            self.synced = True
            self._state(app, msg["state"])
        elif kind == "gameState":
            self._state(app, msg)
        elif kind == "opponentGone":
            self.link_state(app, "gone" if msg.get("gone") else "connected")

    def _state(self, app, st):
        self.command(app, 'remote sync "%s"' % st["moves"])
        if st.get("status") not in (None, "started"):
            spec = {"winner": st.get("winner"), "status": st["status"]}
            self.command(app, "remote end " + json.dumps(spec))
            self.game = None
            self.synced = False
            self.shown = None
            self.http.close()
            self.state = _READY
            return
        self.link_state(app, "connected" if st.get("to_move") == self.side else "waiting")

    def _show_code(self, app, code, now):
        """The pairing code on the lights (its four holes) and over USB."""
        from fireice.notation import parse_hole

        lights = app.lights
        f = lights.frame
        for k in range(len(f)):
            f[k] = 0
        for name in code.split():
            h = parse_hole(name)
            f[3 * h + 2] = 160  # blue
        app.hold = (0, now)  # the game's lights wait (App.tick)
        lights.show()
        self._say_code(app)

    def _say_code(self, app):
        code = self.pairing[2]
        self.say({"ev": "pair", "code": code, "url": app.cfg["server"] + "/device", "via": "wifi"})


def start(app, now):
    """The link in app.parts when the settings name a WiFi network and a
    server; an error event when the board has no WiFi."""
    cfg = app.cfg
    if not cfg.get("wifi_ssid") or not cfg.get("server"):
        return None
    try:
        import network
    except ImportError:
        app._out({"ev": "error", "reason": "wifi_ssid is set, but this board has no WiFi"})
        return None
    link = Link(app, network, now)
    app.parts.append(link)
    return link
