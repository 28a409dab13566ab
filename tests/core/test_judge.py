# The solitaire's help on the board (fireboard.track_judge, issue 16): the
# sign after every capture, the losing capture named at once, hints from
# the undo button held and the hint command (counted in the record), and
# graded deals made in slices between scans, on both interpreters.
from fireice.notation import parse_hole

from support import skip

# A1 Fire, A3 Ice, A4 Fire, B1 Ice, B4 Ice, B7 Fire: winnable (B7-B1 ...),
# but Ice capturing B7 from B4 leaves a position that cannot be won
POS = "#-O#---O--O--#" + "-" * 35
LOSING = "B4-B7"
# three pegs: either colour may start; Ice wins (A2-A1 or A2-A3, then Fire
# captures), Fire capturing A2 first loses at once
THREE = "#O#" + "-" * 46


def board(front="colour"):
    from fireboard.board import start
    from simboard.hw import Hardware
    from simboard.memstore import MemStore

    events = []
    app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), events.append, 0, front)
    app.begin(0, *started)
    return app, hw, events


def said(events, kind):
    return [e for e in events if e["ev"] == kind]


def run(app, ms):
    # the loop on for ms of board time, a pass every 5 ms
    for _ in range(ms // 5):
        app.now += 5
        app.tick(app.now)


def until(app, events, kind, ms=60000):
    n = len(said(events, kind))
    for _ in range(ms // 5):
        if len(said(events, kind)) > n:
            return said(events, kind)[-1]
        app.tick(app.now + 5)
    raise AssertionError("no %s event in %d ms" % (kind, ms))


def set_up(app, hw, position):
    from fireice.geom import parse_position

    app.new_game("solitaire", position=position)
    cells = parse_position(position)
    for k in range(49):
        hw.holes[k] = cells[k]
    app.settle()


def capture(app, hw, frm, to):
    # the capturing peg lifted, then its victim, then it goes in the victim's hole
    f = parse_hole(frm)
    t = parse_hole(to)
    side = hw.holes[f]
    for h, v in ((f, 0), (t, 0), (t, side)):
        hw.holes[h] = v
        app.settle()


def turn_led(app, side):
    f = app.lights.frame
    k = 3 * (48 + side)
    return (f[k], f[k + 1], f[k + 2])


def record_tags(app):
    from fireice import record

    return record.parse(app.games.store.files["game.txt"]).tags


def test_the_sign_after_every_capture_and_the_losing_capture_named_at_once():
    from fireboard.track_judge import Judge

    app, hw, events = board()
    set_up(app, hw, POS)
    assert [type(p).__name__ for p in app.parts] == ["Judge"]
    assert isinstance(app.parts[0], Judge)
    assert until(app, events, "winnable")["winnable"] is True
    run(app, 10)
    # either colour may start: both turn LEDs in their colours, full
    assert turn_led(app, 1)[0] > 200 and turn_led(app, 2)[2] > 200
    n = len(events)
    capture(app, hw, "B4", "B7")
    assert said(events[n:], "move")[0]["move"] == LOSING
    e = until(app, events, "losing")
    assert e == {"ev": "losing", "move": LOSING, "at": e["at"]}
    assert said(events[n:], "winnable")[-1]["winnable"] is False
    run(app, 10)
    # Fire to move, and the position cannot be won: its turn LED violet
    r, g, b = turn_led(app, 1)
    assert r and b and not g and turn_led(app, 2) == (0, 0, 0)
    assert not said(events, "error")


def test_a_losing_last_capture_is_named_with_the_result():
    app, hw, events = board()
    set_up(app, hw, THREE)
    until(app, events, "winnable")
    capture(app, hw, "A1", "A2")  # Fire first: two Fire pegs stay
    assert said(events, "result")[-1]["result"] == "lost"
    app.tick(app.now + 5)  # the next pass names it (no solve needed)
    e = said(events, "losing")[-1]
    assert e["move"] == "A1-A2" and e["at"] == app.now


def test_a_winning_line_is_not_blamed_and_the_takeback_solves_again():
    app, hw, events = board()
    set_up(app, hw, POS)
    until(app, events, "winnable")
    capture(app, hw, "B7", "B1")  # the first capture of a winning line
    assert until(app, events, "winnable")["winnable"] is True
    app.undo()
    for k, v in enumerate(app.tracker.game.cells):  # the pegs back as they were
        hw.holes[k] = v
    app.settle()
    assert until(app, events, "winnable")["winnable"] is True
    assert not said(events, "losing")


def test_hints_by_command_and_by_the_undo_button_held_win_the_game():
    from fireice.solo import Solitaire

    app, hw, events = board()
    set_up(app, hw, POS)
    from fireboard.links_commands import handle

    replies = []
    handle(app, "hint", replies.append)  # asked while the solve runs: given once it ends
    assert replies == [{"re": "hint"}]
    game = Solitaire(POS)
    for k in range(5):
        for _ in range(20000):
            if len(said(events, "hint")) > k:
                break
            app.tick(app.now + 5)
        e = said(events, "hint")[k]
        run(app, 10)
        m = e["move"]
        frm, to = m.split("-")
        f = parse_hole(frm)
        t = parse_hole(to)
        # lit: the capturing peg (blinking) and its victim, in their colours
        fr = app.lights.frame
        assert fr[3 * t : 3 * t + 3] != bytearray(3)
        assert any(app.lights.frame[3 * f : 3 * f + 3]) or any(
            (run(app, 250), app.lights.frame[3 * f : 3 * f + 3])[1]
        )
        assert game.check(f, t) is None
        game.push(f, t)
        capture(app, hw, frm, to)
        if k < 4:
            # the next hint: the undo button held (GPIO 20) for a long press
            hw.pressed[20] = 1
            run(app, 1100)
            hw.pressed[20] = 0
            run(app, 50)
    assert said(events, "result")[-1]["result"] == "won"
    assert not said(events, "undo") and not said(events, "losing")
    assert len(said(events, "hint")) == 5
    assert ["Hints", "5"] in [list(t) for t in record_tags(app)]


def test_a_hint_counts_on_from_the_record():

    # each hint appended to the move text as a comment (one short write),
    # counted with the Hints tag, and moved into the tag when the record is
    # rewritten; a record that reads as before
    from fireice import record

    app, hw, events = board()
    set_up(app, hw, POS)
    g = app.tracker.game
    app.games.hinted(g, "D4-D1")
    app.games.hinted(g, "D1-D4")
    text = app.games.store.files["game.txt"]
    assert text.endswith(" {hint D4-D1}\n {hint D1-D4}\n"), text
    assert app.games.hints() == 2 and "Hints" not in dict(record_tags(app))
    assert record.parse(text).moves == []  # comments: no moves
    app.games.save(g)  # a rewrite (a takeback, the end of the game)
    tags = [list(t) for t in record_tags(app)]
    assert tags[-1] == ["Hints", "2"] and [t[0] for t in tags].count("Hints") == 1
    assert "{hint" not in app.games.store.files["game.txt"]
    app.games.hinted(g, "D4-D1")  # one more: the tag and a comment
    assert app.games.hints() == 3
    app.games.save(g)
    assert ["Hints", "3"] in [list(t) for t in record_tags(app)]
    assert app.games.hints() == 3
    # a record grown long with hints is rewritten, the notes into the tag
    from fireboard.records_games import NOTED_MAX

    app.games.noted = NOTED_MAX
    app.games.hinted(g, "D4-D1")
    assert ["Hints", "4"] in [list(t) for t in record_tags(app)]
    assert "{hint" not in app.games.store.files["game.txt"] and app.games.noted == 0


def test_a_hint_cut_short_by_a_power_cut_counts_for_nothing_and_is_dropped():
    from fireboard.records_games import Games
    from fireboard.records_resume import resume

    app, hw, events = board()
    set_up(app, hw, POS)
    g = app.tracker.game
    app.games.hinted(g, "D4-D1")
    store = app.games.store
    store.files["game.txt"] += " {hint D1"  # the append of a second cut short
    assert app.games.hints() == 1
    games = Games(store)
    game, problem = resume(games)  # the power comes back
    assert game is not None and game.position() == g.position(), problem
    assert "cut short" in problem
    assert games.hints() == 1 and "{hint D1\n" not in store.files["game.txt"]
    assert ["Hints", "1"] in [list(t) for t in record_tags(app)]
    # a comment left open before more text is no cut write: the record is bad
    store.files["game.txt"] += " {open\n {hint D4-D1}\n"
    game, problem = resume(Games(store))
    assert game is None and "not closed" in problem, problem


def test_a_duels_hint_is_the_engines_not_the_judges():
    # no judge in a duel: the hint comes from fireboard.track_hinting
    # (tests/core/test_hinting.py)
    from fireboard.links_commands import handle

    app, hw, events = board()
    assert app.tracker.game.duel and not app.parts
    replies = []
    handle(app, "hint", replies.append)
    assert replies[0] == {"re": "hint"}
    assert not said(events, "hint")  # its search's answer is taken in by a pass
    for _ in range(16):  # its code loaded a module a pass, the search, saved, said
        app.tick(app.now + 5)
    assert said(events, "hint")[-1]["move"] is not None


def test_a_graded_deal_of_the_table_comes_at_once_as_grade_deal_makes_it():
    from fireice.solver import grade_deal

    app, hw, events = board()
    app.new_game("solitaire", seed=5, grade="easy")
    assert not said(events, "dealing")
    e = said(events, "new")[-1]
    assert e["mode"] == "solitaire" and e["position"] == grade_deal(5, "easy")[0]
    tags = dict(record_tags(app))
    assert tags["Seed"] == "5" and tags["Grade"] == "easy"


def test_a_graded_deal_is_made_in_slices_and_recorded_with_its_seed_and_grade():
    from fireice.solver import grade_deal

    app, hw, events = board()
    app.new_game("solitaire", seed=64, grade="hard")  # beyond fireice.graded's table
    assert said(events, "dealing")[-1]["grade"] == "hard"
    assert app.tracker.game.duel  # the game in play goes on meanwhile
    e = until(app, events, "new", 600000)
    want = grade_deal(64, "hard")[0]
    assert e["mode"] == "solitaire" and e["position"] == want
    tags = dict(record_tags(app))
    assert tags["Seed"] == "64" and tags["Grade"] == "hard" and tags["Setup"] == want
    assert app.grade == "hard" and app.seed == 65
    assert [type(p).__name__ for p in app.parts] == ["Judge"]


def test_a_rulebook_deal_is_made_at_once_and_the_settings_are_checked():
    from fireboard.links_cmd_play import settings
    from fireboard.links_table import CommandError
    from fireice.seeded import deal
    from support import raises

    app, hw, events = board()
    app.new_game("solitaire", seed=5, grade="any")
    assert said(events, "new")[-1]["position"] == deal(5)
    assert "Grade" not in dict(record_tags(app))
    assert settings({"grade": "easy"}, "duel")[6] == "easy"
    raises(CommandError, settings, {"grade": "tough"}, "duel")
    raises(CommandError, settings, {"grade": "easy", "position": THREE}, "solitaire")


def test_room_is_the_free_heap():
    import sys

    if sys.implementation.name == "cpython":
        skip("the heap's size is MicroPython's")
    from fireboard import track_judge as judge

    import gc

    gc.collect()
    free = gc.mem_free()
    need = judge.ROOM - (judge.MODULE if "fireice.solver" in sys.modules else 0)
    assert judge.room() == (free >= need)
    try:
        pad = bytearray(max(0, free - need + 4096))  # the heap filled past it
    except MemoryError:
        skip("no block that large in this heap")
    assert not judge.room() and len(pad) >= 0
    del pad
    gc.collect()
    assert judge.room() == (gc.mem_free() >= need)


def test_a_solitaires_hints_are_rationed_too():
    # the hints setting (App.hint): off, or N a game counted in the record
    app, hw, events = board()
    app.new_game("solitaire", seed=5, grade="easy")
    app.cfg["hints"] = 0
    assert app.hint()
    e = said(events, "hint")[-1]
    assert e["move"] is None and e["reason"] == "hints are off"
    app.cfg["hints"] = 1
    app.games.hinted(app.tracker.game, "D4-D1")  # one given already
    app.hint()
    assert said(events, "hint")[-1]["reason"] == "no hints left (1 a game)"


def test_a_dealers_passes_each_make_one_piece_of_work():
    # the Dealer's passes: the solver's keys _KEYS at a time, the random
    # player and the grader in passes of their own, then one piece or one
    # bounded slice of the Grader a pass (fireice.solver.Grader.step); the
    # deal is grade_deal's
    from fireboard import track_judge as judge
    from fireice.solver import grade_deal

    class App:
        parts = []
        made = None

        def new_game(self, *a):
            self.made = a

    app = App()
    d = judge.Dealer(("solitaire", 0, 1, 2), "easy")
    app.parts = [d]
    keyed = []
    passes = 0
    while app.made is None:
        step = d.step
        d.tick(app, 0)
        passes += 1
        if step == 2:
            keyed.append(d.gr.keyed)
        if step == 4:
            assert d.gr.walker.keyed == 0 and d.gr.sv.keyed == 200
        if step >= 5 and app.made is None:
            assert d.gr.sv.spent <= judge.WORK
    assert keyed == [40, 80, 120, 160, 200]
    assert app.made[4] == grade_deal(2, "easy")[0] and passes > 1000 and app.parts == []


def test_a_command_out_of_memory_gets_the_solvers_room_and_the_judge_goes_on():
    # the heap full but for what the solitaire's solver holds: a command
    # (status) that cannot load takes the solver's room (links_commands._shed) on its
    # second try, and the next capture makes the solver again
    import gc
    import sys

    if sys.implementation.name == "cpython":
        skip("memory runs out on MicroPython")
    from fireboard.links_commands import handle

    app, hw, events = board("digital")
    set_up(app, hw, POS)
    judge = app.parts[0]
    assert until(app, events, "winnable")["winnable"] is True
    assert judge.sv is not None and "fireice.solver" in sys.modules
    replies = []
    ballast = [None] * 4096
    gc.collect()
    n = 0
    try:
        while n < len(ballast):
            ballast[n] = bytearray(256)
            n += 1
    except MemoryError:
        pass
    for k in range(n - 4, n):  # room for the line's words, not the command's code
        ballast[k] = None
    handle(app, "status", replies.append)
    ballast = None
    gc.collect()
    assert n > 8 and len(replies) == 1, (n, replies)
    st = replies[0]
    assert st["re"] == "status" and "error" not in st, st
    assert st["mode"] == "solitaire"
    assert judge.sv is None and "fireice.solver" not in sys.modules
    capture(app, hw, "B7", "B1")  # Fire's winning capture: solved again
    assert until(app, events, "winnable")["winnable"] is True
    assert judge.sv is not None
    assert not said(events, "error")


def test_a_hint_that_cannot_be_saved_is_not_given():
    # the flash full: the hint's note cannot be appended, so the hint is
    # refused with the reason, nothing is lit and the record is as it was;
    # with room again the next hint is given and counted
    from fireboard.links_commands import handle

    app, hw, events = board()
    set_up(app, hw, POS)
    assert until(app, events, "winnable")["winnable"] is True
    store = app.games.store
    before = store.read("game.txt")
    room = store.capacity
    store.capacity = 0  # (less than the files take: an append fails)
    handle(app, "hint", [].append)
    e = said(events, "hint")[-1]
    assert e["move"] is None and "could not be saved" in e["reason"], e
    assert app.parts[0].lit == 0 and store.read("game.txt") == before
    assert app.games.hints() == 0
    store.capacity = room
    handle(app, "hint", [].append)
    e = said(events, "hint")[-1]
    assert e["move"] and app.parts[0].lit, e
    assert app.games.hints() == 1
