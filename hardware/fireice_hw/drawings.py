"""SVG drawings, written as plain text so that they are reproducible and diffable.

* numbering.svg: the board seen from above, every hole with its name and its
  index in the LED chain, the chain's path, the two turn LEDs.
* wiring_<variant>.svg: the wiring of one build: Pico, select bus, island muxes,
  sensors, level shifter, LED chain, buttons, power. Pin numbers are read from the
  netlist of the build, so the drawing shows what the netlist says.
"""

from . import board
from .parts import CATALOGUE

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
STYLE = f"""
text {{ font-family: {FONT}; fill: #222; }}
.title {{ font-size: 20px; font-weight: bold; }}
.sub {{ font-size: 12px; fill: #444; }}
.small {{ font-size: 9px; fill: #333; }}
.tiny {{ font-size: 8px; fill: #555; }}
.label {{ font-size: 11px; }}
.bold {{ font-size: 12px; font-weight: bold; }}
.hole {{ font-size: 11px; font-weight: bold; }}
.idx {{ font-size: 9px; fill: #8a1c1c; }}
.box {{ fill: #f7f7f2; stroke: #333; stroke-width: 1.2; }}
.pico {{ fill: #e8f3e8; stroke: #2b6b2b; stroke-width: 1.5; }}
.mux {{ fill: #eef2fb; stroke: #34508a; stroke-width: 1.2; }}
.sensor {{ fill: #fff6e0; stroke: #8a6a1c; stroke-width: 1; }}
.led {{ fill: #fbe9f3; stroke: #8a1c5c; stroke-width: 1; }}
.island {{ fill: #f4efe4; stroke: #9b8a6a; stroke-width: 1.2; }}
.holec {{ fill: #fff; stroke: #5a4a2a; stroke-width: 1.3; }}
.fano {{ fill: none; stroke: #d8cdb5; stroke-width: 1; }}
.chain {{ fill: none; stroke: #c0392b; stroke-width: 1.2; stroke-dasharray: 4 3; opacity: 0.8; }}
.w {{ fill: none; stroke: #333; stroke-width: 1; }}
.sel {{ fill: none; stroke: #1f5fbf; stroke-width: 1.2; }}
.out {{ fill: none; stroke: #1c8a4a; stroke-width: 1.2; }}
.ana {{ fill: none; stroke: #8a1c8a; stroke-width: 1.2; }}
.data {{ fill: none; stroke: #c0392b; stroke-width: 1.4; }}
.p5 {{ fill: none; stroke: #d35400; stroke-width: 2; }}
.p3 {{ fill: none; stroke: #b7950b; stroke-width: 2; }}
.gnd {{ fill: none; stroke: #555; stroke-width: 2; }}
.dot {{ fill: #333; }}
"""


def _n(v):
    """Numbers as short, stable text."""
    r = round(float(v), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Svg:
    def __init__(self, width, height, title):
        self.w = width
        self.h = height
        self.title = title
        self.items = []

    def add(self, s):
        self.items.append(s)

    def line(self, x1, y1, x2, y2, cls="w"):
        self.add(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" class="{cls}"/>')

    def poly(self, points, cls="w"):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.add(f'<polyline points="{pts}" class="{cls}"/>')

    def polygon(self, points, cls):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.add(f'<polygon points="{pts}" class="{cls}"/>')

    def rect(self, x, y, w, h, cls="box", rx=4):
        self.add(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{rx}" class="{cls}"/>'
        )

    def circle(self, x, y, r, cls):
        self.add(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" class="{cls}"/>')

    def dot(self, x, y):
        self.circle(x, y, 2.4, "dot")

    def text(self, x, y, s, cls="label", anchor="start"):
        a = "" if anchor == "start" else f' text-anchor="{anchor}"'
        self.add(f'<text x="{_n(x)}" y="{_n(y)}" class="{cls}"{a}>{_esc(s)}</text>')

    def render(self):
        head = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w}" height="{self.h}" '
            f'viewBox="0 0 {self.w} {self.h}">\n'
            f"<title>{_esc(self.title)}</title>\n"
            f"<style>{STYLE}</style>\n"
            f'<rect x="0" y="0" width="{self.w}" height="{self.h}" fill="#ffffff"/>\n'
        )
        return head + "\n".join(self.items) + "\n</svg>\n"


# ------------------------------------------------------------------ numbering


NUM_W, NUM_H = 1000, 1040
ISLAND_SIDE = 150.0  # hole spacing is half of it
BOARD_SIDE = 720.0  # between the centres of the corner islands A, E, G
OUTLINE = 64.0  # island outline: this much larger than the triangle of its corner holes


def hole_positions():
    """({hole name: (x, y)}, {island: centre}) for the numbering drawing."""
    h_board = BOARD_SIDE * 3**0.5 / 2
    h_out = (ISLAND_SIDE + OUTLINE) * 3**0.5 / 2
    cx = NUM_W / 2
    cy = 120 + 2 * h_out / 3 + 2 * h_board / 3  # island A's outline starts at y = 120
    centres = board.triangle_points(cx, cy, BOARD_SIDE)
    holes = {}
    islands = {}
    for k, isl in enumerate(board.ISLANDS, start=1):
        icx, icy = centres[k]
        islands[isl] = (icx, icy)
        for p, xy in board.triangle_points(icx, icy, ISLAND_SIDE).items():
            holes[f"{isl}{p}"] = xy
    return holes, islands


def numbering_svg():
    svg = Svg(NUM_W, NUM_H, "Fire and Ice board: hole names and LED chain")
    svg.text(30, 36, "Fire and Ice board: hole names and LED chain (seen from above)", "title")
    svg.text(
        30,
        58,
        "Big label: the hole (island letter + position). Small red number: its index in the LED chain.",
        "sub",
    )
    svg.text(
        30,
        76,
        "Island mux: hole position k+1 is mux input / channel k (A1 -> I0 ... A7 -> I6; I7 tied to GND).",
        "sub",
    )
    holes, islands = hole_positions()
    r_hole = 17.0
    # island outlines and, faintly, the lines of the island (Fano plane)
    for isl, (icx, icy) in islands.items():
        pts = board.triangle_points(icx, icy, ISLAND_SIDE + OUTLINE)
        svg.polygon([pts[1], pts[5], pts[7]], "island")
        fp = board.triangle_points(icx, icy, ISLAND_SIDE)
        for a, b in ((1, 6), (3, 5), (2, 7)):
            svg.line(*fp[a], *fp[b], cls="fano")
        svg.circle(icx, icy, ISLAND_SIDE / (2 * 3**0.5), "fano")
        svg.text(pts[1][0], pts[1][1] - 8, f"island {isl}", "bold", "middle")
    # the chain: holes in order, then the turn LEDs below the board
    bottom = max(y for _, y in holes.values())
    turn = {
        board.FIRE_TURN_LED: (NUM_W / 2 - 70, bottom + 80),
        board.ICE_TURN_LED: (NUM_W / 2 + 70, bottom + 80),
    }
    path = [holes[h] for h in board.HOLES] + [turn[board.FIRE_TURN_LED], turn[board.ICE_TURN_LED]]
    svg.poly(path, "chain")
    for h in board.HOLES:
        x, y = holes[h]
        svg.circle(x, y, r_hole, "holec")
        svg.text(x, y + 4, h, "hole", "middle")
        svg.text(x + r_hole - 1, y - r_hole + 1, str(board.hole_index(h)), "idx", "start")
    for idx, (x, y) in turn.items():
        svg.rect(x - 15, y - 15, 30, 30, "led", rx=6)
        svg.text(x, y + 4, str(idx), "hole", "middle")
        svg.text(x, y + 32, board.LED_NAMES[idx] + " LED", "label", "middle")
    svg.text(30, NUM_H - 62, "Dashed red line: the default LED chain,", "sub")
    svg.text(30, NUM_H - 46, "A1 .. G7, then Fire turn (49), Ice turn (50).", "sub")
    svg.text(30, NUM_H - 30, "Wired in another order? Tell the firmware", "sub")
    svg.text(30, NUM_H - 14, "(setting led_map).", "sub")
    return svg.render()


# ------------------------------------------------------------------ wiring


def _pico_pin(netlist, net):
    """Physical pin number and name of the Pico pin on a net, or None."""
    for ref, num in netlist.nets.get(net, []):
        if ref == "U1":
            return int(num), CATALOGUE["RPI_PICO"].pin(int(num)).name
    return None


def wiring_svg(variant, netlist):
    digital = variant == "digital"
    W, H = 1640, 1210
    title = (
        "digital build (Hall switches, 74HC151)"
        if digital
        else "colour build (DRV5053, CD74HC4051)"
    )
    svg = Svg(W, H, f"Fire and Ice board wiring: {title}")
    svg.text(24, 34, f"Fire and Ice board wiring: {title}", "title")
    svg.text(
        24,
        54,
        "Small numbers at the wires are pin numbers. Crossing wires are not connected; a dot joins them. "
        f"Every connection is listed in wiring_{variant}.md.",
        "sub",
    )
    pin_nets = netlist.pin_nets()
    wire = "out" if digital else "ana"

    # --- Pico and its used pins
    px, py, pw, ph = 40, 100, 160, 700
    svg.rect(px, py, pw, ph, "pico", rx=8)
    svg.text(px + pw / 2, py + 24, "Raspberry Pi Pico", "bold", "middle")
    svg.text(px + pw / 2, py + 40, "U1 (USB end at the top)", "small", "middle")
    used = []
    for p in CATALOGUE["RPI_PICO"].pins:
        net = pin_nets.get(("U1", str(p.num)))
        if net and net != "GND":
            used.append((p.num, p.name, net))
    stub = {}
    top = py + 70
    step = (ph - 100) / max(1, len(used) - 1)
    for k, (num, name, net) in enumerate(used):
        y = top + k * step
        stub[net] = (px + pw + 50, y)
        svg.line(px + pw, y, px + pw + 50, y, "w")
        svg.text(px + pw - 6, y + 4, name, "label", "end")
        svg.text(px + pw + 3, y - 3, f"{num} {net}", "tiny")
    svg.text(px + 8, py + ph - 12, "GND: pins 3 8 13 18 23 28 33 38", "tiny")

    # --- buttons, under the Pico
    for k, (net, ref, what) in enumerate(
        (("BTN_UNDO", "SW1", "undo"), ("BTN_NEW", "SW2", "new game"))
    ):
        sx, sy = stub[net]
        by = py + ph + 30 + k * 30
        xb = 236 + 8 * k
        svg.poly([(sx, sy), (xb, sy), (xb, by), (120, by)], "w")
        svg.line(120, by, 106, by - 9, "w")
        svg.line(102, by, 80, by, "gnd")
        svg.text(40, by - 6, f"{ref} {what}", "small")
        svg.text(40, by + 12, "to GND", "tiny")

    # --- island muxes and sensors
    mux_kind = "SN74HC151N" if digital else "CD74HC4051E"
    mux_spec = CATALOGUE[mux_kind]
    sensor_kind = "AH1815-P-B" if digital else "DRV5053EAQLPG"
    sensor_spec = CATALOGUE[sensor_kind]
    out_pin = mux_spec.pin("Y" if digital else "COM")
    in_prefix = "I" if digital else "A"
    mx, mw, mh, gap, my0 = 580, 170, 110, 8, 96
    bus_x = {"S0": 500, "S1": 514, "S2": 528}
    bus_bottom = my0 + 6 * (mh + gap) + 60
    for s_net, x in bus_x.items():
        sx, sy = stub[s_net]
        svg.poly([(sx, sy), (x, sy), (x, bus_bottom)], "sel")
        svg.text(x, my0 - 6, s_net, "tiny", "middle")
    muxes = {c.fields["Island"]: c for c in netlist.by_kind(mux_kind) if "Island" in c.fields}
    sensors = {c.fields["Hole"]: c for c in netlist.by_kind(sensor_kind)}
    rns = {c.fields["Island"]: c for c in netlist.by_kind("RN_47K")}
    sx0 = mx + mw + 150
    pitch = 100
    head = f"{sensor_spec.value} ({sensor_spec.mpn}): pin 1 {sensor_spec.pins[0].name} to +3V3, 2 GND, 3 OUT; 100 nF across pins 1-2"
    if digital:
        head += "; OUT also to the island's 47k network (RN pin k+1; pin 1 to +3V3)"
    svg.text(sx0 - 20, my0 - 8, head, "small")
    for i, isl in enumerate(board.ISLANDS):
        mux = muxes[isl]
        y0 = my0 + i * (mh + gap)
        svg.rect(mx, y0, mw, mh, "mux")
        svg.text(mx + 8, y0 + 16, f"island {isl}: {mux.ref}", "bold")
        svg.text(mx + 8, y0 + 29, mux_spec.value, "small")
        svg.text(
            mx + 8,
            y0 + mh - 15,
            f"VCC {mux_spec.pin('VCC').num} +3V3, GND {mux_spec.pin('GND').num}",
            "tiny",
        )
        extra = f", VEE {mux_spec.pin('VEE').num}" if not digital else ""
        svg.text(mx + 8, y0 + mh - 5, f"E {mux_spec.pin('E').num}{extra}: GND", "tiny")
        for k, s_net in enumerate(("S0", "S1", "S2")):
            y = y0 + 42 + k * 12
            svg.line(bus_x[s_net], y, mx, y, "sel")
            svg.dot(bus_x[s_net], y)
            svg.text(mx + 8, y + 3, f"{s_net} {mux_spec.pin(s_net).num}", "tiny")
        yo = y0 + 80
        out_net = pin_nets[(mux.ref, str(out_pin.num))]
        svg.text(mx + 8, yo + 3, f"{out_pin.name} {out_pin.num}", "tiny")
        if digital:
            sx, sy = stub[out_net]
            xch = 262 + 14 * i
            svg.poly([(mx, yo), (xch, yo), (xch, sy), (sx, sy)], "out")
        else:
            svg.poly([(mx, yo), (470 - 8 * i, yo)], "ana")
            svg.text(mx - 4, yo - 3, out_net, "tiny", "end")
        # inputs: I6 at the top ... I0, then I7; the farthest sensor on the highest wire
        box_y = y0 + mh - 30
        for p in board.POSITIONS:
            hole = f"{isl}{p}"
            ch = board.mux_channel(hole)
            pin = mux_spec.pin(f"{in_prefix}{ch}")
            y = y0 + 8 + (6 - ch) * 9
            xs = sx0 + (p - 1) * pitch + 30
            svg.poly([(mx + mw, y), (xs, y), (xs, box_y)], wire)
            svg.text(mx + mw - 4, y + 3, f"{in_prefix}{ch} {pin.num}", "tiny", "end")
            svg.rect(xs - 30, box_y, 60, 28, "sensor", rx=3)
            svg.text(xs, box_y + 12, f"{hole} {sensors[hole].ref}", "small", "middle")
            svg.text(xs, box_y + 23, f"OUT {sensor_spec.pin('OUT').num}", "tiny", "middle")
        y7 = y0 + 8 + 7 * 9
        pin7 = mux_spec.pin(f"{in_prefix}7")
        svg.line(mx + mw, y7, mx + mw + 24, y7, "gnd")
        svg.text(mx + mw + 28, y7 + 3, "GND", "tiny")
        svg.text(mx + mw - 4, y7 + 3, f"{in_prefix}7 {pin7.num}", "tiny", "end")
        if digital:
            svg.text(mx + mw + 60, y7 + 3, f"pull-ups: {rns[isl].ref}", "tiny")

    # --- colour: the top mux and the ADC input
    if not digital:
        top_spec = CATALOGUE["CD74HC4051E"]
        tx, ty, tw, th = 300, 250, 130, 270
        svg.rect(tx, ty, tw, th, "mux")
        svg.text(tx + tw / 2, ty + 18, "top mux U28", "bold", "middle")
        svg.text(tx + tw / 2, ty + 32, "CD74HC4051", "small", "middle")
        for i in range(7):
            y = ty + 50 + i * 22
            pin = top_spec.pin(f"A{i}")
            svg.text(tx + tw - 4, y + 3, f"A{i} {pin.num}", "tiny", "end")
            x_in = 470 - 8 * i
            yo = my0 + i * (mh + gap) + 80
            svg.poly([(tx + tw, y), (x_in, y), (x_in, yo)], "ana")
        svg.text(
            tx + tw - 4, ty + 50 + 7 * 22 + 3, f"A7 {top_spec.pin('A7').num}: GND", "tiny", "end"
        )
        for k, t in enumerate(("T0", "T1", "T2")):
            y = ty + 60 + k * 14
            sx, sy = stub[t]
            svg.poly([(sx, sy), (266 + 8 * k, sy), (266 + 8 * k, y), (tx, y)], "sel")
            svg.text(tx + 4, y + 3, f"S{k} {top_spec.pin(f'S{k}').num}", "tiny")
        yc = ty + th - 40
        svg.text(tx + 4, yc + 3, f"COM {top_spec.pin('COM').num}", "tiny")
        svg.text(tx + 4, ty + th - 20, "VCC 16 +3V3, GND 8", "tiny")
        svg.text(tx + 4, ty + th - 9, "VEE 7, E 6: GND", "tiny")
        sx, sy = stub["ADC_IN"]
        xr = 290
        svg.poly([(tx, yc), (xr, yc), (xr, sy), (sx, sy)], "ana")
        ym = (yc + sy) / 2
        svg.rect(xr - 4, ym - 14, 8, 28, "box", rx=1)
        svg.text(xr + 6, ym + 3, "R3 1k", "tiny")
        svg.dot(xr - 20, sy)
        svg.line(xr - 20, sy, xr - 20, sy + 14, "ana")
        svg.line(xr - 27, sy + 14, xr - 13, sy + 14, "w")
        svg.line(xr - 27, sy + 18, xr - 13, sy + 18, "w")
        svg.line(xr - 20, sy + 18, xr - 20, sy + 26, "gnd")
        svg.text(xr - 10, sy + 30, "C3 1 nF", "tiny")

    # --- LED data and chain
    ly = 960
    sx, sy = stub["LED_DATA_3V3"]
    xd = 252
    svg.poly([(sx, sy), (xd, sy), (xd, ly + 35), (262, ly + 35)], "data")
    svg.dot(xd, ly - 20)
    svg.line(xd, ly - 20, xd + 12, ly - 20, "data")
    svg.rect(xd + 12, ly - 24, 20, 8, "box", rx=1)
    svg.line(xd + 32, ly - 20, xd + 44, ly - 20, "gnd")
    svg.text(xd + 48, ly - 16, "R2 10k to GND: data low while the Pico boots", "tiny")
    svg.rect(262, ly, 120, 70, "box")
    svg.text(322, ly + 15, "U2 74AHCT125", "bold", "middle")
    svg.text(322, ly + 28, "VCC 14 +5V, GND 7", "tiny", "middle")
    svg.text(322, ly + 40, "1A 2 in, 1Y 3 out, 1OE 1 GND", "tiny", "middle")
    svg.text(322, ly + 52, "gates 2-4: OE to +5V,", "tiny", "middle")
    svg.text(322, ly + 62, "A to GND, Y open", "tiny", "middle")
    svg.line(382, ly + 35, 404, ly + 35, "data")
    svg.rect(404, ly + 31, 26, 8, "box", rx=1)
    svg.text(417, ly + 18, "R1 390", "tiny", "middle")
    svg.text(417, ly + 27, "at D1's DIN", "tiny", "middle")
    svg.line(430, ly + 35, 444, ly + 35, "data")
    x = 444
    cw, cg = 18, 3
    prev_x = None
    for i, name in enumerate(board.LED_NAMES):
        if 0 < i < 49 and i % 7 == 0:
            x += 10
        if i == 49:
            x += 16
        svg.rect(x, ly + 22, cw, 26, "led", rx=3)
        label = name if i < 49 else ("Fi" if i == 49 else "Ic")
        svg.text(x + cw / 2, ly + 38, label, "tiny", "middle")
        svg.text(x + cw / 2, ly + 60, str(i), "idx", "middle")
        if prev_x is not None:
            svg.line(prev_x, ly + 35, x, ly + 35, "data")
        prev_x = x + cw
        x += cw + cg
    svg.line(444, ly + 10, x, ly + 10, "p5")
    svg.text(x + 4, ly + 14, "+5V", "small")
    svg.text(
        444,
        ly + 4,
        "C2 1000 uF across +5V and GND where the LED supply leaves the main board",
        "tiny",
    )
    svg.text(
        444,
        ly + 78,
        "D1..D51 (index 0..50): A1..G7, then Fire turn (49), Ice turn (50). Each pixel: VDD +5V, VSS GND,"
        " 100 nF across them; DOUT to the next DIN.",
        "small",
    )

    # --- power legend
    lx, lyy = 24, 1100
    svg.line(lx, lyy, lx + 30, lyy, "p5")
    svg.text(lx + 36, lyy + 4, "+5V: Pico VBUS (pin 40) = USB 5 V: the LEDs and U2", "small")
    svg.line(lx, lyy + 20, lx + 30, lyy + 20, "p3")
    svg.text(
        lx + 36,
        lyy + 24,
        "+3V3: Pico 3V3(OUT) (pin 36): muxes, sensors, pull-ups; 10 uF on each island board",
        "small",
    )
    svg.line(lx, lyy + 40, lx + 30, lyy + 40, "gnd")
    svg.text(lx + 36, lyy + 44, "GND: all Pico GND pins; one ground for everything", "small")
    svg.text(
        lx + 700,
        lyy + 4,
        "Each island board gets one 10-conductor cable: +3V3, GND, S0, S1, S2,",
        "small",
    )
    svg.text(
        lx + 700,
        lyy + 24,
        f"the mux output ({out_pin.name}), +5V, GND, LED data in, LED data out (see the wiring list).",
        "small",
    )
    return svg.render()
