# The lights' last step (fireboard.lights.Lights.show): the frame in hole
# order mapped to the LED chain, dimmed to the brightness, capped to the
# front end's current and sent only when it differs from the last frame
# sent; checked against the same arithmetic written out plainly here.


class Strip:
    """A strip that keeps a copy of each frame written to it."""

    def __init__(self):
        self.writes = []

    def write(self, buf):
        self.writes.append(bytes(buf))


def lights(brightness, cap_ma, reversed_chain):
    from fireboard.config_defaults import DEFAULTS
    from fireboard.lights import Lights

    cfg = dict(DEFAULTS)
    cfg["brightness"] = brightness
    cfg["led_cap_ma"] = {"digital": cap_ma}
    cfg["led_map"] = list(range(50, -1, -1)) if reversed_chain else None
    return Lights(Strip(), cfg, "digital"), cfg


def expected(frame, cfg):
    # hole k's colour goes to the chain's place led_map[k], dimmed, and
    # scaled down together when the sum of the channels passes the cap
    chain = cfg["led_map"] or list(range(51))
    out = [0] * 153
    for k in range(51):
        for c in range(3):
            out[3 * chain[k] + c] = frame[3 * k + c] * cfg["brightness"] // 255
    total = sum(out)
    allowed = int(
        (cfg["led_cap_ma"]["digital"] - 51 * cfg["led_idle_ma"]) * 255 / cfg["led_channel_ma"]
    )
    capped = total > allowed
    if capped:
        out = [v * allowed // total for v in out]
        total = allowed
    ma = int(51 * cfg["led_idle_ma"]) + total * int(cfg["led_channel_ma"] * 10) // 2550
    return bytes(out), capped, ma


def test_a_frame_goes_to_the_chain_dimmed_and_capped_and_only_when_it_changed():
    seed = [5]

    def byte():  # (a small LCG: the same frames on both interpreters)
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return seed[0] >> 16 & 0xFF

    caps = 0
    for brightness, cap, rev in (
        (96, 390, False),
        (255, 390, True),
        (200, 120, True),
        (40, 2000, False),
    ):
        lt, cfg = lights(brightness, cap, rev)
        strip = lt.strip
        for n in range(12):
            f = lt.frame
            for i in range(153):
                f[i] = byte() if n % 3 else (255 if i < 3 * (4 * n + 1) else 0)
            want, capped, ma = expected(f, cfg)
            differs, scaled = want != bytes(lt.sent), lt.scaled
            assert lt.show() == differs
            assert strip.writes[-1] == want, (brightness, cap, rev, n)
            assert bytes(lt.sent) == want and lt.estimate_ma == ma
            assert lt.scaled - scaled == (1 if capped else 0)
            caps += lt.scaled - scaled
            # the same frame again: nothing sent
            writes = len(strip.writes)
            assert not lt.show() and len(strip.writes) == writes
        # one LED changed: sent again, with it
        lt.frame[3 * 7] ^= 0xFF
        writes = len(strip.writes)
        want, capped, ma = expected(lt.frame, cfg)
        changed = want != strip.writes[-1]
        assert lt.show() == changed and len(strip.writes) == writes + changed
        assert bytes(lt.sent) == want
    assert 5 < caps < 40  # (capped frames and others both checked)
