# USB command to change a setting (fireboard.links_commands loads this for one
# command): set (the settings in config.json). Showing them and going back to
# the defaults is in cmd_config.
import json

from fireboard.links_table import CommandError
from fireboard.records_store import MISSING

CONFIG = "config.json"
# settings that take effect at once; the others at the next start
_LIVE = (
    "brightness",
    "threshold",
    "debounce_ms",
    "long_press_ms",
    "vs",
    "vs_level",
    "hints",
    "danger",
)


def store_setting(app, key, value):
    """Check the setting and keep it in config.json; returns the value it
    takes (ConfigError names a bad setting)."""
    from fireboard.mem import run

    # checked with every other setting as the board runs (its code gone
    # after: its room for what follows)
    new = run("check setting", app.cfg, key, value)
    store = app.games.store
    over = {}
    if store.size(CONFIG) != MISSING:  # the settings stored so far
        from fireboard.records_files import read

        try:
            text = read(store, CONFIG, 1024)
            over = json.loads(text) if text else {}
        except (OSError, ValueError):
            over = None
    if not isinstance(over, dict):
        raise CommandError("%s cannot be read; reset sets it aside" % CONFIG)
    over[key] = value
    # its own block, and the two the game in play may need
    store.write(CONFIG, json.dumps(over), 3)
    return new


def set_(app, arg):
    """set KEY JSON: checked, stored in config.json; brightness, threshold,
    debounce_ms, long_press_ms and hints take effect at once, vs, vs_level
    and danger with the next new game, the rest at the next start (reboot)."""
    w = arg.split(None, 1)
    if len(w) != 2:
        raise CommandError("set KEY VALUE (VALUE in JSON, e.g. set brightness 64)")
    key = w[0]
    value = json.loads(w[1])
    v = store_setting(app, key, value)
    live = key in _LIVE
    if live:
        app.cfg[key] = v
        if key == "brightness":
            app.lights.brightness = v
            app.lights._seen = -1
        elif key == "threshold" and app.scanner.colour:
            app.scanner.threshold = v
        elif key == "debounce_ms":
            from fireboard.app import debounce_ms

            app.deb.ms = debounce_ms(app.cfg)
            if app.irq is not None:  # (one word: atomic beside the interrupt)
                app.irq.live.ms = app.deb.ms
        elif key == "long_press_ms":
            for b in app.buttons:
                b.long_ms = v
        elif key == "vs" or key == "vs_level":  # the next new game's opponent
            c = app.cfg
            app.vs = None if c["vs"] is None else (1 if c["vs"] == "fire" else 2, c["vs_level"])
    from fireboard.config_defaults import SECRET, SECRETS

    if key in SECRETS and v is not None:
        v = SECRET  # (never said back)
    return {"key": key, "value": v, "now": live}
