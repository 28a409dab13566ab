"""The USB side of the board (make bench), on the virtual board as a device
(fireice sim --pty, real time, this machine's CPU): command round trips,
bad lines answered per second, and flashing, whole and unchanged; and what
`fireice flash` puts on a Pico (the armv6m .mpy files of .build/mpy, from
make mpy). Prints "name: value" lines."""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, "tests/host")

from ptysim import PtySim, fireice  # noqa: E402

from fireice_tools import firmware  # noqa: E402


def pico_image(built=".build/mpy"):
    """(files, bytes) that fireice flash copies to a Pico: the armv6m .mpy
    of the modules it runs, and main.py."""
    files = firmware.board_sources("micropython")
    total = sum(os.path.getsize(os.path.join(built, rel[:-3] + ".mpy")) for rel in files)
    total += os.path.getsize(os.path.join(firmware.firmware_dir(), "main.py"))
    return len(files) + 1, total


def main():
    if os.path.isdir(".build/mpy"):
        files, size = pico_image()
        print("pico_flash_files: %d" % files)
        print("pico_flash_bytes: %d" % size)
    with tempfile.TemporaryDirectory() as tmp:
        with PtySim(tmp + "/flash", blank=True) as sim:
            t = time.monotonic()
            p = fireice("flash", port=sim.port)
            assert p.returncode == 0, p.stderr
            print("flash_blank_board_s: %.2f" % (time.monotonic() - t))
            m = re.search(r"(\d+) of \d+ files changed \((\d+) bytes\)", p.stdout)
            print("sim_flash_files: %s" % m.group(1))
            print("sim_flash_bytes: %s" % m.group(2))
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
