"""The project's own electrical rules, run on a netlist as it was written.

SKiDL's ERC knows pin types only: it finds two outputs on one net, unconnected
pins and undriven inputs. The mistakes that would actually hurt this board are
about voltages, so these rules add them, using the catalogue's data:

* supply:      every part's supply pin is on a power rail, every ground pin on GND;
* overvoltage: no pin sees more than it tolerates (the Pico's GPIOs are not
               5 V tolerant: a 74HC151 powered from 5 V would feed it 5 V);
* logic high:  every logic input can be driven above its V_IH (a WS2812B at 5 V
               needs 3.5 V: the Pico's 3.3 V needs the level shifter);
* pull-up:     every open-drain output has a pull-up to a rail;
* driven:      every logic input is driven or tied to a level (no floating inputs);
* decoupling:  every part that needs one has its own 100 nF across its supply.

A net's highest voltage is found by following conduction through resistors and
analog switches from every driver: rails give their voltage, outputs the level
of their part's supply (or their own limit, for the analog sensors).
"""

from .circuit import RAILS
from .parts import BIDIR, CATALOGUE, IN, OD, OUT, PASSIVE, PWR_IN, PWR_OUT

GROUND_PINS = {"GND", "VSS", "VEE", "AGND"}


class Finding:
    def __init__(self, rule, message):
        self.rule = rule
        self.message = message

    def __repr__(self):
        return f"{self.rule}: {self.message}"


def _spec(netlist, ref):
    comp = netlist.components[ref]
    spec = CATALOGUE.get(comp.kind)
    if spec is None:
        raise KeyError(f"{ref}: unknown part kind {comp.kind!r}")
    return spec


def _pin_spec(spec, num):
    return spec.pin(int(num))


def part_level(netlist, ref, pin_nets):
    """Logic level (V) of a part: its fixed level or the rail on its supply pin."""
    spec = _spec(netlist, ref)
    if spec.io_volts is not None:
        return spec.io_volts
    if spec.supply is None:
        return None
    net = pin_nets.get((ref, str(spec.pin(spec.supply).num)))
    return RAILS.get(net)


def net_levels(netlist):
    """{net: highest voltage that can appear on it}; nets without any source are absent."""
    pin_nets = netlist.pin_nets()
    level = {}
    for name in netlist.nets:
        if name in RAILS:
            level[name] = RAILS[name]
    # direct drivers
    for (ref, num), net in pin_nets.items():
        if net in RAILS:
            continue
        spec = _spec(netlist, ref)
        kind = _pin_spec(spec, num).kind
        v = None
        if kind in (OUT, BIDIR, PWR_OUT):
            v = spec.vout if spec.vout is not None else part_level(netlist, ref, pin_nets)
        elif kind == OD:
            v = 0.0  # pulls low only
        if v is not None:
            level[net] = max(level.get(net, 0.0), v)
    # conduction through resistors and analog switches (rails are fixed)
    links = []
    for ref in netlist.components:
        spec = _spec(netlist, ref)
        for a, b in spec.links:
            na = pin_nets.get((ref, str(spec.pin(a).num)))
            nb = pin_nets.get((ref, str(spec.pin(b).num)))
            if na and nb and na != nb:
                links.append((na, nb))
    changed = True
    while changed:
        changed = False
        for na, nb in links:
            for src, dst in ((na, nb), (nb, na)):
                if src in level and dst not in RAILS and level.get(dst, -1.0) < level[src]:
                    level[dst] = level[src]
                    changed = True
    return level


def check(netlist):
    """All findings of all rules (an empty list: the netlist passes)."""
    pin_nets = netlist.pin_nets()
    level = net_levels(netlist)
    found = []

    def add(rule, msg):
        found.append(Finding(rule, msg))

    pulled_up = set()
    for ref in netlist.components:
        spec = _spec(netlist, ref)
        for a, b in spec.links:
            for x, y in ((a, b), (b, a)):
                nx = pin_nets.get((ref, str(spec.pin(x).num)))
                ny = pin_nets.get((ref, str(spec.pin(y).num)))
                if spec.ref_prefix in ("R", "RN") and ny in RAILS and RAILS[ny] > 0 and nx:
                    pulled_up.add(nx)

    for ref in sorted(netlist.components):
        spec = _spec(netlist, ref)
        supply_v = part_level(netlist, ref, pin_nets)
        for p in spec.pins:
            net = pin_nets.get((ref, str(p.num)))
            where = f"{ref} pin {p.num} ({p.name})"
            # supply
            if p.kind == PWR_IN:
                want_ground = p.name in GROUND_PINS
                if want_ground and net != "GND":
                    add("supply", f"{where} must be on GND, is on {net}")
                if not want_ground and (net not in RAILS or net == "GND"):
                    add("supply", f"{where} must be on a supply rail, is on {net}")
                continue
            # overvoltage
            if (
                net is not None
                and p.kind in (IN, BIDIR, OD, PASSIVE)
                and spec.ref_prefix in ("U", "D")
            ):
                if spec.vin_max_abs is not None:
                    limit = spec.vin_max_abs
                elif supply_v is not None:
                    limit = supply_v + spec.vin_over
                else:
                    limit = None
                v = level.get(net)
                if limit is not None and v is not None and v > limit + 1e-9:
                    add(
                        "overvoltage",
                        f"{where} on {net} can see {v:.1f} V, tolerates {limit:.1f} V",
                    )
            # logic high and driven
            if p.kind in (IN,) and net is not None and net not in RAILS:
                v = level.get(net)
                if v is None:
                    add("driven", f"{where} on {net} is not driven and not tied to a level")
                    continue
                vih = spec.vih_abs
                if vih is None and spec.vih_frac is not None and supply_v is not None:
                    vih = spec.vih_frac * supply_v
                if vih is not None and v + 1e-9 < vih:
                    add(
                        "logic high",
                        f"{where} on {net}: needs {vih:.2f} V for a high, gets at most {v:.1f} V",
                    )
            # pull-up
            if p.kind == OD and net is not None and net not in pulled_up:
                add(
                    "pull-up",
                    f"{where}: open-drain output on {net} has no pull-up to a supply rail",
                )

    # decoupling
    decouplers = {}
    for ref, comp in netlist.components.items():
        target = comp.fields.get("Decouples")
        if target:
            decouplers.setdefault(target, []).append(ref)
    for ref in sorted(netlist.components):
        spec = _spec(netlist, ref)
        if not spec.decouple:
            continue
        supply_net = pin_nets.get((ref, str(spec.pin(spec.supply).num)))
        ok = False
        for cref in decouplers.get(ref, []):
            nets = {pin_nets.get((cref, "1")), pin_nets.get((cref, "2"))}
            if nets == {supply_net, "GND"}:
                ok = True
        if not ok:
            add(
                "decoupling",
                f"{ref} has no capacitor across {supply_net} and GND marked as its decoupling",
            )
    return found
