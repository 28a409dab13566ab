# USB commands for what the board keeps on flash (fireboard.usb loads this
# for one command): games, game, delete (the game records), config, set
# (the settings in config.json), reset (back to the defaults).
import json

from fireboard.games import ARCHIVE, CURRENT
from fireboard.usb import CommandError, no_arg

CONFIG = "config.json"
# settings that take effect at once; the others at the next start
_LIVE = ("brightness", "threshold", "debounce_ms", "long_press_ms")


_PAGE = 16  # names per games reply


def _names(store):
    # every record name, in no order, one at a time
    if store.size(CURRENT) >= 0:
        yield CURRENT
    for n in store.names(ARCHIVE):
        if n.endswith(".txt"):
            yield ARCHIVE + "/" + n


def games(app, arg):
    """games [AFTER]: the game records on flash in name order, game.txt (the
    game being played) first, then games/NNNN.txt; at most 16 a reply, from
    the first name after AFTER. "more": whether names follow (ask again
    after the last). However many games there are, a reply is small."""
    if arg and not _is_name(arg):
        raise CommandError("games [AFTER]: AFTER is a name games gave, not %r" % arg[:60])
    page = []
    more = False
    for n in _names(app.games.store):
        if arg and n <= arg:
            continue
        k = len(page)
        while k and page[k - 1] > n:
            k -= 1
        if k < _PAGE:
            page.insert(k, n)
            if len(page) > _PAGE:
                page.pop()
                more = True
        else:
            more = True
    return {"games": page, "more": more}


def _is_name(arg):
    return arg == CURRENT or (
        arg.startswith(ARCHIVE + "/") and arg.endswith(".txt") and "/" not in arg[6:]
    )


def _named(app, arg):
    if not _is_name(arg) or app.games.store.size(arg) < 0:
        raise CommandError("no game record %r (games lists them)" % arg[:60])
    return arg


def game(app, arg):
    """game NAME: one record's text (a record over 4 KB is no record the
    board wrote: it is refused, and stays on flash)."""
    from fireboard.files import read

    name = _named(app, arg)
    return {"name": name, "text": read(app.games.store, name)}


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
    try:
        from fireboard.files import read

        text = read(store, CONFIG, 2048)
        over = json.loads(text) if text else {}
    except (OSError, ValueError):
        over = None
    if not isinstance(over, dict):
        raise CommandError("%s cannot be read; reset sets it aside" % CONFIG)
    over[key] = value
    cfg = c.merged(over)
    # its own block, and the two the game in play may need
    store.write(CONFIG, json.dumps(c.changes(cfg)), 3)
    forget("fireboard.config")
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
