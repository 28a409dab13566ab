"""The latency of an online game over the USB link (make bench): from the
opponent's move posted to the game server to the board's lights showing it
(its `plays` event, which the board says in the pass after the one whose
LED frame first shows the move: docs/protocol.md; a board sends no LED
frames over USB),
through `fireice link` on the virtual board (fireice sim --pty, real time,
this machine's CPU), a real `fireice server` on 127.0.0.1 and an API client
as the opponent, over one whole game played at random. Prints "name: value"
lines: the moves timed, the median and the worst, in ms."""

import pathlib
import statistics
import sys
import tempfile
import time

sys.path.insert(0, "tests/host")

from linkkit import Table, free_port, random_legal, start_server  # noqa: E402


MOVES = 60  # a game has at most 49 moves


def timed_remote_move(table):
    """Bob's move: the seconds from before its POST to the board's `plays`
    event read from the virtual board; then it is carried out."""
    moves = table.moves()
    side, move = random_legal(table.setup, moves, table.rng)
    board = table.board
    since = board.mark()
    t0 = time.monotonic()
    table.bob_api.request(
        "POST", "/api/board/game/%s/move/%s" % (table.gid, move), params={"ply": len(moves)}
    )
    ev = board.wait("%s shown" % move, lambda e: e.get("ev") == "plays", since)
    with board.cond:
        at = board.arrived[board.events.index(ev, since)]
    board.carry(move, "ice")
    board.wait("%s carried" % move, lambda e: e.get("ev") == "move" and e["by"] == "ice", since)
    return at - t0


def main():
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-link-"))
    server = start_server(tmp, ("--port", str(free_port())))
    table = None
    try:
        table = Table(server, tmp, days=3)
        took = []
        for _ in range(MOVES):
            st = table.state()
            if st["status"] != "started":
                break
            if st["to_move"] == "ice":
                took.append(timed_remote_move(table))
            else:
                n = len(st["moves"].split())
                table.local_move()
                table.wait_server("the move posted", lambda s, n=n: len(s["moves"].split()) > n)
        print("link_usb_moves_timed: %d" % len(took))
        print("link_usb_post_to_lights_ms_median: %.0f" % (1000 * statistics.median(took)))
        print("link_usb_post_to_lights_ms_worst: %.0f" % (1000 * max(took)))
    finally:
        if table:
            table.close()
        server.stop()


if __name__ == "__main__":
    main()
