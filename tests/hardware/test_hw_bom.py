# The bills of materials against the circuit: the committed CSVs list exactly the
# parts of the committed netlists, with the quantities the board needs.
from pathlib import Path

import pytest

from fireice_hw import bom

HW = Path(__file__).resolve().parents[2] / "hardware"

EXPECTED = {
    "digital": {
        "RPI_PICO": 1,
        "SN74AHCT125N": 1,
        "WS2812B": 51,
        "SW_PUSH": 2,
        "SN74HC151N": 7,
        "AH1815-P-B": 49,
        "RN_47K": 7,
        "CD74HC4051E": 0,
        "DRV5053EAQLPG": 0,
    },
    "colour": {
        "RPI_PICO": 1,
        "SN74AHCT125N": 1,
        "WS2812B": 51,
        "SW_PUSH": 2,
        "SN74HC151N": 0,
        "AH1815-P-B": 0,
        "RN_47K": 0,
        "CD74HC4051E": 8,  # 7 islands + the top mux
        "DRV5053EAQLPG": 49,
    },
}


def read_bom(variant):
    return bom.read_csv((HW / f"bom_{variant}.csv").read_text(encoding="utf-8"))


def quantities_by_mpn(rows):
    q = {}
    for row in rows:
        q[row["mpn"]] = q.get(row["mpn"], 0) + int(row["qty"])
    return q


def netlist_by_mpn(n):
    q = {}
    for c in n.components.values():
        q[c.fields["MPN"]] = q.get(c.fields["MPN"], 0) + 1
    return q


@pytest.mark.parametrize("variant", ["digital", "colour"])
def test_bom_quantities_are_what_the_board_needs(netlists, variant):
    from fireice_hw.parts import CATALOGUE

    q = quantities_by_mpn(read_bom(variant))
    for kind, want in EXPECTED[variant].items():
        assert q.get(CATALOGUE[kind].mpn, 0) == want, kind


@pytest.mark.parametrize("variant", ["digital", "colour"])
def test_bom_lists_exactly_the_netlist(netlists, variant):
    rows = read_bom(variant)
    assert quantities_by_mpn(rows) == netlist_by_mpn(netlists[variant])
    # every reference designator once
    refs = []
    for row in rows:
        for part in row["refs"].split(", "):
            if "-" in part:
                a, b = part.split("-")
                prefix = a.rstrip("0123456789")
                refs += [
                    f"{prefix}{k}" for k in range(int(a[len(prefix) :]), int(b[len(prefix) :]) + 1)
                ]
            else:
                refs.append(part)
    assert sorted(refs) == sorted(netlists[variant].components)
    for row in rows:
        assert abs(float(row["total_usd"]) - int(row["qty"]) * float(row["unit_usd"])) < 0.006
        assert row["manufacturer"] and row["mpn"]


def test_a_wrong_quantity_is_noticed(netlists):
    rows = read_bom("digital")
    for row in rows:
        if row["mpn"] == "AH1815-P-B":
            row["qty"] = "48"
    assert quantities_by_mpn(rows) != netlist_by_mpn(netlists["digital"])


def test_ref_ranges():
    assert bom.ref_ranges(["U101", "U103", "U102", "U11", "C3", "C1"]) == "C1, C3, U11, U101-U103"


def test_markdown_bom_mentions_both_builds_and_the_extras(generated):
    files, _ = generated
    text = files["bom.md"]
    assert "Digital build" in text and "Colour build" in text
    assert "Neodymium disc magnets" in text and "rough" in text
