# The board's default configuration. config.json on the board holds only
# the settings that differ (fireboard.config_check checks and changes them). The
# pin numbers follow hardware/pinmap.json and the LED caps
# hardware/power.json (tests check both).

# the board's levels as an opponent: fireice.engine.BOARD_LEVELS (the
# engine's levels that fit the board; tests/core/test_versus.py keeps them
# equal), here so that checking a setting does not load the engine
VS_LEVELS = 3

DEFAULTS = {
    # sensor front end: "digital" (presence) or "colour" (linear hall, ADC)
    "front": "digital",
    # Raspberry Pi Pico GPIO numbers
    "pins": {
        "mux_select": [2, 3, 4],
        "digital_mux_out": [6, 7, 8, 9, 10, 11, 12],
        "analog_island_select": [13, 14, 15],
        "adc": 26,
        "neopixel": 22,
        "button_undo": 20,
        "button_new": 21,
    },
    # digital front end: an occupied hole reads 0 (switch to ground)
    "active_low": True,
    # colour front end: a Fire peg reads above the empty baseline (+1) or below (-1)
    "fire_sign": 1,
    # colour front end: distance from the baseline (ADC units of 65535) that
    # counts as a peg; baselines are measured at start and kept in calib.json
    "threshold": 6000,
    "scan_ms": 5,
    # ms a hole's reading must hold still before it counts; null: the front
    # end's own figure (the registry, fireboard/__init__.py: 8 digital, 10 colour)
    "debounce_ms": None,
    "long_press_ms": 1000,
    # a new game's opponent: None (two players), or the side the board
    # plays, "fire" or "ice", at vs_level (1..VS_LEVELS); the new-game
    # button and `new` keep the last game's, a new board starts with this
    "vs": None,
    "vs_level": 1,
    # the coach's danger lights (fireboard.track_coach): true, false, or
    # None: on in a game against the board at level 1
    "danger": None,
    # a duel's hints (fireboard.track_hinting): None no limit, 0 off, N a game
    "hints": None,
    # LED current cap (mA) for the LEDs, from hardware/power.json: the most
    # the USB budget leaves them (a setting may lower it, never raise it)
    "led_cap_ma": {"digital": 390, "colour": 250},
    # the LEDs' current model (hardware/power.json): idle mA per LED, and mA
    # per colour channel at 255
    "led_idle_ma": 1.0,
    "led_channel_ma": 12.0,
    # overall brightness 1..255 before the current cap
    "brightness": 96,
    # LED chain: LED index -> hole (0..48 = A1..G7, 49 Fire turn, 50 Ice turn)
    "led_map": None,
    # sensor wiring: scan slot (island mux * 7 + channel) -> hole; None = in order
    "sensor_map": None,
    # the Pico W's own link to a game server (fireboard.links_net,
    # docs/online.md, "From a Pico W"): the WiFi network and its password, the server
    # ("http://192.168.1.20:8000" or "https://..."), and the board's token
    # (from pairing: the board shows a code, the owner enters it on the
    # server's page). None: no link
    "wifi_ssid": None,
    "wifi_password": None,
    "server": None,
    "token": None,
}

# settings never shown back (config, set): their value is said as SECRET
SECRETS = ("wifi_password", "token")
SECRET = "(set)"


def shown(cfg):
    """cfg as config shows it: the secrets' values hidden."""
    out = {}
    for key in cfg:
        v = cfg[key]
        out[key] = SECRET if key in SECRETS and v is not None else v
    return out


def copy():
    cfg = {}
    for key in DEFAULTS:
        v = DEFAULTS[key]
        cfg[key] = dict(v) if isinstance(v, dict) else v
    return cfg
