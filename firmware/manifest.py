# The board's firmware frozen into a MicroPython image for the Pico: its
# code then runs from flash and costs no heap (docs/frozen.md has the build
# steps). Frozen: every module a Pico runs, the same as `fireice flash`
# copies (tests/host/test_frozen.py checks that the two lists agree). Not
# main.py: a frozen main.py would run in place of the one on the flash,
# which the owner can no longer change then.
# ruff: noqa: F821 (include, package and module are the manifest's own)

include("$(PORT_DIR)/boards/manifest.py")  # what the port freezes itself
package("fireice", opt=3)  # the rules core, the engine and the solver
package(
    "fireboard",
    files=(
        "__init__.py",
        "app.py",
        "begin.py",
        "board.py",
        "calib.py",
        "colour.py",
        "config.py",
        "console.py",
        "defaults.py",
        "files.py",
        "gamefiles.py",
        "games.py",
        "hw_rp2.py",
        "lights.py",
        "newgame.py",
        "sensing.py",
        "solotrack.py",
        "store.py",
        "takeback.py",
        "tracker.py",
        "usb.py",
        "usbcalib.py",
        "usbcheck.py",
        "usbconfig.py",
        "usbfiles.py",
        "usbleds.py",
        "usbplay.py",
        "usbset.py",
        "usbstatus.py",
    ),
    opt=3,
)
