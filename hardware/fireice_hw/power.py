"""The power budget and the LED current caps derived from it.

Everything runs from one USB port (the Pico's micro-USB): 500 mA at 5 V. The
LEDs take what the rest of the board leaves, less a design margin, and the
firmware keeps its LED estimate under that cap by dimming. Its estimate, used
here unchanged:

    estimate = n_leds * 1.0 mA  +  sum over every R, G, B value of value/255 * 12.0 mA

Loads of the 3.3 V rail are counted at 5 V one for one. The Pico's buck-boost
regulator actually turns 1 mA at 3.3 V into roughly 0.8 mA at 5 V, so this
over-counts the 3.3 V loads by about a quarter: extra margin, on purpose.
The part counts come from the netlist of each build, the per-part currents
from the table below (one place).
"""

import math
from dataclasses import dataclass

from . import board

USB_LIMIT_MA = 500.0  # USB 2.0 port after enumeration
MARGIN_FRACTION = 0.10  # kept free for estimation errors and the unexpected
PICO_3V3_LIMIT_MA = 300.0  # Pico datasheet: keep the 3V3(OUT) load below 300 mA
LED_IDLE_MA = 1.0  # the firmware's constants
LED_CHANNEL_MA = 12.0
OLD_LED_CHANNEL_MA = 20.0  # older WS2812B / clones, for the what-if below
USB_DECLARED_MA = 250.0  # MicroPython's USB configuration descriptor (TinyUSB config)


@dataclass(frozen=True)
class Load:
    kind: str  # catalogue key
    what: str
    ma_each: float
    source: str


# Per-part supply currents (mA) budgeted for a part of this kind.
LOADS = (
    Load(
        "RPI_PICO",
        "Raspberry Pi Pico running MicroPython, USB connected",
        50.0,
        "budget; idle MicroPython draws roughly 20-30 mA from VBUS, 50 mA covers busy "
        "loops, flash writes and the on-board LED (not measured on this board)",
    ),
    Load(
        "SN74AHCT125N",
        "74AHCT125 level shifter at 5 V",
        1.4,
        "data sheet: I_CC 20 uA + delta-I_CC 1.35 mA for one input at 3.4 V (TTL level)",
    ),
    Load(
        "SN74HC151N",
        "74HC151 digital mux",
        0.1,
        "data sheet: I_CC <= 8 uA static; 0.1 mA budget with switching",
    ),
    Load(
        "CD74HC4051E",
        "CD74HC4051 analog mux",
        0.1,
        "data sheet: I_CC <= 8 uA static; 0.1 mA budget with switching",
    ),
    Load(
        "AH1815-P-B",
        "AH1815 Hall switch",
        0.015,
        "data sheet: 24 uW at 3 V (8 uA average); 15 uA budget",
    ),
    Load(
        "RN_47K",
        "47k pull-ups, all 7 holes of an island occupied",
        7 * 3.3 / 47.0,
        "3.3 V / 47 kOhm per closed switch",
    ),
    Load(
        "DRV5053EAQLPG",
        "DRV5053 linear Hall sensor",
        3.0,
        "3 mA budget, the maximum I_CC as the author remembers the DRV5053 data sheet "
        "(2.2 mA typical); the table itself could not be read here: check I_CC in SLIS153",
    ),
    Load("R_10K", "LED data pull-down while the data line is high", 3.3 / 10.0, "3.3 V / 10 kOhm"),
    Load(
        "SW_PUSH", "button held (Pico pull-up ~50 kOhm)", 3.3 / 50.0, "RP2040 pull-up 50..80 kOhm"
    ),
)


def _floor10(x):
    return int(math.floor(x / 10.0 + 1e-9) * 10)


def loads(netlist):
    """[(Load, count, mA total)] for the parts of one build (LEDs excluded)."""
    rows = []
    for load in LOADS:
        count = len(netlist.by_kind(load.kind))
        if count:
            rows.append((load, count, count * load.ma_each))
    return rows


def rail_of(netlist, kind):
    comps = netlist.by_kind(kind)
    if not comps:
        return ""
    if kind == "RPI_PICO":
        return "+5V"
    pin_nets = netlist.pin_nets()
    nets = {n for (ref, _), n in pin_nets.items() if ref == comps[0].ref and n in ("+5V", "+3V3")}
    return "+5V" if "+5V" in nets else "+3V3"


def budget(netlists):
    """The whole budget for {variant: Netlist}: a dict, also written as power.json."""
    n_leds = None
    out = {"other_loads_ma": {}, "led_cap_ma": {}, "total_at_cap_ma": {}, "margin_left_ma": {}}
    rails = {}
    alt = {}
    strict = {}
    for variant, netlist in netlists.items():
        leds = len(netlist.by_kind("WS2812B"))
        n_leds = leds if n_leds is None else n_leds
        assert leds == n_leds
        other = sum(ma for _, _, ma in loads(netlist))
        idle = leds * LED_IDLE_MA
        margin = USB_LIMIT_MA * MARGIN_FRACTION
        cap = _floor10(USB_LIMIT_MA - margin - other)
        if cap <= idle:
            raise ValueError(f"{variant}: no current left for the LEDs ({cap} mA)")
        out["other_loads_ma"][variant] = round(other, 1)
        out["led_cap_ma"][variant] = cap
        out["total_at_cap_ma"][variant] = round(other + cap, 1)
        out["margin_left_ma"][variant] = round(USB_LIMIT_MA - other - cap, 1)
        rails[variant] = round(
            sum(ma for load, _, ma in loads(netlist) if rail_of(netlist, load.kind) == "+3V3"), 1
        )
        # same margin, but pixels that draw OLD_LED_CHANNEL_MA per channel
        colour_part = (USB_LIMIT_MA - margin - other - idle) * LED_CHANNEL_MA / OLD_LED_CHANNEL_MA
        alt[variant] = _floor10(idle + colour_part)
        strict[variant] = round(USB_DECLARED_MA - other - idle, 1)
    out["led_model"] = {
        "n_leds": n_leds,
        "idle_ma_per_led": LED_IDLE_MA,
        "ma_per_channel_at_255": LED_CHANNEL_MA,
    }
    out["usb_limit_ma"] = USB_LIMIT_MA
    out["margin_ma"] = USB_LIMIT_MA * MARGIN_FRACTION
    out["rail_3v3_external_ma"] = rails
    out["led_cap_ma_if_20ma_per_channel"] = alt
    out["usb_250ma_room_for_led_colour_ma"] = strict
    return out


def led_estimate_ma(frame, idle=LED_IDLE_MA, channel=LED_CHANNEL_MA):
    """The firmware's estimate for a frame: a list of (r, g, b) for every LED."""
    return len(frame) * idle + sum(v / 255.0 * channel for rgb in frame for v in rgb)


def full_white_pixels(cap, n_leds=board.N_LEDS):
    """How many pixels can be full white (255, 255, 255) at the cap, the rest off."""
    return int((cap - n_leds * LED_IDLE_MA) // (3 * LED_CHANNEL_MA))


def markdown(netlists, data):
    variants = list(netlists)
    lines = [
        "# Power budget",
        "",
        "Generated by `python hardware/build.py` from the circuit (`fireice_hw/power.py`);",
        "do not edit. The derived LED caps are also in [`power.json`](power.json).",
        "",
        f"Everything runs from the Pico's USB port: **{USB_LIMIT_MA:.0f} mA at 5 V**. The LEDs get",
        f"what the rest leaves, less a design margin of {MARGIN_FRACTION:.0%}",
        f"({data['margin_ma']:.0f} mA). The LED current is the firmware's own estimate: "
        f"{LED_IDLE_MA:.1f} mA idle per pixel",
        f"plus {LED_CHANNEL_MA:.1f} mA per colour channel at full (value/255 of it); the firmware dims",
        "every frame so that the estimate stays under the cap.",
        "",
        "3.3 V loads are counted at 5 V one for one; the Pico's buck-boost makes about 0.8 mA at",
        "5 V of each 1 mA at 3.3 V, so they are over-counted by about a quarter (extra margin).",
        "",
        "## Loads other than the LEDs",
        "",
        "| load | rail | mA each | "
        + " | ".join(f"{v}: qty | {v}: mA" for v in variants)
        + " | source |",
        "|---|---|---:|" + "---:|---:|" * len(variants) + "---|",
    ]
    by_kind = {v: {load.kind: (n, ma) for load, n, ma in loads(netlists[v])} for v in variants}
    for load in LOADS:
        if not any(load.kind in by_kind[v] for v in variants):
            continue
        rail = next(rail_of(netlists[v], load.kind) for v in variants if load.kind in by_kind[v])
        cells = []
        for v in variants:
            n, ma = by_kind[v].get(load.kind, (0, 0.0))
            cells.append(f"{n} | {ma:.1f}" if n else "- | -")
        lines.append(
            f"| {load.what} | {rail} | {load.ma_each:.3g} | "
            + " | ".join(cells)
            + f" | {load.source} |"
        )
    lines.append(
        "| **sum** | | | "
        + " | ".join(f"| **{data['other_loads_ma'][v]:.1f}**" for v in variants)
        + " | |"
    )
    lines += [
        "",
        "## The LED current cap",
        "",
        "| | " + " | ".join(variants) + " |",
        "|---|" + "---:|" * len(variants),
    ]

    def row(label, fn):
        lines.append(f"| {label} | " + " | ".join(fn(v) for v in variants) + " |")

    n_leds = data["led_model"]["n_leds"]
    row("USB limit", lambda v: f"{USB_LIMIT_MA:.0f}")
    row(f"design margin ({MARGIN_FRACTION:.0%})", lambda v: f"{data['margin_ma']:.0f}")
    row("loads other than the LEDs", lambda v: f"{data['other_loads_ma'][v]:.1f}")
    row(
        "left for the LEDs",
        lambda v: f"{USB_LIMIT_MA - data['margin_ma'] - data['other_loads_ma'][v]:.1f}",
    )
    row(
        "**LED cap** (firmware default `led_cap_ma`, rounded down to 10 mA)",
        lambda v: f"**{data['led_cap_ma'][v]}**",
    )
    row(f"of it: idle, {n_leds} x {LED_IDLE_MA:.1f} mA", lambda v: f"{n_leds * LED_IDLE_MA:.0f}")
    row("whole board at the cap", lambda v: f"{data['total_at_cap_ma'][v]:.1f}")
    row("margin left to 500 mA", lambda v: f"{data['margin_left_ma'][v]:.1f}")
    row(
        "pixels that can be full white at the cap (rest off)",
        lambda v: str(full_white_pixels(data["led_cap_ma"][v], n_leds)),
    )
    lines += [
        "",
        "## The 3.3 V rail",
        "",
        "The muxes and sensors run from the Pico's 3V3(OUT); its data sheet asks to keep that load",
        f"below {PICO_3V3_LIMIT_MA:.0f} mA.",
        "",
        "| | " + " | ".join(variants) + " |",
        "|---|" + "---:|" * len(variants),
    ]
    row("external 3.3 V load (mA)", lambda v: f"{data['rail_3v3_external_ma'][v]:.1f}")
    row(
        f"below {PICO_3V3_LIMIT_MA:.0f} mA",
        lambda v: "yes" if data["rail_3v3_external_ma"][v] < PICO_3V3_LIMIT_MA else "**NO**",
    )
    lines += [
        "",
        "## If the LED constants are off",
        "",
        f"The firmware's {LED_CHANNEL_MA:.0f} mA per channel and {LED_IDLE_MA:.0f} mA idle match the",
        "WS2812B-**V5** data sheet (12 mA per channel; about 0.6 mA idle, so 1.0 mA is",
        "conservative). The original WS2812B data sheet gives no current at all, and older",
        "WS2812B and clones are reported to draw 18-22 mA per channel. With such pixels the",
        "real current at the caps above would be well over 500 mA. Either buy V5 pixels, or",
        f"set these caps (same margin, {OLD_LED_CHANNEL_MA:.0f} mA per channel):",
        "",
        "| | " + " | ".join(variants) + " |",
        "|---|" + "---:|" * len(variants),
    ]
    row(
        f"LED cap for {OLD_LED_CHANNEL_MA:.0f} mA-per-channel pixels",
        lambda v: str(data["led_cap_ma_if_20ma_per_channel"][v]),
    )
    lines += [
        "",
        "## USB notes",
        "",
        f"* MicroPython's USB descriptor declares {USB_DECLARED_MA:.0f} mA. Hosts practically never",
        "  enforce it, and this budget uses the port's 500 mA as asked. Strictly within",
        f"  {USB_DECLARED_MA:.0f} mA, the room left for LED colour (after the idle current) would be: "
        + ", ".join(f"{v} {data['usb_250ma_room_for_led_colour_ma'][v]:.1f} mA" for v in variants)
        + " (negative: not even dark LEDs fit).",
        "* The 1000 uF on the LED supply makes a short inrush when the cable is plugged in",
        "  (USB allows 10 uF at attach). Ports and hubs tolerate it in practice; if the board",
        "  resets or the host complains when plugging in, use a powered hub.",
        "",
    ]
    return "\n".join(lines)


def check(data):
    """Problems of a power budget (power.json contents); an empty list: it holds."""
    problems = []
    idle = data["led_model"]["n_leds"] * data["led_model"]["idle_ma_per_led"]
    for variant, cap in data["led_cap_ma"].items():
        other = data["other_loads_ma"][variant]
        total = other + cap
        if total > data["usb_limit_ma"]:
            problems.append(
                f"{variant}: {other} + LED cap {cap} = {total:.1f} mA > {data['usb_limit_ma']:.0f} mA"
            )
        elif total > data["usb_limit_ma"] - data["margin_ma"]:
            problems.append(
                f"{variant}: {total:.1f} mA leaves less than the {data['margin_ma']:.0f} mA margin"
            )
        if cap <= idle:
            problems.append(
                f"{variant}: LED cap {cap} mA is not above the idle current {idle:.0f} mA"
            )
    for variant, ma in data["rail_3v3_external_ma"].items():
        if ma >= PICO_3V3_LIMIT_MA:
            problems.append(
                f"{variant}: {ma} mA on the Pico's 3V3 output (limit {PICO_3V3_LIMIT_MA:.0f})"
            )
    return problems
