# The multiplexers both front ends read the 49 holes through: one 8:1 mux
# per island, select lines S0..S2 shared, stepped in Gray-code order so that
# one line changes per step; and the wiring map from scan slot to hole.
import micropython

# mux channels 0..6 in Gray-code order, forwards and backwards
GRAY = b"\x00\x01\x03\x02\x06\x04\x05"
GRAY_BACK = b"\x05\x04\x06\x02\x03\x01\x00"


@micropython.native
def select(pins, old, new):
    """Move three select lines (S0..S2) from channel old to new, writing
    only the lines that change."""
    diff = old ^ new
    if diff & 1:
        pins[0].value(new & 1)
    if diff & 2:
        pins[1].value((new >> 1) & 1)
    if diff & 4:
        pins[2].value((new >> 2) & 1)


def slot_table(sensor_map):
    """scan slot (island mux * 7 + channel) -> hole, from the configuration."""
    return bytes(sensor_map) if sensor_map else bytes(range(49))
