# The board's USB commands (docs/protocol.md, "USB commands"): one line in,
# one JSON line out, the game going on between them. Loaded by
# fireboard.console when a line comes, forgotten when the console is quiet.
# The commands themselves live in small modules, each loaded for one
# command and forgotten after it: usbplay (the game), usbstatus, usbcheck
# (the sensors), usbleds, usbcalib, usbfiles (the records on flash), usbconfig and
# usbset (the settings), usbclock (the board's clock).
#
# Every reply has "re": the command's name. A line that cannot be done gets
# {"re": name or null, "error": "..."} and changes nothing.
from fireice import forget
from fireice.geom import FireIceError

# NAME:MOD pairs, each command a function of its name (with "_" after set
# and help) in fireboard.usbMODULE; a string, not a dict: smaller in the heap
_TABLE = (
    " help:play status:status new:play undo:play reboot:play sensors:check wiring:check"
    " leds:leds calib:calib games:files game:files delete:files config:config set:set reset:config"
    " clock:clock "
)


class CommandError(FireIceError):
    pass


def handle(app, text, out):
    """Answer one command line. The command's module, and what it loads,
    go after it (also after an error), and the collection leaves their
    room free in one piece. Memory running out ends in a collection and a
    second try (not for undo, which may have been done already); if that
    fails too, the reply says so and the game goes on."""
    words = text.split(None, 1)
    name = words[0] if words else ""
    arg = words[1].strip() if len(words) > 1 else ""
    k = _TABLE.find(" %s:" % name) if name and ":" not in name else -1
    full = None
    if k >= 0:
        k += len(name) + 2
        full = "fireboard.usb" + _TABLE[k : _TABLE.find(" ", k)]
    tries = 2 if name != "undo" else 1
    while tries:
        tries -= 1
        failed = True
        try:
            if full is None:
                raise CommandError("unknown command %r (help lists them)" % name[:40])
            mod = __import__(full, None, None, ("x",))
            reply = getattr(mod, name if name != "set" and name != "help" else name + "_")(app, arg)
            reply["re"] = name
            out(reply)
            failed = False
            return
        except (FireIceError, ValueError, TypeError, KeyError, OSError) as e:
            failed = False
            out({"re": name if full else None, "error": str(e)[:200]})
            return
        except MemoryError:
            if not tries:
                out({"re": name if full else None, "error": "out of memory"})
        finally:
            mod = reply = None
            forget(
                full or "",
                "fireboard.usbset",
                "fireboard.config",
                "fireboard.defaults",
                "fireboard.files",
                "fireice.notation",
                "fireice.version",
                failed=failed,
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
