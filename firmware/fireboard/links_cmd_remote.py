# The USB command of a remote opponent (fireboard.links_commands loads this
# for one command): the link's words to the board, each done by
# fireboard.track_remote (docs/protocol.md, "A remote opponent").
#   remote              the remote game as status shows it
#   remote D4-C4        the remote side's move
#   remote sync "..."   the server's whole move list
#   remote end {...}    the server ended the game
#   remote link {...}   the link's state
import json

from fireboard.links_table import CommandError


def remote(app, arg):
    from fireboard import track_remote as rt

    words = arg.split(None, 1)
    what = words[0] if words else ""
    rest = words[1].strip() if len(words) > 1 else ""
    if not what:
        return {"remote": rt.info(app)}
    if what == "sync":
        text = _json(rest, 'sync takes the server\'s moves in quotes, such as "D4-C4 D4-D5"')
        return rt.sync(app, text)
    if what == "end":
        msg = _object(rest, "end")
        for key in msg:
            if key not in ("winner", "status"):
                raise CommandError("unknown end field %r (winner, status)" % (key,))
        if "status" not in msg:
            raise CommandError("end needs status: the server's word, such as resign")
        return rt.end(app, msg.get("winner"), msg["status"])
    if what == "link":
        msg = _object(rest, "link")
        if "state" not in msg:
            raise CommandError("link needs state: connected, waiting, gone or offline")
        state = msg.pop("state")
        return rt.link(app, state, msg)
    if rest:
        raise CommandError("remote takes a move (D4-C4), sync, end or link, not %r" % arg[:40])
    return {"move": what, "ply": rt.move(app, what)}


def _json(text, what):
    try:
        return json.loads(text)
    except ValueError:
        raise CommandError(what) from None


def _object(text, name):
    v = _json(text, "%s takes a JSON object" % name)
    if not isinstance(v, dict):
        raise CommandError("%s takes a JSON object, not %r" % (name, text[:40]))
    return v
