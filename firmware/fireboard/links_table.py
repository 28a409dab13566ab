# The USB command table and what the commands share: each command lives in
# a module of its own (fireboard.links_cmd_*), loaded by
# fireboard.links_commands for one line and dropped after it.
from fireice.geom import FireIceError

# NAME:MOD pairs, each command a function of its name (with "_" after set
# and help) in fireboard.links_cmd_MODULE; a string, not a dict: smaller in the heap
TABLE = (
    " help:play status:status new:play undo:play hint:play reboot:play sensors:check wiring:check"
    " leds:leds calib:calib games:files game:files delete:files config:config set:set reset:config"
    " clock:clock remote:remote "
)


class CommandError(FireIceError):
    pass


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
