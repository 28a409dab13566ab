# The rules core in the board's budget: with the firmware loaded from .mpy
# files (as on the board) and a 64 KB heap, whole games of every kind are
# played, recorded, formatted, parsed and replayed.
# Usage: MICROPYPATH=<mpy dir> micropython -X heapsize=64k tests/small_heap.py
import gc

from fireice import record
from fireice.duel import Duel
from fireice.geom import RESULT_NAMES, move_name
from fireice.seeded import deal, handicap_position
from fireice.solo import Solitaire
from fireice.moves import legal_moves


def play(game, rec, buf, seed):
    x = seed
    while not game.result:
        n = legal_moves(game, buf)
        x = (x * 75 + 74) % 65537
        k = x % n
        frm = buf[2 * k]
        to = buf[2 * k + 1]
        game.push(frm, to)
        rec.moves.append(move_name(frm, to))
    rec.set("Result", RESULT_NAMES[game.result])


def main():
    gc.collect()
    loaded = gc.mem_alloc()
    most = 0
    buf = bytearray(600)
    games = 0
    for seed in range(30):
        rec = record.Record()
        kind = seed % 3
        if kind == 0:
            game = Duel()
        elif kind == 1:
            setup = handicap_position(1 + seed % 6, 1 + seed % 2, seed)
            rec.set("Setup", setup)
            game = Duel(setup)
        else:
            setup = deal(seed)
            rec.set("Mode", "solitaire")
            rec.set("Setup", setup)
            game = Solitaire(setup)
        play(game, rec, buf, seed + 1)
        text = record.format(rec)
        again, err = record.replay(record.parse(text))
        assert err is None, err
        assert again.position() == game.position() and again.result == game.result
        games += 1
        gc.collect()
        most = max(most, gc.mem_alloc())  # live: both games and the record
        game = again = rec = text = None
        gc.collect()
    print(
        "small heap: %d games played and replayed in a %d-byte heap; "
        "%d bytes live after the imports, at most %d with two finished games"
        % (games, gc.mem_alloc() + gc.mem_free(), loaded, most)
    )


main()
