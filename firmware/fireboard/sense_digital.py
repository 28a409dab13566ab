# The digital front end: a presence switch (hall or reed) under each hole,
# read through the island muxes (fireboard.sense_mux). A scan fills a
# bytearray of 49 hole states: 0 empty, 3 occupied by a peg of unknown
# colour (the colour front end, fireboard.sense_colour, tells 1 Fire, 2 Ice).
#
# This module is the front end's entry (fireboard.sense_fronts): it builds
# the scanner the hardware allows and is dropped after start-up
# (fireboard.mem.LEAVES). Each board keeps only the scanner it runs: a Pico
# on MicroPython the one through the SIO registers
# (fireboard.sense_digital_sio), other boards (CircuitPython, the virtual
# board) the one through pin objects (fireboard.sense_digital_pins).


def scanner(hw, cfg):
    """The digital front end on hardware hw, as the configuration wires it:
    through the GPIO registers where the backend offers them (a Pico on
    MicroPython), else through pin objects."""
    pins = cfg["pins"]
    args = (
        [hw.output(p) for p in pins["mux_select"]],
        [hw.input(p) for p in pins["digital_mux_out"]],
        cfg["active_low"],
        cfg["sensor_map"],
    )
    registers = getattr(hw, "gpio_registers", None)
    mem = registers() if registers is not None else None
    if mem is not None:
        from fireboard.sense_digital_sio import RegisterScanner

        return RegisterScanner(mem, pins["mux_select"], pins["digital_mux_out"], *args)
    from fireboard.sense_digital_pins import DigitalScanner

    return DigitalScanner(*args)
