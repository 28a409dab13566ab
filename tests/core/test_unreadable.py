# A saved game that cannot be read is kept (games/NNNN-bad.txt) and a new
# game starts; a record whose last word was cut short loses that word only.
# On the virtual board's hardware with a flash in memory, both interpreters.
from simboard.hw import Hardware
from simboard.memstore import MemStore


def started(text):
    from fireboard.board import start

    store = MemStore()
    store.write("game.txt", text)
    events = []
    app, hw, begun = start(store, lambda cfg: Hardware(cfg, 0), events.append, 0, "digital")
    app.begin(0, *begun)
    return app, store, " ".join(e.get("reason", "") for e in events if e["ev"] == "error")


def test_a_flash_page_of_zeros_is_kept_not_rewritten():
    zeros = "\0" * 100
    app, store, said = started(zeros)
    assert "kept as games/0001-bad.txt" in said, said
    assert store.read("games/0001-bad.txt") == zeros
    assert app.tracker.game.ply == 0 and "\0" not in (store.read("game.txt") or "")


def test_a_line_of_words_that_are_no_moves_is_kept():
    app, store, said = started("nothing here\n")
    assert "kept as games/0001-bad.txt" in said, said
    assert store.read("games/0001-bad.txt") == "nothing here\n"


def test_a_first_move_cut_short_is_dropped_and_the_tags_kept():
    text = '[Game "Fire and Ice"]\n[Mode "duel"]\n\n1. D\0\0\0'
    app, store, said = started(text)
    assert "1 word dropped" in said, said
    assert store.read("games/0001-bad.txt") is None
    assert app.tracker.game.ply == 0 and "\0" not in store.read("game.txt")
