# The netlists against hardware/pinmap.json: which Pico pin is on which net, read
# from the generated .net files. The Pico's pinout is written out here again, from
# the Pico datasheet, independently of the part catalogue the circuit uses.
import copy
import json
from pathlib import Path

import pytest

HW = Path(__file__).resolve().parents[2] / "hardware"


# GPn -> physical pin of the Raspberry Pi Pico (pins 3, 8, 13, ... 38 are GND)
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16}
PICO_PIN.update({13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29})
PICO_PIN.update({26: 31, 27: 32, 28: 34})
# select pins of the 74HC151 and the CD74HC4051 (same on both): S0 11, S1 10, S2 9
SEL_PIN = {0: "11", 1: "10", 2: "9"}


def load_pinmap():
    with open(HW / "pinmap.json", encoding="utf-8") as f:
        return json.load(f)


def _net(n, ref, pin):
    return n.net_of(ref, pin)


def _island_muxes(n, kind):
    return {
        c.fields["Island"]: c.ref
        for c in n.components.values()
        if c.kind == kind and "Island" in c.fields
    }


def mismatches(n, variant, pm):
    """Every way in which netlist n disagrees with pin map pm (empty: they agree)."""
    out = []
    wired = set()

    def expect(gp, what, nodes):
        pin = PICO_PIN[gp]
        wired.add(pin)
        net = _net(n, "U1", pin)
        if net is None:
            out.append(f"{what}: GP{gp} (pin {pin}) is not connected")
            return
        for node in nodes:
            if node not in n.nets[net]:
                out.append(f"{what}: GP{gp} (pin {pin}) is on {net}, which does not reach {node}")

    mux_kind = "SN74HC151N" if variant == "digital" else "CD74HC4051E"
    muxes = _island_muxes(n, mux_kind)
    if sorted(muxes) != list("ABCDEFG"):
        out.append(f"island muxes: {sorted(muxes)}")
        return out
    for k, gp in enumerate(pm["mux_select"]):
        expect(gp, f"mux_select[{k}]", [(muxes[i], SEL_PIN[k]) for i in "ABCDEFG"])
    if variant == "digital":
        for i, gp in zip("ABCDEFG", pm["digital_mux_out"]):
            expect(gp, f"digital_mux_out island {i}", [(muxes[i], "5")])  # Y is pin 5
    else:
        top = [
            c.ref
            for c in n.components.values()
            if c.kind == "CD74HC4051E" and "Island" not in c.fields
        ]
        assert len(top) == 1
        for k, gp in enumerate(pm["analog_island_select"]):
            expect(gp, f"analog_island_select[{k}]", [(top[0], SEL_PIN[k])])
        # ADC: Pico pin -> series resistor -> top mux COM (pin 3)
        pin = PICO_PIN[pm["adc"]]
        wired.add(pin)
        net = _net(n, "U1", pin)
        com = _net(n, top[0], 3)
        via = [
            r
            for r, _ in n.nets.get(net, [])
            if r.startswith("R") and {_net(n, r, 1), _net(n, r, 2)} == {net, com}
        ]
        if net is None or not via:
            out.append(
                f"adc: GP{pm['adc']} (pin {pin}) does not reach the top mux COM through a resistor"
            )
    shifter = [c.ref for c in n.components.values() if c.kind == "SN74AHCT125N"]
    expect(pm["neopixel"], "neopixel", [(shifter[0], "2")])  # 1A is pin 2
    buttons = {
        c.fields.get("Function", ""): c.ref for c in n.components.values() if c.kind == "SW_PUSH"
    }
    undo = [r for f, r in buttons.items() if f.startswith("undo")]
    new = [r for f, r in buttons.items() if f.startswith("new game")]
    expect(pm["button_undo"], "button_undo", [(undo[0], "1")])
    expect(pm["button_new"], "button_new", [(new[0], "1")])
    # every other GPIO (including the other front end's) is left unconnected
    for gp, pin in PICO_PIN.items():
        if pin not in wired and _net(n, "U1", pin) is not None:
            out.append(
                f"GP{gp} (pin {pin}) is wired ({_net(n, 'U1', pin)}) but the pin map does not use it here"
            )
    return out


@pytest.mark.parametrize("variant", ["digital", "colour"])
def test_netlist_agrees_with_pinmap(netlists, variant):
    assert mismatches(netlists[variant], variant, load_pinmap()) == []


def test_a_changed_pinmap_is_noticed(netlists):
    pm = load_pinmap()
    pm["mux_select"] = [pm["mux_select"][1], pm["mux_select"][0], pm["mux_select"][2]]
    pm["button_new"], pm["button_undo"] = pm["button_undo"], pm["button_new"]
    found = mismatches(netlists["digital"], "digital", pm)
    assert any(m.startswith("mux_select[0]") for m in found), found
    assert any(m.startswith("button_undo") for m in found), found


def test_a_miswired_netlist_is_noticed(netlists):
    n = copy.deepcopy(netlists["colour"])
    n.nets["ADC_IN"].remove(("U1", "31"))
    n.nets["ADC_IN"].append(("U1", "32"))  # ADC1 instead of ADC0
    found = mismatches(n, "colour", load_pinmap())
    assert any(m.startswith("adc:") for m in found), found
    assert any(m.startswith("GP27") for m in found), found


def test_pico_pinout_of_the_catalogue():
    from fireice_hw.parts import CATALOGUE

    pico = CATALOGUE["RPI_PICO"]
    for gp, pin in PICO_PIN.items():
        assert pico.pin(pin).name == f"GP{gp}"
    assert [p.num for p in pico.pins if p.name == "GND"] == [3, 8, 13, 18, 23, 28, 38]
    assert (pico.pin(40).name, pico.pin(36).name, pico.pin(33).name) == ("VBUS", "3V3", "AGND")


def test_pinmap_is_checked_before_building():
    from fireice_hw import pinmap

    pm = load_pinmap()
    pinmap.check(pm)
    bad = dict(pm, neopixel=pm["button_new"])
    with pytest.raises(pinmap.PinmapError, match="used twice"):
        pinmap.check(bad)
    with pytest.raises(pinmap.PinmapError, match="ADC"):
        pinmap.check(dict(pm, adc=22))
    with pytest.raises(pinmap.PinmapError, match="header"):
        pinmap.check(dict(pm, button_undo=23))


@pytest.mark.parametrize("variant", ["digital", "colour"])
def test_every_hole_reaches_its_mux_channel(netlists, variant):
    """Hole k+1 of an island on mux channel k; the island's output where the firmware reads it."""
    n = netlists[variant]
    sensor_kind = "AH1815-P-B" if variant == "digital" else "DRV5053EAQLPG"
    mux_kind = "SN74HC151N" if variant == "digital" else "CD74HC4051E"
    # channel -> pin: 74HC151 I0..I7 = 4 3 2 1 15 14 13 12; CD74HC4051 A0..A7 = 13 14 15 12 1 5 2 4
    ch_pin = [4, 3, 2, 1, 15, 14, 13, 12] if variant == "digital" else [13, 14, 15, 12, 1, 5, 2, 4]
    muxes = _island_muxes(n, mux_kind)
    sensors = {c.fields["Hole"]: c.ref for c in n.components.values() if c.kind == sensor_kind}
    assert len(sensors) == 49
    for hole, ref in sensors.items():
        island, pos = hole[0], int(hole[1])
        out_net = _net(n, ref, 3)  # the sensor's OUT is pin 3
        assert (muxes[island], str(ch_pin[pos - 1])) in n.nets[out_net], hole
    for island, mux in muxes.items():
        assert _net(n, mux, ch_pin[7]) == "GND", island  # channel 7 unused, tied low
    if variant == "colour":
        top = [
            c.ref for c in n.components.values() if c.kind == mux_kind and "Island" not in c.fields
        ][0]
        for i, island in enumerate("ABCDEFG"):
            # island COM (pin 3) -> top mux channel i
            assert _net(n, muxes[island], 3) == _net(n, top, ch_pin[i]), island
        assert _net(n, top, ch_pin[7]) == "GND"


@pytest.mark.parametrize("variant", ["digital", "colour"])
def test_led_chain_order(netlists, variant):
    n = netlists[variant]
    leds = {int(c.fields["Chain"]): c for c in n.components.values() if c.kind == "WS2812B"}
    assert sorted(leds) == list(range(51))
    names = [f"{i}{p}" for i in "ABCDEFG" for p in range(1, 8)] + ["Fire turn", "Ice turn"]
    for i, c in leds.items():
        assert c.fields["Hole"] == names[i]
        din = _net(n, c.ref, 4)
        if i == 0:
            shifter = [x.ref for x in n.components.values() if x.kind == "SN74AHCT125N"][0]
            (r,) = [r for r, _ in n.nets[din] if r.startswith("R")]
            other = _net(n, r, 1) if _net(n, r, 2) == din else _net(n, r, 2)
            assert (shifter, "3") in n.nets[other]  # 1Y -> resistor -> first DIN
        else:
            assert (leds[i - 1].ref, "2") in n.nets[din]  # previous DOUT
    assert _net(n, leds[50].ref, 2) is None  # the last DOUT is left open
