"""A small client of the game server's API (docs/server.md), for `fireice
bot` and `fireice remote`: JSON requests and NDJSON streams over HTTP, with
the standard library only, so that the terminal commands need nothing more.

Every failure is an ApiError with a message a person can act on: the
server cannot be reached (ServerDown), the token is refused (status 401),
or the server's own `{"error"}` for anything else it refused.
"""

import http.client
import json
import os
import socket
import urllib.parse

# A stream sends a keep-alive line at least every 10 s: a stream silent for
# this long has lost its connection, even when no error says so.
STREAM_TIMEOUT_S = 30.0
REQUEST_TIMEOUT_S = 30.0


class ApiError(Exception):
    """The server refused a request (status, its error text), or could not
    be reached (status 0)."""

    def __init__(self, status, message):
        Exception.__init__(self, message)
        self.status = status
        self.message = message


class ServerDown(ApiError):
    """No answer: the server is down, unreachable, or the connection broke."""

    def __init__(self, message):
        ApiError.__init__(self, 0, message)


class Client:
    def __init__(self, url, token=None, timeout=REQUEST_TIMEOUT_S):
        parts = urllib.parse.urlsplit(url if "//" in url else "http://" + url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("not a server address: %r (http://HOST:PORT)" % url)
        self.url = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "", "", ""))
        self.scheme = parts.scheme
        self.host = parts.hostname
        self.port = parts.port
        self.prefix = parts.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _connection(self, timeout):
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=timeout)

    def _path(self, path, params):
        quoted = urllib.parse.quote(self.prefix + path, safe="/-_.~+")
        if params:
            quoted += "?" + urllib.parse.urlencode(params)
        return quoted

    def _send(self, method, path, body, params, timeout, accept):
        headers = {"Accept": accept}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        conn = self._connection(timeout)
        try:
            conn.request(method, self._path(path, params), body=data, headers=headers)
            return conn, conn.getresponse()
        except (OSError, http.client.HTTPException) as e:
            conn.close()
            raise ServerDown("no answer from %s: %s" % (self.url, _why(e)))

    def request(self, method, path, body=None, params=None):
        """The decoded JSON answer of a 2xx; ApiError otherwise."""
        conn, resp = self._send(method, path, body, params, self.timeout, "application/json")
        try:
            try:
                raw = resp.read()
            except (OSError, http.client.HTTPException) as e:
                raise ServerDown("the answer from %s broke off: %s" % (self.url, _why(e)))
        finally:
            conn.close()
        try:
            answer = json.loads(raw) if raw.strip() else None
        except ValueError:
            answer = None
        if 200 <= resp.status < 300:
            return answer
        raise _refused(resp, answer)

    def stream(self, path, params=None, timeout=STREAM_TIMEOUT_S, on_open=None):
        """The objects of an NDJSON stream, one by one (keep-alive lines
        skipped); ServerDown when it breaks or falls silent, ApiError when
        it is refused. It ends when the server ends it. on_open() is called
        once the server has answered 200."""
        conn, resp = self._send("GET", path, None, params, timeout, "application/x-ndjson")
        try:
            if not 200 <= resp.status < 300:
                raw = resp.read()
                try:
                    answer = json.loads(raw)
                except ValueError:
                    answer = None
                raise _refused(resp, answer)
            if on_open:
                on_open()
            while True:
                try:
                    line = resp.readline()
                except (OSError, http.client.HTTPException) as e:
                    raise ServerDown("the stream from %s broke off: %s" % (self.url, _why(e)))
                if not line:
                    return
                line = line.strip()
                if not line:
                    continue  # keep-alive
                try:
                    yield json.loads(line)
                except ValueError:
                    raise ServerDown("the stream from %s sent a line that is not JSON" % self.url)
        finally:
            conn.close()


def _why(e):
    if isinstance(e, ConnectionRefusedError):
        return "connection refused (is the server running?)"
    if isinstance(e, socket.timeout):
        return "timed out"
    if isinstance(e, socket.gaierror):
        return "unknown host"
    return str(e) or type(e).__name__


def _refused(resp, answer):
    error = answer.get("error") if isinstance(answer, dict) else None
    if not error:
        error = "%d %s" % (resp.status, resp.reason)
    return ApiError(resp.status, str(error))


def add_server_arguments(p, whose):
    """--server and --token for a command that plays on a server as an
    account (whose: "the bot account's", "the player's")."""
    p.add_argument("--server", required=True, metavar="URL", help="the server, http://HOST:PORT")
    p.add_argument(
        "--token",
        default=os.environ.get("FIREICE_TOKEN"),
        required="FIREICE_TOKEN" not in os.environ,
        help="%s API token (default: $FIREICE_TOKEN, which keeps it out of the "
        "process list)" % whose,
    )
