# USB commands for the board's settings (fireboard.usb loads this for one
# command): config, set (the settings in config.json), reset (back to the
# defaults).
import json

from fireboard.usb import CommandError, no_arg

CONFIG = "config.json"
# settings that take effect at once; the others at the next start
_LIVE = ("brightness", "threshold", "debounce_ms", "long_press_ms")


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
    from fireboard.config import merged
    from fireboard.files import read

    # the board as it would run with it: every setting checked together
    cfg = merged({key: value}, app.cfg)
    merged = None
    store = app.games.store
    try:
        text = read(store, CONFIG, 2048)
        over = json.loads(text) if text else {}
    except (OSError, ValueError):
        over = None
    if not isinstance(over, dict):
        raise CommandError("%s cannot be read; reset sets it aside" % CONFIG)
    over[key] = value
    # its own block, and the two the game in play may need
    store.write(CONFIG, json.dumps(over), 3)
    return cfg


def reset(app, arg):
    """reset: back to the default settings (config.json set aside as
    config.json.reset), then a restart; games and calibration are kept."""
    no_arg(arg)
    store = app.games.store
    from fireboard.files import set_aside

    kept = set_aside(store, CONFIG, "reset") if store.size(CONFIG) != -1 else None
    app.reboot = True
    return {"kept": kept}


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
