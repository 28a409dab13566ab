# USB commands for what the board keeps on flash (fireboard.usb loads this
# for one command): games, game, delete (the game records), config, set
# (the settings in config.json).
import json

from fireboard.games import ARCHIVE, CURRENT
from fireboard.usb import CommandError, no_arg

CONFIG = "config.json"
# settings that take effect at once; the others at the next start
_LIVE = ("brightness", "threshold", "debounce_ms", "long_press_ms")


def _listing(store):
    names = [CURRENT] if store.read(CURRENT) is not None else []
    names += [ARCHIVE + "/" + n for n in store.listdir(ARCHIVE) if n.endswith(".txt")]
    return names


def games(app, arg):
    """The game records on flash: game.txt (being played), games/NNNN.txt."""
    no_arg(arg)
    return {"games": _listing(app.games.store)}


def _named(app, arg):
    if arg not in _listing(app.games.store):
        raise CommandError("no game record %r (games lists them)" % arg[:60])
    return arg


def game(app, arg):
    name = _named(app, arg)
    return {"name": name, "text": app.games.store.read(name)}


def delete(app, arg):
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


def store_setting(app, key, value):
    """Check the setting and keep it in config.json; returns the whole
    configuration it gives (ConfigError names a bad setting)."""
    from fireboard import config as c
    from fireice import forget

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
    cfg = c.merged(over)
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
    cfg = store_setting(app, key, value)
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
