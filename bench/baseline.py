"""A plain UCT-MCTS for Fire and Ice: the baseline the engine is measured
against (not part of the product).

UCB1 selection (C = 1.4), one node added per playout, uniformly random
playouts to the end of the game, the most visited move played. Nothing else:
no solver, no knowledge of wins in one, no priors.

Run as a bot: python bench/baseline.py [--playouts N] [--seed S] speaks the
`fie` protocol (through fireice_tools.engine with this player plugged in).
"""

import math
import random
import sys

from fireice.moves import legal_moves, random_move

C = 1.4


class _Node:
    __slots__ = ("move", "parent", "kids", "untried", "n", "w", "mover")

    def __init__(self, move, parent, mover, untried):
        self.move = move
        self.parent = parent
        self.mover = mover  # the side that made self.move
        self.kids = []
        self.untried = untried
        self.n = 0
        self.w = 0.0


def _moves(g, buf):
    n = legal_moves(g, buf)
    return [buf[2 * k] * 64 + buf[2 * k + 1] for k in range(n)]


class Baseline:
    """UCT with uniformly random playouts; think() returns frm * 64 + to."""

    name = "baseline-uct"

    def __init__(self, playouts=1000, seed=1):
        self.playouts = playouts
        self.rng = random.Random(seed)
        self.buf = bytearray(600)
        self.score = 500
        self.work = 0
        self.proven = 0
        self.mate = 0
        self.pv_len = 0

    def seed(self, seed):
        self.rng = random.Random(seed)

    def think(self, g, playouts=0, ms=0):
        if not g.to_move:
            return -1
        budget = playouts or self.playouts
        rng = self.rng
        root = _Node(-1, None, 0, _moves(g, self.buf))
        rng.shuffle(root.untried)
        ply0 = g.ply
        for _ in range(budget):
            node = root
            # selection
            while not node.untried and node.kids:
                lg = math.log(node.n)
                node = max(node.kids, key=lambda k: k.w / k.n + C * math.sqrt(lg / k.n))
                g.push(node.move >> 6, node.move & 63)
            # expansion
            if node.untried and not g.result:
                m = node.untried.pop()
                mover = g.to_move
                g.push(m >> 6, m & 63)
                kid = _Node(m, node, mover, _moves(g, self.buf) if not g.result else [])
                rng.shuffle(kid.untried)
                node.kids.append(kid)
                node = kid
            # playout
            below = rng.randrange
            depth = g.ply
            while not g.result:
                mv = random_move(g, below)
                g.push(mv >> 6, mv & 63)
            r = g.result
            while g.ply > depth:
                g.pop()
            # update
            while node is not None:
                node.n += 1
                if r == node.mover:
                    node.w += 1
                elif r == 3:
                    node.w += 0.5
                node = node.parent
            while g.ply > ply0:
                g.pop()
        self.work = budget
        best = max(root.kids, key=lambda k: k.n)
        self.score = int(1000 * best.w / best.n)
        return best.move


def main(argv=None):
    import argparse

    from fireice_tools import engine as proto

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--playouts", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--simple", action="store_true")
    a = p.parse_args(argv)
    player = Baseline(a.playouts, a.seed)
    return proto.serve(sys.stdin, sys.stdout, player=player, simple=a.simple)


if __name__ == "__main__":
    sys.exit(main())
