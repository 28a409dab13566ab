# The virtual board with its code in ROM, as a board built for the product
# has it (frozen into the firmware image, or in a ROMFS partition: see
# docs/frozen.md). The host (fireice_tools.firmware.rom_command) runs
#
#   micropython -X heapsize=H -m simrom IMAGE simboard.board ARGS...
#
# with H the game's heap plus the image plus the firmware's names: the image
# is read once into one block at the start of the heap and mounted
# read-only, and MicroPython runs the .mpy files in it in place (their
# bytecode and constants are not copied into the heap). The names the
# firmware's modules use (their qstrs) are interned first (--names=FILE),
# as a frozen build has them in flash; a ROMFS partition would intern them
# in the heap as modules load (docs/frozen.md; bench/RESULTS.md, "Memory:
# the 64 KB heap"). What is left of the heap is the game's.
# Never flashed to a board (fireice_tools.firmware.sources() lists the
# packages only).
import gc
import os
import sys
import vfs


def _mount(path):
    img = bytearray(os.stat(path)[6])
    with open(path, "rb") as f:
        f.readinto(img)
    vfs.mount(vfs.VfsRom(img), "/rom")
    sys.path.insert(0, "/rom")


def _names(path):
    # The names of the firmware (its qstrs, one a line: the host reads them
    # from the .mpy files), interned now, before the game's heap begins: a
    # board built for the product has them in flash with the code (a frozen
    # build), not in its heap. Interned as getattr interns an attribute's
    # name; what the lines cost goes again with the collection.
    # A collection every few names: their strings' garbage never piles up
    # between the pools and chunks of names, which must find room in one
    # piece (the last pool, 7 KB, does).
    k = 0
    with open(path) as f:
        for line in f:
            getattr(_run, line[:-1], None)
            k += 1
            if not k % 16:
                line = None
                gc.collect()
    line = None
    gc.collect()


def _run(argv):
    _mount(argv[0])
    if argv[1] == "--names":  # names file, then what interning them costs
        gc.collect()
        a = gc.mem_alloc()
        _names(argv[2])
        gc.collect()
        print(gc.mem_alloc() - a)
        return
    if argv[1].startswith("--names="):
        _names(argv[1][8:])
        gc.collect()
        argv = argv[1:]
    if argv[1] == "--keep":
        # no module dropped after its job (`fireice sim --code keep`):
        # what the memory policy (fireboard.mem) saves, measured
        import fireboard.mem

        fireboard.mem.DROP = False
        argv = argv[1:]
    # the module to run, as -m would, with the arguments after it
    __import__(argv[1])  # from the image
    sys.modules[argv[1]].main(argv[2:])


_run(sys.argv[1:])
