# Checking and changing the board's configuration (config.json on the board,
# over fireboard.defaults). Loaded only when there is a file to read or a
# setting to change.
import json

from fireboard.defaults import CHANNEL_MA, DEFAULTS, IDLE_MA, LED_CAP_MA

FRONTS = ("digital", "colour")
# the Raspberry Pi Pico's GPIOs on its header (23, 24, 25 and 29 are wired
# on the board itself: power supply mode, VBUS sense, the LED, VSYS/3)
PICO_GPIOS = tuple(range(23)) + (26, 27, 28)
CAP_MIN_MA = 120  # above the LEDs' idle draw (51 x 2 mA at most)


class ConfigError(ValueError):
    pass


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _perm(name, value, n):
    if value is None:
        return
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(_whole(v) for v in value)
        or sorted(value) != list(range(n))
    ):
        raise ConfigError("%s must list 0..%d once each" % (name, n - 1))


def _pin(name, v):
    if not _whole(v) or v not in PICO_GPIOS:
        raise ConfigError(
            "pin %s must be a GPIO on the Pico's header (0..22, 26..28), not %r" % (name, v)
        )


def _number(key, lo, hi, unit):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            raise ConfigError("%s must be %s..%s %s, not %r" % (key, lo, hi, unit, v))

    return check


def validate(cfg):
    """Raise ConfigError naming the first bad setting. Every limit is the
    hardware's own (hardware/power.json, the Pico's header pins): no value
    can make the LEDs draw more than the USB budget, or the board not start."""
    for key in cfg:
        if key not in DEFAULTS:
            raise ConfigError("unknown setting %r" % key)
    if cfg["front"] not in FRONTS:
        raise ConfigError("front must be digital or colour, not %r" % (cfg["front"],))
    pins = cfg["pins"]
    if not isinstance(pins, dict):
        raise ConfigError("pins must map names to GPIO numbers")
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
        if not _whole(v) or not lo <= v <= hi:
            raise ConfigError("%s must be a whole number %d..%d, not %r" % (key, lo, hi, v))
    if not _whole(cfg["fire_sign"]) or cfg["fire_sign"] not in (1, -1):
        raise ConfigError("fire_sign must be 1 or -1, not %r" % (cfg["fire_sign"],))
    if not isinstance(cfg["active_low"], bool):
        raise ConfigError("active_low must be true or false")
    caps = cfg["led_cap_ma"]
    if not isinstance(caps, dict):
        raise ConfigError("led_cap_ma must map digital and colour to mA")
    for front in FRONTS:
        v = caps.get(front)
        top = LED_CAP_MA[front]
        if not _whole(v) or not CAP_MIN_MA <= v <= top:
            raise ConfigError(
                "led_cap_ma.%s must be %d..%d mA (the USB budget left for the LEDs), not %r"
                % (front, CAP_MIN_MA, top, v)
            )
    # the current model: never below the LEDs' own figures (the board would
    # believe it draws less than it does), never past what a WS2812 draws
    _number("led_idle_ma", IDLE_MA, 2 * IDLE_MA, "mA")(cfg["led_idle_ma"])
    _number("led_channel_ma", CHANNEL_MA, 20, "mA")(cfg["led_channel_ma"])
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


def load_text(text, name="config.json"):
    """(cfg, problem): the settings of a config.json's text over the
    defaults; with a problem (said in it), the defaults."""
    try:
        over = json.loads(text)
        if not isinstance(over, dict):
            raise ConfigError("not a JSON object")
        return merged(over), None
    except MemoryError:
        raise  # not the file's fault: the start tries again
    except Exception as e:  # whatever the text holds: no start fails on it
        return merged({}), "%s" % e


def changes(cfg):
    """The settings of cfg that differ from the defaults (what to store)."""
    out = {}
    for key in cfg:
        if cfg[key] != DEFAULTS[key]:
            out[key] = cfg[key]
    return out
