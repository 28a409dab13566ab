# USB commands of the game (fireboard.links.commands loads this for one command):
# help, new, undo, hint, reboot.
import json

from fireboard.links.table import TABLE, CommandError, no_arg
from fireice.geom import parse_position


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


def settings(msg, mode):
    """The new-game settings of a {"cmd": "new", ...} command, checked:
    (mode, handicap, side, seed, position, to_move, grade)."""
    for key in msg:
        if key not in ("mode", "handicap", "side", "seed", "position", "to_move", "grade"):
            raise CommandError("unknown new-game setting %r" % (key,))
    mode = msg.get("mode", mode)
    if mode != "duel" and mode != "solitaire":
        raise CommandError("mode must be duel or solitaire, not %r" % (mode,))
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
    )


def new(app, arg):
    """new [JSON]: a new game, as the new button, or with settings such as
    {"mode": "solitaire", "seed": 4, "grade": "easy"} or {"handicap": 2,
    "side": "ice"}.
    The game is made once the command code is gone (App.start_asked, at
    the next scan or, on the virtual board, at once): events follow the
    reply."""
    app.asked = settings(json_object(arg), app.mode)
    return {"mode": app.asked[0]}


def undo(app, arg):
    no_arg(arg)
    app.undo()
    return {}


def hint(app, arg):
    """hint: as the undo button held; the hint follows as an event."""
    no_arg(arg)
    if not app.hint():
        raise CommandError("no hints in this game (solitaire on a board with room for the solver)")
    return {}


def reboot(app, arg):
    """Answers, then restarts the firmware (a soft reset)."""
    no_arg(arg)
    app.reboot = True
    return {}
