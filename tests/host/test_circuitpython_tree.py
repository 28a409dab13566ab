"""The firmware as CircuitPython takes it (fireice build --circuitpython):
the same files, without the native-code decorators CircuitPython refuses."""

import os
import subprocess
import sys

from fireice_tools import firmware


def test_the_tree_has_every_file_and_no_native_decorator(tmp_path):
    files = firmware.circuitpython_tree(tmp_path)
    root = firmware.firmware_dir()
    assert "main.py" in files and "fireboard/hw/circuitpython.py" in files
    assert "fireice/duel.py" in files
    changed = 0
    for rel in files:
        if rel == "main.py":  # the Pico's, with this board's backend
            src = firmware.main_py("circuitpython").split("\n")
            assert "from fireboard.hw.circuitpython import Hardware" in src
        else:
            with open(os.path.join(root, rel)) as f:
                src = f.read().split("\n")
        out = (tmp_path / rel).read_text().split("\n")
        assert len(src) == len(out), rel  # tracebacks keep their line numbers
        for a, b in zip(src, out):
            if a != b:
                emitter = a.strip().split()[0].split("(")[0]
                assert emitter in ("@micropython.native", "@micropython.viper"), a
                assert b == a.replace(emitter, "# " + emitter)
                changed += 1
        assert not any(line.strip().startswith("@micropython.") for line in out), rel
        compile((tmp_path / rel).read_text(), rel, "exec")
    assert changed >= 10  # the hot paths were native


def test_the_command(tmp_path):
    fireice = os.path.join(os.path.dirname(sys.executable), "fireice")
    p = subprocess.run(
        [fireice, "build", "--circuitpython", str(tmp_path)], capture_output=True, text=True
    )
    assert p.returncode == 0 and "files written" in p.stdout
    assert (tmp_path / "fireboard" / "track" / "tracker.py").exists()
