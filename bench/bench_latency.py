"""Virtual-time latency of the board (make bench): a scripted game of random
legal moves on the virtual board; for each action (a lift or a put), the
time from that hole change to the first LED frame that answers it. Prints
"name: value" lines."""

import random
import statistics
import sys

sys.path.insert(0, "tests/host")

from simrun import random_move, run_sim  # noqa: E402

from fireice.duel import Duel  # noqa: E402
from fireice.geom import START  # noqa: E402


def script(seed, moves=30):
    rnd = random.Random(seed)
    game = Duel()
    out = [{"at": 0, "board": START}]
    at = 0
    buf = bytearray(600)
    for _ in range(moves):
        inputs = random_move(game, rnd, buf)
        if inputs is None:
            break
        for d in inputs:
            at += rnd.choice((97, 150, 233))
            d["at"] = at
            out.append(d)
    return out


def main():
    for front in ("digital", "colour"):
        inputs = script(7)
        events = run_sim(inputs, front=front)
        frames = [e["at"] for e in events if e["ev"] == "leds"]
        lat = []
        for d in inputs[1:]:
            after = [f for f in frames if f >= d["at"]]
            lat.append(after[0] - d["at"])
        print("%s_actions: %d" % (front, len(lat)))
        print("%s_latency_median_ms: %g" % (front, statistics.median(lat)))
        print("%s_latency_worst_ms: %d" % (front, max(lat)))


main()
