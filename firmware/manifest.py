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
        "board.py",
        "config/__init__.py",
        "config/check.py",
        "config/defaults.py",
        "config/load.py",
        "hw/__init__.py",
        "hw/rp2.py",
        "lights.py",
        "links/__init__.py",
        "links/cmd_calib.py",
        "links/cmd_check.py",
        "links/cmd_config.py",
        "links/cmd_files.py",
        "links/cmd_leds.py",
        "links/cmd_play.py",
        "links/cmd_set.py",
        "links/cmd_status.py",
        "links/commands.py",
        "links/console.py",
        "links/table.py",
        "mem.py",
        "records/__init__.py",
        "records/files.py",
        "records/games.py",
        "records/newgame.py",
        "records/resume.py",
        "records/store.py",
        "sense/__init__.py",
        "sense/calib.py",
        "sense/colour.py",
        "sense/debounce.py",
        "sense/digital.py",
        "sense/fronts.py",
        "sense/mux.py",
        "track/__init__.py",
        "track/begin.py",
        "track/phases.py",
        "track/solo.py",
        "track/takeback.py",
        "track/tracker.py",
    ),
    opt=3,
)
