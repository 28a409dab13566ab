"""The openings of engine matches: the start and one move of each side, far
too early for either side to be near a win. Plain code that also runs on
MicroPython (bench/ladder.py plays its ladder there)."""

from fireice.duel import Duel
from fireice.moves import legal_moves


def two_move():
    """Every two-move opening from the start as (frm1, to1, frm2, to2), in
    the order of the move generator."""
    g = Duel()
    buf = bytearray(600)
    out = []
    n = legal_moves(g, buf)
    first = [(buf[2 * k], buf[2 * k + 1]) for k in range(n)]
    for f1, t1 in first:
        g.push(f1, t1)
        n2 = legal_moves(g, buf)
        for k in range(n2):
            out.append((f1, t1, buf[2 * k], buf[2 * k + 1]))
        g.pop()
    return out
