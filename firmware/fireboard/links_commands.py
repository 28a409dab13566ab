# The board's USB commands (docs/protocol.md, "USB commands"): one line in,
# one JSON line out, the game going on between them. Loaded by
# fireboard.links_console when a line comes, forgotten when the console is quiet.
# The commands themselves live in small modules, each loaded for one
# command and forgotten after it (fireboard.links_table lists them):
# cmd_play (the game), cmd_status, cmd_check (the sensors), cmd_leds,
# cmd_calib, cmd_files (the records on flash), cmd_config and cmd_set (the
# settings), cmd_clock (the board's clock), cmd_remote (a remote opponent).
#
# Every reply has "re": the command's name. A line that cannot be done gets
# {"re": name or null, "error": "..."} and changes nothing.
from fireboard.mem import forget
from fireboard.links_table import TABLE, CommandError
from fireice.geom import FireIceError


def handle(app, text, out):
    """Answer one command line. The command's module, and what it loads,
    go after it (also after an error), and the collection leaves their
    room free in one piece. Memory running out ends in a collection and a
    second try (not for undo, which may have been done already), with what
    the loop's parts can make again given back first (_shed: a
    solitaire's solver); if that fails too, the reply says so and the game
    goes on."""
    words = text.split(None, 1)
    name = words[0] if words else ""
    arg = words[1].strip() if len(words) > 1 else ""
    k = TABLE.find(" %s:" % name) if name and ":" not in name else -1
    full = None
    if k >= 0:
        k += len(name) + 2
        full = "fireboard.links_cmd_" + TABLE[k : TABLE.find(" ", k)]
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
            if tries:  # what the loop's parts can make again goes first
                _shed(app)
            else:
                out({"re": name if full else None, "error": "out of memory"})
        finally:
            mod = reply = None
            forget(
                full or "",
                "fireboard.track_remote",  # (loaded by new and remote)
                "fireboard.links_cmd_set",
                "fireboard.config_check",
                "fireboard.config_defaults",
                "fireboard.records_files",
                "fireice.notation",
                "fireice.version",
                failed=failed,
            )


def _shed(app):
    # Memory that the loop's parts can make again given back (a part's
    # shed(app), if it has one: a solitaire's solver), for a command that
    # ran out of memory: the owner's command comes before the board's help
    for part in app.parts:
        f = getattr(part, "shed", None)
        if f is not None:
            f(app)
