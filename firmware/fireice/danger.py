# The coach's danger test: which moves lose at once. When a player lifts a
# peg, the board (later) and the simulator page show the destinations that
# hand the opponent the game: through the fill (the opponent's peg put into
# the hole the peg left completes their line of islands), or by leaving them
# a win at once on their next move. Small and pure: it reads the game's masks,
# plays a few candidate moves and takes them back, and allocates nothing.
import micropython
from micropython import const

from fireice.geom import LINE_OF

SAFE = const(0)
GIFT = const(1)  # the fill completes the opponent's line of islands: they win now
THREAT = const(2)  # the opponent can win at once on their next move


@micropython.native
def win_move(g, s):
    """A move that wins at once for side s (which must be to move), as
    frm * 64 + to, or -1. Reads the masks only; exact (tests compare it with
    playing every move)."""
    cs = g.ctrl[s]
    im = g.im
    pm = g.pm
    b = 8 * s
    for c in range(7):
        bc = 1 << c
        if cs & bc or not LINE_OF[cs | bc]:
            continue
        e = 0x7F ^ im[c]
        ms = im[b + c]
        for q in range(7):
            bq = 1 << q
            if not (e & bq) or not LINE_OF[ms | bq]:
                continue
            # a peg of the same island moves to q
            for p in range(7):
                bp = 1 << p
                if ms & bp and LINE_OF[(ms ^ bp) | bq]:
                    return (7 * c + p) * 64 + 7 * c + q
            # a peg at position q of another island; that island may be lost
            isl = pm[b + q]
            for i in range(7):
                bi = 1 << i
                if isl & bi:
                    cc = cs | bc
                    if cs & bi and not LINE_OF[im[b + i] ^ bq]:
                        cc ^= bi
                    if LINE_OF[cc]:
                        return (7 * i + q) * 64 + 7 * c + q
    return -1


def win_at_once(g, side):
    """A move with which side, to move in duel g, wins at once, as
    frm * 64 + to, or -1 (win_move, when side is to move and the game goes
    on)."""
    if g.to_move != side or g.result:
        return -1
    return win_move(g, side)


def danger(g, frm, to):
    """What the legal move frm -> to of the side to move in duel g gives the
    opponent: SAFE, GIFT (the fill wins the game for them) or THREAT (they
    can win at once on their next move). A move that wins, draws or leaves
    the opponent to pass is SAFE. g is left as it was."""
    s = g.to_move
    o = 3 - s
    g.push(frm, to)
    r = g.result
    if r == o:
        k = GIFT
    elif not r and g.to_move == o and win_at_once(g, o) >= 0:
        k = THREAT
    else:
        k = SAFE
    g.pop()
    return k
