# What the board tells and the commands it takes from outside (the simulator's
# input, USB): loaded when needed, not kept in the heap during play.
import gc

from fireboard.tracker import PHASE_NAMES
from fireice.geom import (
    RESULT_NAMES,
    SIDE_NAMES,
    FireIceError,
    hole_name,
    parse_position,
    parse_side,
)
from fireice.version import VERSION


def led_names(cfg):
    """LED index -> hole name (or turn-fire, turn-ice)."""
    names = [hole_name(h) for h in range(49)] + ["turn-fire", "turn-ice"]
    m = cfg["led_map"]
    return [names[m[k]] for k in range(51)] if m else names


def hello(app):
    return {
        "ev": "hello",
        "version": VERSION,
        "front": app.cfg["front"],
        "leds": led_names(app.cfg),
    }


def status(app):
    t = app.tracker
    g = t.game
    gc.collect()
    st = {
        "ev": "status",
        "version": VERSION,
        "mode": app.mode,
        "front": app.cfg["front"],
        "position": g.position() if g else None,
        "to_move": SIDE_NAMES[g.to_move] if g else None,
        "result": RESULT_NAMES[g.result] if g else None,
        "moves": g.ply if g else 0,
        "phase": PHASE_NAMES[t.phase],
        "heap_free": gc.mem_free(),
    }
    if 5 <= t.phase <= 7:  # error, restore, setup: what the lights ask for
        from fireice.geom import position_str

        st["fix"] = hole_name(t.fix) if t.fix != 255 else None
        st["fix_kind"] = (None, "remove", "put", "colour")[t.fix_kind]
        st["target"] = position_str(t.target)
    return st


def command(app, msg, emit):
    """{"cmd": "new", ...} or {"cmd": "status"}; FireIceError when bad."""
    cmd = msg["cmd"]
    if cmd == "status":
        emit(status(app))
    elif cmd == "new":
        mode = msg.get("mode", app.mode)
        if mode != "duel" and mode != "solitaire":
            raise FireIceError("mode must be duel or solitaire, not %r" % (mode,))
        handicap = msg.get("handicap", 0)
        if not isinstance(handicap, int) or not 0 <= handicap <= 6:
            raise FireIceError("handicap must be 0..6")
        seed = msg.get("seed")
        if seed is not None and (not isinstance(seed, int) or seed < 0):
            raise FireIceError("seed must be a whole number >= 0")
        position = msg.get("position")
        if position is not None:
            parse_position(position)
        to_move = msg.get("to_move")
        app.new_game(
            mode,
            handicap,
            parse_side(msg.get("side", "fire")),
            seed,
            position,
            parse_side(to_move) if to_move is not None else None,
        )
    else:
        raise FireIceError("unknown command %r" % (cmd,))
