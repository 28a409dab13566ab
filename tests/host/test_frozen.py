"""The board's code out of the heap: the frozen build's manifest
(firmware/manifest.py, docs/frozen.md) and the virtual board's ROM image
(fireice_tools.firmware.rom_image, firmware/simrom.py)."""

import os
import subprocess

from fireice_tools import firmware

ROOT = firmware.firmware_dir()


def manifest_files():
    """The files firmware/manifest.py freezes, as paths under firmware/,
    by running it with the manifest functions of MicroPython's build
    (tools/manifestfile.py) reduced to what they name."""
    frozen, included = [], []

    def package(name, files=None, base_path=".", opt=None):
        assert base_path == "." and opt == 3, name
        if files is None:
            files = sorted(f for f in os.listdir(os.path.join(ROOT, name)) if f.endswith(".py"))
        for f in files:
            assert os.path.exists(os.path.join(ROOT, name, f)), "%s/%s: no such file" % (name, f)
            frozen.append(name + "/" + f)

    def module(path, base_path=".", opt=None):
        frozen.append(path)

    with open(os.path.join(ROOT, "manifest.py")) as f:
        text = f.read()
    here = os.getcwd()
    os.chdir(ROOT)  # as MicroPython's build runs it
    try:
        exec(text, {"include": included.append, "package": package, "module": module})
    finally:
        os.chdir(here)
    return frozen, included


def test_the_manifest_freezes_exactly_what_a_pico_runs():
    frozen, included = manifest_files()
    assert sorted(frozen) == sorted(firmware.board_sources("micropython"))
    assert len(frozen) == len(set(frozen))
    # the port's own frozen modules (asyncio, the rp2 helpers) stay in
    assert included == ["$(PORT_DIR)/boards/manifest.py"]


def test_the_rom_image_holds_every_compiled_module():
    folder = firmware.compile_firmware(firmware.sim_arch())
    with open(firmware.rom_image(firmware.sim_arch()), "rb") as f:
        image = f.read()
    assert image.startswith(b"\xd2\xcd\x31")  # the ROMFS header
    for rel in firmware.sources():
        with open(os.path.join(folder, rel[:-3] + ".mpy"), "rb") as f:
            assert f.read() in image, rel


PROBE = """
import gc


def main(argv):
    import fireboard.app
    import fireice

    gc.collect()
    print(fireboard.app.__file__, fireice.__file__, gc.mem_free())
"""


def free_plain(heapsize):
    argv = [firmware.interpreter(), "-X", "heapsize=" + heapsize, "-c"]
    argv.append("import gc; gc.collect(); print(gc.mem_free())")
    return int(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)


def test_the_virtual_board_runs_its_code_from_rom_in_a_heap_no_bigger_than_asked(tmp_path):
    argv, env, cwd = firmware.micropython_cmd("64k", "probe")
    for name in os.listdir(cwd):  # the loader and the image, and the probe beside them
        os.symlink(os.path.join(cwd, name), tmp_path / name)
    (tmp_path / "probe.py").write_text(PROBE)
    out = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    app, core, free = out.stdout.split()
    assert app == "/rom/fireboard/app.mpy" and core == "/rom/fireice/__init__.mpy"
    # what a plain 64 KB heap has free at the start, less what the loader,
    # the probe and the modules' names and objects took: never more, and
    # not much less (the image's share is rounded down to a whole KB)
    plain = free_plain("64k")
    assert int(free) < plain
    ram_of_modules = plain - int(free)
    assert ram_of_modules < 20 * 1024, ram_of_modules


def test_the_game_heap_of_the_rom_board_is_at_most_what_was_asked(tmp_path):
    # the heap left once the image has its block, measured before any module loads
    argv, env, cwd = firmware.micropython_cmd("64k", "probe")
    for name in os.listdir(cwd):
        os.symlink(os.path.join(cwd, name), tmp_path / name)
    (tmp_path / "probe.py").write_text(
        "import gc\n\ndef main(argv):\n    gc.collect()\n    print(gc.mem_free())\n"
    )
    out = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    plain = free_plain("64k")
    assert plain - 2048 < int(out.stdout) <= plain


def test_the_pico_romfs_image_lists_what_a_pico_runs(tmp_path):
    # `fireice build --romfs`, read back by MicroPython's own VfsRom
    image = tmp_path / "fireice.romfs"
    out = subprocess.run(
        [firmware.tool("fireice"), "build", "--romfs", str(image)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "mpremote romfs deploy" in out.stdout
    code = (
        "import os, vfs\n"
        "img = open(%r, 'rb').read()\n"
        "vfs.mount(vfs.VfsRom(img), '/rom')\n"
        "def walk(d):\n"
        "    for name in os.listdir('/rom/' + d):\n"
        "        if os.stat('/rom/' + d + name)[0] & 0x4000:\n"
        "            walk(d + name + '/')\n"
        "        else:\n"
        "            print(d + name)\n"
        "walk('')\n"
    ) % str(image)
    listed = subprocess.run(
        [firmware.tool("micropython"), "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    listed.sort()
    want = sorted(rel[:-3] + ".mpy" for rel in firmware.board_sources("micropython"))
    assert listed == want
