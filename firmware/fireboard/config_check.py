# Checking and changing the board's configuration (config.json on the board,
# over fireboard.config_defaults). Loaded only when there is a file to read or a
# setting to change, so it is kept small. Every limit is the hardware's own
# (hardware/power.json, the Pico's header pins; tests/host/test_config.py
# checks them against the hardware files): no value can make the LEDs draw
# more than the USB budget, or stop the board from starting.
import json

from fireboard.config_defaults import VS_LEVELS
from fireboard import sense_fronts as fronts

# The front ends, with the most of the USB budget each leaves for the LEDs
# (hardware/power.json), are fireboard.sense_fronts's; the current model's
# figures are the low ends of led_idle_ma and led_channel_ma below.
CAP_MIN_MA = 120  # above the LEDs' idle draw (51 x 2 mA at most)

# setting, low, high, flat in one tuple (its names are interned strings):
# whole numbers, and the mA of the current model, never below the LEDs' own
# figures (the board would believe it draws less than it does) nor past
# what a WS2812 draws
_RANGES = (
    "threshold", 200, 30000, "scan_ms", 1, 10, "debounce_ms", 0, 200,
    "long_press_ms", 200, 5000, "brightness", 1, 255,
    "led_idle_ma", 1, 2, "led_channel_ma", 12, 20,
)  # fmt: skip


class ConfigError(ValueError):
    pass


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def validate(cfg):
    """Raise ConfigError naming the first bad setting of a whole
    configuration (every key there, as merged() makes it)."""
    names = fronts.names()
    if cfg["front"] not in names:
        raise ConfigError("front must be %s, not %r" % (" or ".join(names), cfg["front"]))
    w = _RANGES
    for k in range(0, len(w), 3):
        key = w[k]
        lo = w[k + 1]
        hi = w[k + 2]
        v = cfg[key]
        if v is None and key == "debounce_ms":
            continue  # the front end's own (fireboard.sense_fronts)
        ma = key[-3:] == "_ma"
        if isinstance(v, bool) or not isinstance(v, (int, float) if ma else int):
            v = None
        if v is None or not lo <= v <= hi:
            raise ConfigError(
                "%s must be %s..%s%s, not %r" % (key, lo, hi, " mA" if ma else "", cfg[key])
            )
    v = cfg["fire_sign"]
    if not _whole(v) or v not in (1, -1):
        raise ConfigError("fire_sign must be 1 or -1, not %r" % (v,))
    v = cfg["vs"]
    if v not in (None, "fire", "ice"):
        raise ConfigError("vs must be null, fire or ice (the side the board plays), not %r" % (v,))
    v = cfg["vs_level"]
    if not _whole(v) or not 1 <= v <= VS_LEVELS:
        raise ConfigError("vs_level must be 1..%d, not %r" % (VS_LEVELS, v))
    if cfg["danger"] is not None and not isinstance(cfg["danger"], bool):  # (1 == True)
        raise ConfigError("danger must be null, true or false, not %r" % (cfg["danger"],))
    v = cfg["hints"]
    if v is not None and (not _whole(v) or not 0 <= v <= 99):
        raise ConfigError("hints must be null (no limit), 0 (off) or 1..99 a game, not %r" % (v,))
    if not isinstance(cfg["active_low"], bool):
        raise ConfigError("active_low must be true or false")
    used = {}
    pins = cfg["pins"]
    for key in pins:
        v = pins[key]
        for p in v if isinstance(v, list) else [v]:
            # the GPIOs on the Pico's header (23, 24, 25 and 29 are wired on
            # the board itself: power supply mode, VBUS sense, the LED, VSYS/3)
            if not _whole(p) or not (0 <= p <= 22 or 26 <= p <= 28):
                raise ConfigError(
                    "pin %s must be a GPIO on the Pico's header (0..22, 26..28), not %r" % (key, p)
                )
            if p in used:
                raise ConfigError("pin %d is used by %s and %s" % (p, used[p], key))
            used[p] = key
    if pins["adc"] not in (26, 27, 28):
        raise ConfigError("pins.adc must be 26, 27 or 28 (an ADC pin)")
    caps = cfg["led_cap_ma"]
    for name in names:
        most = fronts.cap_ma(name)
        v = caps.get(name, most)
        if not _whole(v) or not CAP_MIN_MA <= v <= most:
            raise ConfigError(
                "led_cap_ma.%s must be %d..%d mA (the USB budget left for the LEDs), not %r"
                % (name, CAP_MIN_MA, most, v)
            )
    _check_net(cfg)
    for key, n in (("led_map", 51), ("sensor_map", 49)):
        v = cfg[key]
        if v is not None and not (
            isinstance(v, list)
            and len(v) == n
            and all(_whole(x) for x in v)
            and sorted(v) == list(range(n))
        ):
            raise ConfigError("%s must list 0..%d once each" % (key, n - 1))


def _text(cfg, key, lo, hi, what):
    v = cfg[key]
    if v is not None and not (isinstance(v, str) and lo <= len(v) <= hi):
        raise ConfigError("%s must be null or %s (%d..%d characters)" % (key, what, lo, hi))
    return v


def _check_net(cfg):
    # the WiFi link's settings (fireboard.links_net); the secrets' values
    # are never put in an error
    _text(cfg, "wifi_ssid", 1, 32, "the WiFi network's name")
    v = cfg["wifi_password"]
    if v is not None and not (isinstance(v, str) and (not v or 8 <= len(v) <= 63)):
        raise ConfigError("wifi_password must be null, empty (an open network) or 8..63 characters")
    v = _text(cfg, "server", 10, 100, "the server's address")
    if v is not None:
        rest = v[8:] if v[:8] == "https://" else v[7:] if v[:7] == "http://" else None
        host, _, port = (rest or "").rstrip("/").partition(":")
        if (
            not host
            or "/" in host
            or " " in v
            or (port and not (port.isdigit() and 0 < int(port) < 65536))
        ):
            raise ConfigError(
                "server must be http://HOST[:PORT] or https://HOST[:PORT], not %r" % v
            )
    v = cfg["token"]
    if v is not None and not (
        isinstance(v, str)
        and 8 <= len(v) <= 100
        and v[:4] == "fit_"
        and all(c.isalpha() or c.isdigit() or c in "_-" for c in v)
    ):
        raise ConfigError("token must be null or a server token (fit_...)")


def merged(over, base=None):
    """A configuration: base (a whole one, the defaults when None) with the
    settings of over (a dict) on top, validated. ConfigError names the
    first setting that is unknown or bad."""
    if base is None:
        from fireboard.config_defaults import copy

        base = copy()
    cfg = {}
    for key in base:
        v = base[key]
        cfg[key] = dict(v) if isinstance(v, dict) else v
    for key in over:
        _apply(cfg, key, over[key])
    validate(cfg)
    return cfg


def changed(cfg, key, value):
    """The value key takes in cfg (a whole configuration) when set to
    value, checked with every other setting as it is; cfg is left as it
    was. ConfigError names what is wrong."""
    old = cfg.get(key)
    try:
        _apply(cfg, key, value)
        validate(cfg)
        return cfg[key]
    finally:
        if key in cfg:
            cfg[key] = old


def _apply(cfg, key, v):
    if key not in cfg:
        raise ConfigError("unknown setting %r" % key)
    d = cfg[key]
    if isinstance(d, dict):  # pins, led_cap_ma: the names given change
        if not isinstance(v, dict):
            raise ConfigError("%s must map names to numbers" % key)
        d = dict(d)
        for k in v:
            if k not in d:
                raise ConfigError("unknown setting %s.%s" % (key, k))
            if isinstance(d[k], list) and not (isinstance(v[k], list) and len(v[k]) == len(d[k])):
                raise ConfigError("%s.%s must list %d pins" % (key, k, len(d[k])))
            d[k] = v[k]
        v = d
    cfg[key] = v


def load_text(text):
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
