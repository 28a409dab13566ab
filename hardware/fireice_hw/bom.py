"""Bill of materials, from the netlist of each build and the part catalogue."""

import csv
import io
import re

from .parts import CATALOGUE, NON_ELECTRONIC

WHERE = {
    "main": "main board",
    "island": "island boards (one per island)",
    "hole": "under each hole",
    "led": "under each hole + 2 turn LEDs",
}
PRICE_NOTE = (
    "Prices are rough single-piece distributor prices in USD as the author knew them when "
    "this was written (November 2026); they were not checked against a distributor. "
    "Part numbers of resistors, capacitors and buttons are examples: equivalents work."
)


def _refnum(ref):
    m = re.match(r"([A-Za-z]+)(\d+)$", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def ref_ranges(refs):
    """['U101', 'U102', 'U103', 'U11'] -> 'U11, U101-U103'."""
    nums = {}
    for r in refs:
        prefix, n = _refnum(r)
        nums.setdefault(prefix, []).append(n)
    out = []
    for prefix in sorted(nums):
        ns = sorted(nums[prefix])
        start = prev = ns[0]
        for n in ns[1:] + [None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            out.append(f"{prefix}{start}" if start == prev else f"{prefix}{start}-{prefix}{prev}")
            if n is not None:
                start = prev = n
    return ", ".join(out)


_PREFIX_RANK = {"U": 0, "D": 1, "RN": 2, "R": 3, "C": 4, "SW": 5}


def _board_of(netlist, comp):
    """Where a part goes: its own "Board" field, or its catalogue category; a
    decoupling capacitor goes where the part it decouples goes."""
    target = comp.fields.get("Decouples")
    if target:
        return _board_of(netlist, netlist.components[target])
    return comp.fields.get("Board") or CATALOGUE[comp.kind].category


def lines(netlist):
    """BOM lines of one build: dicts sorted by where and part."""
    groups = {}
    for comp in netlist.components.values():
        spec = CATALOGUE[comp.kind]
        category = _board_of(netlist, comp)
        target = comp.fields.get("Decouples")
        role = f"decoupling of {CATALOGUE[netlist.components[target].kind].value}" if target else ""
        groups.setdefault((category, spec.key, role), []).append(comp)
    order = {"main": 0, "island": 1, "hole": 2, "led": 3}

    def sort_key(item):
        (category, key, role), comps = item
        return (order[category], _PREFIX_RANK.get(CATALOGUE[key].ref_prefix, 9), key, role)

    out = []
    for (category, key, role), comps in sorted(groups.items(), key=sort_key):
        spec = CATALOGUE[key]
        comps = sorted(comps, key=lambda c: _refnum(c.ref))
        functions = []
        for c in comps:
            f = c.fields.get("Function")
            if f and f not in functions:
                functions.append(f)
        if len(functions) > 1:
            functions = [
                f"{c.ref}: {c.fields['Function']}" for c in comps if c.fields.get("Function")
            ]
        qty = len(comps)
        notes = "; ".join(x.rstrip(".") for x in [role] + functions + [spec.note] if x)
        out.append(
            {
                "refs": ref_ranges([c.ref for c in comps]),
                "qty": qty,
                "value": spec.value,
                "description": spec.description,
                "manufacturer": spec.manufacturer,
                "mpn": spec.mpn,
                "kind": spec.key,
                "where": WHERE[category],
                "unit_usd": spec.price_usd,
                "total_usd": round(qty * spec.price_usd, 2),
                "notes": notes,
                "alternatives": spec.alternatives,
            }
        )
    return out


def total_usd(bom_lines):
    return round(sum(line["total_usd"] for line in bom_lines), 2)


CSV_FIELDS = (
    "refs",
    "qty",
    "value",
    "description",
    "manufacturer",
    "mpn",
    "where",
    "unit_usd",
    "total_usd",
    "notes",
    "alternatives",
)


def to_csv(bom_lines):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for line in bom_lines:
        row = dict(line)
        row["unit_usd"] = f"{line['unit_usd']:.2f}"
        row["total_usd"] = f"{line['total_usd']:.2f}"
        w.writerow(row)
    return buf.getvalue()


def read_csv(text):
    return list(csv.DictReader(io.StringIO(text)))


def _md_table(bom_lines):
    rows = [
        "| qty | refs | part | manufacturer, part number | where | unit USD | total USD | notes |",
        "|---:|---|---|---|---|---:|---:|---|",
    ]
    for line in bom_lines:
        notes = line["notes"]
        if line["alternatives"]:
            notes = (
                f"{notes}; alternatives: {line['alternatives']}"
                if notes
                else f"alternatives: {line['alternatives']}"
            )
        rows.append(
            f"| {line['qty']} | {line['refs']} | {line['description']} | "
            f"{line['manufacturer']} {line['mpn']} | {line['where']} | "
            f"{line['unit_usd']:.2f} | {line['total_usd']:.2f} | {notes} |"
        )
    return rows


TITLES = {
    "digital": "Digital build: presence only (Hall switches, 74HC151)",
    "colour": "Colour build: Fire / Ice aware (DRV5053, CD74HC4051)",
}


def markdown(boms):
    out = [
        "# Bill of materials",
        "",
        "Generated by `python hardware/build.py` from the circuit (`fireice_hw/circuit.py`) and the",
        "part catalogue (`fireice_hw/parts.py`); do not edit. Spreadsheet versions:",
        ", ".join(f"[`bom_{v}.csv`](bom_{v}.csv)" for v in boms) + ".",
        "",
        "Build **one** of the two: they share the main board (Pico, level shifter, LEDs, buttons)",
        "and differ in the sensors and muxes.",
        "",
        PRICE_NOTE,
        "",
    ]
    for variant, bom_lines in boms.items():
        n = sum(line["qty"] for line in bom_lines)
        out += [f"## {TITLES[variant]}", ""]
        out += _md_table(bom_lines)
        out += ["", f"{n} parts, about **{total_usd(bom_lines):.0f} USD** of electronics.", ""]
    out += [
        "## Not in the netlist: mechanical and assembly items (both builds)",
        "",
        "| item | quantity | rough USD | note |",
        "|---|---|---:|---|",
    ]
    for item, qty, usd, note in NON_ELECTRONIC:
        out.append(f"| {item} | {qty} | {usd:.2f} | {note} |")
    extra = sum(x[2] for x in NON_ELECTRONIC)
    out += [
        "",
        f"About **{extra:.0f} USD** more. Tools: soldering iron, drill with Forstner bits, multimeter.",
        "",
    ]
    return "\n".join(out)
