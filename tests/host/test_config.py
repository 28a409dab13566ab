"""The firmware's configuration agrees with the hardware design: the pin map
(hardware/pinmap.json) and the LED current caps (hardware/power.json); and
config.json is checked, with bad settings named."""

import json
import os

import pytest

from fireboard import config
from fireboard.defaults import DEFAULTS
from fireboard.memstore import MemStore

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(name):
    with open(os.path.join(ROOT, "hardware", name)) as f:
        return json.load(f)


def test_pins_match_the_pin_map():
    pinmap = {k: v for k, v in load("pinmap.json").items() if not k.startswith("_")}
    assert DEFAULTS["pins"] == pinmap


def test_led_caps_come_from_the_power_budget():
    power = load("power.json")
    assert DEFAULTS["led_cap_ma"] == power["led_cap_ma"]
    assert DEFAULTS["led_idle_ma"] == power["led_model"]["idle_ma_per_led"]
    assert DEFAULTS["led_channel_ma"] == power["led_model"]["ma_per_channel_at_255"]


def test_defaults_are_valid():
    config.validate(config.merged({}))


@pytest.mark.parametrize(
    "over, words",
    [
        ({"front": "sonar"}, "front must be digital or colour"),
        ({"pins": {"adc": 5}}, "pins.adc must be 26, 27 or 28"),
        ({"pins": {"neopixel": 2}}, "pin 2 is used by mux_select and neopixel"),
        ({"pins": {"mux_select": [2, 3]}}, "pins.mux_select must list 3 pins"),
        ({"pins": {"laser": 3}}, "unknown setting pins.laser"),
        ({"debounce_ms": -1}, "debounce_ms must be a whole number 0..200"),
        ({"brightness": 300}, "brightness must be a whole number 1..255"),
        ({"led_map": [0, 1]}, "led_map must list 0..50 once each"),
        ({"wifi": True}, "unknown setting 'wifi'"),
    ],
)
def test_bad_settings_are_named(over, words):
    with pytest.raises(config.ConfigError) as e:
        config.merged(over)
    assert words in str(e.value)


def test_a_bad_config_file_falls_back_to_the_defaults_and_says_why():
    store = MemStore()
    store.write("config.json", '{"front": "sonar"}')
    cfg, problem = config.load(store)
    assert cfg["front"] == "digital" and "sonar" in problem
    store.write("config.json", "{not json")
    cfg, problem = config.load(store)
    assert cfg == config.merged({}) and problem.startswith("config.json ignored")
    store.write("config.json", '{"brightness": 40}')
    cfg, problem = config.load(store)
    assert cfg["brightness"] == 40 and problem is None
    assert config.changes(cfg) == {"brightness": 40}
