"""In-process paired matches between players with think(game) -> move
(fireice.engine.Engine, bench/baseline.Baseline): quicker than the `fireice
match` referee, for the level ladder and the tuning of the engine.
"""

import time

from fireice.duel import Duel
from fireice_tools.match import openings


def play(first, second, setup, moves, ms=0):
    """One game from setup + opening moves; first plays the side to move
    after the opening. Returns (result, plies, worst seconds of first, of second)."""
    g = Duel(setup, 1)
    for m in moves:
        g.play_str(m)
    sides = {g.to_move: first, 3 - g.to_move: second}
    worst = {id(first): 0.0, id(second): 0.0}
    while not g.result:
        p = sides[g.to_move]
        t = time.perf_counter()
        mv = p.think(g, 0, ms)
        dt = time.perf_counter() - t
        worst[id(p)] = max(worst[id(p)], dt)
        g.play(mv >> 6, mv & 63)
    return g.result, sides, worst


def paired(a, b, games, ms=0, progress=None, skip=0):
    """a and b play `games` games (pairs of openings, colours swapped), from
    the opening after the first `skip` pairs. Returns (a's points, games)."""
    pts = 0.0
    n = 0
    for setup, moves in openings(skip + games // 2)[skip:]:
        for first, second in ((a, b), (b, a)):
            r, sides, _ = play(first, second, setup, moves, ms)
            if r == 3:
                pts += 0.5
            elif sides[r] is a:
                pts += 1
            n += 1
            if progress:
                progress(n, pts)
    return pts, n
