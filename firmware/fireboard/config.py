# Checking and changing the board's configuration (config.json on the board,
# over fireboard.defaults). Loaded only when there is a file to read or a
# setting to change.
import json

from fireboard.defaults import DEFAULTS

FRONTS = ("digital", "colour")


class ConfigError(ValueError):
    pass


def _perm(name, value, n):
    if value is None:
        return
    if not isinstance(value, list) or sorted(value) != list(range(n)):
        raise ConfigError("%s must list 0..%d once each" % (name, n - 1))


def _pin(name, v):
    if not isinstance(v, int) or not 0 <= v <= 29:
        raise ConfigError("pin %s must be a GPIO number 0..29, not %r" % (name, v))


def validate(cfg):
    """Raise ConfigError naming the first bad setting."""
    for key in cfg:
        if key not in DEFAULTS:
            raise ConfigError("unknown setting %r" % key)
    if cfg["front"] not in FRONTS:
        raise ConfigError("front must be digital or colour, not %r" % cfg["front"])
    pins = cfg["pins"]
    used = {}
    for key in DEFAULTS["pins"]:
        if key not in pins:
            raise ConfigError("pins.%s is missing" % key)
        v = pins[key]
        want = len(DEFAULTS["pins"][key]) if isinstance(DEFAULTS["pins"][key], list) else 0
        vs = v if want else [v]
        if want and (not isinstance(v, list) or len(v) != want):
            raise ConfigError("pins.%s must list %d pins" % (key, want))
        for p in vs:
            _pin(key, p)
            if p in used:
                raise ConfigError("pin %d is used by %s and %s" % (p, used[p], key))
            used[p] = key
    if pins["adc"] not in (26, 27, 28):
        raise ConfigError("pins.adc must be 26, 27 or 28 (an ADC pin)")
    for key, lo, hi in (
        ("threshold", 200, 30000),
        ("scan_ms", 1, 10),
        ("debounce_ms", 0, 200),
        ("long_press_ms", 200, 5000),
        ("brightness", 1, 255),
    ):
        v = cfg[key]
        if not isinstance(v, int) or not lo <= v <= hi:
            raise ConfigError("%s must be a whole number %d..%d, not %r" % (key, lo, hi, v))
    if cfg["fire_sign"] not in (1, -1):
        raise ConfigError("fire_sign must be 1 or -1")
    if not isinstance(cfg["active_low"], bool):
        raise ConfigError("active_low must be true or false")
    caps = cfg["led_cap_ma"]
    if not isinstance(caps, dict):
        raise ConfigError("led_cap_ma must map digital and colour to mA")
    for front in FRONTS:
        v = caps.get(front)
        if not isinstance(v, int) or not 60 <= v <= 3000:
            raise ConfigError("led_cap_ma.%s must be 60..3000 mA" % front)
    for key in ("led_idle_ma", "led_channel_ma"):
        v = cfg[key]
        if not isinstance(v, (int, float)) or not 0 <= v <= 100:
            raise ConfigError("%s must be a number of mA" % key)
    _perm("led_map", cfg["led_map"], 51)
    _perm("sensor_map", cfg["sensor_map"], 49)


def merged(over):
    """DEFAULTS with the settings of over (a dict) on top, validated."""
    cfg = {}
    for key in DEFAULTS:
        v = DEFAULTS[key]
        cfg[key] = dict(v) if isinstance(v, dict) else v
    for key in over:
        v = over[key]
        if key in ("pins", "led_cap_ma") and isinstance(v, dict) and key in cfg:
            d = cfg[key]
            for k in v:
                if k not in d:
                    raise ConfigError("unknown setting %s.%s" % (key, k))
                d[k] = v[k]
        else:
            cfg[key] = v
    validate(cfg)
    return cfg


def load(store, name="config.json"):
    """The configuration on the board: (cfg, problem). A missing file gives
    the defaults; an unreadable or invalid one gives the defaults and says
    why (the file is left as it is for the owner to fix)."""
    text = store.read(name)
    if text is None:
        return merged({}), None
    return load_text(text, name)


def load_text(text, name="config.json"):
    try:
        over = json.loads(text)
        if not isinstance(over, dict):
            raise ConfigError("not a JSON object")
        return merged(over), None
    except (ValueError, TypeError) as e:
        return merged({}), "%s ignored: %s" % (name, e)


def changes(cfg):
    """The settings of cfg that differ from the defaults (what to store)."""
    out = {}
    for key in cfg:
        if cfg[key] != DEFAULTS[key]:
            out[key] = cfg[key]
    return out
