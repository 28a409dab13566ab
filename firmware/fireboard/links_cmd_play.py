# USB commands of the game (fireboard.links_commands loads this for one command):
# help, new, undo, hint, reboot.
import json

from fireboard.links_table import TABLE, CommandError, no_arg
from fireice.geom import SIDE_NAMES, parse_position


def help_(app, arg):
    no_arg(arg)
    return {"commands": sorted(w[: w.find(":")] for w in TABLE.split())}


def json_object(arg):
    if not arg:
        return {}
    v = json.loads(arg)
    if not isinstance(v, dict):
        raise CommandError("expected a JSON object, not %r" % arg[:40])
    return v


def _side(name, what):
    if name == "fire":
        return 1
    if name == "ice":
        return 2
    raise CommandError("%s must be fire or ice, not %r" % (what, name))


def settings(msg, mode, vs=None):
    """The new-game settings of a {"cmd": "new", ...} command, checked:
    (mode, handicap, side, seed, position, to_move, grade, vs, remote); vs:
    the game's opponent, None (two players) or (side the board plays,
    level), the last game's (vs) unless "vs" or "level" is given; remote:
    with "remote": true, the side "vs" names is played remotely (no
    engine): (that side, the server's "game" id, the "opponent"'s name)."""
    for key in msg:
        if key not in (
            "mode",
            "handicap",
            "side",
            "seed",
            "position",
            "to_move",
            "grade",
            "vs",
            "level",
            "remote",
            "game",
            "opponent",
        ):
            raise CommandError("unknown new-game setting %r" % (key,))
    remote = _remote(msg)
    if remote is not None:
        vs = None
    mode = msg.get("mode", mode)
    if mode != "duel" and mode != "solitaire":
        raise CommandError("mode must be duel or solitaire, not %r" % (mode,))
    vs = opponent(msg, vs) if remote is None else None
    if (vs is not None or remote is not None) and mode != "duel":
        raise CommandError("the board plays duels only: vs needs mode duel")
    handicap = msg.get("handicap", 0)
    if not isinstance(handicap, int) or not 0 <= handicap <= 6:
        raise CommandError("handicap must be 0..6")
    seed = msg.get("seed")
    if seed is not None and (not isinstance(seed, int) or seed < 0):
        raise CommandError("seed must be a whole number >= 0")
    position = msg.get("position")
    if position is not None:
        if not isinstance(position, str):
            raise CommandError("position must be a string of 49 characters # O -")
        parse_position(position)
    to_move = msg.get("to_move")
    grade = msg.get("grade")
    if grade is not None:
        if grade not in ("easy", "medium", "hard", "any"):
            raise CommandError("grade must be easy, medium, hard or any, not %r" % (grade,))
        if grade != "any" and (position is not None or to_move is not None):
            raise CommandError("a graded deal takes no position nor to_move")
    return (
        mode,
        handicap,
        _side(msg.get("side", "fire"), "side"),
        seed,
        position,
        None if to_move is None else _side(to_move, "to_move"),
        grade,
        vs,
        remote,
    )


def _remote(msg):
    # {"vs": side, "remote": true, "game": id, "opponent": name}: the
    # remote opponent (its side, id, name), or None ("remote" false or absent)
    remote = msg.get("remote", False)
    if remote is not True and remote is not False:
        raise CommandError("remote must be true or false")
    if not remote:
        if "game" in msg or "opponent" in msg:
            raise CommandError("game and opponent go with remote: true")
        return None
    if "level" in msg:
        raise CommandError("a remote opponent has no level")
    if msg.get("vs") is None:
        raise CommandError("remote needs vs: fire or ice (the remote side)")
    if "game" not in msg:
        raise CommandError("remote needs game: the server's game id")
    from fireboard.track_remote import check_game, check_name

    # (its module goes after the command when no remote game is played:
    # fireboard.links_commands)
    return (_side(msg["vs"], "vs"), check_game(msg["game"]), check_name(msg.get("opponent")))


def opponent(msg, vs):
    """The opponent {"vs": ..., "level": N} asks for: None (two players:
    "vs" null) or (side the board plays, level 1..VS_LEVELS); vs when
    neither is given; "level" alone keeps the side."""
    if "vs" not in msg and "level" not in msg:
        return vs
    from fireboard.config_defaults import VS_LEVELS

    name = msg.get("vs", SIDE_NAMES[vs[0]] if vs else None)
    if name is None:
        if "level" in msg:
            raise CommandError("level needs vs: fire or ice (the side the board plays)")
        return None
    side = _side(name, "vs")
    level = msg.get("level", vs[1] if vs else 1)
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= VS_LEVELS:
        raise CommandError("level must be 1..%d (the board's levels), not %r" % (VS_LEVELS, level))
    return (side, level)


def new(app, arg):
    """new [JSON]: a new game, as the new button, or with settings such as
    {"mode": "solitaire", "seed": 4, "grade": "easy"} or {"handicap": 2,
    "side": "ice"}; against the board: {"vs": "ice", "level": 2} (the side
    it plays), {"vs": null} for two players.
    The game is made once the command code is gone (App.start_asked, at
    the next scan or, on the virtual board, at once): events follow the
    reply."""
    app.asked = settings(json_object(arg), app.mode, app.vs)
    vs = app.asked[7]
    remote = app.asked[8]
    if remote is not None:
        return {"mode": "duel", "vs": SIDE_NAMES[remote[0]], "remote": True, "game": remote[1]}
    if vs is None:
        return {"mode": app.asked[0]}
    return {"mode": app.asked[0], "vs": SIDE_NAMES[vs[0]], "level": vs[1]}


def undo(app, arg):
    no_arg(arg)
    app.undo()
    return {}


def hint(app, arg):
    """hint: as the undo button held; the hint follows as an event."""
    no_arg(arg)
    if not app.hint():
        raise CommandError("no hints in this game (a solitaire needs room for the solver)")
    return {}


def reboot(app, arg):
    """Answers, then restarts the firmware (a soft reset)."""
    no_arg(arg)
    app.reboot = True
    return {}
