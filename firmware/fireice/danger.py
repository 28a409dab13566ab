# The coach's danger test: which moves lose at once. When a player lifts a
# peg, the board (later) and the simulator page show the destinations that
# hand the opponent the game: through the fill (the opponent's peg put into
# the hole the peg left completes their line of islands), or by leaving them
# a win at once on their next move. Small and pure: it reads the game's masks,
# plays a few candidate moves and takes them back, and allocates nothing.
from micropython import const

from fireice.geom import LINE_OF

SAFE = const(0)
GIFT = const(1)  # the fill completes the opponent's line of islands: they win now
THREAT = const(2)  # the opponent can win at once on their next move


def win_at_once(g, side):
    """A move with which side, to move in duel g, wins at once, as
    frm * 64 + to, or -1. Only a move that lands on an island side does not
    hold yet, completes a line of holes there and a line of islands with the
    islands held can win; each such move is played and taken back, so the
    answer is exact."""
    if g.to_move != side or g.result:
        return -1
    cs = g.ctrl[side]
    im = g.im
    pm = g.pm
    b = 8 * side
    for c in range(7):
        bc = 1 << c
        if cs & bc or not LINE_OF[cs | bc]:
            continue
        free = 0x7F ^ im[c]
        mine = im[b + c]
        for q in range(7):
            bq = 1 << q
            if not free & bq:
                continue
            to = 7 * c + q
            # a peg of the same island moves to q
            for p in range(7):
                if mine & (1 << p) and LINE_OF[(mine ^ (1 << p)) | bq]:
                    if _wins(g, 7 * c + p, to, side):
                        return (7 * c + p) * 64 + to
            # a peg at position q of another island moves across
            if not LINE_OF[mine | bq]:
                continue
            isl = pm[b + q]
            for i in range(7):
                if i != c and isl & (1 << i):
                    if _wins(g, 7 * i + q, to, side):
                        return (7 * i + q) * 64 + to
    return -1


def _wins(g, frm, to, side):
    g.push(frm, to)
    r = g.result
    g.pop()
    return r == side


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
