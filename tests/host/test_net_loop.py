"""The main loop with the WiFi link in it (fireboard.links_net) allocates
nothing while the link waits: the board (its App, on the virtual board's
hardware, in MicroPython) holds a game's stream open on a real `fireice
server` on 127.0.0.1, and its passes run with the heap locked for two
seconds, the server's keep-alive lines (one a second) arriving meanwhile."""

import json
import os
import subprocess

import netgame
from netgame import MP, ROOT, two_players

net_server = netgame.net_server  # (a fixture: a server for the module)

DRIVER = r"""
import json, sys, time
import micropython
from fireboard.board import start
from simboard.memstore import MemStore
from simboard.hw import Hardware
from fireboard.links_net_http import LINE

store = MemStore()
store.write("config.json", sys.argv[1])
events = []
app, hw, started = start(store, lambda cfg: Hardware(cfg, 0), events.append, 0, None)
app.begin(time.ticks_ms(), *started)
hw.holes[24] = 1
app.settle()
link = app.parts[-1]
t0 = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t0) < 20000:  # until the game's stream is held
    now = time.ticks_ms()
    hw.now = now
    app.tick(now)
    if link.req == "game" and link.state == 3 and link.synced and link.http.state == 3:
        break
print("STREAM", link.req, link.game, link.synced)
h = link.http
lines = [0]
step = h.step


def counting(now):  # (the link's step, counting the keep-alive lines it takes)
    r = step(now)
    if r == LINE:
        lines[0] += 1
    return r


h.step = counting
failed = [0]  # MemoryErrors in the link's passes (App.tick would try a pass again)
ltick = link.tick


def guarded(app, now):
    try:
        ltick(app, now)
    except MemoryError:
        failed[0] += 1
        raise


link.tick = guarded
ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
tick = app.tick
passes = 0
t0 = ticks_ms()
micropython.heap_lock()
try:
    while ticks_diff(ticks_ms(), t0) < 2500:
        now = ticks_ms()
        hw.now = now
        tick(now)
        passes += 1
finally:
    micropython.heap_unlock()
print("LOCKED", passes, lines[0], link.state, link.req, failed[0])
micropython.heap_lock()
try:
    bytearray(8)
    print("CONTROL allocated")
except MemoryError:
    print("CONTROL refused")
micropython.heap_unlock()
print("ERRORS", json.dumps([e for e in events if e.get("ev") == "error" and "remote" not in e.get("reason", "")]))
"""


def test_the_loop_allocates_nothing_while_the_link_waits(tmp_path, net_server):
    server = net_server
    a, b, gid = two_players(server)
    settings = {"wifi_ssid": "home", "server": server.url, "token": a.token}
    drv = tmp_path / "drive.py"
    drv.write_text(DRIVER)
    path = os.pathsep.join(
        [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "firmware", "simboard")]
    )
    p = subprocess.run(
        [MP, "-X", "heapsize=512k", str(drv), json.dumps(settings)],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, MICROPYPATH=path),
    )
    assert p.returncode == 0, p.stdout + p.stderr
    out = {line.split()[0]: line.split(None, 1)[1] for line in p.stdout.splitlines()}
    assert out["STREAM"].split()[:2] == ["game", gid], out
    assert out["CONTROL"] == "refused"  # the lock does stop an allocation
    passes, lines, state, req, failed = out["LOCKED"].split()
    assert int(passes) > 1000 and (state, req, failed) == ("3", "game", "0")
    assert int(lines) >= 1  # keep-alive lines came while locked (every second)
    assert json.loads(out["ERRORS"]) == []
