"""`fireice analyse`: the engine rates every move of a game record.

For each move the engine searches the position before it (its best move, and
the mover's win chance with that move) and the position after it (the mover's
win chance now). The difference is what the move cost; docs/review.md gives
the thresholds of a mistake and a blunder, and the JSON the command writes.
"""

import json
import sys
import time

from fireice import record
from fireice.geom import RESULT_NAMES, SIDE_NAMES, FireIceError, move_name
from fireice.moves import legal_moves
from fireice.notation import parse_move
from fireice_tools.native import HOST_MAX_LEVEL as MAX_LEVEL
from fireice_tools.native import host_engine

DEFAULT_LEVEL = 5
QUICK_LEVEL = 4  # --quick: about a quarter of the default's time
# what a move may cost (in win chance, 0..1, for the side that made it)
MISTAKE = 0.15
BLUNDER = 0.30
_DRAW = RESULT_NAMES.index("draw")  # a duel's result (fireice.duel)


class AnalyseError(FireIceError):
    """A record that cannot be analysed (the message says why)."""


def load(text):
    """Record text -> (record, moves as (frm, to) pairs). Raises
    AnalyseError naming what is wrong: no record, a bad tag, a solitaire,
    a move that is not legal, a Result the moves contradict."""
    if not text.strip():
        raise AnalyseError("the record is empty: no tags and no moves")
    try:
        rec = record.parse(text)
        game = record.new_game(rec)
    except FireIceError as e:
        raise AnalyseError(str(e)) from None
    if not game.duel:
        raise AnalyseError("a solitaire record: analyse rates the moves of two-player games")
    _, err = record.replay(rec, record.new_game(rec))
    if err is not None:
        ply, move, reason = err
        if ply is None:
            raise AnalyseError(reason)
        raise AnalyseError("ply %d, %s: %s" % (ply, move, reason))
    return rec, [parse_move(m) for m in rec.moves]


def _exact(view):
    # the engine's proof as JSON: who wins (or draw), in how many plies
    # (0: the game is over; None: proven, length not known)
    if not view["proven"]:
        return None
    plies = 0 if view["over"] else view["plies"] or None
    return {"winner": RESULT_NAMES[view["proven"]], "plies": plies}


def _chance(view, side):
    """The win chance of side (0..1) from a search: its estimate (per mille,
    for the side to move there), or its proof, or the game's result."""
    proven = view["proven"]
    if proven == _DRAW:
        return 0.5
    if proven:
        return 1.0 if proven == side else 0.0
    score = view["score"] / 1000
    return score if view["to_move"] == side else 1 - score


class Analyser:
    """Searches positions with one engine: level (1..6), playouts per
    position (0: the level's), seed (the same seed gives the same report)."""

    def __init__(self, level=DEFAULT_LEVEL, nodes=0, seed=1):
        if not 1 <= level <= MAX_LEVEL:
            raise AnalyseError("the level is 1 to %d, not %d" % (MAX_LEVEL, level))
        if nodes < 0:
            raise AnalyseError("--nodes is 0 (the level's) or more")
        self.level = level
        self.nodes = nodes
        self.seed = seed
        self.engine = host_engine(level, seed)
        self.buf = bytearray(600)

    def still_wins(self, g, side, plies):
        """True when side, which had a win within plies plies (odd) before
        its last move, still wins by force within them in g, whatever the
        other side answers: the engine's proof search after each answer.
        False when that is not proven (in the engine's budget)."""
        # a slower win is still a win: as long as the first one, at least 3
        depth = max(3, min(plies or self.engine.depth, self.engine.depth)) | 1
        limit = 40 * (self.nodes or self.engine.playouts)
        if g.result:
            return g.result == side
        if g.to_move == side:
            return self.engine.prove(g, depth, limit) >= 0
        n = legal_moves(g, self.buf)
        answers = [(self.buf[2 * k], self.buf[2 * k + 1]) for k in range(n)]
        for frm, to in answers:
            g.push(frm, to)
            try:
                if g.result:
                    ok = g.result == side
                elif g.to_move != side:
                    ok = False  # side passes: not followed further
                else:
                    ok = self.engine.prove(g, depth, limit) >= 0
            finally:
                g.pop()
            if not ok:
                return False
        return True

    def search(self, g):
        """The engine's view of g: its best move, score (per mille, for the
        side to move), proven (0, or the side a proof says wins; 3 a draw),
        plies (of the proof, 0 when not known), pv, the number of legal
        moves; or the result when the game is over ("over")."""
        if g.result:
            return {
                "best": None,
                "to_move": 0,
                "proven": g.result,
                "plies": 0,
                "score": 0,
                "over": True,
            }
        e = self.engine
        e.seed(self.seed * 1009 + g.ply)
        mv = e.think(g, self.nodes)
        pv = [move_name(e.pv[k] >> 6, e.pv[k] & 63) for k in range(e.pv_len)]
        return {
            "best": move_name(mv >> 6, mv & 63),
            "to_move": g.to_move,
            "proven": e.proven,
            "plies": e.mate,
            "score": e.score,
            "pv": pv,
            "choices": legal_moves(g, self.buf),
            "over": False,
        }


def analyse(rec, moves, analyser, progress=None):
    """The report of a game (the dict `fireice analyse --json` prints).
    progress(done, total) is called after each position searched."""
    g = record.new_game(rec)
    setup = g.position()
    first = SIDE_NAMES[g.to_move]
    total = len(moves) + 1
    before = analyser.search(g)
    if progress:
        progress(1, total)
    rows = []
    for k, (frm, to) in enumerate(moves):
        side = g.to_move
        g.push(frm, to)
        after = analyser.search(g)
        if progress:
            progress(k + 2, total)
        rows.append(_rate(analyser, g, k + 1, side, (frm, to), before, after))
        before = after
    return {
        "level": analyser.level,
        "nodes": analyser.nodes or None,
        "setup": setup,
        "first": first,
        "result": RESULT_NAMES[g.result],
        "moves": rows,
        "summary": _summary(rows),
    }


def _rate(analyser, g, ply, side, move, before, after):
    """The report's row of move (frm, to), which side played at ply (1 the
    first move): before and after are the searches of the positions before
    and after it, g the game after it."""
    played = move_name(*move)
    best = played == before["best"]
    forced = before["choices"] == 1
    chance_after = _chance(after, side)
    if forced or best:
        chance_before = chance_after
    else:
        chance_before = _best_chance(analyser, g, side, move, before)
    if before["proven"] == side and not best and after["proven"] != side:
        # a proven win, and another move than the engine's: is the win
        # still forced (a slower one)? The engine's search proves wins
        # for the side to move only, so every answer is tried.
        if analyser.still_wins(g, side, before["plies"]):
            after = dict(after, proven=side, plies=0, over=False)
            chance_after = 1.0
    loss = 0.0 if best or forced else max(0.0, chance_before - chance_after)
    # a proven win the move threw away (the loss or draw is proven too)
    lost_win = before["proven"] == side and not best and after["proven"] not in (0, side)
    return {
        "ply": ply,
        "side": SIDE_NAMES[side],
        "move": played,
        "best": before["best"],
        "forced": forced,
        "before": round(chance_before, 3),
        "after": round(chance_after, 3),
        "loss": round(loss, 3),
        "mark": _mark(loss, lost_win),
        "lost_win": lost_win,
        "proven_before": _exact(before),
        "proven_after": _exact(after),
        "pv": before["pv"],
    }


def _best_chance(analyser, g, side, move, before):
    """side's win chance with the engine's best move instead of move (g is
    the game after move; it is left so). It is measured as the played
    move's is, by a search of the position after it: the best child's win
    rate of the search before would be biased upward (it is a maximum)."""
    if before["proven"]:
        return _chance(before, side)
    g.pop()
    g.push(*parse_move(before["best"]))
    chance = _chance(analyser.search(g), side)
    g.pop()
    g.push(*move)
    return chance


def _mark(loss, lost_win):
    if lost_win or loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return None


def _summary(rows):
    """Each side's moves, mistakes and blunders."""
    out = {}
    for name in ("fire", "ice"):
        mine = [r for r in rows if r["side"] == name]
        out[name] = {
            "moves": len(mine),
            "mistakes": sum(1 for r in mine if r["mark"] == "mistake"),
            "blunders": sum(1 for r in mine if r["mark"] == "blunder"),
        }
    return out


def _pct(x):
    return "%3d%%" % round(100 * x)


def _exact_text(p, side):
    if not p:
        return ""
    if p["winner"] == "draw":
        return "draw proven"
    who = "wins" if p["winner"] == side else "loses"
    return "%s %s" % (who, "in %d" % p["plies"] if p["plies"] else "(proven)")


def describe(report):
    """The report as text for people: one line a move, then a summary."""
    out = [
        "Analysis at level %d%s: win chance of the side that moved, before and after its move."
        % (report["level"], ", %d playouts a position" % report["nodes"] if report["nodes"] else "")
    ]
    out.append("  ply  side  move    before after  best    note")
    for r in report["moves"]:
        note = []
        if r["mark"]:
            note.append(r["mark"].upper() + ("!" if r["mark"] == "blunder" else ""))
        if r["lost_win"]:
            note.append("throws away a proven win")
        elif r["proven_before"] and r["proven_before"]["winner"] == r["side"]:
            note.append(_exact_text(r["proven_before"], r["side"]) + " before")
        if r["proven_after"] and (r["mark"] or not r["proven_before"]):
            p = r["proven_after"]
            if p["plies"] == 0:
                note.append(
                    "wins"
                    if p["winner"] == r["side"]
                    else "draw"
                    if p["winner"] == "draw"
                    else "the fill hands over the game"
                )
            else:
                note.append(_exact_text(p, r["side"]) + " after")
        if r["forced"]:
            note.append("only move")
        best = "" if r["best"] == r["move"] else r["best"] or ""
        out.append(
            "  %3d  %-4s  %s  %s  %s  %-6s  %s"
            % (
                r["ply"],
                r["side"],
                r["move"],
                _pct(r["before"]),
                _pct(r["after"]),
                best,
                ", ".join(note),
            )
        )
    res = report["result"]
    out.append("")
    out.append(
        "Result: %s"
        % ({"draw": "draw"}.get(res) or (res.capitalize() + " wins" if res else "the game goes on"))
    )
    for side in ("fire", "ice"):
        s = report["summary"][side]
        out.append(
            "%-5s %d move%s, %d mistake%s, %d blunder%s"
            % (
                side.capitalize() + ":",
                s["moves"],
                "" if s["moves"] == 1 else "s",
                s["mistakes"],
                "" if s["mistakes"] == 1 else "s",
                s["blunders"],
                "" if s["blunders"] == 1 else "s",
            )
        )
    return "\n".join(out)


def run(args, text):
    """`fireice analyse` once the file is read: the exit status."""
    if args.quick and args.level is not None:
        print(
            "fireice analyse: --quick is level %d: give --quick or --level" % QUICK_LEVEL,
            file=sys.stderr,
        )
        return 2
    level = QUICK_LEVEL if args.quick else DEFAULT_LEVEL if args.level is None else args.level
    try:
        rec, moves = load(text)
        analyser = Analyser(level, args.nodes, args.seed)
    except FireIceError as e:
        print("fireice analyse: %s: %s" % (args.file, e), file=sys.stderr)
        return 1
    show = args.progress or (args.progress is None and sys.stderr.isatty())
    t0 = time.monotonic()

    def progress(done, total):
        if not show:
            return
        end = "\n" if done == total or not sys.stderr.isatty() else ""
        sys.stderr.write(
            "\ranalysing: position %d of %d (%.0f s)%s" % (done, total, time.monotonic() - t0, end)
        )
        sys.stderr.flush()

    report = analyse(rec, moves, analyser, progress)
    if args.json:
        print(json.dumps(report))
    else:
        print(describe(report))
    return 0
