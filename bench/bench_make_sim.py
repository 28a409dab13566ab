"""`make sim` from a fresh clone, as a new player meets it: the seconds until
the page's address is printed, each step's share, and the size of .venv.

    python3 bench/bench_make_sim.py [--source REPO] [--commit REV] [--runs N]

Each run clones REPO (this repository by default) at REV (its HEAD) into
a temporary folder and runs `make sim` there with an empty cache and data
folder for the tools (XDG_CACHE_HOME, XDG_DATA_HOME: the firmware is
compiled again, as on a first run), and pip's own cache as it is. It stops
make once the address is printed. Each command make echoes starts a step;
a step lasts until the next one starts. Prints `name: value` lines."""

import argparse
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 600


def du_mb(path):
    total = 0
    for folder, _, names in os.walk(path):
        for n in names:
            p = os.path.join(folder, n)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total / 1e6


def step_name(line):
    # a short name for the command make echoed
    words = line.split()
    for key, name in (
        ("venv", "venv"),
        ("ensurepip", "venv"),
        ("requirements.txt", "pip_runtime_set"),
        ("-e", "pip_install_project"),
        ("fireice", "fireice_sim_to_address"),
    ):
        if key in words or (key == "fireice" and line.endswith("/fireice sim")):
            return name
    return None


def run_once(source, commit, work):
    clone = os.path.join(work, "clone")
    subprocess.run(["git", "clone", "-q", source, clone], check=True)
    if commit:
        subprocess.run(["git", "-C", clone, "checkout", "-q", commit], check=True)
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = os.path.join(work, "cache")
    env["XDG_DATA_HOME"] = os.path.join(work, "data")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    start = time.monotonic()
    p = subprocess.Popen(
        ["make", "sim"],
        cwd=clone,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    steps = {}
    current, since = None, start
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    address = None
    try:
        while address is None:
            if time.monotonic() - start > TIMEOUT or not sel.select(timeout=TIMEOUT):
                raise SystemExit("make sim printed no address in %d s" % TIMEOUT)
            line = p.stdout.readline()
            if not line:
                raise SystemExit("make sim ended without an address (status %s)" % p.wait())
            now = time.monotonic()
            if line.startswith("Simulator: http"):
                address = now - start
            name = step_name(line.strip()) if address is None else None
            if name or address is not None:
                if current:
                    steps[current] = steps.get(current, 0) + now - since
                current, since = name, now
    finally:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    return address, steps, du_mb(os.path.join(clone, ".venv"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", default=HERE, help="the repository to clone (this one)")
    ap.add_argument("--commit", help="the revision to check out (the clone's HEAD)")
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    print("cpus: %d" % os.cpu_count())
    for k in range(args.runs):
        work = tempfile.mkdtemp(prefix="bench-make-sim-")
        try:
            load = os.getloadavg()[0]
            address, steps, venv = run_once(args.source, args.commit, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print("run: %d" % (k + 1))
        print("load_average_1min_before: %.2f" % load)
        for name, seconds in steps.items():
            print("%s_s: %.1f" % (name, seconds))
        print("make_sim_to_address_s: %.1f" % address)
        print("venv_mb: %.0f" % venv)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
