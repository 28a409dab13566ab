# In-process paired games between engine levels (or budgets) on either
# interpreter; MicroPython is the quicker. Usage:
#   MICROPYPATH=firmware:host_tools micropython bench/ladder.py A B GAMES \
#       [playouts_a playouts_b] [-v] [skip=PAIRS]
# A, B: levels. Prints "name: value" lines: the points of A and the games
# (-v: also the score after each game, on stderr; skip=PAIRS: start after
# that many opening pairs).
import sys

from fireice.duel import Duel
from fireice.engine import Engine
from fireice_tools.openings import two_move


def openings(pairs):
    # every two-move opening from the start, in a fixed pseudo-random order
    # (the list fireice_tools.match.openings draws from, in another order)
    out = two_move()
    x = 12345
    for i in range(len(out) - 1, 0, -1):
        x = (x * 1103 + 12345) % 65536
        j = x % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out[:pairs]


def game(first, second, op, na, nb):
    g = Duel()
    g.push(op[0], op[1])
    g.push(op[2], op[3])
    sides = {g.to_move: first, 3 - g.to_move: second}
    budget = {id(first): na, id(second): nb}
    while not g.result:
        p = sides[g.to_move]
        p.seed(1009 * g.ply + op[1])
        mv = p.think(g, budget[id(p)])
        g.play(mv >> 6, mv & 63)
    return g.result, sides


def main():
    skip = 0
    for x in sys.argv[1:]:
        if x.startswith("skip="):
            skip = int(x[5:])
    args = [x for x in sys.argv[1:] if x != "-v" and not x.startswith("skip=")]
    progress = "-v" in sys.argv
    la = int(args[0])
    lb = int(args[1])
    games = int(args[2])
    na = int(args[3]) if len(args) > 3 else 0
    nb = int(args[4]) if len(args) > 4 else 0
    a = Engine(la, 1)
    b = Engine(lb, 2)
    pts = 0.0
    n = 0
    for op in openings(skip + games // 2)[skip:]:
        for first, second in ((a, b), (b, a)):
            r, sides = game(first, second, op, na if first is a else nb, nb if first is a else na)
            n += 1
            if r == 3:
                pts += 0.5
            elif sides[r] is a:
                pts += 1
            if progress:
                sys.stderr.write("%.1f/%d\n" % (pts, n))
    print("ladder_level%d_vs_level%d_points: %.1f/%d" % (la, lb, pts, n))


main()
