# The USB status command (fireboard.links_commands loads this for one command): the
# game, the tracker's phase and what the lights ask for, the free heap.
import gc

from fireboard.links_table import no_arg
from fireboard import track_phases as phases
from fireice.geom import move_name, RESULT_NAMES, SIDE_NAMES, hole_name


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
        "phase": phases.NAMES[t.phase],
        "heap_free": gc.mem_free() if hasattr(gc, "mem_free") else None,
    }
    vs = app.games.vs
    if vs is not None and g is not None and g.duel:  # against the board
        st["vs"] = SIDE_NAMES[vs[0]]
        st["level"] = vs[1]
        f = t.forced
        st["board"] = (
            "thinking" if f == phases.THINKING else None if f < 0 else move_name(f >> 6, f & 63)
        )
    if app.games.remote is not None:  # against a remote opponent
        from fireboard.track_remote import info

        st["remote"] = info(app)
    if phases.ERROR <= t.phase <= phases.SETUP:  # error, restore, setup: what the lights ask for
        from fireice.geom import position_str

        st["fix"] = hole_name(t.fix) if t.fix != 255 else None
        st["fix_kind"] = phases.FIX_NAMES[t.fix_kind]
        st["target"] = position_str(t.target)
    return st
