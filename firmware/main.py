# Runs at power-up on the board (MicroPython): the Fire and Ice board.
from fireboard.board import run

run()
