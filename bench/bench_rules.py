# Rules-core benchmark, run by `make bench` on the MicroPython interpreter.
# Prints one measured figure per line as "name: value".
import gc
import os
import sys
import time

import micropython
from fireice.duel import Duel
from fireice.seeded import deal
from fireice.solo import Solitaire
from fireice.moves import legal_moves, random_move
from random import randrange, seed

SECONDS = 2


def playouts(g, randbelow, ms):
    # uniformly random legal moves from the start to the end of the game
    n = 0
    plies = 0
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < ms:
        while not g.result:
            mv = random_move(g, randbelow)
            g.push(mv >> 6, mv & 63)
        plies += g.ply
        while g.ply:
            g.pop()
        n += 1
    return n, plies, time.ticks_diff(time.ticks_ms(), t0)


def movegen(g, buf, ms):
    # legal-move generation in the positions of random games
    n = 0
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < ms:
        while not g.result:
            legal_moves(g, buf)
            n += 1
            mv = random_move(g, randrange)
            g.push(mv >> 6, mv & 63)
        while g.ply:
            g.pop()
    return n, time.ticks_diff(time.ticks_ms(), t0)


def full_game_heap():
    # everything a game needs, from creating it to its end
    gc.collect()
    before = gc.mem_alloc()
    total0 = micropython.mem_total()
    g = Duel()
    buf = bytearray(600)
    while not g.result:
        legal_moves(g, buf)
        mv = random_move(g, randrange)
        g.push(mv >> 6, mv & 63)
    used = gc.mem_alloc() - before
    allocated = micropython.mem_total() - total0
    return used, allocated


def loop_alloc(g, randbelow, games):
    # bytes allocated by whole random games once the game object exists
    total0 = micropython.mem_total()
    playouts_n = 0
    while playouts_n < games:
        while not g.result:
            mv = random_move(g, randbelow)
            g.push(mv >> 6, mv & 63)
        while g.ply:
            g.pop()
        playouts_n += 1
    return micropython.mem_total() - total0


def solo_playouts(ms):
    n = 0
    buf = bytearray(600)
    games = [Solitaire(deal(s)) for s in range(8)]
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < ms:
        g = games[n & 7]
        while not g.result:
            k = legal_moves(g, buf)
            j = randrange(k)
            g.push(buf[2 * j], buf[2 * j + 1])
        while g.ply:
            g.pop()
        n += 1
    return n, time.ticks_diff(time.ticks_ms(), t0)


def mpy_sizes(root):
    total = 0
    files = 0
    stack = [root]
    while stack:
        d = stack.pop()
        for name in os.listdir(d):
            p = d + "/" + name
            if os.stat(p)[0] & 0x4000:
                stack.append(p)
            elif name.endswith(".mpy"):
                total += os.stat(p)[6]
                files += 1
    return files, total


def main():
    seed(1)
    g = Duel()
    n, plies, ms = playouts(g, randrange, SECONDS * 1000)
    print("playouts_per_s: %d" % (n * 1000 // ms))
    print("plies_per_playout: %.1f" % (plies / n))
    buf = bytearray(600)
    n, ms = movegen(Duel(), buf, SECONDS * 1000)
    print("legal_movegens_per_s: %d" % (n * 1000 // ms))
    n, ms = solo_playouts(SECONDS * 1000)
    print("solitaire_playouts_per_s: %d" % (n * 1000 // ms))
    used, allocated = full_game_heap()
    print("peak_heap_bytes_full_game: %d" % used)
    print("allocated_bytes_full_game: %d" % allocated)
    g = Duel()
    print("alloc_bytes_per_100_playouts: %d" % loop_alloc(g, randrange, 100))
    if len(sys.argv) > 1:
        files, total = mpy_sizes(sys.argv[1] + "/fireice")
        print("mpy_rules_core_files: %d" % files)
        print("mpy_rules_core_bytes: %d" % total)
        files, total = mpy_sizes(sys.argv[1])
        print("mpy_files: %d" % files)
        print("mpy_bytes: %d" % total)


main()
