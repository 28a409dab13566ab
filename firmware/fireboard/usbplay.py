# USB commands of the game (fireboard.usb loads this for one command):
# help, status, new, undo, reboot.
import gc

from fireboard.usb import CommandError, commands, json_object, no_arg
from fireice.geom import RESULT_NAMES, SIDE_NAMES, hole_name

_PHASES = ("idle", "lifted", "landed", "both", "victim", "error", "restore", "setup", "over")


def help_(app, arg):
    no_arg(arg)
    return {"commands": commands()}


def status(app, arg):
    no_arg(arg)
    from fireice.version import VERSION

    t = app.tracker
    g = t.game
    gc.collect()
    st = {
        "version": VERSION,
        "mode": app.mode,
        "front": app.cfg["front"],
        "position": g.position() if g else None,
        "to_move": SIDE_NAMES[g.to_move] if g else None,
        "result": RESULT_NAMES[g.result] if g else None,
        "moves": g.ply if g else 0,
        "phase": _PHASES[t.phase],
        "heap_free": gc.mem_free() if hasattr(gc, "mem_free") else None,
    }
    if 5 <= t.phase <= 7:  # error, restore, setup: what the lights ask for
        from fireice.geom import position_str

        st["fix"] = hole_name(t.fix) if t.fix != 255 else None
        st["fix_kind"] = (None, "remove", "put", "colour")[t.fix_kind]
        st["target"] = position_str(t.target)
    return st


def settings(msg, mode):
    """The new-game settings of a {"cmd": "new", ...} command, checked:
    (mode, handicap, side, seed, position, to_move)."""
    from fireice.geom import parse_position, parse_side

    for key in msg:
        if key not in ("mode", "handicap", "side", "seed", "position", "to_move"):
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
        parse_position(position)
    to_move = msg.get("to_move")
    side = parse_side(msg.get("side", "fire"))
    return (
        mode,
        handicap,
        side,
        seed,
        position,
        parse_side(to_move) if to_move is not None else None,
    )


def new(app, arg):
    """new [JSON]: a new game, as the new button, or with settings such as
    {"mode": "solitaire", "seed": 4} or {"handicap": 2, "side": "ice"}.
    fireboard.usb starts it once this module is gone again."""
    app.asked = settings(json_object(arg), app.mode)
    return {}


def undo(app, arg):
    no_arg(arg)
    app.undo()
    return {}


def reboot(app, arg):
    """Answers, then restarts the firmware (a soft reset)."""
    no_arg(arg)
    app.reboot = True
    return {}
