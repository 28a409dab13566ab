# The virtual board with its code in ROM, as a board built for the product
# has it (frozen into the firmware image, or in a ROMFS partition: see
# docs/frozen.md). The host (fireice_tools.firmware.rom_command) runs
#
#   micropython -X heapsize=H -m simrom IMAGE simboard.board ARGS...
#
# with H the game's heap plus the image: the image is read once into one
# block at the start of the heap and mounted read-only, and MicroPython runs
# the .mpy files in it in place (their bytecode and constants are not copied
# into the heap, their names are). What is left of the heap is the game's.
# Never flashed to a board (fireice_tools.firmware.sources() lists the
# packages only).
import os
import sys
import vfs


def _mount(path):
    img = bytearray(os.stat(path)[6])
    with open(path, "rb") as f:
        f.readinto(img)
    vfs.mount(vfs.VfsRom(img), "/rom")
    sys.path.insert(0, "/rom")


def _run(argv):
    _mount(argv[0])
    # the module to run, as -m would, with the arguments after it
    __import__(argv[1])  # from the image
    sys.modules[argv[1]].main(argv[2:])


_run(sys.argv[1:])
