# The rules core of the Fire and Ice board (see README.md): the same code
# on the board (MicroPython) and the host (CPython). It never imports the
# board's code (fireboard), and carries nothing only a board needs.
