# A remote opponent's operations: a duel whose other side is played
# somewhere else (a game server), its moves brought by a link (the USB
# bridge `fireice link` through the `remote` commands,
# fireboard.links_cmd_remote, or a firmware link part calling the functions
# below). docs/protocol.md, "A remote opponent", gives the commands and
# events; the part that shows the remote moves in the loop is
# fireboard.track_remote_part.
#
# The record holds only moves that stand on the board: a remote move that
# has come but is not carried out yet is in the heap only (the part's
# queue). A power cut loses it, and the link's sync after the restart
# brings it again (sync).
#
# For a link part (the board's own WiFi link), the operations are plain
# functions taking the App: begin, move, sync, end, link, info, part. Bad
# input raises FireIceError (its text says what was wrong) and changes
# nothing. A part sees the board's events through app.outputs
# (docs/architecture.md). Loaded for an operation, and best dropped after
# it, as the USB commands drop it (fireboard.links_commands): a remote
# game keeps only its part, and fits the game's 64 KB.
from fireice.geom import RESULT_NAMES, SIDE_NAMES, FireIceError

from fireboard.track_phases import REMOTE, WAITING
from fireboard.track_tracker import FREE

STATES = ("connected", "waiting", "gone", "offline")  # the link's (link)
_MAXPLY = 49  # every move adds a peg to the board (fireice.duel)


def part(app):
    """The Remote part in the loop (app.parts) while a remote game is
    played, else None. (Found there, not kept in an attribute of the App:
    its table of attributes stays within its size.)"""
    for p in app.parts:
        if getattr(p, "kind", 0) == REMOTE:
            return p
    return None


def _part(app):
    r = part(app)
    if r is None:
        raise FireIceError('no remote game (new {"vs": ..., "remote": true, ...} starts one)')
    return r


def check_game(game):
    """The server's game id: 1 to 16 of A-Za-z0-9."""
    if not isinstance(game, str) or not 1 <= len(game) <= 16:
        raise FireIceError("game must be the server's game id, 1 to 16 letters or digits")
    for c in game:
        if not ("a" <= c <= "z" or "A" <= c <= "Z" or "0" <= c <= "9"):
            raise FireIceError("game must be letters and digits only, not %r" % game)
    return game


def check_name(name):
    """The opponent's name: at most 20 printable characters, without the
    record's quotes and brackets ("" for none)."""
    if name is None:
        return ""
    if not isinstance(name, str) or len(name) > 20:
        raise FireIceError("opponent must be a name of at most 20 characters")
    for c in name:
        if c < " " or c in '"\\[]\x7f':
            raise FireIceError("opponent has a character a record cannot keep: %r" % c)
    return name


def begin(app, side, game, opponent="", position=None, to_move=None):
    """A new remote game asked for (made at the next pass, as the USB `new`
    is): side, the REMOTE side ("fire" or "ice"); game, the server's id;
    opponent, a name; position and to_move, a handicap game's start."""
    s = _side(side, "side")
    remote = (s, check_game(game), check_name(opponent))
    if position is not None:
        from fireice.geom import parse_position

        if not isinstance(position, str):
            raise FireIceError("position must be a string of 49 characters # O -")
        parse_position(position)
    if to_move is not None:
        to_move = _side(to_move, "to_move")
    # (App.new_game's settings, as the USB new command makes them)
    app.asked = ("duel", 0, 1, None, position, to_move, None, None, remote)


def _side(name, what):
    if name == "fire" or name == "ice":
        return 1 if name == "fire" else 2
    raise FireIceError("%s must be fire or ice, not %r" % (what, name))


def _parse(text):
    # a move's text (D4-C4) -> frm * 64 + to; FireIceError if it is none
    from fireice.notation import parse_move

    if not isinstance(text, str) or not 3 <= len(text) <= 7:
        raise FireIceError("a move is such as D4-C4, not %r" % (text,))
    frm, to = parse_move(text)
    return frm * 64 + to


def _last(g):
    # the game's last move, frm * 64 + to (-1: none)
    n = g.ply
    return g.hist[2 * n - 2] * 64 + g.hist[2 * n - 1] if n else -1


def move(app, text):
    """The remote side's move (text: D4-C4): shown, to be carried out.
    Returns the plies in the game after it. The same move again (a link's
    retry) is no second move: the same ply is returned."""
    r = _part(app)
    mv = _parse(text)
    g = app.tracker.game
    q = r.queue
    if q:
        if q[-1][1] == mv:
            return q[-1][0] + 1  # (asked again)
        raise FireIceError("the move %s shown is not carried out yet" % _name(q[0][1]))
    if g.ply and _last(g) == mv and g.cells[mv & 63] == r.side:
        return g.ply  # it stands on the board already (asked again)
    if r.ended is not None or g.result:
        raise FireIceError("the game is over")
    if g.to_move != r.side:
        raise FireIceError(
            "it is not %s's turn: %s is to move" % (SIDE_NAMES[r.side], SIDE_NAMES[g.to_move])
        )
    why = g.check(mv >> 6, mv & 63)
    if why:
        raise FireIceError("%s is illegal: %s" % (text, why))
    q.append((g.ply, mv))
    return g.ply + 1


def _name(mv):
    from fireice.geom import move_name

    return move_name(mv >> 6, mv & 63)


def sync(app, text):
    """The server's whole move list (text: "D4-C4 D4-D5 ...", "" for none)
    brought to the board: moves the board lacks shown one by one; local
    moves the server lacks said again ("move" events with "again"); where
    the two disagree the server's game stands: the record is rewritten to
    it (a new file, then a rename) and the lights guide the pegs to its
    position. The reply's figures: the server's plies (sync), the moves to
    show (missing), those said again (again), and whether the board's game
    was replaced. Checked whole before anything changes."""
    r = _part(app)
    if not isinstance(text, str):
        raise FireIceError('sync takes the server\'s moves as one string, such as "D4-C4 D4-D5"')
    words = text.split()
    if len(words) > _MAXPLY:
        raise FireIceError("a game has at most %d moves, not %d" % (_MAXPLY, len(words)))
    server = bytearray(2 * len(words))
    for k in range(len(words)):
        mv = _parse(words[k])
        server[2 * k] = mv >> 6
        server[2 * k + 1] = mv & 63
    # the longest game's words are some 300 small strings: gone before the
    # record is read and rewritten below
    words = None
    t = app.tracker
    g = t.game
    n = len(server) // 2
    hist = g.hist
    k = 0  # the moves both have
    while k < n and k < g.ply and hist[2 * k : 2 * k + 2] == server[2 * k : 2 * k + 2]:
        k += 1
    ply = g.ply
    again = missing = 0
    replaced = False
    _check(g, server, k, n)  # (raises, the game as it was)
    if k == ply:  # the board lacks moves (or has them all)
        missing = n - k
        if r.ended is None and not g.result:
            r.queue = [(j, server[2 * j] * 64 + server[2 * j + 1]) for j in range(k, n)]
            if t.forced >= 0 and (not r.queue or r.queue[0][1] != t.forced):
                t.force(FREE)  # a move shown that the server has not: shown no more
                r.told = -1
    elif k == n and not _movers(g, k) & (1 << r.side):
        again = ply - k  # the board's own moves the server lacks: said again
        r.resay = (k, ply)
    else:  # they disagree: the server's game stands
        before = bytearray(g.cells)
        mine = bytes(hist[2 * k : 2 * ply])
        while g.ply > k:
            g.pop()
        for j in range(k, n):
            g.push(server[2 * j], server[2 * j + 1])
        try:
            app._save(app.games.save, g)
        except (OSError, MemoryError, FireIceError):
            _back(g, k, mine)
            raise
        replaced = True
        r.queue = []
        r.told = -1
        _guide(app, g, before)
    return {"sync": n, "missing": missing, "again": again, "replaced": replaced}


def _back(g, k, moves):
    # g taken back to ply k, then moves (from, to bytes) played again
    while g.ply > k:
        g.pop()
    for j in range(0, len(moves), 2):
        g.push(moves[j], moves[j + 1])


def _movers(g, k):
    # the sides that made g's moves past ply k, as bits (1 << side): each
    # move taken back to see whose turn it was, then played again (a pass
    # keeps the turn, so it is not simply every other move)
    ply = g.ply
    mine = bytes(g.hist[2 * k : 2 * ply])
    sides = 0
    while g.ply > k:
        g.pop()
        sides |= 1 << g.to_move
    _back(g, k, mine)
    return sides


def _check(g, server, k, n):
    # the server's moves k..n, each legal in turn after the first k (the
    # game taken back to k, then played as it was). FireIceError if not.
    ply = g.ply
    mine = bytes(g.hist[2 * k : 2 * ply])
    while g.ply > k:
        g.pop()
    try:
        for j in range(k, n):
            frm = server[2 * j]
            to = server[2 * j + 1]
            why = g.check(frm, to) if not g.result else "the game is over"
            if why:
                raise FireIceError(
                    "the server's move %d (%s) is illegal here: %s"
                    % (j + 1, _name(frm * 64 + to), why)
                )
            g.push(frm, to)
    finally:
        _back(g, k, mine)


def _guide(app, g, before):
    # the board's game replaced: the lights guide the pegs to its position,
    # as a new game's set-up does (the fixes all lit at once). On a digital
    # board a hole that holds a peg of the other colour now has it put in
    # afresh (it cannot see colours).
    t = app.tracker
    t.start(g, setup=True, trust=True)
    seen = t.seen
    if seen is not None:
        for h in range(49):
            if before[h] and g.cells[h] and before[h] != g.cells[h]:
                seen[h] = 0
    t.update(app.deb.stable)
    app._drain()


def end(app, winner, status):
    """The game ended as the server says: winner "fire", "ice" or None;
    status the server's word (resign, outoftime, aborted, mate, draw...).
    The record keeps it (its Result and a Termination tag, rewritten in one
    step), then a "result" event says it. A game over on the board already
    is left as it is."""
    r = _part(app)
    if winner not in (None, "fire", "ice"):
        raise FireIceError("winner must be fire, ice or null, not %r" % (winner,))
    if not isinstance(status, str) or not 1 <= len(status) <= 20 or not status.isalpha():
        raise FireIceError("status must be a word such as resign or outoftime")
    app._drain()  # (what the board still had to say comes first)
    g = app.tracker.game
    if g.result:
        return {"end": status, "winner": RESULT_NAMES[g.result], "already": True}
    side = 0 if winner is None else 1 if winner == "fire" else 2
    name = RESULT_NAMES[side] if side else "draw" if status == "draw" else "*"
    app._save(app.games.ended, (g, name, status))
    # the game over on the board: the tracker shows it (no side to move)
    g.result = side or 3
    g.to_move = 0
    r.ended = status
    r.queue = []
    t = app.tracker
    t.force(FREE)
    t.update(app.deb.stable)  # (over: nothing to say)
    app._out(
        {
            "ev": "result",
            "result": RESULT_NAMES[side] if side else None if name == "*" else "draw",
            "status": status,
            "islands": "",
        }
    )
    return {"end": status, "winner": winner}


def link(app, state, extra=None):
    """The link's state: connected, waiting (for the opponent), gone (the
    opponent), offline; extra: what it says more ({"opponent": name,
    "rating": N, "clock": ...}). A "link" event when the state changes."""
    r = _part(app)
    if state not in STATES:
        raise FireIceError("state must be connected, waiting, gone or offline, not %r" % (state,))
    if extra:
        for key in extra:
            if key not in ("opponent", "rating", "clock"):
                raise FireIceError("unknown link field %r (opponent, rating, clock)" % (key,))
        if "opponent" in extra:
            check_name(extra["opponent"])
        v = extra.get("rating")
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9999):
            raise FireIceError("rating must be a whole number 0..9999")
        v = extra.get("clock")
        if v is not None and not isinstance(v, (int, float, str, dict)):
            raise FireIceError("clock must be a number, a string or an object")
        if isinstance(v, (str, dict)) and len(v) > 16:
            raise FireIceError("clock is too long")
    was = r.state
    r.state = state
    r.extra = extra or None
    if extra and extra.get("opponent"):
        r.name = extra["opponent"]
    if was != state:
        app._out({"ev": "link", "state": state})
    return {"link": state}


def info(app):
    """The remote game as the status command shows it, or None."""
    r = part(app)
    if r is None:
        return None
    t = app.tracker
    f = t.forced
    st = {
        "side": SIDE_NAMES[r.side],
        "game": r.game,
        "opponent": r.name,
        "state": r.state,
        "shown": _name(f) if f >= 0 else None,
        "waiting": f == WAITING,
        "ended": r.ended,
    }
    if r.extra:
        for key in r.extra:
            st[key] = r.extra[key]
    return st
