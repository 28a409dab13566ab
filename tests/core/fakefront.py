# A third sensor front end for tests/core/test_parts.py: it reads holes set
# by the test (any colour), through the contract of fireboard.sense_fronts.


class FakeScanner:
    colour = True

    def __init__(self):
        self.holes = bytearray(49)
        self.raw = bytearray(49)
        self.scans = 0

    def scan(self, out):
        self.scans += 1
        for h in range(49):
            out[h] = self.holes[h]
            self.raw[h] = self.holes[h]


def scanner(hw, cfg):
    return FakeScanner()
