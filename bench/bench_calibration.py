# The engine's win chance against the outcome (docs/engine.md
# "Calibration"), on either interpreter (MicroPython is the quicker):
#   MICROPYPATH=firmware:host_tools micropython bench/bench_calibration.py \
#       [games=N] [player=L] [levels=A,B,..] [every=K] [seed=S]
# Level `player` plays `games` games against itself (paired openings, fixed
# seeds). Every `every`-th position of them is searched again at each level
# of `levels`; each search's estimate for the side to move (before the
# calibration: the raw win rate of the chosen move's playouts; after it:
# the engine's score) is set against the game's outcome for that side.
# Positions the engine proves (a win, loss or draw) are left out: their
# figure is exact. Prints "name: value" lines, per level and side to move:
# positions, mean estimate before and after, mean outcome, and the bias
# (mean estimate less mean outcome); and the turn swing, how much higher
# Fire's chance reads on Fire's turn than on Ice's beyond the outcomes (the
# sum of the two sides' biases).
import sys
import time

from fireice.duel import Duel
from fireice.engine import Engine
from fireice_tools.openings import two_move


def args():
    out = {"games": 40, "player": 3, "levels": "3,4", "every": 1, "seed": 1, "dump": 0}
    for a in sys.argv[1:]:
        k, _, v = a.partition("=")
        if k not in out or not v:
            raise SystemExit("bench_calibration: unknown argument %r" % a)
        out[k] = v if k == "levels" else int(v)
    out["levels"] = [int(x) for x in out["levels"].split(",")]
    return out


def openings(pairs, seed):
    # two-move openings in a fixed order drawn from the seed (a small LCG:
    # the same on both interpreters)
    ops = two_move()
    x = seed
    for i in range(len(ops) - 1, 0, -1):
        x = (x * 1103515245 + 12345) % 2147483648
        j = (x >> 8) % (i + 1)
        ops[i], ops[j] = ops[j], ops[i]
    return ops[:pairs]


def play(e, op, seed):
    # one game of e against itself after the opening: its moves, the result
    g = Duel()
    g.push(op[0], op[1])
    g.push(op[2], op[3])
    moves = []
    while not g.result:
        e.seed(seed * 1009 + g.ply)
        mv = e.think(g)
        moves.append(mv)
        g.play(mv >> 6, mv & 63)
    return moves, g.result


def chosen_rate(e, mv):
    # the estimate before the calibration: the win rate (per mille) of the
    # chosen move's playouts, read from the engine's tree
    first = e.first_child[0]
    for c in range(first, first + e.child_count[0]):
        if e.move[c] == mv and e.visits[c]:
            return e.points[c] * 500 // e.visits[c]
    return 500


def main():
    a = args()
    t0 = time.time()
    player = Engine(a["player"], a["seed"])
    games = []
    for op in openings((a["games"] + 1) // 2, a["seed"]):
        for swap in (0, 1):
            if len(games) < a["games"]:
                moves, result = play(player, op, a["seed"] + swap)
                games.append((op, moves, result))
    print("calibration_games: %d" % len(games))
    print("calibration_player_level: %d" % a["player"])
    print("calibration_games_seconds: %.0f" % (time.time() - t0))
    for level in a["levels"]:
        t = time.time()
        e = Engine(level, a["seed"])
        # per side to move: positions, raw sum, score sum, outcome sum (in
        # halves: a draw is 1, a win 2)
        tot = {1: [0, 0, 0, 0], 2: [0, 0, 0, 0]}
        k = 0
        for op, moves, result in games:
            g = Duel()
            g.push(op[0], op[1])
            g.push(op[2], op[3])
            for mv in moves:
                if k % a["every"] == 0:
                    s = g.to_move
                    e.seed(a["seed"] * 7919 + g.ply)
                    best = e.think(g)
                    if not e.proven:
                        before = chosen_rate(e, best)
                        if a["dump"]:
                            # one line a position, to fit a calibration from
                            print(
                                "position: %d %d %d %d %d %d"
                                % (level, g.ply, s, before, e.score, result)
                            )
                        t_ = tot[s]
                        t_[0] += 1
                        t_[1] += before
                        t_[2] += e.score
                        t_[3] += 2 if result == s else 1 if result == 3 else 0
                k += 1
                g.play(mv >> 6, mv & 63)
        name = "calibration_level%d" % level
        swing = [0.0, 0.0]
        for s in (1, 2):
            n, raw, score, out = tot[s]
            side = "fire" if s == 1 else "ice"
            if not n:
                continue
            print("%s_%s_to_move_positions: %d" % (name, side, n))
            print("%s_%s_to_move_estimate_before: %.3f" % (name, side, raw / n / 1000))
            print("%s_%s_to_move_estimate_after: %.3f" % (name, side, score / n / 1000))
            print("%s_%s_to_move_outcome: %.3f" % (name, side, out / n / 2))
            print("%s_%s_to_move_bias_before: %+.3f" % (name, side, (raw / 1000 - out / 2) / n))
            print("%s_%s_to_move_bias_after: %+.3f" % (name, side, (score / 1000 - out / 2) / n))
            swing[0] += (raw / 1000 - out / 2) / n
            swing[1] += (score / 1000 - out / 2) / n
        # how much higher Fire's chance reads on Fire's turn than on Ice's,
        # beyond the outcomes: the sum of the two sides' biases as the mover
        print("%s_turn_swing_before: %+.3f" % (name, swing[0]))
        print("%s_turn_swing_after: %+.3f" % (name, swing[1]))
        print("%s_seconds: %.0f" % (name, time.time() - t))


main()
