# The exact solitaire solver with symmetry, for the host (fireice solve): its
# key sorts rows and columns, too dear per node for the board, which never
# loads this module. Runs on both interpreters all the same.
from fireice.solver import Solver


class SymSolver(Solver):
    """The exact solver with one key for positions that differ only by an
    order of the islands, an order of the positions, or islands and positions
    swapped (the moves only see rows and columns). The key is the position
    with rows and columns sorted by what they hold (ties keep their order),
    the smaller of it and its transpose: equal keys always mean positions
    that are the same up to those symmetries, though not every two such
    positions get the same key."""

    def __init__(self, moves=0):
        Solver.__init__(self, 0, moves)

    def _key(self, s):
        cells = self.cells
        rel = [0] * 49
        rs = [0] * 7
        cs = [0] * 7
        for h in range(49):
            v = cells[h]
            if v:
                w = 1 if v == s else 8
                rel[h] = 1 if v == s else 2
                rs[h // 7] += w
                cs[h % 7] += w
        rk = []
        ck = []
        for i in range(7):
            rk.append(
                (
                    rs[i],
                    sorted([rel[7 * i + p] * 64 + cs[p] for p in range(7) if rel[7 * i + p]]),
                    i,
                )
            )
            ck.append(
                (
                    cs[i],
                    sorted([rel[7 * j + i] * 64 + rs[j] for j in range(7) if rel[7 * j + i]]),
                    i,
                )
            )
        rk.sort()
        ck.sort()
        a = 0
        b = 0
        for x in rk:
            i = x[2]
            for y in ck:
                a = a * 3 + rel[7 * i + y[2]]
        for y in ck:
            p = y[2]
            for x in rk:
                b = b * 3 + rel[7 * x[2] + p]
        return a if a < b else b

    def _seen(self, s):
        return self._key(s) in self.lost

    def _add(self, s):
        self.lost.add(self._key(s))
