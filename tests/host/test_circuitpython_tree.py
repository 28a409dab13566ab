"""The firmware as CircuitPython takes it (fireice build --circuitpython):
the same files, without the native-code decorators CircuitPython refuses."""

import os
import subprocess
import sys

from fireice_tools import firmware


def test_the_tree_has_every_file_and_no_native_decorator(tmp_path):
    files = firmware.circuitpython_tree(tmp_path)
    root = firmware.firmware_dir()
    assert "main.py" in files and "fireboard/hw_circuitpython.py" in files
    assert "fireice/duel.py" in files
    changed = vipers = 0
    for rel in files:
        if rel == "main.py":  # the Pico's, with this board's backend
            src = firmware.main_py("circuitpython").split("\n")
            assert "from fireboard.hw_circuitpython import Hardware" in src
        else:
            with open(os.path.join(root, rel)) as f:
                src = f.read().split("\n")
        text = (tmp_path / rel).read_text()
        viper = any(line.strip().startswith("@micropython.viper") for line in src)
        # a module with a viper function gets the pointer casts at its end
        # (after its own lines, the last newline the shim's), and only there
        assert text.endswith(firmware.CP_PTRS) == viper, rel
        assert text.count("def ptr8(") == viper, rel
        if viper:
            text = text[: -len(firmware.CP_PTRS)]
        out = text.split("\n")
        assert len(src) == len(out), rel  # tracebacks keep their line numbers
        for a, b in zip(src, out):
            if a != b:
                emitter = a.strip().split()[0].split("(")[0]
                assert emitter in ("@micropython.native", "@micropython.viper"), a
                assert b == a.replace(emitter, "# " + emitter)
                changed += 1
        assert not any(line.strip().startswith("@micropython.") for line in out), rel
        compile((tmp_path / rel).read_text(), rel, "exec")
        vipers += viper
    assert changed >= 10  # the hot paths were native
    assert vipers >= 7  # the modules with viper functions (rp2.py not here), each with its casts


def test_the_casts_run_as_plain_python(tmp_path):
    # a viper function of the tree, run as CircuitPython runs it (no viper,
    # and no micropython stand-in to make the casts builtins): the module's
    # own casts serve it
    firmware.circuitpython_tree(tmp_path)
    text = (tmp_path / "fireboard" / "lights.py").read_text()
    assert "ptr8(" in text.split(firmware.CP_PTRS)[0]
    scope = {}
    exec(compile(firmware.CP_PTRS, "casts", "exec"), scope)
    buf = bytearray(b"abc")
    assert scope["ptr8"](buf) is buf and scope["ptr32"] is scope["ptr8"]


def test_the_command(tmp_path):
    fireice = os.path.join(os.path.dirname(sys.executable), "fireice")
    p = subprocess.run(
        [fireice, "build", "--circuitpython", str(tmp_path)], capture_output=True, text=True
    )
    assert p.returncode == 0 and "files written" in p.stdout
    assert (tmp_path / "fireboard" / "track_tracker.py").exists()
