"""The page's games that are not the board's game in play: a record
imported (pasted, opened from a file, or carried by a link), the records on
the virtual board's flash, a variation played from any position of a game,
the engine's best line there, and the analysis of a game as a job whose
progress the page follows move by move.

The page's server (fireice_tools.web) routes these requests here:

    POST /replay   {"text": RECORD, "ply": N, "moves": ["D4-C4", ...]}
                   the record replayed by the rules core: its moves and the
                   position after each (a "ply" and "moves" replay the
                   first N moves of the record, then those moves: a
                   variation). 400 {"error": ...} naming what is wrong
                   (the line of a bad tag, the ply and move that is not
                   legal); nothing is kept.
    POST /line     {"text", "ply", "moves", "level"}: the engine's best line
                   from that position ({"line": ["D4-C4", ...]})
    POST /analyse  {"text", "level", "nodes"}: starts `fireice analyse` of the
                   record ({"job": ID, "total": N}: N positions to search)
    GET  /analyse?job=ID  its progress {"done", "total", "report"|"error"}
    GET  /games    the records on the board's flash, as `fireice games`
                   lists them: [{"name", "moves", "result", "date", "mode"}]
    GET  /game?name=games/0001.txt  one record's text and replay
"""

import itertools
import os
import threading

from fireice import record
from fireice.geom import RESULT_NAMES, SIDE_NAMES, FireIceError, islands_str
from fireice.engine import MAX_LEVEL
from fireice.notation import parse_move

MAX_RECORD = 64 * 1024  # bytes of record text the page may send
MAX_VARIATION = 60  # moves of a variation (a duel has 48 plies at most)
KEEP_JOBS = 4  # analyses kept for the page to fetch
CURRENT = "game.txt"
ARCHIVE = "games"


class BadRecord(Exception):
    """A request this module cannot use (HTTP 400): the text says why."""


def _control(game):
    if not game.duel:
        return {}
    out = {}
    for side in (1, 2):
        for isl in islands_str(game.control(side)):
            out[isl] = SIDE_NAMES[side]
    return out


def _ply_view(game, move=None):
    # what the page draws of one position of a replay
    return {
        "position": game.position(),
        "to_move": SIDE_NAMES[game.to_move],
        "control": _control(game),
        "result": RESULT_NAMES[game.result],
        "move": move,
    }


def _parse(text):
    if not isinstance(text, str) or not text.strip():
        raise BadRecord("the record is empty: paste a game's text (tags and moves)")
    if len(text.encode("utf-8")) > MAX_RECORD:
        raise BadRecord("the record is longer than %d KB" % (MAX_RECORD // 1024))
    try:
        rec = record.parse(text)
        return rec, record.new_game(rec)
    except FireIceError as e:
        raise BadRecord("the record cannot be read: %s" % e) from None


def _push(game, text, where):
    try:
        frm, to = parse_move(text)
    except FireIceError as e:
        raise BadRecord("%s, %s: %s" % (where, text, e)) from None
    why = game.check(frm, to)
    if why:
        raise BadRecord("%s, %s is not legal: %s" % (where, text, why))
    by = SIDE_NAMES[game.cells[frm]]
    game.push(frm, to)
    return by


def _variation(body):
    """(ply, moves) of a request: where a variation leaves the record, and
    its moves (none: the whole record)."""
    ply = body.get("ply")
    moves = body.get("moves") or []
    if ply is not None and (type(ply) is not int or ply < 0):
        raise BadRecord("ply is a whole number >= 0")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadRecord('moves is a list of moves such as ["D4-C4"]')
    if len(moves) > MAX_VARIATION:
        raise BadRecord("a variation of more than %d moves" % MAX_VARIATION)
    return ply, moves


def replay(body):
    """The answer of POST /replay (see the module's text)."""
    if not isinstance(body, dict):
        raise BadRecord('the request is a JSON object, such as {"text": "..."}')
    rec, game = _parse(body.get("text"))
    ply, extra = _variation(body)
    if ply is not None and ply > len(rec.moves):
        raise BadRecord("ply is 0..%d" % len(rec.moves))
    setup, first = game.position(), SIDE_NAMES[game.to_move]
    plies = [_ply_view(game)]
    moves = []
    for k, text in enumerate(rec.moves[:ply] if ply is not None else rec.moves):
        by = _push(game, text, "move %d" % (k + 1))
        moves.append({"move": text, "by": by})
        plies.append(_ply_view(game, text))
    if ply is None:
        _, err = record.replay(rec)
        if err is not None and err[0] is None:
            raise BadRecord("the record cannot be read: %s" % err[2])
    variation = []
    for k, text in enumerate(extra):
        by = _push(game, text, "variation move %d" % (k + 1))
        variation.append({"move": text, "by": by})
        plies.append(_ply_view(game, text))
    return {
        "mode": "solitaire" if not game.duel else "duel",
        "setup": setup,
        "first": first,
        "tags": rec.tags,
        "moves": moves,
        "variation": variation,
        "plies": plies,
        "result": RESULT_NAMES[game.result],
        "record": record.format(rec),
    }


def _position(body):
    # the game at the request's position (the record, then the variation)
    rec, game = _parse(body.get("text"))
    ply, extra = _variation(body)
    main = rec.moves if ply is None else rec.moves[:ply]
    for k, text in enumerate(main):
        _push(game, text, "move %d" % (k + 1))
    for k, text in enumerate(extra):
        _push(game, text, "variation move %d" % (k + 1))
    return game


def _level(body, default):
    level = body.get("level", default)
    if type(level) is not int or not 1 <= level <= MAX_LEVEL:
        raise BadRecord("level is 1..%d" % MAX_LEVEL)
    nodes = body.get("nodes", 0)
    if type(nodes) is not int or not 0 <= nodes <= 100000:
        raise BadRecord("nodes is 0..100000")
    return level, nodes


class Reviews:
    """The engine's work for the page's review: best lines and analyses,
    one at a time (lock: the engine's, shared with the page's coach)."""

    def __init__(self, lock, seed=0):
        self.lock = lock
        self.seed = seed
        self.jobs = {}  # id -> {"done", "total", "report", "error"}
        self.jobs_lock = threading.Lock()
        self.ids = itertools.count(1)

    def line(self, body, default_level):
        """The engine's best line from the request's position."""
        from fireice_tools import analyse

        if not isinstance(body, dict):
            raise BadRecord("the request is a JSON object")
        level, nodes = _level(body, default_level)
        game = _position(body)
        if not game.duel:
            raise BadRecord("the engine's line is for two-player games")
        if game.result:
            return {"line": [], "result": RESULT_NAMES[game.result]}
        with self.lock:
            view = analyse.Analyser(level, nodes, self.seed + 1).search(game)
        return {"line": view.get("pv") or [view["best"]], "level": level, "result": None}

    def start(self, body, default_level):
        """Starts the analysis of a record: {"job", "total"}."""
        from fireice_tools import analyse

        if not isinstance(body, dict):
            raise BadRecord("the request is a JSON object")
        level, nodes = _level(body, default_level)
        text = body.get("text")
        if not isinstance(text, str) or len(text.encode("utf-8")) > MAX_RECORD:
            raise BadRecord("text is the record to analyse (up to 64 KB)")
        try:
            rec, pairs = analyse.load(text)
        except FireIceError as e:
            raise BadRecord(str(e)) from None
        job = {"done": 0, "total": len(pairs) + 1, "report": None, "error": None}
        with self.jobs_lock:
            key = str(next(self.ids))
            self.jobs[key] = job
            for old in sorted(self.jobs, key=int)[:-KEEP_JOBS]:
                del self.jobs[old]

        def progress(done, total):
            job["done"] = done

        def run():
            try:
                with self.lock:
                    analyser = analyse.Analyser(level, nodes, self.seed + 1)
                    job["report"] = analyse.analyse(rec, pairs, analyser, progress)
            except (FireIceError, OSError, ValueError) as e:
                job["error"] = str(e)

        threading.Thread(target=run, name="analyse-" + key, daemon=True).start()
        return {"job": key, "total": job["total"], "level": level}

    def progress(self, key):
        with self.jobs_lock:
            job = self.jobs.get(key)
        if job is None:
            raise BadRecord("no analysis %r (the page keeps the last %d)" % (key, KEEP_JOBS))
        return dict(job, job=key)


# --- the records on the board's flash ------------------------------------------------


def names(flash):
    """The record names on the flash folder, as the board's `games` command
    gives them: game.txt (the game in play) first, then games/NNNN.txt."""
    if not flash:
        return []
    out = [CURRENT] if os.path.isfile(os.path.join(flash, CURRENT)) else []
    try:
        archive = sorted(os.listdir(os.path.join(flash, ARCHIVE)))
    except OSError:
        archive = []
    return out + [ARCHIVE + "/" + n for n in archive if n.endswith(".txt")]


def read(flash, name):
    """One record's text from the flash (a name that games gave)."""
    if name not in names(flash):
        raise BadRecord("no game record %r on the board (the list names them)" % (name[:80],))
    try:
        with open(os.path.join(flash, name), encoding="utf-8", errors="replace") as f:
            return f.read(MAX_RECORD)
    except OSError as e:
        raise BadRecord("%s cannot be read: %s" % (name, e.strerror)) from None


def listing(flash):
    """The games list of the page: each record's name, moves, result, date."""
    out = []
    for name in names(flash):
        item = {"name": name, "moves": None, "result": None, "date": None, "mode": None}
        try:
            rec = record.parse(read(flash, name))
            item["moves"] = len(rec.moves)
            item["mode"] = rec.get("Mode", "duel")
            item["date"] = " ".join(x for x in (rec.get("Date"), rec.get("Time")) if x) or None
            item["result"] = rec.get("Result") or rec.get("Resigned") and "resigned"
        except (BadRecord, FireIceError) as e:
            item["error"] = str(e)
        out.append(item)
    return out
