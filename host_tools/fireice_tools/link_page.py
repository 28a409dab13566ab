"""The simulator page's "Play online" (docs/online.md): the bridge of
`fireice link` (fireice_tools.link.Bridge) run in the page's own process on
its virtual board (web.Simulator), signed in with a username and password.

The token the game server gives (POST /api/token) is kept in this process's
memory only: never written to disk, never sent back to the browser.

HTTP, on the page's server (web.Handler):

    GET  /online   {"running", "server", "username", "game", "state",
                    "lines"}: the link's state and its last lines
    POST /online   {"server": URL, "username": ..., "password": ...}:
                   sign in and start; {"stop": true}: stop
"""

import threading

from fireice_tools.apiclient import ApiError, Client
from fireice_tools.link import Bridge, BoardGone, check_line

KEEP_LINES = 40


class PageBoard:
    """The page's virtual board as the bridge's board: command lines go in
    as the page's console lines do; every line the board writes comes to
    the bridge through the simulator's listeners."""

    def __init__(self, sim):
        self.sim = sim
        self.listener = None

    def start(self, on_message, on_state):
        self.listener = on_message
        self.sim.listeners.append(on_message)
        on_state("up")

    def send(self, line):
        check_line(line)
        # (not web's console input: that one refuses lines over 200
        # characters, and a sync of a long game is about 310)
        sim = self.sim
        with sim.host_lock:
            if not sim.alive:
                raise BoardGone("the virtual board has stopped")
            sim.console_line(line)

    def close(self):
        if self.listener in self.sim.listeners:
            self.sim.listeners.remove(self.listener)


class Lines:
    """A file-like sink for the bridge's lines, the last KEEP_LINES kept."""

    def __init__(self):
        self.lines = []
        self.lock = threading.Lock()

    def write(self, text):
        with self.lock:
            for line in text.splitlines():
                if line.strip():
                    self.lines.append(line.replace("fireice link: ", "", 1))
            del self.lines[:-KEEP_LINES]

    def flush(self):
        pass

    def last(self):
        with self.lock:
            return list(self.lines)


class Online:
    """The page's one link: started, stopped, and what it says."""

    def __init__(self, sim):
        self.sim = sim
        self.lock = threading.Lock()
        self.bridge = None
        self.thread = None
        self.server = None
        self.username = None
        self.out = Lines()

    def start(self, server, username, password):
        """Sign in (a token from POST /api/token) and run the bridge.
        ValueError naming what is wrong."""
        for key, value in (("server", server), ("username", username), ("password", password)):
            if not isinstance(value, str) or not value.strip():
                raise ValueError("%s is missing" % key)
        try:
            client = Client(server.strip(), timeout=10.0)
            token = client.request(
                "POST", "/api/token", {"username": username.strip(), "password": password}
            )["token"]
        except ApiError as e:
            raise ValueError("the server refused the sign-in: %s" % e.message) from None
        except (KeyError, TypeError):
            raise ValueError("that server gave no token: is it a fireice server?") from None
        self.stop()
        with self.lock:
            client.token = token
            self.server, self.username = client.url, username.strip()
            self.out = Lines()
            self.bridge = Bridge(PageBoard(self.sim), client, out=self.out)
            self.thread = threading.Thread(target=self.bridge.run, name="online", daemon=True)
            self.thread.start()

    def stop(self):
        with self.lock:
            bridge, thread = self.bridge, self.thread
            self.bridge = self.thread = None
        if bridge is not None:
            bridge.stop.set()
            thread.join(5)

    def status(self):
        with self.lock:
            bridge = self.bridge
            running = bridge is not None and self.thread.is_alive()
        out = {
            "running": running,
            "server": self.server,
            "username": self.username,
            "lines": self.out.last(),
        }
        if running:
            out["game"] = bridge.game
            out["side"] = bridge.side
            out["opponent"] = bridge.opponent[0] if bridge.opponent else None
            out["state"] = bridge.link_fields()["state"] if bridge.game else None
        return out

    def post(self, body):
        """(status code, answer) for a POST /online body."""
        if not isinstance(body, dict):
            return 400, {
                "error": 'a JSON object: {"server", "username", "password"} or {"stop": true}'
            }
        if body.get("stop") is True and len(body) == 1:
            self.stop()
            return 200, self.status()
        unknown = sorted(set(body) - {"server", "username", "password"})
        if unknown:
            return 400, {"error": "unknown key %r" % unknown[0]}
        try:
            self.start(body.get("server"), body.get("username"), body.get("password"))
        except ValueError as e:
            return 400, {"error": str(e)}
        return 200, self.status()


def online(sim):
    """The simulator's Online, made when first asked for."""
    with sim.cond:
        if getattr(sim, "online", None) is None:
            sim.online = Online(sim)
        return sim.online
