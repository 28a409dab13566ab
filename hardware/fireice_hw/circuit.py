"""The circuit of both builds, described with SKiDL.

One function, ``build(variant)``, describes the board for one sensor front end:

* common: the Pico, USB power (VBUS = +5V for the LEDs, the Pico's 3V3 output for
  the logic and the sensors), the two buttons, the 3.3 V -> 5 V level shifter and
  the chain of 49 + 2 WS2812B;
* "digital": per island a 74HC151 whose inputs I0..I6 read the Hall switches of
  holes 1..7 (with 47k pull-ups), I7 tied to GND, output Y to its own Pico input;
* "colour": per island a CD74HC4051 whose channels 0..6 carry the DRV5053 outputs
  of holes 1..7 (channel 7 tied to GND), the seven island outputs into channels
  0..6 of the top CD74HC4051 (channel 7 to GND), whose output goes through
  1k / 1nF to the ADC input.

Both builds share one source and the reference designators of the shared parts;
the front-end parts have disjoint designators (digital: U11..U17, U101..U149,
RN11..RN17, C201..C249; colour: U21..U28, U151..U199, C251..C299, R3, C3), so the
two netlists can be merged into one board that carries both footprints.
The Pico pins come from hardware/pinmap.json (the one pin map).
"""

from . import board, pinmap
from .parts import BIDIR, CATALOGUE, IN, NC, OD, OUT, PASSIVE, PWR_IN, PWR_OUT
from .sk import skidl

_PIN_TYPES = {
    IN: skidl.Pin.types.INPUT,
    OUT: skidl.Pin.types.OUTPUT,
    BIDIR: skidl.Pin.types.BIDIR,
    PASSIVE: skidl.Pin.types.PASSIVE,
    PWR_IN: skidl.Pin.types.PWRIN,
    PWR_OUT: skidl.Pin.types.PWROUT,
    OD: skidl.Pin.types.OPENCOLL,
    NC: skidl.Pin.types.NOCONNECT,
}

RAILS = {"+5V": 5.0, "+3V3": 3.3, "GND": 0.0}

# The cable from the main board to each island board: ten conductors (a strip
# of ribbon cable). {island} is replaced by the island letter; the LED data
# comes in from the previous pixel and goes out to the next one (see LED chain).
HARNESS = (
    ("+3V3", "3.3 V for the mux and the sensors"),
    ("GND", "ground of the mux and the sensors"),
    ("S0", "mux select S0"),
    ("S1", "mux select S1"),
    ("S2", "mux select S2"),
    ("{out}", "the island's mux output"),
    ("+5V", "5 V for the island's 7 LEDs"),
    ("GND", "ground of the island's 7 LEDs"),
    ("{din}", "LED data in (to the island's first pixel)"),
    ("{dout}", "LED data out (from the island's last pixel)"),
)


def harness(variant, island):
    """[(conductor number, net name, what)] of one island's cable."""
    i = board.ISLANDS.index(island)
    names = {
        "out": f"Y_{island}" if variant == "digital" else f"ICOM_{island}",
        "din": f"LED_DIN_{7 * i}",
        "dout": f"LED_DIN_{7 * i + 7}",
    }
    return [(k + 1, net.format(**names), what) for k, (net, what) in enumerate(HARNESS)]


class Board:
    """A SKiDL circuit plus the project's record of which catalogue part is where."""

    def __init__(self, variant):
        self.variant = variant
        self.circuit = skidl.Circuit()
        self.circuit.no_files = True
        # SKiDL 3.0.0 gives the root of the hierarchy an empty tag (it must stay
        # empty: the sheet path is built from it) and then warns about that tag
        # when writing the netlist. Only that one check is switched off.
        self.circuit.root.check_tag = lambda create_if_missing=False: True
        self.parts = {}  # ref -> (catalogue key, SKiDL part)
        self.nets = {}
        for name in RAILS:
            self.net(name)
        # The rails are driven from outside the netlist: USB VBUS (+5V, GND)
        # through the Pico module, and the Pico's regulator (+3V3).
        self.nets["GND"].drive = skidl.pin.pin_drives.POWER

    def net(self, name):
        if name not in self.nets:
            self.nets[name] = skidl.Net(name, circuit=self.circuit)
        return self.nets[name]

    def part(self, key, ref, **fields):
        spec = CATALOGUE[key]
        pins = [skidl.Pin(num=p.num, name=p.name, func=_PIN_TYPES[p.kind]) for p in spec.pins]
        sk_part = skidl.Part(
            tool=skidl.SKIDL,
            name=spec.value,
            ref=ref,
            tag=ref,
            value=spec.value,
            footprint=spec.footprint,
            description=spec.description,
            pins=pins,
            circuit=self.circuit,
        )
        sk_part.fields["Kind"] = spec.key
        sk_part.fields["Manufacturer"] = spec.manufacturer
        sk_part.fields["MPN"] = spec.mpn
        for name, value in fields.items():
            sk_part.fields[name] = value
        assert ref not in self.parts, ref
        self.parts[ref] = (key, sk_part)
        return sk_part

    def connect(self, net_name, *pins):
        net = self.net(net_name)
        for pin in pins:
            net += pin

    def no_connect(self, *pins):
        for pin in pins:
            pin += self.circuit.NC

    def decoupling(self, ref, ic_ref, rail, key="C_100N"):
        c = self.part(key, ref, Decouples=ic_ref)
        self.connect(rail, c[1])
        self.connect("GND", c[2])
        return c


def build(variant, pins=None):
    """The Board (SKiDL circuit and part record) of one build."""
    if variant not in ("digital", "colour"):
        raise ValueError(f"unknown variant {variant!r}")
    pins = pins if pins is not None else pinmap.load()
    pinmap.check(pins)
    b = Board(variant)
    pico = _pico(b, pins)
    _leds(b, pico, pins)
    if variant == "digital":
        _digital(b, pico, pins)
    else:
        _colour(b, pico, pins)
    _unused_pico_pins(b, pico)
    return b


def _gp(pico, gp):
    return pico[f"GP{gp}"]


def _pico(b, pins):
    pico = b.part("RPI_PICO", "U1")
    b.connect("+5V", pico[40])  # VBUS: USB 5 V
    b.connect("+3V3", pico[36])  # 3V3(OUT) of the Pico's regulator
    b.connect("GND", *(pico[n] for n in (3, 8, 13, 18, 23, 28, 33, 38)))
    for k, gp in enumerate(pins["mux_select"]):
        b.connect(f"S{k}", _gp(pico, gp))
    undo = b.part("SW_PUSH", "SW1", Function="undo (takeback)")
    new = b.part("SW_PUSH", "SW2", Function="new game (long press: mode)")
    b.connect("BTN_UNDO", _gp(pico, pins["button_undo"]), undo[1])
    b.connect("BTN_NEW", _gp(pico, pins["button_new"]), new[1])
    b.connect("GND", undo[2], new[2])
    return pico


def _leds(b, pico, pins):
    shifter = b.part("SN74AHCT125N", "U2", Function="LED data level shifter")
    b.decoupling("C1", "U2", "+5V")
    b.connect("+5V", shifter["VCC"])
    b.connect("GND", shifter["GND"])
    # gate 1: Pico -> 5 V data; a pull-down keeps the data low while the Pico boots
    b.connect("LED_DATA_3V3", _gp(pico, pins["neopixel"]), shifter["1A"])
    pull = b.part("R_10K", "R2", Function="LED data pull-down")
    b.connect("LED_DATA_3V3", pull[1])
    b.connect("GND", pull[2], shifter["1OE"])
    b.connect("LED_DATA_5V", shifter["1Y"])
    # gates 2..4 unused: disabled (OE high), inputs to GND, outputs open
    for g in "234":
        b.connect("+5V", shifter[f"{g}OE"])
        b.connect("GND", shifter[f"{g}A"])
        b.no_connect(shifter[f"{g}Y"])
    series = b.part("R_390", "R1", Function="series resistor at the first pixel's DIN")
    b.connect("LED_DATA_5V", series[1])
    bulk = b.part("C_1000U", "C2", Function="bulk capacitor on the LED 5 V")
    b.connect("+5V", bulk["+"])
    b.connect("GND", bulk["-"])
    prev = f"LED_DIN_{0}"
    b.connect(prev, series[2])
    for i, name in enumerate(board.LED_NAMES):
        led = b.part("WS2812B", f"D{i + 1}", Chain=str(i), Hole=name)
        b.decoupling(f"C{101 + i}", f"D{i + 1}", "+5V")
        b.connect("+5V", led["VDD"])
        b.connect("GND", led["VSS"])
        b.connect(prev, led["DIN"])
        if i + 1 < board.N_LEDS:
            prev = f"LED_DIN_{i + 1}"
            b.connect(prev, led["DOUT"])
        else:
            b.no_connect(led["DOUT"])


def _island_bulk(b, island_index):
    isl = board.ISLANDS[island_index]
    c = b.part(
        "C_10U", f"C{41 + island_index}", Island=isl, Function="3.3 V reservoir on the island board"
    )
    b.connect("+3V3", c["+"])
    b.connect("GND", c["-"])


def _digital(b, pico, pins):
    for i, isl in enumerate(board.ISLANDS):
        mux = b.part("SN74HC151N", f"U{11 + i}", Island=isl)
        b.decoupling(f"C{11 + i}", f"U{11 + i}", "+3V3")
        _island_bulk(b, i)
        b.connect("+3V3", mux["VCC"])
        b.connect("GND", mux["GND"], mux["E"], mux["I7"])  # enabled; I7 unused, reads low
        for k in range(3):
            b.connect(f"S{k}", mux[f"S{k}"])
        b.connect(f"Y_{isl}", mux["Y"], _gp(pico, pins["digital_mux_out"][i]))
        b.no_connect(mux["W"])
        rn = b.part("RN_47K", f"RN{11 + i}", Island=isl)
        b.connect("+3V3", rn[1])
        for p in board.POSITIONS:
            hole = f"{isl}{p}"
            n = board.hole_index(hole)
            sensor = b.part("AH1815-P-B", f"U{101 + n}", Hole=hole)
            b.decoupling(f"C{201 + n}", f"U{101 + n}", "+3V3")
            b.connect("+3V3", sensor["VDD"])
            b.connect("GND", sensor["GND"])
            b.connect(f"SW_{hole}", sensor["OUT"], mux[f"I{board.mux_channel(hole)}"], rn[p + 1])


def _colour(b, pico, pins):
    top = b.part("CD74HC4051E", "U28", Board="main", Function="top mux: island outputs -> ADC")
    b.decoupling("C28", "U28", "+3V3")
    b.connect("+3V3", top["VCC"])
    b.connect("GND", top["GND"], top["VEE"], top["E"], top["A7"])
    for k, gp in enumerate(pins["analog_island_select"]):
        b.connect(f"T{k}", _gp(pico, gp), top[f"S{k}"])
    b.connect("ACOM", top["COM"])
    r = b.part("R_1K", "R3", Board="main", Function="ADC series resistor")
    c = b.part("C_1N", "C3", Board="main", Function="ADC input capacitor")
    b.connect("ACOM", r[1])
    b.connect("ADC_IN", r[2], c[1], _gp(pico, pins["adc"]))
    b.connect("GND", c[2])
    for i, isl in enumerate(board.ISLANDS):
        mux = b.part("CD74HC4051E", f"U{21 + i}", Island=isl)
        b.decoupling(f"C{21 + i}", f"U{21 + i}", "+3V3")
        _island_bulk(b, i)
        b.connect("+3V3", mux["VCC"])
        b.connect("GND", mux["GND"], mux["VEE"], mux["E"], mux["A7"])
        for k in range(3):
            b.connect(f"S{k}", mux[f"S{k}"])
        b.connect(f"ICOM_{isl}", mux["COM"], top[f"A{i}"])
        for p in board.POSITIONS:
            hole = f"{isl}{p}"
            n = board.hole_index(hole)
            sensor = b.part("DRV5053EAQLPG", f"U{151 + n}", Hole=hole)
            b.decoupling(f"C{251 + n}", f"U{151 + n}", "+3V3")
            b.connect("+3V3", sensor["VCC"])
            b.connect("GND", sensor["GND"])
            b.connect(f"HALL_{hole}", sensor["OUT"], mux[f"A{board.mux_channel(hole)}"])


def _unused_pico_pins(b, pico):
    for pin in pico.pins:
        if pin.net is None:
            b.no_connect(pin)
