"""hardware/pinmap.json: the one pin map of the Pico, read and checked."""

import json

from . import PINMAP_PATH

# GPIOs that reach the Pico's header (GP23..25 and GP29 are used on the module).
HEADER_GPIOS = tuple(range(0, 23)) + (26, 27, 28)
ADC_GPIOS = {26: 0, 27: 1, 28: 2}

KEYS = {
    "mux_select": 3,
    "digital_mux_out": 7,
    "analog_island_select": 3,
    "adc": None,
    "neopixel": None,
    "button_undo": None,
    "button_new": None,
}


class PinmapError(ValueError):
    pass


def load(path=PINMAP_PATH):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    check(data)
    return data


def check(data):
    """Raise PinmapError unless the map is complete, on header GPIOs and without clashes."""
    used = []
    for key, count in KEYS.items():
        if key not in data:
            raise PinmapError(f"pinmap.json: {key} missing")
        value = data[key]
        values = value if count else [value]
        if count and (not isinstance(value, list) or len(value) != count):
            raise PinmapError(f"pinmap.json: {key} must be a list of {count} GPIO numbers")
        for gp in values:
            if not isinstance(gp, int) or isinstance(gp, bool) or gp not in HEADER_GPIOS:
                raise PinmapError(f"pinmap.json: {key}: GP{gp} is not a GPIO on the Pico's header")
            used.append(gp)
    if data["adc"] not in ADC_GPIOS:
        raise PinmapError(f"pinmap.json: adc GP{data['adc']} is not an ADC input (GP26..28)")
    dupes = sorted({gp for gp in used if used.count(gp) > 1})
    if dupes:
        raise PinmapError(f"pinmap.json: GPIO used twice: {', '.join(f'GP{g}' for g in dupes)}")
