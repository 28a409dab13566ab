"""`fireice solve` and `fireice deal`: the solitaire solver on the host."""

import json
import os
import sys
import time

from fireice import art, record
from fireice.geom import FireIceError, NotationError, SIDE_NAMES, move_name, parse_position
from fireice.solver import GRADES, LOST, WON, Solver, grade_deal
from fireice.solvesym import SymSolver


def read_target(arg):
    """POSITION|FILE -> (cells, to_move). A file holds a 49-character
    position or a game record (solved from where it ends; the record must be
    a solitaire)."""
    if len(arg) == 49 and not os.path.exists(arg):
        return parse_position(arg), 0
    if arg == "-":
        text = sys.stdin.read()
    else:
        if not os.path.exists(arg):
            raise FireIceError(
                "%r is neither a 49-character position (it has %d characters) nor a file"
                % (arg, len(arg))
            )
        with open(arg, encoding="utf-8") as f:
            text = f.read()
    bare = text.strip()
    if len(bare) == 49 and "\n" not in bare and "[" not in bare:
        return parse_position(bare), 0
    rec = record.parse(text)
    game = record.new_game(rec)
    if game.duel:
        raise FireIceError("the record is a duel; the solver plays solitaire only")
    game, err = record.replay(rec, game)
    if err:
        raise FireIceError("the record stops at ply %s: %s" % (err[0], err[2]))
    # before the first capture either colour may start unless ToMove fixed it;
    # after it, the other colour than the last capture's (also when it ended)
    if game.ply:
        to_move = 3 - game.cells[game.hist[2 * game.ply - 1]]
    else:
        to_move = game.fixed
    return bytearray(game.cells), to_move


def solve_cmd(args):
    try:
        cells, to_move = read_target(args.target)
        if args.to_move:
            to_move = {"fire": 1, "ice": 2, "either": 0}[args.to_move]
        if args.budget < 0:
            raise FireIceError("--budget is 0 (no limit) or more, not %d" % args.budget)
        sv = Solver(args.table) if args.table else SymSolver()
        t0 = time.perf_counter()
        sv.start(cells, to_move)
        st = sv.run(args.budget if args.budget else 1 << 62)
        ms = (time.perf_counter() - t0) * 1000
    except (FireIceError, NotationError, OSError) as e:
        print("fireice solve: %s" % e, file=sys.stderr)
        return 1
    from fireice.geom import position_str

    winnable = True if st == WON else False if st == LOST else None
    line = [move_name(f, t) for f, t in sv.line()]
    out = {
        "position": position_str(cells),
        "to_move": SIDE_NAMES[to_move],
        "winnable": winnable,
        "line": line,
        "nodes": sv.nodes,
        "ms": round(ms, 1),
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print(art.render(out["position"]))
    print()
    if winnable:
        print("Can be won: %s" % (" ".join(line) or "(one peg left already)"))
    elif winnable is False:
        print("Cannot be won")
    else:
        print("Unknown: %d nodes were not enough" % sv.nodes)
    print("%d nodes, %.1f ms" % (sv.nodes, ms))
    return 0


def deal_cmd(args):
    seed = args.seed
    if seed is None:
        import random

        seed = random.randrange(1 << 30)
    try:
        pos, line, _ = grade_deal(seed, args.grade)
    except FireIceError as e:
        print("fireice deal: %s" % e, file=sys.stderr)
        return 1
    names = [move_name(f, t) for f, t in line]
    if args.json:
        print(json.dumps({"position": pos, "seed": seed, "grade": args.grade, "line": names}))
        return 0
    print(art.render(pos))
    print()
    print("%s  seed %d, grade %s" % (pos, seed, args.grade))
    if names:
        print("A winning line: %s" % " ".join(names))
    else:
        print("No winning line found (a deal of grade any may be unwinnable)")
    return 0


def solve_args(s):
    """`fireice solve`'s arguments (its row is in cli.COMMANDS)."""
    s.add_argument(
        "target", help="a 49-character position, or a file (position or record; - for stdin)"
    )
    s.add_argument(
        "--to-move",
        choices=("fire", "ice", "either"),
        help="who moves first (default: either for a position, the record's for a record)",
    )
    s.add_argument("--budget", type=int, default=0, help="stop after N nodes (default 0: no limit)")
    s.add_argument(
        "--table", type=int, default=0, help="use the board's bounded solver with N table slots"
    )
    s.add_argument("--json", action="store_true", help="print one JSON object")


def deal_args(d):
    """`fireice deal`'s arguments (its row is in cli.COMMANDS)."""
    d.add_argument(
        "--grade",
        choices=GRADES,
        default="medium",
        help="difficulty (default medium; any: the rulebook's random deal)",
    )
    d.add_argument("--seed", type=int, help="the deal's seed (default: random)")
    d.add_argument("--json", action="store_true", help="print one JSON object")
