# Legal-move generation and random moves, for both games. Engines, tests,
# benchmarks and the host tools use these; the board itself only checks the
# move a player makes (game.check), so it never loads this module.
import micropython
from micropython import const

from fireice.geom import TARGETS

_PEGS = const(25)


def legal_moves(game, buf):
    """Write the legal moves into buf as frm, to byte pairs (buf holds at
    least 600 bytes); return their number. Allocates nothing."""
    if game.duel:
        return _duel_moves(game, buf)
    return _captures(game, buf)


@micropython.native
def _duel_moves(game, buf):
    s = game.to_move
    if not s:
        return 0
    cells = game.cells
    pegs = game.pegs
    n = 0
    b = _PEGS * (s - 1)
    for k in range(b, b + game.count[s]):
        h = pegs[k]
        for t in range(12 * h, 12 * h + 12):
            t = TARGETS[t]
            if not cells[t]:
                buf[n] = h
                buf[n + 1] = t
                n += 2
    return n >> 1


@micropython.native
def _captures(game, buf):
    if game.result:
        return 0
    cells = game.cells
    want = game.to_move
    n = 0
    for h in range(49):
        s = cells[h]
        if s and (not want or s == want):
            o = 3 - s
            for t in range(12 * h, 12 * h + 12):
                t = TARGETS[t]
                if cells[t] == o:
                    buf[n] = h
                    buf[n + 1] = t
                    n += 2
    return n >> 1


@micropython.native
def random_move(game, randbelow):
    """A uniformly random legal move of a duel as frm * 64 + to, or -1 when
    the game is over. randbelow(n) returns an integer in 0..n-1.

    Draws a (peg, target) pair and retries until the target is empty: every
    legal move is equally likely, and no list is built."""
    s = game.to_move
    if not s:
        return -1
    cells = game.cells
    n = 12 * game.count[s]
    b = _PEGS * (s - 1)
    pegs = game.pegs
    while True:
        r = randbelow(n)
        k = r // 12
        h = pegs[b + k]
        t = TARGETS[12 * h + r - 12 * k]
        if not cells[t]:
            return h * 64 + t
