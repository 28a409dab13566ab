# The electrical rules check: both builds are clean, and each kind of mistake
# it is meant to catch is caught (so these tests can fail).
import copy

from fireice_hw import circuit, erc, rules


def test_erc_is_clean_for_both_builds(generated):
    _, results = generated
    assert [r.variant for r in results] == ["digital", "colour"]
    for r in results:
        assert r.skidl_errors == [], r.variant
        assert r.skidl_warnings == [], r.variant
        assert r.findings == [], r.variant
        assert r.ok


def test_erc_report_says_pass(generated):
    files, _ = generated
    report = files["erc_report.md"]
    assert "| digital |" in report and "| colour |" in report
    assert "FAIL" not in report


def test_two_outputs_on_one_net_is_an_error():
    b = circuit.build("digital")
    b.connect("Y_A", b.parts["U12"][1]["Y"])  # island B's mux output onto island A's line
    r = erc.run(b)
    assert not r.ok
    assert any("OUTPUT connected to OUTPUT" in m for m in r.skidl_errors)


def test_an_unconnected_pin_fails_the_check():
    b = circuit.build("colour")
    b.parts["U23"][1]["E"].disconnect()  # enable left floating
    r = erc.run(b)
    assert not r.ok
    assert any("Unconnected pin" in m and "U23" in m for m in r.skidl_warnings)


def _moved(netlist, ref, pin, to_net):
    """A copy of a parsed netlist with (ref, pin) moved onto another net."""
    n = copy.deepcopy(netlist)
    node = (ref, str(pin))
    for nodes in n.nets.values():
        if node in nodes:
            nodes.remove(node)
    if to_net is not None:
        n.nets.setdefault(to_net, []).append(node)
    return n


def test_rules_pass_on_the_committed_netlists(netlists):
    for v, n in netlists.items():
        assert rules.check(n) == [], v


def test_mux_on_5v_would_feed_5v_into_the_pico(netlists):
    n = _moved(netlists["digital"], "U13", 16, "+5V")  # island C's 74HC151 VCC on 5 V
    found = rules.check(n)
    assert any(f.rule == "overvoltage" and "U1 pin 11 (GP8)" in f.message for f in found), found


def test_pico_cannot_drive_the_leds_directly(netlists):
    n = _moved(netlists["colour"], "D1", 4, "LED_DATA_3V3")  # skip the level shifter
    found = rules.check(n)
    assert any(f.rule == "logic high" and "D1 pin 4 (DIN)" in f.message for f in found), found


def test_open_drain_sensor_needs_its_pull_up(netlists):
    n = _moved(netlists["digital"], "RN15", 4, None)  # E3's pull-up removed
    found = rules.check(n)
    pull = [f for f in found if f.rule == "pull-up"]
    assert len(pull) == 1 and "U131" in pull[0].message, found  # U131: the sensor of E3
    # and without the pull-up nothing can make the mux input high
    assert any(f.rule == "logic high" and "U15 pin 2 (I2)" in f.message for f in found)


def test_floating_mux_select_is_found(netlists):
    n = _moved(netlists["colour"], "U28", 10, "T_LOOSE")  # top mux S1 on a wire to nowhere
    found = rules.check(n)
    assert any(f.rule == "driven" and "U28 pin 10 (S1)" in f.message for f in found), found


def test_missing_decoupling_is_found(netlists):
    n = _moved(netlists["digital"], "C14", 1, None)
    found = rules.check(n)
    assert any(f.rule == "decoupling" and f.message.startswith("U14 ") for f in found), found


def test_sensor_supply_on_ground_is_found(netlists):
    n = _moved(netlists["colour"], "U160", 1, "GND")
    found = rules.check(n)
    assert any(f.rule == "supply" and "U160 pin 1 (VCC)" in f.message for f in found), found


def test_build_exits_1_when_the_check_fails(monkeypatch, tmp_path, capsys):
    import build  # hardware/build.py

    real = circuit.build

    def broken(variant, pins=None):
        b = real(variant, pins)
        b.parts["U2"][1]["2A"].disconnect()  # an unused buffer input left floating
        return b

    monkeypatch.setattr(circuit, "build", broken)
    assert build.main(["--out", str(tmp_path)]) == 1
    assert "FAIL" in capsys.readouterr().out
    monkeypatch.setattr(circuit, "build", real)
    assert build.main(["--out", str(tmp_path)]) == 0
