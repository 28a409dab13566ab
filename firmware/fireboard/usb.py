# The board's USB commands (docs/protocol.md, "USB commands"): one line in,
# one JSON line out, the game going on between them. Loaded by
# fireboard.console when a line comes, forgotten when the console is quiet.
#
# Every reply has "re": the command's name. A line that cannot be done gets
# {"re": name or null, "error": "..."} and changes nothing.
import json

from fireice import forget
from fireice.geom import FireIceError, parse_hole

CONFIG = "config.json"
# settings that take effect at once; the others at the next start
_LIVE = ("brightness", "threshold", "debounce_ms", "long_press_ms")


class CommandError(FireIceError):
    pass


def handle(app, text, out):
    words = text.split(None, 1)
    name = words[0] if words else ""
    arg = words[1].strip() if len(words) > 1 else ""
    try:
        fn = _COMMANDS.get(name)
        if fn is None:
            raise CommandError("unknown command %r (help lists them)" % name[:40])
        reply = fn(app, arg)
        reply["re"] = name
        out(reply)
    except (FireIceError, ValueError, TypeError, KeyError, OSError) as e:
        out({"re": name if name in _COMMANDS else None, "error": str(e)[:200]})
        forget("fireboard.gamefiles")
        forget("fireboard.config")


def _no_arg(arg):
    if arg:
        raise CommandError("takes no argument, not %r" % arg[:40])


def _int(text, lo, hi, what):
    try:
        v = int(text)
    except ValueError:
        raise CommandError("%s must be a whole number, not %r" % (what, text[:20])) from None
    if not lo <= v <= hi:
        raise CommandError("%s must be %d..%d" % (what, lo, hi))
    return v


def _json_object(arg):
    if not arg:
        return {}
    v = json.loads(arg)
    if not isinstance(v, dict):
        raise CommandError("expected a JSON object, not %r" % arg[:40])
    return v


def help_(app, arg):
    _no_arg(arg)
    return {"commands": sorted(_COMMANDS)}


def status(app, arg):
    _no_arg(arg)
    from fireboard import report

    st = report.status(app)
    forget("fireboard.report")
    return st


def _states(app):
    return "".join(chr(48 + v) for v in app.deb.stable)


def sensors(app, arg):
    """Each hole's last raw reading (pin level, or ADC value) and its
    debounced state (0 empty, 1 Fire, 2 Ice, 3 a peg)."""
    _no_arg(arg)
    s = app.scanner
    reply = {"front": app.cfg["front"], "raw": list(s.raw[:49]), "state": _states(app)}
    if s.colour:
        reply["base"] = list(s.base[:49])
        reply["threshold"] = s.threshold
    return reply


def wiring(app, arg):
    """The readings in scan order (island mux * 7 + channel), whatever the
    sensor map says: the way to find sensors wired to other holes."""
    _no_arg(arg)
    s = app.scanner
    slot = s.slot
    st = app.deb.stable
    return {
        "front": app.cfg["front"],
        "slots": "".join(chr(48 + st[slot[k]]) for k in range(49)),
        "raw": [s.raw[slot[k]] for k in range(49)],
        "sensor_map": app.cfg["sensor_map"],
        "led_map": app.cfg["led_map"],
    }


def _rgb(words):
    if len(words) != 3:
        raise CommandError("a colour is three numbers R G B (0..255)")
    return [_int(w, 0, 255, "a colour value") for w in words]


def leds(app, arg):
    """leds walk [MS] | leds led N R G B | leds hole H R G B | leds all R G B
    | leds off. Test frames hold the game's lights until leds off."""
    w = arg.split()
    what = w[0] if w else ""
    lights = app.lights
    if what == "walk" and len(w) <= 2:
        ms = _int(w[1], 50, 5000, "ms per LED") if len(w) == 2 else 400
        app.test_lights(ms)
        return {"walk": 51, "ms": ms}
    if what == "off" and len(w) == 1:
        app.test_lights(None)
        return {"leds": "game"}
    if what == "all":
        rgb = _rgb(w[1:])
        holes = range(51)
    elif what == "led" and len(w) == 5:
        k = _int(w[1], 0, 50, "an LED number")
        rgb = _rgb(w[2:])
        holes = [h for h in range(51) if lights.pos[h] == k]
    elif what == "hole" and len(w) == 5:
        h = w[1]
        k = 49 if h == "turn-fire" else 50 if h == "turn-ice" else parse_hole(h)
        rgb = _rgb(w[2:])
        holes = [k]
    else:
        raise CommandError("leds walk [MS] | led N R G B | hole H R G B | all R G B | off")
    app.test_lights(0)
    f = lights.frame
    for h in range(51):
        for c in range(3):
            f[3 * h + c] = rgb[c] if h in holes else 0
    lights.show()
    return {"leds": "test", "ma": lights.estimate_ma}


def calib(app, arg):
    """calib | calib take | calib threshold N | calib store (colour front end)."""
    s = app.scanner
    if not s.colour:
        raise CommandError("the digital front end needs no calibration")
    w = arg.split()
    if w == ["take"]:
        from array import array

        sums = array("i", bytes(4 * 49))
        scratch = bytearray(49)
        for _ in range(8):
            s.scan(scratch)
            for h in range(49):
                sums[h] += s.raw[h]
        for h in range(49):
            s.base[h] = sums[h] // 8
    elif len(w) == 2 and w[0] == "threshold":
        s.threshold = app.cfg["threshold"] = _int(w[1], 200, 30000, "threshold")
    elif w == ["store"]:
        from fireboard import calib as c

        store = app.games.store
        store.write(c.NAME, c._json(s.base))
        forget("fireboard.calib")
        _store_setting(app, "threshold", s.threshold)
    elif w:
        raise CommandError("calib | calib take | calib threshold N | calib store")
    return {"base": list(s.base[:49]), "threshold": s.threshold}


def _listing(store):
    from fireboard.games import ARCHIVE, CURRENT

    names = [CURRENT] if store.read(CURRENT) is not None else []
    names += [ARCHIVE + "/" + n for n in store.listdir(ARCHIVE) if n.endswith(".txt")]
    return names


def games(app, arg):
    """The game records on flash: game.txt (being played), games/NNNN.txt."""
    _no_arg(arg)
    return {"games": _listing(app.games.store)}


def _named(app, arg):
    if arg not in _listing(app.games.store):
        raise CommandError("no game record %r (games lists them)" % arg[:60])
    return arg


def game(app, arg):
    name = _named(app, arg)
    return {"name": name, "text": app.games.store.read(name)}


def delete(app, arg):
    from fireboard.games import CURRENT

    name = _named(app, arg)
    if name == CURRENT:
        raise CommandError("game.txt is the game being played; start a new game first")
    app.games.store.remove(name)
    return {"deleted": name}


def config(app, arg):
    """config: every setting as the board runs; config KEY: one."""
    cfg = app.cfg
    if not arg:
        return {"config": cfg}
    if arg not in cfg:
        raise CommandError("unknown setting %r" % arg[:40])
    return {"key": arg, "value": cfg[arg]}


def _store_setting(app, key, value):
    from fireboard import config as c

    store = app.games.store
    text = store.read(CONFIG)
    over = {}
    if text:
        try:
            over = json.loads(text)
        except ValueError:
            over = None
        if not isinstance(over, dict):
            raise CommandError("%s cannot be read; fix or delete it first" % CONFIG)
    over[key] = value
    cfg = c.merged(over)  # raises ConfigError naming a bad setting
    store.write(CONFIG, json.dumps(c.changes(cfg)))
    forget("fireboard.config")
    return cfg


def set_(app, arg):
    """set KEY JSON: checked, stored in config.json; brightness, threshold,
    debounce_ms and long_press_ms take effect at once, the rest at the next
    start (reboot)."""
    w = arg.split(None, 1)
    if len(w) != 2:
        raise CommandError("set KEY VALUE (VALUE in JSON, e.g. set brightness 64)")
    key = w[0]
    value = json.loads(w[1])
    cfg = _store_setting(app, key, value)
    live = key in _LIVE
    if live:
        app.cfg[key] = cfg[key]
        if key == "brightness":
            app.lights.brightness = cfg[key]
            app.lights._seen = -1
        elif key == "threshold" and app.scanner.colour:
            app.scanner.threshold = cfg[key]
        elif key == "debounce_ms":
            app.deb.ms = cfg[key]
        else:
            app.undo_button.long_ms = app.new_button.long_ms = cfg[key]
    return {"key": key, "value": cfg[key], "now": live}


def new(app, arg):
    """new [JSON]: a new game, as the new button, or with settings such as
    {"mode": "solitaire", "seed": 4} or {"handicap": 2, "side": "ice"}."""
    from fireboard import gamefiles

    settings = gamefiles.settings(_json_object(arg), app.mode)
    forget("fireboard.gamefiles")
    app.new_game(*settings)
    return {"mode": app.mode}


def undo(app, arg):
    _no_arg(arg)
    app.undo()
    return {}


def reboot(app, arg):
    """Answers, then restarts the firmware (a soft reset)."""
    _no_arg(arg)
    app.reboot = True
    return {}


_COMMANDS = {
    "help": help_,
    "status": status,
    "sensors": sensors,
    "wiring": wiring,
    "leds": leds,
    "calib": calib,
    "games": games,
    "game": game,
    "delete": delete,
    "config": config,
    "set": set_,
    "new": new,
    "undo": undo,
    "reboot": reboot,
}
