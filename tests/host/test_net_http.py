"""The WiFi link's HTTP client (fireboard.links_net_http) on the MicroPython
unix port: the answers' framings (chunked, sized, to the close) cut into
small pieces, a line too long, the answers of a real `fireice server` on
127.0.0.1 (a JSON answer, an error, a game's NDJSON stream), and a step
that waits allocating nothing (heap locked)."""

import os
import socket
import subprocess
import threading

import pytest
import netgame
from netgame import MP, ROOT, two_players

net_server = netgame.net_server  # (a fixture: a server for the module)

# The board's side: a request to 127.0.0.1:PORT, its lines printed as they
# come (LINE status text / LONG / END code why), or with "locked" the
# steps that wait for a silent server run with the heap locked.
DRIVER = r"""
import sys, time
from fireboard.links_net_http import Http, address, LINE, DONE, FAIL, TOO_LONG
port, method, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
token = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] != "-" else None
body = sys.argv[5] if len(sys.argv) > 5 else None
h = Http(64 if path.startswith("/small") else 2048, 16)
h.start(address("127.0.0.1", port), "127.0.0.1", method, path, token, body, None, time.ticks_ms())
if path == "/silent":
    for _ in range(200):  # connected and sent: then nothing comes
        h.step(time.ticks_ms())
    import micropython
    now = time.ticks_ms()
    step = h.step
    n = 0
    micropython.heap_lock()
    try:
        for _ in range(20000):
            if step(now) != 0:
                break
            n += 1
    finally:
        micropython.heap_unlock()
    print("WAITED", n)
    sys.exit(0)
t0 = time.ticks_ms()
lines = 0
while time.ticks_diff(time.ticks_ms(), t0) < 10000:
    r = h.step(time.ticks_ms())
    if r == LINE:
        print("LINE", h.status, h.text())
        h.taken()
        lines += 1
        if path.startswith("/api/board/game/stream") and lines >= 2:
            h.close()
            print("END closed")
            break
    elif r == TOO_LONG:
        print("LONG", h.text())
        h.taken()
    elif r == DONE or r == FAIL:
        print("END", r, h.why)
        break
"""

ANSWERS = {
    "/chunked": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    b"5\r\nab\ncd\r\n3;x=1\r\nef\n\r\n1\r\n\n\r\n4\r\nlast\r\n0\r\n\r\n",
    "/sized": b'HTTP/1.1 404 Not Found\r\nContent-Length: 20\r\n\r\n{"error": "no such"}',
    "/close": b"HTTP/1.0 200 OK\r\n\r\nline1\nline2",
    "/empty": b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n",
    "/small": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    b"50\r\n" + b"x" * 79 + b"\n\r\n3\r\nok\n\r\n0\r\n\r\n",
}


@pytest.fixture
def raw_server():
    """A server on a free port that answers ANSWERS[path] 7 bytes at a time
    (or, for /silent, nothing until the client goes)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    srv.settimeout(30)
    requests = []

    def serve():
        while True:
            try:
                c, _ = srv.accept()
            except OSError:
                return
            with c:
                req = c.recv(4096)
                requests.append(req)
                path = req.split()[1].decode()
                if path == "/silent":
                    c.recv(10)  # until the client closes
                    continue
                data = ANSWERS[path]
                for k in range(0, len(data), 7):
                    c.sendall(data[k : k + 7])

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    yield srv.getsockname()[1], requests
    srv.close()


def board_request(tmp_path, port, method, path, token="-", body=None):
    drv = tmp_path / "drive.py"
    drv.write_text(DRIVER)
    argv = [MP, "-X", "heapsize=256k", str(drv), str(port), method, path, token]
    if body is not None:
        argv.append(body)
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    p = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env)
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()


@pytest.mark.parametrize(
    "path, want",
    [
        ("/chunked", ["LINE 200 ab", "LINE 200 cdef", "LINE 200 ", "LINE 200 last", "END 2 None"]),
        ("/sized", ['LINE 404 {"error": "no such"}', "END 2 None"]),
        ("/close", ["LINE 200 line1", "LINE 200 line2", "END 2 None"]),
        ("/empty", ["END 2 None"]),
        ("/small", ["LONG " + "x" * 64, "LINE 200 ok", "END 2 None"]),
    ],
)
def test_framings_in_small_pieces(tmp_path, raw_server, path, want):
    port, requests = raw_server
    assert board_request(tmp_path, port, "GET", path) == want
    assert requests[0].startswith(b"GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n" % path.encode())


def test_a_waiting_step_allocates_nothing(tmp_path, raw_server):
    port, _ = raw_server
    assert board_request(tmp_path, port, "GET", "/silent") == ["WAITED 20000"]


def test_a_refused_connection_fails_cleanly(tmp_path):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nobody listens there now
    out = board_request(tmp_path, port, "GET", "/x")
    assert out[-1].startswith("END 3 "), out


def test_the_server_s_answers_and_game_stream(tmp_path, net_server):
    server = net_server
    import json

    a, b, gid = two_players(server)
    port = int(server.url.rsplit(":", 1)[1])
    out = board_request(tmp_path, port, "GET", "/api/account/playing", a.token)
    assert out[0].startswith("LINE 200 ") and out[-1] == "END 2 None"
    assert [g["id"] for g in json.loads(out[0][9:])] == [gid]
    # a move posted with its ply, then an error answer
    out = board_request(
        tmp_path, port, "POST", "/api/board/game/%s/move/D4-C4?ply=0" % gid, a.token
    )
    assert out[0].startswith("LINE 200 ") and json.loads(out[0][9:]) == {"ok": True}
    out = board_request(
        tmp_path, port, "POST", "/api/board/game/%s/move/D4-C4?ply=5" % gid, a.token
    )
    assert out[0].startswith("LINE 409 "), out
    # the game's stream: gameFull with the move, then a line (keep-alive) as it waits
    out = board_request(tmp_path, port, "GET", "/api/board/game/stream/" + gid, a.token)
    full = json.loads(out[0][9:])
    assert full["type"] == "gameFull" and full["state"]["moves"] == "D4-C4"
    assert out[1] == "LINE 200 " and out[2] == "END closed"
    # a body posted (JSON)
    body = json.dumps({"username": "nobody_here", "password": "x"})
    out = board_request(tmp_path, port, "POST", "/api/token", "-", body)
    assert out[0].startswith("LINE 401 ") or out[0].startswith("LINE 400 "), out
