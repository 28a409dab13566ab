"""`fireice sim --pty` as a program's board (issue 28, item 6): peg actions
on its standard input, the board's events on its standard output after the
device path, while a client holds the port and plays the remote side."""

import json
import queue
import threading
import time

from ptysim import PtySim, fireice

from fireice.geom import START

NEW = 'new {"vs": "ice", "remote": true, "game": "abc12345", "opponent": "bob"}'


def _lines(sim):
    """The sim's standard output, line by line, as a thread reads it. (A
    select() on the pipe cannot be used: when several lines come in one
    read, those after the first wait in the file's buffer, where select()
    does not see them, and the test would wait for more output that never
    comes.)"""
    if not hasattr(sim, "lines"):
        sim.lines = queue.Queue()

        def pump():
            for line in sim.p.stdout:
                sim.lines.put(line)
            sim.lines.put("")  # the end

        threading.Thread(target=pump, daemon=True).start()
    return sim.lines


def next_event(sim, want, timeout=30.0):
    """The next event on the sim's standard output with the keys of want."""
    end = time.monotonic() + timeout
    lines = _lines(sim)
    while True:
        try:
            line = lines.get(timeout=max(0.0, end - time.monotonic()))
        except queue.Empty:
            raise AssertionError("no event %s within %s s" % (want, timeout)) from None
        assert line, "the sim ended: " + sim.p.stderr.read()[-2000:]
        ev = json.loads(line)
        assert "ev" in ev and "re" not in ev, ev  # events only, never replies
        if all(ev.get(k) == v for k, v in want.items()):
            return ev


def move(sim, frm, to, side):
    other = "ice" if side == "fire" else "fire"
    sim.world(lift=frm)
    time.sleep(0.1)
    sim.world(put=to, peg=side)
    time.sleep(0.1)
    sim.world(put=frm, peg=other)


def test_a_program_plays_the_board_while_a_client_holds_the_port(tmp_path):
    with PtySim(tmp_path) as sim:
        next_event(sim, {"ev": "hello"})
        b = sim.board(timeout=20.0)
        try:
            r = b.command(NEW, timeout=20.0)
            assert r["remote"] is True and r["game"] == "abc12345"
            next_event(sim, {"ev": "new", "remote": "ice", "game": "abc12345"})
            sim.world(board="-" * 49)
            time.sleep(0.2)
            sim.world(board=START)
            next_event(sim, {"ev": "ready"})
            move(sim, "D4", "C4", "fire")
            ev = next_event(sim, {"ev": "move", "move": "D4-C4"})
            assert (ev["by"], ev["ply"]) == ("fire", 1)
            assert b.command("remote D4-D5", timeout=20.0)["ply"] == 2
            next_event(sim, {"ev": "plays", "move": "D4-D5", "remote": True})
            move(sim, "D4", "D5", "ice")
            ev = next_event(sim, {"ev": "move", "move": "D4-D5"})
            assert (ev["by"], ev["ply"]) == ("ice", 2)
            st = b.command("status", timeout=20.0)
            assert st["remote"]["game"] == "abc12345" and st["moves"] == 2
            b.command('remote link {"state": "waiting", "rating": 1500}', timeout=20.0)
            next_event(sim, {"ev": "link", "state": "waiting"})
        finally:
            b.close()
        # fireice diag shows the link's state
        p = fireice("diag", "--frames", "1", port=sim.port)
        assert p.returncode == 0, p.stderr
        want = "remote game abc12345 against bob (ice), link waiting for the opponent"
        assert want + ", rating 1500" in p.stdout, p.stdout
