"""The firmware's configuration agrees with the hardware design: the pin map
(hardware/pinmap.json) and the LED current caps (hardware/power.json); and
config.json is checked, with bad settings named."""

import json
import os

import pytest

from fireboard import config_check as config
from fireboard import config_load as config_load
from fireboard.config_defaults import DEFAULTS
from fireboard import sense_fronts as fronts
from simboard.memstore import MemStore

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


def test_the_limits_are_the_hardwares_own():
    """The LED cap can be lowered, never raised past the USB budget; the
    current model never set below the LEDs' own figures."""
    power = load("power.json")
    for front in fronts.names():
        cap = power["led_cap_ma"][front]
        assert fronts.cap_ma(front) == cap
        config.merged({"led_cap_ma": {front: cap}})
        with pytest.raises(config.ConfigError):
            config.merged({"led_cap_ma": {front: cap + 1}})
    for key, figure in (
        ("led_idle_ma", power["led_model"]["idle_ma_per_led"]),
        ("led_channel_ma", power["led_model"]["ma_per_channel_at_255"]),
    ):
        config.merged({key: figure})
        with pytest.raises(config.ConfigError):
            config.merged({key: figure - 0.01})


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
        ({"debounce_ms": -1}, "debounce_ms must be 0..200, not -1"),
        ({"brightness": 300}, "brightness must be 1..255, not 300"),
        ({"led_map": [0, 1]}, "led_map must list 0..50 once each"),
        ({"wifi": True}, "unknown setting 'wifi'"),
        # hostile values (issue 11): each would hurt the board or its USB port
        ({"led_cap_ma": {"digital": 3000}}, "led_cap_ma.digital must be 120..390 mA"),
        ({"led_cap_ma": {"colour": 251}}, "led_cap_ma.colour must be 120..250 mA"),
        ({"led_channel_ma": 0.001}, "led_channel_ma must be 12..20 mA"),
        ({"led_channel_ma": 0}, "led_channel_ma must be 12..20 mA"),
        ({"led_idle_ma": 0}, "led_idle_ma must be 1..2 mA"),
        ({"led_idle_ma": 100}, "led_idle_ma must be 1..2 mA"),
        ({"led_idle_ma": float("nan")}, "led_idle_ma must be"),
        ({"led_channel_ma": float("inf")}, "led_channel_ma must be"),
        ({"led_idle_ma": True}, "led_idle_ma must be"),
        ({"pins": {"neopixel": 23}}, "pin neopixel must be a GPIO on the Pico's header"),
        ({"pins": {"button_undo": 24}}, "pin button_undo must be a GPIO"),
        ({"pins": {"button_new": 25}}, "pin button_new must be a GPIO"),
        ({"pins": {"mux_select": [2, 3, 29]}}, "pin mux_select must be a GPIO"),
        ({"pins": {"neopixel": True}}, "pin neopixel must be a GPIO"),
        ({"pins": 5}, "pins must map names"),
        ({"fire_sign": True}, "fire_sign must be 1 or -1"),
        ({"brightness": True}, "brightness must be 1..255, not True"),
        ({"led_map": [True] + list(range(1, 51))}, "led_map must list 0..50 once each"),
        ({"sensor_map": [0.0] + list(range(1, 49))}, "sensor_map must list 0..48 once each"),
    ],
)
def test_bad_settings_are_named(over, words):
    with pytest.raises(config.ConfigError) as e:
        config.merged(over)
    assert words in str(e.value)


def test_a_bad_config_file_is_set_aside_and_the_board_runs_on_defaults():
    store = MemStore()
    store.write("config.json", '{"front": "sonar"}')
    cfg, problem = config_load.load(store)
    assert cfg == config.merged({}) and "sonar" in problem
    assert "set aside as config.json.invalid" in problem
    assert store.read("config.json") is None
    assert store.read("config.json.invalid") == '{"front": "sonar"}'
    store.write("config.json", "{not json")
    cfg, problem = config_load.load(store)
    assert cfg == config.merged({}) and "config.json.invalid.2" in problem
    store.write("config.json", '{"brightness": 40}')
    cfg, problem = config_load.load(store)
    assert cfg["brightness"] == 40 and problem is None


def test_the_leds_never_draw_more_than_the_usb_budget():
    """At every extreme the settings allow, a white frame at full brightness
    draws at most the cap of hardware/power.json by the LEDs' real model."""
    from fireboard.lights import Lights

    power = load("power.json")
    model = power["led_model"]

    class Strip:
        def write(self, out):
            self.out = bytes(out)

    for front in fronts.names():
        for idle in (1.0, 2.0):
            for channel in (12.0, 20):
                cap = fronts.cap_ma(front)
                cfg = config.merged(
                    {
                        "brightness": 255,
                        "led_cap_ma": {front: cap},
                        "led_idle_ma": idle,
                        "led_channel_ma": channel,
                    }
                )
                strip = Strip()
                lights = Lights(strip, cfg, front)
                for k in range(len(lights.frame)):
                    lights.frame[k] = 255
                assert lights.show()
                real = model["n_leds"] * model["idle_ma_per_led"]
                real += sum(strip.out) / 255 * model["ma_per_channel_at_255"]
                assert real <= power["led_cap_ma"][front] + 0.5, (front, idle, channel, real)
                assert lights.estimate_ma <= cap
