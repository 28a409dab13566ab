# USB commands for the board's settings (fireboard.links_commands loads this for one
# command): config (every setting as the board runs), reset (back to the
# defaults). Changing one is cmd_set.
from fireboard.links_table import CommandError, no_arg
from fireboard.records_store import MISSING

CONFIG = "config.json"


def config(app, arg):
    """config: every setting as the board runs; config KEY: one."""
    from fireboard.config_defaults import shown

    cfg = shown(app.cfg)  # (the WiFi password and the token hidden)
    if not arg:
        return {"config": cfg}
    if arg not in cfg:
        raise CommandError("unknown setting %r" % arg[:40])
    return {"key": arg, "value": cfg[arg]}


def reset(app, arg):
    """reset: back to the default settings (config.json set aside as
    config.json.reset), then a restart; games and calibration are kept."""
    no_arg(arg)
    store = app.games.store
    from fireboard.records_files import set_aside

    kept = set_aside(store, CONFIG, "reset") if store.size(CONFIG) != MISSING else None
    app.reboot = True
    return {"kept": kept}
