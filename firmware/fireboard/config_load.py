# Loading the board's configuration at start: config.json's settings over
# the defaults (fireboard.config_defaults), checked (fireboard.config_check).
from fireboard import config_defaults as defaults
from fireboard.records_store import MISSING


def load(store, name="config.json"):
    """(cfg, problem): the configuration on the board. Without a config.json
    this is a copy of the defaults, and fireboard.config_check is not loaded. A
    config.json that cannot be used (not text, too big, a folder, bad JSON,
    a setting out of range) is set aside as config.json.WHY and the board
    starts on the defaults: a safe start, said in problem."""
    if store.size(name) == MISSING:
        return defaults.copy(), None  # (the file checker not even loaded)
    from fireboard import records_files as files
    from fireboard.mem import run

    try:
        text = files.read(store, name, 1024)
        if text is None:
            return defaults.copy(), None
        cfg, problem = run("check settings", text)  # (its checker gone after it)
        if problem is None:
            return cfg, None
        why = "invalid"
    except OSError as e:
        problem = str(e)
        why = getattr(e, "why", "unreadable")
        cfg = defaults.copy()
    try:
        kept = "set aside as " + files.set_aside(store, name, why)
    except OSError:
        kept = "left as it is"
    return cfg, "%s %s (%s): the board runs on the default settings" % (name, kept, problem)
