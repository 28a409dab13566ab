# Runs at power-up on the board (MicroPython on a Raspberry Pi Pico): the
# Fire and Ice board on its hardware backend. (The other kinds of board get
# this with their own backend: fireice_tools.firmware.main_py.)
from fireboard.board import run
from fireboard.hw_rp2 import Hardware

run(Hardware)
