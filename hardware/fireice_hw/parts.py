"""The part catalogue: pins, manufacturer part numbers, rough prices, electrical data.

Pin numbers and functions are transcribed from the manufacturers' data sheets
(Raspberry Pi Pico datasheet, TI SN74AHCT125 / SN74HC151 / CD74HC4051 / DRV5053,
Diodes AH1815, Worldsemi WS2812B). Prices are rough single-piece distributor
prices in USD as the author knew them when this was written (November 2026);
they were not checked against a distributor, so treat them as an estimate.
Part numbers of jelly-bean passives (resistors, capacitors, buttons) are examples:
any equivalent part works.

The electrical fields feed the project's own rules (rules.py): which pin sets a
part's logic level, its input thresholds and limits, which pins conduct.
"""

from dataclasses import dataclass, field

# Pin kinds (mapped to SKiDL pin types in circuit.py).
IN, OUT, BIDIR, PASSIVE, PWR_IN, PWR_OUT, OD, NC = (
    "in",
    "out",
    "bidir",
    "passive",
    "pwr_in",
    "pwr_out",
    "od",
    "nc",
)


@dataclass(frozen=True)
class PinSpec:
    num: int
    name: str
    kind: str


@dataclass(frozen=True)
class PartSpec:
    key: str  # catalogue key; written into the netlist as the field "Kind"
    value: str
    ref_prefix: str
    description: str
    footprint: str
    manufacturer: str
    mpn: str
    price_usd: float  # rough, single piece, see the module docstring
    category: str  # BOM section: "main", "island", "hole", "led"
    pins: tuple = ()
    supply: str | None = None  # pin whose net sets the logic level of the part
    io_volts: float | None = None  # fixed logic level (parts with their own regulator)
    vih_frac: float | None = None  # logic input: V_IH as a fraction of the supply
    vih_abs: float | None = None  # logic input: V_IH in volts
    vin_max_abs: float | None = None  # highest voltage allowed on a signal pin
    vin_over: float = 0.3  # else: supply + vin_over
    vout: float | None = None  # highest output voltage when not the supply (analog parts)
    links: tuple = ()  # (pin, pin) pairs that conduct: resistors, analog switches
    decouple: bool = False  # needs its own decoupling capacitor (rule)
    note: str = ""
    alternatives: str = ""
    pin_by_name: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        self.pin_by_name.update({p.name: p for p in self.pins})

    def pin(self, name_or_num):
        if isinstance(name_or_num, int):
            return next(p for p in self.pins if p.num == name_or_num)
        return self.pin_by_name[name_or_num]


def _pins(*rows):
    return tuple(PinSpec(num, name, kind) for num, name, kind in rows)


def _pico_pins():
    """The 40 pins of the Raspberry Pi Pico (Pico datasheet, pinout)."""
    names = {
        3: "GND",
        8: "GND",
        13: "GND",
        18: "GND",
        23: "GND",
        28: "GND",
        38: "GND",
        30: "RUN",
        33: "AGND",
        35: "ADC_VREF",
        36: "3V3",
        37: "3V3_EN",
        39: "VSYS",
        40: "VBUS",
    }
    gp_pins = [n for n in range(1, 35) if n not in names]
    gpios = list(range(0, 23)) + [26, 27, 28]
    assert len(gp_pins) == len(gpios)
    rows = []
    for num, gp in zip(gp_pins, gpios):
        names[num] = f"GP{gp}"
    for num in range(1, 41):
        name = names[num]
        if name.startswith("GP"):
            kind = BIDIR
        elif name in ("GND", "AGND"):
            kind = PWR_IN
        elif name in ("3V3", "VBUS"):
            kind = PWR_OUT
        else:
            kind = PASSIVE  # RUN, ADC_VREF, 3V3_EN, VSYS: left unconnected here
        rows.append((num, name, kind))
    return _pins(*rows)


def _hc151_pins():
    return _pins(
        (1, "I3", IN),
        (2, "I2", IN),
        (3, "I1", IN),
        (4, "I0", IN),
        (5, "Y", OUT),
        (6, "W", OUT),  # complementary output, unused
        (7, "E", IN),  # enable, active low
        (8, "GND", PWR_IN),
        (9, "S2", IN),
        (10, "S1", IN),
        (11, "S0", IN),
        (12, "I7", IN),
        (13, "I6", IN),
        (14, "I5", IN),
        (15, "I4", IN),
        (16, "VCC", PWR_IN),
    )


def _4051_pins():
    return _pins(
        (1, "A4", PASSIVE),
        (2, "A6", PASSIVE),
        (3, "COM", PASSIVE),
        (4, "A7", PASSIVE),
        (5, "A5", PASSIVE),
        (6, "E", IN),  # enable, active low
        (7, "VEE", PWR_IN),
        (8, "GND", PWR_IN),
        (9, "S2", IN),
        (10, "S1", IN),
        (11, "S0", IN),
        (12, "A3", PASSIVE),
        (13, "A0", PASSIVE),
        (14, "A1", PASSIVE),
        (15, "A2", PASSIVE),
        (16, "VCC", PWR_IN),
    )


def _ahct125_pins():
    return _pins(
        (1, "1OE", IN),
        (2, "1A", IN),
        (3, "1Y", OUT),
        (4, "2OE", IN),
        (5, "2A", IN),
        (6, "2Y", OUT),
        (7, "GND", PWR_IN),
        (8, "3Y", OUT),
        (9, "3A", IN),
        (10, "3OE", IN),
        (11, "4Y", OUT),
        (12, "4A", IN),
        (13, "4OE", IN),
        (14, "VCC", PWR_IN),
    )


_TWO = _pins((1, "1", PASSIVE), (2, "2", PASSIVE))
_POLAR = _pins((1, "+", PASSIVE), (2, "-", PASSIVE))
_DIP14 = "Package_DIP:DIP-14_W7.62mm"
_DIP16 = "Package_DIP:DIP-16_W7.62mm"
_AXIAL = "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal"
_DISC = "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P2.50mm"


def _resistor(key, value, mpn, price, category, note=""):
    return PartSpec(
        key=key,
        value=value,
        ref_prefix="R",
        description=f"Resistor {value}, 1/4 W, 1 %, axial",
        footprint=_AXIAL,
        manufacturer="Yageo",
        mpn=mpn,
        price_usd=price,
        category=category,
        pins=_TWO,
        links=((1, 2),),
        note=note,
    )


CATALOGUE = {
    p.key: p
    for p in (
        PartSpec(
            key="RPI_PICO",
            value="Raspberry Pi Pico",
            ref_prefix="U",
            description="Raspberry Pi Pico (RP2040), runs the MicroPython firmware",
            footprint="RPi_Pico:RPi_Pico_SMD_TH",
            manufacturer="Raspberry Pi Ltd",
            mpn="SC0915",
            price_usd=4.00,
            category="main",
            pins=_pico_pins(),
            io_volts=3.3,  # GPIO bank at 3.3 V from the Pico's own regulator
            vih_abs=2.0,
            vin_max_abs=3.6,  # GPIOs are not 5 V tolerant
            note="Pico H (pre-soldered headers) works too.",
        ),
        PartSpec(
            key="SN74AHCT125N",
            value="74AHCT125",
            ref_prefix="U",
            description="Quad buffer, TTL inputs, 5 V: 3.3 V -> 5 V level shifter for the LED data",
            footprint=_DIP14,
            manufacturer="Texas Instruments",
            mpn="SN74AHCT125N",
            price_usd=0.60,
            category="main",
            pins=_ahct125_pins(),
            supply="VCC",
            vih_abs=2.0,  # TTL threshold: a 3.3 V high is read as high at VCC = 5 V
            vin_max_abs=5.5,
            decouple=True,
        ),
        PartSpec(
            key="SN74HC151N",
            value="74HC151",
            ref_prefix="U",
            description="8-input digital multiplexer, one per island (digital front end)",
            footprint=_DIP16,
            manufacturer="Texas Instruments",
            mpn="SN74HC151N",
            price_usd=0.75,
            category="island",
            pins=_hc151_pins(),
            supply="VCC",
            vih_frac=0.7,
            vin_over=0.5,
            decouple=True,
            alternatives="Nexperia 74HC151 (SO16 only), onsemi MC74HC151A",
        ),
        PartSpec(
            key="CD74HC4051E",
            value="CD74HC4051",
            ref_prefix="U",
            description="8-channel analog multiplexer (colour front end: 7 islands + 1 top)",
            footprint=_DIP16,
            manufacturer="Texas Instruments",
            mpn="CD74HC4051E",
            price_usd=0.70,
            category="island",
            pins=_4051_pins(),
            supply="VCC",
            vih_frac=0.7,
            vin_over=0.5,
            links=tuple(("COM", f"A{k}") for k in range(8)),
            decouple=True,
        ),
        PartSpec(
            key="AH1815-P-B",
            value="AH1815",
            ref_prefix="U",
            description="Omnipolar Hall switch, open-drain, active low, SIP-3 (digital front end)",
            footprint="Package_TO_SOT_THT:TO-92_Inline",
            manufacturer="Diodes Inc.",
            mpn="AH1815-P-B",
            price_usd=0.40,
            category="hole",
            pins=_pins((1, "VDD", PWR_IN), (2, "GND", PWR_IN), (3, "OUT", OD)),
            supply="VDD",
            vin_max_abs=5.5,
            note="Pins 1 VDD, 2 GND, 3 OUT seen from the marked face.",
            alternatives=(
                "TI DRV5032FC (open drain, 20 Hz; TO-92 pin order VCC GND OUT); "
                "DRV5032FA/FB are push-pull and work too (FB samples at only 5 Hz); "
                "or a normally-open reed switch between OUT and GND"
            ),
        ),
        PartSpec(
            key="DRV5053EAQLPG",
            value="DRV5053EA",
            ref_prefix="U",
            description="Linear bipolar Hall sensor, +45 mV/mT, 1.0 V at 0 mT, TO-92 (colour front end)",
            footprint="Package_TO_SOT_THT:TO-92_Inline",
            manufacturer="Texas Instruments",
            mpn="DRV5053EAQLPG",
            price_usd=1.20,
            category="hole",
            pins=_pins((1, "VCC", PWR_IN), (2, "GND", PWR_IN), (3, "OUT", OUT)),
            supply="VCC",
            vout=1.8,  # output swings 0.2 .. 1.8 V whatever the supply
            note="Positive sensitivity: a south pole at the marked face raises OUT.",
            alternatives=(
                "DRV5053CA (+23 mV/mT) for stronger magnets; the OA/PA/RA/VA versions "
                "have negative sensitivity: then set fire_sign = -1"
            ),
        ),
        PartSpec(
            key="WS2812B",
            value="WS2812B",
            ref_prefix="D",
            description="Addressable RGB LED (NeoPixel), 5050, 5 V",
            footprint="LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm",
            manufacturer="Worldsemi",
            mpn="WS2812B-V5",
            price_usd=0.12,
            category="led",
            pins=_pins((1, "VDD", PWR_IN), (2, "DOUT", OUT), (3, "VSS", PWR_IN), (4, "DIN", IN)),
            supply="VDD",
            vih_frac=0.7,  # 3.5 V at 5 V: why the data goes through the level shifter
            vin_over=0.5,
            decouple=True,
            note=(
                "Easiest by hand: WS2812B on small round carrier boards with their own "
                "100 nF (then skip the per-LED capacitor). Prefer the V5 revision: its "
                "data sheet gives 12 mA per colour, older ones draw up to ~20 mA."
            ),
        ),
        PartSpec(
            key="RN_47K",
            value="47k x7",
            ref_prefix="RN",
            description="Resistor network 7 x 47 kOhm, bussed, SIP-8: sensor pull-ups of one island",
            footprint="Resistor_THT:R_Array_SIP8",
            manufacturer="Bourns",
            mpn="4608X-101-473LF",
            price_usd=0.35,
            category="island",
            pins=_pins(*((k, str(k), PASSIVE) for k in range(1, 9))),
            links=tuple((1, k) for k in range(2, 9)),
            note="Pin 1 (marked) is the common end.",
            alternatives="seven single 47k resistors",
        ),
        _resistor("R_390", "390", "MFR-25FBF52-390R", 0.10, "main"),
        _resistor("R_10K", "10k", "MFR-25FBF52-10K", 0.10, "main"),
        _resistor("R_1K", "1k", "MFR-25FBF52-1K", 0.10, "main"),
        PartSpec(
            key="C_100N",
            value="100n",
            ref_prefix="C",
            description="Capacitor 100 nF, 50 V, X7R ceramic, 2.54 mm leads (decoupling)",
            footprint=_DISC,
            manufacturer="KEMET",
            mpn="C320C104K5R5TA",
            price_usd=0.20,
            category="hole",
            pins=_TWO,
        ),
        PartSpec(
            key="C_1N",
            value="1n",
            ref_prefix="C",
            description="Capacitor 1 nF, C0G ceramic (ADC input filter)",
            footprint=_DISC,
            manufacturer="KEMET",
            mpn="C315C102J1G5TA",
            price_usd=0.25,
            category="main",
            pins=_TWO,
        ),
        PartSpec(
            key="C_10U",
            value="10u",
            ref_prefix="C",
            description="Capacitor 10 uF, 16 V, electrolytic, radial (3.3 V at each island)",
            footprint="Capacitor_THT:CP_Radial_D5.0mm_P2.00mm",
            manufacturer="Nichicon",
            mpn="UVR1C100MDD",
            price_usd=0.15,
            category="island",
            pins=_POLAR,
        ),
        PartSpec(
            key="C_1000U",
            value="1000u",
            ref_prefix="C",
            description="Capacitor 1000 uF, 10 V, electrolytic, radial (LED 5 V bulk)",
            footprint="Capacitor_THT:CP_Radial_D10.0mm_P5.00mm",
            manufacturer="Panasonic",
            mpn="EEU-FR1A102",
            price_usd=0.60,
            category="main",
            pins=_POLAR,
        ),
        PartSpec(
            key="SW_PUSH",
            value="push button",
            ref_prefix="SW",
            description="Momentary push button, normally open",
            footprint="Button_Switch_THT:SW_PUSH_6mm",
            manufacturer="Omron",
            mpn="B3F-1000",
            price_usd=0.35,
            category="main",
            pins=_TWO,
            alternatives="any panel-mount momentary push button (e.g. 12 or 16 mm)",
        ),
    )
}

# Everything that is not in the netlist but needed to build the board.
# (item, quantity, rough price USD for the quantity, note)
NON_ELECTRONIC = (
    (
        "Neodymium disc magnets 6 mm x 3 mm, N35..N42, axially magnetised",
        "60 (50 + spares)",
        8.00,
        "one in the base of every peg; 4 x 2 mm if your pegs are thinner than 8 mm",
    ),
    ("Two-part epoxy (5 minute)", "1", 6.00, "magnets into pegs"),
    (
        "Hot glue sticks (or neutral-cure silicone)",
        "1 pack",
        3.00,
        "sensors and LEDs under the holes",
    ),
    ("Perfboard / stripboard", "1 main (70 x 90 mm) + 7 island pieces (30 x 50 mm)", 6.00, ""),
    (
        "DIP sockets",
        "16-pin x 7 (digital) or x 8 (colour), 14-pin x 1",
        2.50,
        "optional, recommended",
    ),
    ("Pin headers 2 x 20 and female headers 2 x 20", "1 set", 2.00, "to socket the Pico"),
    ("Ribbon cable, 10 conductors, 1.27 mm", "3 m", 5.00, "island harnesses"),
    ("Hook-up wire 26 AWG, stranded, 4 colours", "4 x 5 m", 8.00, "sensors and LED data"),
    ("Hook-up wire 22 AWG red and black", "2 x 3 m", 4.00, "LED 5 V and GND"),
    ("Heat-shrink tubing assortment", "1", 4.00, ""),
    ("Micro-USB data cable", "1", 4.00, "must carry data, not only power"),
    ("M3 standoffs and screws, thin back plate (plywood/hardboard)", "1 set", 6.00, ""),
    ("Magnetic compass (any small one)", "1", 5.00, "to tell the magnet poles apart"),
)
