"""The USB side of the board (make bench), on the virtual board as a device
(fireice sim --pty, real time, this machine's CPU): command round trips,
bad lines answered per second, and flashing, whole and unchanged. Prints
"name: value" lines."""

import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, "tests/host")

from ptysim import PtySim, fireice  # noqa: E402


def main():
    with tempfile.TemporaryDirectory() as tmp:
        with PtySim(tmp + "/flash", blank=True) as sim:
            t = time.monotonic()
            p = fireice("flash", port=sim.port)
            assert p.returncode == 0, p.stderr
            print("flash_blank_board_s: %.2f" % (time.monotonic() - t))
            t = time.monotonic()
            p = fireice("flash", port=sim.port)
            assert p.returncode == 0, p.stderr
            print("flash_unchanged_s: %.2f" % (time.monotonic() - t))
            b = sim.board()
            trips = []
            for _ in range(200):
                t = time.perf_counter()
                b.command("status")
                trips.append((time.perf_counter() - t) * 1000)
            print("status_round_trip_ms_median: %.2f" % statistics.median(trips))
            print("status_round_trip_ms_worst: %.2f" % max(trips))
            n = 4000
            t = time.monotonic()
            for _ in range(n // 40):
                b.serial.write(b"fly away\n" * 40)
                for _ in range(40):
                    assert "error" in b.ask_read(timeout=20)
            print("bad_lines_answered_per_s: %d" % (n / (time.monotonic() - t)))
            b.close()


if __name__ == "__main__":
    try:
        main()
    except subprocess.TimeoutExpired as e:
        sys.exit("bench_usb: %s" % e)
