# The NeoPixels: one under each hole (0..48, A1..G7) and a turn LED for each
# side (49 Fire, 50 Ice). Frames are composed in hole order as RGB, then
# mapped to the LED chain, dimmed to the brightness and to the current cap,
# and sent to the strip only when they differ from the last one sent.
import micropython
from micropython import const

from fireboard.track_phases import (
    BOTH,
    ERROR,
    IDLE,
    LANDED,
    LIFTED,
    OVER,
    RESTORE,
    SETUP,
    THINKING,
    VICTIM,
)
from fireice.geom import LINE_OF, LINES, TARGETS

_N = const(51)
_TURN_FIRE = const(49)
_TURN_ICE = const(50)
_BLINK_MS = const(250)
# a solitaire's result (fireice.solo's Solo.result; 1 to 3 are a duel's)
_SOLO_WON = const(4)
_SOLO_LOST = const(5)

# colours at full strength by side: 0 neither (white), 1 Fire red, 2 Ice
# aqua; errors violet (neither side's). (The sides' in one tuple, not a name
# each: the module's table of names stays within 23 slots, without a last
# growth to 29 for good: bench/RESULTS.md, "Memory: the 64 KB heap".)
_SIDE = ((160, 160, 160), (255, 24, 0), (0, 200, 255))
_WRONG = (170, 0, 255)
_DARK = bytes(3 * _N)
# a controlled island's glow (a quarter of the side's colour), Fire's then
# Ice's; the lines of islands, as bytes (for pointers)
_GLOW = bytes(c >> 2 for c in _SIDE[1] + _SIDE[2])
_LINES = bytes(LINES)


class Lights:
    def __init__(self, strip, cfg, front):
        # (its attributes first, its buffers last, as the App's: the table
        # of attributes grows as they are set, at start-up's peak)
        self.strip = strip
        self.brightness = cfg["brightness"]
        from fireboard import FRONT_CAP_MA
        from fireboard import front as entry  # the registry's (fireboard.sense_fronts)

        cap = cfg["led_cap_ma"].get(front) or entry(front, FRONT_CAP_MA)
        self._idle = int(_N * cfg["led_idle_ma"])
        # channel sum (0..255 each) the cap allows, and mA per 2550 of it x10
        # (fireboard.config_check keeps both positive; max() all the same)
        self._allowed = max(0, int((cap - _N * cfg["led_idle_ma"]) * 255 / cfg["led_channel_ma"]))
        self._ch10 = int(cfg["led_channel_ma"] * 10)
        self.frames = 0  # frames sent
        self.scaled = 0  # frames dimmed to keep under the cap
        self.estimate_ma = 0
        self._seen = -1  # tracker version of the composed frame
        # the controlled islands' glow (a duel), drawn again only when the
        # islands' masks change (at a move, not at each lift or blink):
        # copied into a frame in one go
        self._ctl_ok = False
        self._phase = -1  # blink phase of the composed frame
        self._blinks = True  # the composed frame has something blinking
        # a solitaire's judge (fireboard.track_judge): its sign on the turn
        # LEDs, its hint on the pegs
        self.judge = None
        # the coach's danger marks of a lifted peg's destinations
        # (fireboard.track_coach): 2 and 3 lose at once
        self.danger = None
        # a proven result (fireboard.track_versus): (winner 1, 2 or 3 a
        # draw, from ply), the winner's turn LED showing it
        self.proven = None
        # a duel's hint (fireboard.track_hinting): frm * 64 + to + 1, 0 none,
        # shown while the game is at hint_ply
        self.hint = 0
        self.hint_ply = -1
        self.frame = bytearray(3 * _N)  # composed, hole order
        self.out = bytearray(3 * _N)  # to send, chain order
        self.sent = bytearray(3 * _N)  # last sent
        # where each hole's colour goes in the chain
        led_map = cfg["led_map"]
        self.pos = bytearray(_N)
        for k in range(_N):
            self.pos[led_map[k] if led_map else k] = k
        # the controlled islands' glow drawn (see above), and the game's
        # island masks it was drawn for
        self._ctl = bytearray(3 * _N)
        self._ctl_im = bytearray(24)

    def redraw(self):
        """Compose the next frame afresh (what it shows changed outside the
        tracker: a part's marks)."""
        self._seen = -1

    def _put(self, h, rgb, level=4):
        # level: 4 full, 2 half, 1 quarter
        f = self.frame
        f[3 * h] = rgb[0] * level >> 2
        f[3 * h + 1] = rgb[1] * level >> 2
        f[3 * h + 2] = rgb[2] * level >> 2

    def compose(self, t, now):
        """Draw the tracker's state into the frame. Returns True when it did
        (the state or the blink phase changed)."""
        blink = (now // _BLINK_MS) & 1
        if t.version == self._seen and (blink == self._phase or not self._blinks):
            return False  # (a small function until here: its frame needs no heap)
        return self._draw(t, blink)

    def _draw(self, t, blink):
        # the frame afresh, in layers: the islands' glow (a duel), the turn
        # LEDs, then what the tracker's phase asks of the pegs. Each layer
        # that blinks sets _blinks, so that the next blink phase draws again.
        self._blinks = False
        self._seen = t.version
        self._phase = blink
        g = t.game
        phase = t.phase
        duel = g is not None and g.duel
        self._background(g, duel and phase != SETUP)
        if g is None:
            return True
        if phase == OVER:
            self._over(g, blink)
        elif phase != SETUP and not duel and self.judge is not None:
            self._judge_turn(g, self.judge)
            self._marks(t, g, phase, duel, blink)
        elif phase != SETUP and g.to_move and self._turn(t, g, phase, blink):
            pass  # the board's own move to make: nothing else is shown
        else:
            self._marks(t, g, phase, duel, blink)
        return True

    def _background(self, g, glow):
        # dark, or the controlled islands' glow, drawn again only when the
        # islands' masks changed
        f = self.frame
        if not glow:
            f[:] = _DARK
            return
        ctl = self._ctl
        if not self._ctl_ok or g.im != self._ctl_im:
            f[:] = _DARK
            self._control(g)
            ctl[:] = f
            self._ctl_im[:] = g.im
            self._ctl_ok = True
        f[:] = ctl

    def _over(self, g, blink):
        r = g.result
        if r == 1 or r == 2:
            # the three winning islands in the winner's colour
            line = g.winning_line()
            for i in range(7):
                if line >> i & 1:
                    for h in range(7 * i, 7 * i + 7):
                        self._put(h, _SIDE[r], 2)
            self._put(_TURN_FIRE if r == 1 else _TURN_ICE, _SIDE[r], 4 if blink else 1)
            self._blinks = True
        elif r == _SOLO_WON:  # the last peg shines
            for h in range(49):
                if g.cells[h]:
                    self._put(h, _SIDE[g.cells[h]])
            self._put(_TURN_FIRE, _SIDE[1], 4 if blink else 1)
            self._put(_TURN_ICE, _SIDE[2], 1 if blink else 4)
            self._blinks = True
        else:  # lost, or a draw: the pegs left glow
            for h in range(49):
                if g.cells[h]:
                    self._put(h, _WRONG if r == _SOLO_LOST else _SIDE[0], 1)

    def _judge_turn(self, g, j):
        # a solitaire's turn LED (both before the first capture, when
        # either colour may start): the side's colour when the position
        # can still be won, violet when it cannot, a quarter of the
        # side's colour while it is not known (being solved, or too long
        # to solve)
        for s in range(1, 3):
            if g.to_move == s or not g.to_move:
                h = _TURN_FIRE if s == 1 else _TURN_ICE
                if j.sign == 2:
                    self._put(h, _WRONG, 1)
                else:
                    self._put(h, _SIDE[s], 4 if j.sign else 1)

    def _turn(self, t, g, phase, blink):
        # the side to move's turn LED (it pulses while the board thinks or
        # a remote opponent's move is awaited), a proven winner's; True
        # when the board's own move is shown
        level = 4
        mv = t.forced
        if mv <= THINKING:  # or WAITING, below it (track_phases; a name
            # fewer in this module's table, which is full at 23)
            level = 4 if blink else 1
            self._blinks = True
        self._put(_TURN_FIRE if g.to_move == 1 else _TURN_ICE, _SIDE[g.to_move], level)
        pv = self.proven
        if pv is not None and pv[0] != 3 and g.ply >= pv[1]:
            # proven: the winner's turn LED blinks
            w = pv[0]
            self._put(_TURN_FIRE if w == 1 else _TURN_ICE, _SIDE[w], 1 if blink else 4)
            self._blinks = True
        if mv < 0 or (phase != IDLE and phase != LIFTED):
            return False
        # the board's move: the peg to lift blinks, its hole to go glows
        s = g.to_move
        if phase == IDLE:
            self._put(mv >> 6, _SIDE[s], 4 if blink else 1)
            self._blinks = True
        else:
            self._put(mv >> 6, _SIDE[s], 1)
        self._put(mv & 63, _SIDE[s], 4 if phase == LIFTED else 2)
        return True

    def _marks(self, t, g, phase, duel, blink):
        # what the phase shows on the pegs and holes
        if phase == LIFTED:
            self._lifted(t.from_hole, g, duel)
        elif phase == LANDED:
            s = g.to_move
            self._put(t.to_hole, _SIDE[s], 1)
            self._put(t.from_hole, _SIDE[3 - s], 4 if blink else 2)  # the fill goes here
            self._blinks = True
        elif phase == VICTIM:
            self._captors(t.from_hole, g, blink)
        elif phase == BOTH:
            self._put(t.from_hole, _SIDE[g.cells[t.from_hole]], 1)
            self._put(t.to_hole, _SIDE[g.cells[t.to_hole]], 1)
        elif phase == ERROR or phase == RESTORE or phase == SETUP:
            self._fixes(t, blink)
        elif phase == IDLE and duel and self.hint and g.ply == self.hint_ply:
            # a duel's hint: the peg to lift blinks, the hole to go to glows
            mv = self.hint - 1
            s = g.to_move
            self._put(mv >> 6, _SIDE[s], 4 if blink else 1)
            self._put(mv & 63, _SIDE[s], 2)
            self._blinks = True
        elif phase == IDLE and not duel and self.judge is not None and self.judge.lit:
            # the judge's hint: the peg that captures blinks, its victim glows
            h = self.judge.lit - 1
            self._put(h >> 6, _SIDE[g.cells[h >> 6]], 4 if blink else 1)
            self._put(h & 63, _SIDE[g.cells[h & 63]], 2)
            self._blinks = True

    def _lifted(self, h, g, duel):
        # where the peg lifted from h may go (duel: empty holes; solitaire:
        # the other colour's pegs it can capture)
        s = g.cells[h]
        want = 0 if duel else 3 - s
        d = self.danger if duel else None
        for k in range(12 * h, 12 * h + 12):
            x = TARGETS[k]
            if g.cells[x] == want:
                if d is not None and d[x] > 1:  # it loses at once: a gift, a threat
                    self._put(x, _WRONG, 4 if d[x] == 2 else 2)
                else:
                    self._put(x, _SIDE[s])
        self._put(h, _SIDE[s], 1)

    def _captors(self, h, g, blink):
        # the pegs that can capture the one lifted from h
        v = g.cells[h]
        for k in range(12 * h, 12 * h + 12):
            y = TARGETS[k]
            c = g.cells[y]
            if c == 3 - v and (not g.to_move or g.to_move == c):
                self._put(y, _SIDE[c], 4 if blink else 1)
        self._blinks = True

    def _fixes(self, t, blink):
        # one fix (or all, in setup): a peg to remove blinks violet, a
        # missing one glows in its colour, a wrong colour blinks in the
        # right one (on a digital board setting up: a peg from before,
        # to put back in it)
        want = t.target
        p = t.pegs
        seen = t.seen
        for k in range(49):
            if not (t.all_fixes or k == t.fix):
                continue
            if want[k] == 0 and p[k] != 0:
                if blink:
                    self._put(k, _WRONG)
            elif want[k] != 0 and p[k] == 0:
                self._put(k, _SIDE[want[k]], 2)
            elif want[k] != p[k] if seen is None else want[k] and not seen[k]:
                self._put(k, _SIDE[want[k]], 4 if blink else 1)
        self._blinks = True

    @micropython.viper  # drawn once a move, in the pass that answers it
    def _control(self, g):
        # each controlled island: its (first) controlling line, dimmed (as
        # _put at level 1), written through pointers
        im = ptr8(g.im)
        of = ptr8(LINE_OF)
        lines = ptr8(_LINES)
        glow = ptr8(_GLOW)
        f = ptr8(self.frame)
        for side in range(1, 3):
            b = 8 * side
            c = 3 * side - 3
            for i in range(7):
                k = int(of[im[b + i]])  # (1 + the first line's index, or 0)
                if k:
                    line = int(lines[k - 1])
                    for p in range(7):
                        if (line >> p) & 1:
                            h = 3 * (7 * i + p)
                            f[h] = glow[c]
                            f[h + 1] = glow[c + 1]
                            f[h + 2] = glow[c + 2]

    @micropython.viper  # machine integers and byte pointers: a tenth of native's time
    def show(self) -> bool:
        """Map, dim and cap the frame; send it if it changed. True if sent."""
        f = ptr8(self.frame)
        out = ptr8(self.out)
        pos = ptr8(self.pos)
        b = int(self.brightness)
        total = 0
        for k in range(51):
            j = 3 * pos[k]
            i = 3 * k
            v0 = (f[i] * b) // 255
            v1 = (f[i + 1] * b) // 255
            v2 = (f[i + 2] * b) // 255
            out[j] = v0
            out[j + 1] = v1
            out[j + 2] = v2
            total += v0 + v1 + v2
        # estimated mA = 51 * idle + total / 255 * channel; keep it under the cap
        allowed = int(self._allowed)
        if total > allowed:
            for k in range(153):
                out[k] = (out[k] * allowed) // total
            self.scaled = int(self.scaled) + 1
            total = allowed
        self.estimate_ma = int(self._idle) + (total * int(self._ch10)) // 2550
        sent = ptr8(self.sent)
        same = True
        for k in range(153):
            if out[k] != sent[k]:
                same = False
                sent[k] = out[k]
        if same:
            return False
        self.strip.write(self.out)
        self.frames = int(self.frames) + 1
        return True
