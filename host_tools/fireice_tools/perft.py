"""`fireice perft DEPTH [POSITION fire|ice] [--check]`: move sequences counted
as chess engines do, by the native core, and (with --check) by the rules core
(fireice.duel) to compare.

A sequence is DEPTH moves long; a game that ends before that adds nothing,
one that ends exactly there counts once. A forced pass is not a ply: the side
that can move moves again. Prints one line per depth, `perft N: COUNT`.
"""

import sys

from fireice.duel import Duel
from fireice.geom import START, FireIceError, parse_position
from fireice.moves import legal_moves


def rules_perft(g, depth, buf=None):
    """The count by the rules core: Duel.push/pop over fireice.moves's moves
    (the last ply counted from the move list)."""
    if g.result:
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    buf = buf or [bytearray(600) for _ in range(depth + 1)]
    b = buf[depth]
    n = legal_moves(g, b)
    if depth == 1:
        return n
    total = 0
    for k in range(n):
        g.push(b[2 * k], b[2 * k + 1])
        total += rules_perft(g, depth - 1, buf)
        g.pop()
    return total


def arguments(p):
    """The `perft` subcommand's arguments (a row of cli.COMMANDS)."""
    p.add_argument("depth", type=int, help="plies, 0 to 12")
    p.add_argument(
        "position",
        nargs="?",
        default=START,
        help="49 characters (default: the start; . for an empty hole also works, for one that starts with one)",
    )
    p.add_argument("side", nargs="?", default="fire", choices=("fire", "ice"), help="to move")
    p.add_argument("--check", action="store_true", help="compare each count with the rules core's")


def run(args):
    """The command: 0 when it ran (and every --check agreed), 1 otherwise."""
    from fireice_tools import native

    if not 0 <= args.depth <= 12:
        print("fireice perft: DEPTH is 0 to 12, not %d" % args.depth, file=sys.stderr)
        return 2
    side = 1 if args.side == "fire" else 2
    try:
        parse_position(args.position)  # a clear error for a bad position
        g = Duel(args.position, side)
    except FireIceError as e:
        print("fireice perft: %s" % e, file=sys.stderr)
        return 2
    core = native.core()
    if core is None:
        native.say_fallback()
        print("fireice perft: counting with the rules core only", file=sys.stderr)
    board = core.Board(args.position, side) if core else None
    status = 0
    for d in range(1, args.depth + 1):
        n = board.perft(d) if board else rules_perft(g, d)
        line = "perft %d: %d" % (d, n)
        if args.check and board:
            want = rules_perft(g, d)
            line += "  rules core: %d %s" % (want, "ok" if want == n else "MISMATCH")
            if want != n:
                status = 1
        print(line, flush=True)
    return status
