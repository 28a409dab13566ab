"""The game and the Pico W's WiFi link together in the board's heap: the
smallest heap in which the board, its code in ROM as bench_heap runs it
(fireice_tools.firmware.micropython_cmd "rom"), plays the worst case over
its own link against a real `fireice server` on 127.0.0.1: the longest
game of bench_heap (tests/host/edges.longest_duel) on the server but its
last move, the board new to it, so that the link's first line (gameFull)
carries the longest move list, the board syncs it all and shows every
move, which a hand (simboard.netrun) carries out, to the longest record.

Prints `name: value` lines per front end: net_heap_kb_FRONT (the smallest
heap, in KB, from which every larger one tried up to 96 KB passes),
net_heap_fits_64k_FRONT and net_heap_fits_96k_FRONT (1 or 0), and
net_heap_free_96k_FRONT (bytes free at the end in 96 KB).

    .venv/bin/python bench/bench_net_heap.py [digital colour]
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "host"))

from netgame import free_port, start_server  # noqa: E402

from fireice.geom import move_name  # noqa: E402
from fireice_tools import firmware  # noqa: E402

TOP_KB = 96
SECONDS = 240


def server_game(srv):
    """The board's token and the game on the server: the longest duel but
    its last move (a game in progress); (token, number of moves)."""
    import edges
    from srvtest import Player, start_game

    _, moves = edges.longest_duel()
    names = [move_name(*m) for m in moves[:-1]]
    me, opp = Player(srv), Player(srv)
    gid = start_game(me, opp)
    from fireice.duel import Duel
    from fireice.geom import START

    game = Duel(START)
    for k, m in enumerate(moves[:-1]):
        who = me if game.to_move == 1 else opp
        r = who.move(gid, names[k], k)
        assert r.status_code == 200, r.text
        game.push(*m)
    return me.token, len(names)


def run(kb, front, url, token, n):
    """(passed, free bytes at the end) for a board in kb KB."""
    with tempfile.TemporaryDirectory() as flash:
        with open(os.path.join(flash, "config.json"), "w") as f:
            json.dump({"wifi_ssid": "sim", "server": url, "token": token, "front": front}, f)
        argv, env, cwd = firmware.micropython_cmd("%dk" % kb, "simboard.netrun", "rom")
        argv += [flash, front, str(SECONDS), str(n)]
        p = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True,
                           timeout=SECONDS + 60)  # fmt: skip
    last = p.stdout.strip().splitlines()[-1:] or [""]
    # (the server's refusals said by the link are not the board's failures;
    # memory running out anywhere is)
    errors = [x for x in p.stdout.splitlines() if "memory" in x]
    ok = p.returncode == 0 and last[0].startswith("DONE ") and not errors
    free = int(last[0].split()[2]) if ok else None
    return ok, free


def main(fronts):
    with tempfile.TemporaryDirectory() as tmp:
        srv = start_server("sqlite:///" + os.path.join(tmp, "s.sqlite3"), tmp, free_port())
        try:
            for front in fronts:
                # (a game of its own each: the board's account plays it)
                token, n = server_game(srv)
                ok, free = run(TOP_KB, front, srv.url, token, n)
                print("net_heap_moves_%s: %d" % (front, n))
                print("net_heap_fits_96k_%s: %d" % (front, ok))
                print("net_heap_free_96k_%s: %s" % (front, free))
                good = TOP_KB if ok else None
                kb = TOP_KB - 4
                while ok and kb >= 40:
                    ok, _ = run(kb, front, srv.url, token, n)
                    if ok:
                        good = kb
                    kb -= 4
                print("net_heap_kb_%s: %s" % (front, good))
                print("net_heap_fits_64k_%s: %d" % (front, good is not None and good <= 64))
        finally:
            srv.stop()


if __name__ == "__main__":
    main(sys.argv[1:] or ["digital", "colour"])
