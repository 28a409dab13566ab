"""The MicroPython the virtual board runs on, chosen with $FIREICE_MICROPYTHON
(fireice_tools.firmware.interpreter, sim_arch): e.g. a 32-bit build, whose
figures bench_heap measures (bench/RESULTS-heap.md)."""

import os

import pytest

from fireice_tools import firmware


def fake(tmp_path, said):
    """An executable that answers every run by printing `said`."""
    path = tmp_path / "micropython"
    path.write_text("#!/bin/sh\necho %s\n" % said)
    path.chmod(0o755)
    return str(path)


def test_without_the_variable_the_installed_port_runs_the_hosts_code(monkeypatch):
    monkeypatch.delenv(firmware.INTERPRETER_ENV, raising=False)
    assert firmware.interpreter() == firmware.tool("micropython")
    assert firmware.sim_arch() == "host"


def test_the_arch_is_what_the_named_interpreter_reports(monkeypatch):
    # the installed unix port named explicitly: it says it runs x64 code
    installed = firmware.tool("micropython")
    monkeypatch.setenv(firmware.INTERPRETER_ENV, installed)
    assert firmware.interpreter() == installed
    assert firmware.sim_arch() == "x64"
    argv, _, _ = firmware.micropython_cmd("64k", "probe", "source")
    assert argv[0] == installed


def test_an_x86_interpreter_gets_x86_code(monkeypatch, tmp_path):
    # _mpy of a 32-bit x86 build: format 6, sub-version 3, arch 1 (x86)
    monkeypatch.setenv(firmware.INTERPRETER_ENV, fake(tmp_path, 6 | 3 << 8 | 1 << 10))
    assert firmware.sim_arch() == "x86"


@pytest.mark.parametrize("said", [6 | 3 << 8 | 3 << 10, "hello"])
def test_an_interpreter_of_another_arch_is_refused_by_name(monkeypatch, tmp_path, said):
    # arch 3 is armv6: no unix port of the virtual board runs it
    path = fake(tmp_path, said)
    monkeypatch.setenv(firmware.INTERPRETER_ENV, path)
    with pytest.raises(SystemExit) as e:
        firmware.sim_arch()
    assert path in str(e.value) and str(said) in str(e.value)


def test_a_path_that_is_no_program_is_refused_by_name(monkeypatch, tmp_path):
    path = str(tmp_path / "none")
    monkeypatch.setenv(firmware.INTERPRETER_ENV, path)
    with pytest.raises(SystemExit) as e:
        firmware.interpreter()
    assert path in str(e.value)


def test_the_rom_images_tables_share_follows_the_block_size():
    # 16-byte blocks on x86, 32 on x64: twice the table bits for the image
    image = 96 * 1024
    x64 = int(firmware.rom_heapsize("64k", image, 0, "x64")) - 64 * 1024 - image
    x86 = int(firmware.rom_heapsize("64k", image, 0, "x86")) - 64 * 1024 - image
    assert x64 > 0 and x86 == 2 * x64
    assert firmware.rom_heapsize("64k", image) == firmware.rom_heapsize("64k", image, 0, "x64")


def test_the_bench_takes_the_interpreter_option(monkeypatch, tmp_path, capsys):
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(firmware.firmware_dir()), "bench"))
    try:
        import bench_heap
    finally:
        sys.path.pop(0)
    # set (empty: unset for fireice) so that the test's end restores it
    monkeypatch.setenv(firmware.INTERPRETER_ENV, "")
    path = fake(tmp_path, 6 | 3 << 8 | 1 << 10)
    assert bench_heap.use_interpreter(["01_lift", "--micropython", path, "10_"]) == [
        "01_lift",
        "10_",
    ]
    assert os.environ[firmware.INTERPRETER_ENV] == path
    assert "heap_interpreter_arch: x86" in capsys.readouterr().out
