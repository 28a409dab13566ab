# The board's USB commands (docs/protocol.md, "USB commands"): one line in,
# one JSON line out, the game going on between them. Loaded by
# fireboard.console when a line comes, forgotten when the console is quiet.
# The commands themselves live in small modules, each loaded for one
# command and forgotten after it: usbplay (the game), usbstatus, usbcheck
# (sensors and lights), usbfiles (the records on flash), usbset (the
# settings).
#
# Every reply has "re": the command's name. A line that cannot be done gets
# {"re": name or null, "error": "..."} and changes nothing.
import json

from fireice import forget
from fireice.geom import FireIceError

# command -> the module that has it (a function of the same name, with "_"
# after names Python keeps for itself)
_COMMANDS = {
    "help": "usbplay",
    "status": "usbstatus",
    "new": "usbplay",
    "undo": "usbplay",
    "reboot": "usbplay",
    "sensors": "usbcheck",
    "wiring": "usbcheck",
    "leds": "usbcheck",
    "calib": "usbcheck",
    "games": "usbfiles",
    "game": "usbfiles",
    "delete": "usbfiles",
    "config": "usbset",
    "set": "usbset",
    "reset": "usbset",
}


class CommandError(FireIceError):
    pass


def commands():
    return sorted(_COMMANDS)


def handle(app, text, out):
    """Answer one command line. Memory running out ends in a collection
    and a second try (not for undo, which may have been done already);
    if that fails too, the reply says so and the game goes on."""
    words = text.split(None, 1)
    name = words[0] if words else ""
    for again in (name != "undo", False):
        try:
            return _handle(app, name, words[1].strip() if len(words) > 1 else "", out)
        except MemoryError:
            if not again:
                out({"re": name if name in _COMMANDS else None, "error": "out of memory"})


def _handle(app, name, arg, out):
    where = _COMMANDS.get(name)
    full = "fireboard." + where if where else None
    try:
        if where is None:
            raise CommandError("unknown command %r (help lists them)" % name[:40])
        mod = __import__(full, None, None, (where,))
        reply = getattr(mod, name if name != "set" and name != "help" else name + "_")(app, arg)
        reply["re"] = name
        out(reply)
    except (FireIceError, ValueError, TypeError, KeyError, OSError) as e:
        out({"re": name if where else None, "error": str(e)[:200]})
    finally:
        # the command's module, and what it loads for its work, go with it,
        # also after an error
        mod = reply = None
        # (and the collection leaves their room free in one piece)
        forget(
            full or "",
            "fireboard.usbfiles",
            "fireboard.usbset",
            "fireboard.config",
            "fireboard.defaults",
            "fireboard.files",
            "fireice.notation",
        )


def no_arg(arg):
    if arg:
        raise CommandError("takes no argument, not %r" % arg[:40])


def whole(text, lo, hi, what):
    """int(text), which must be in lo..hi; CommandError names what."""
    try:
        v = int(text)
    except ValueError:
        raise CommandError("%s must be a whole number, not %r" % (what, text[:20])) from None
    if not lo <= v <= hi:
        raise CommandError("%s must be %d..%d" % (what, lo, hi))
    return v


def json_object(arg):
    if not arg:
        return {}
    v = json.loads(arg)
    if not isinstance(v, dict):
        raise CommandError("expected a JSON object, not %r" % arg[:40])
    return v
