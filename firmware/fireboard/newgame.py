# Setting up a new game: dealing or placing its start position, and
# archiving the game before it. Loaded for a new game, forgotten after.
import gc

from fireboard.games import ARCHIVE, CURRENT
from fireice.geom import START, FireIceError
from fireice import forget


def archive(store):
    """Keep the current game, if it has moves, as games/NNNN.txt."""
    text = store.read(CURRENT)
    if text is None:
        return
    # a record with moves (or one that cannot be read) is kept
    k = text.find("\n\n")
    if k < 0 or text[k:].strip():
        store.mkdir(ARCHIVE)
        store.rename(CURRENT, "%s/%04d.txt" % (ARCHIVE, next_number(store)))
    else:
        store.remove(CURRENT)


def next_number(store):
    n = 0
    for name in store.listdir(ARCHIVE):
        if name.endswith(".txt") and name[:4].isdigit():
            n = max(n, int(name[:4]))
    return n + 1


def _drop_seeded():
    # the dealing code out of the heap before the game's code loads
    forget("fireice.seeded")
    gc.collect()


def new_game(mode, handicap=0, side=1, seed=0, position=None, to_move=None):
    """(game, tags) for a new game; raises FireIceError on bad settings."""
    tags = []
    # the dealing code comes and goes before the game's own code loads
    if mode == "solitaire":
        if position is None:
            from fireice.seeded import deal

            position = deal(seed)
            deal = None
            _drop_seeded()
            tags.append(["Seed", str(seed)])
        if to_move:
            tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
        from fireice.solo import Solitaire

        return Solitaire(position, to_move or 0), tags
    if mode != "duel":
        raise FireIceError("mode must be duel or solitaire, not %r" % mode)
    if position is None:
        if handicap:
            from fireice.seeded import handicap_position

            position = handicap_position(handicap, side, seed)
            handicap_position = None
            _drop_seeded()
            tags.append(["Handicap", str(handicap)])
            tags.append(["HandicapSide", "fire" if side == 1 else "ice"])
            tags.append(["Seed", str(seed)])
        else:
            position = START
    if to_move:
        tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
    from fireice.duel import Duel

    return Duel(position, to_move or 1), tags
