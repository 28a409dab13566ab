# The power budget: at the LED caps in hardware/power.json the whole board stays
# under USB's 500 mA with the margin, and the caps are what the budget derives.
import json
from pathlib import Path

import pytest

from fireice_hw import power

HW = Path(__file__).resolve().parents[2] / "hardware"


def load():
    with open(HW / "power.json", encoding="utf-8") as f:
        return json.load(f)


def test_budget_holds_at_the_caps():
    data = load()
    assert power.check(data) == []
    for variant in ("digital", "colour"):
        cap = data["led_cap_ma"][variant]
        assert isinstance(cap, int)
        assert data["other_loads_ma"][variant] + cap <= 500 - data["margin_ma"]


def test_caps_are_derived_from_the_loads(netlists):
    data = load()
    assert power.budget(netlists) == data
    assert data["led_model"] == {
        "n_leds": 51,
        "idle_ma_per_led": 1.0,
        "ma_per_channel_at_255": 12.0,
    }


@pytest.mark.parametrize("variant", ["digital", "colour"])
def test_brightest_frame_the_firmware_allows_fits(variant):
    """Dim an all-white frame the way the firmware does until its estimate is under
    the cap; the board at that frame must stay under 500 mA."""
    data = load()
    cap = data["led_cap_ma"][variant]
    level = 255
    frame = [(level, level, level)] * 51
    while power.led_estimate_ma(frame) > cap:
        level -= 1
        frame = [(level, level, level)] * 51
    assert level > 0
    assert data["other_loads_ma"][variant] + power.led_estimate_ma(frame) <= 500


def test_a_cap_too_high_is_noticed():
    data = load()
    data["led_cap_ma"]["colour"] += 100
    assert any(p.startswith("colour:") for p in power.check(data))
    data = load()
    data["led_cap_ma"]["digital"] = 40  # below the idle current of 51 pixels
    assert any("idle" in p for p in power.check(data))


def test_sensor_rail_stays_under_the_pico_regulator_limit():
    data = load()
    assert data["rail_3v3_external_ma"]["colour"] < 300
    assert data["rail_3v3_external_ma"]["digital"] < data["rail_3v3_external_ma"]["colour"]
