"""The latency from the opponent's POST to the board's lights over the Pico
W's own WiFi link, on the virtual board (`fireice sim --pty --net`) and a
real `fireice server` on 127.0.0.1: for each of the opponent's moves, the
time from its `POST /api/board/game/{id}/move/...` to the board's `plays`
event (the pass that lights the move's holes says it), the board's own
moves made by this process at the board meanwhile.

Prints `name: value` lines: net_latency_moves, net_latency_median_ms,
net_latency_worst_ms.

    .venv/bin/python bench/bench_net_latency.py [MOVES]
"""

import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "host"))

from netgame import NetBoard, free_port, moves_of, random_moves, start_server, wait_server  # noqa: E402

from fireice.duel import Duel  # noqa: E402
from fireice.geom import START  # noqa: E402


def main(n):
    from srvtest import Player, start_game

    with tempfile.TemporaryDirectory() as tmp:
        srv = start_server("sqlite:///" + os.path.join(tmp, "s.sqlite3"), tmp, free_port())
        board = None
        try:
            me, opp = Player(srv), Player(srv)
            gid = start_game(me, opp)
            flash = os.path.join(tmp, "flash")
            os.mkdir(flash)
            board = NetBoard(flash, srv.url, me.token)
            e = board.wait(lambda e: e.get("ev") == "new" and e.get("game") == gid, 60)
            board.set_up(e["position"])
            game = Duel(START)
            took = []
            for text in random_moves(1, n):
                if game.to_move == 1:
                    ply = game.ply
                    board.carry(game, text)
                    wait_server(opp, gid, lambda g, k=ply + 1: len(moves_of(g)) == k)
                    continue
                t0 = time.monotonic()
                r = opp.move(gid, text, game.ply)
                assert r.status_code == 200, r.text
                board.wait(lambda e, m=text: e.get("ev") == "plays" and e.get("move") == m)
                took.append((time.monotonic() - t0) * 1000)
                board.carry(game, text)
                board.wait(lambda e, m=text: e.get("ev") == "move" and e.get("move") == m)
            print("net_latency_moves: %d" % len(took))
            print("net_latency_median_ms: %.0f" % statistics.median(took))
            print("net_latency_worst_ms: %.0f" % max(took))
        finally:
            if board is not None:
                board.close()
            srv.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
