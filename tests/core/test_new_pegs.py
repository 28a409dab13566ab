# A new game on a board whose pegs still stand (issue 12, item 2). A digital
# board sees only that a hole holds a peg, not its colour: a peg counts for
# the new game only once it has been put into its hole after the game
# began. Pegs standing from before are named (a "replace" event), blink in
# the colour wanted, and count once lifted and put back. The colour front
# end checks colours as before. Also: a restart in the middle of the set-up,
# a takeback, handicap set-ups and solitaire deals. On the virtual board's
# hardware with a flash in memory, both interpreters.
from fireboard.track_phases import FIX_COLOUR, FIX_PUT, IDLE as _IDLE, SETUP as _SETUP
from fireice.geom import START, hole_name

D4 = 24
C4 = 17


def board(front="digital", store=None, holes=None):
    """A board started on store (a new MemStore: a fresh board), with the
    pegs of holes (49 values) standing when it starts."""
    from fireboard.board import start
    from simboard.memstore import MemStore
    from simboard.hw import Hardware

    events = []
    store = store or MemStore()
    made = []

    def hw(cfg):
        h = Hardware(cfg, 0)
        if holes:
            for k in range(49):
                h.holes[k] = holes[k]
        made.append(h)
        return h

    app, hw, started = start(store, hw, events.append, 0, front)
    app.begin(0, *started)
    return app, hw, store, events


def said(events, kind):
    return [e for e in events if e["ev"] == kind]


def put(app, hw, h, side):
    hw.holes[h] = side
    app.settle()


def lift(app, hw, h):
    hw.holes[h] = 0
    app.settle()


def move(app, hw, h, t):
    side = hw.holes[h]
    lift(app, hw, h)
    put(app, hw, t, side)
    put(app, hw, h, 3 - side)


def played_once(front="digital"):
    """A fresh board, the start set up, D4-C4 played: an Ice peg on D4."""
    app, hw, store, events = board(front)
    put(app, hw, D4, 1)
    assert said(events, "ready")
    move(app, hw, D4, C4)
    assert said(events, "move")[-1]["move"] == "D4-C4"
    assert hw.holes[D4] == 2 and hw.holes[C4] == 1
    del events[:]
    return app, hw, store, events


def frame_hole(app, h):
    # the hole's colour as the lights compose it (hole order, before dimming)
    f = app.lights.frame
    return (f[3 * h], f[3 * h + 1], f[3 * h + 2])


def lit_side(app, h):
    # Fire (255, 24, 0), Ice (0, 200, 255), violet (170, 0, 255), dimmed
    r, g, b = frame_hole(app, h)
    if r and not b:
        return "fire"
    if b and not r:
        return "ice"
    if r and b:
        return "error"
    return "off"


def test_an_ice_peg_left_on_d4_does_not_start_a_digital_game():
    app, hw, store, events = played_once()
    app.new_game()
    t = app.tracker
    assert [e["ev"] for e in events][:2] == ["new", "replace"]
    assert said(events, "replace")[0]["holes"] == "D4"
    assert not said(events, "ready")
    assert t.phase == _SETUP
    # C4 must go, D4 be put in afresh: both lit at once
    app.lights.compose(t, 250)  # the blink's bright phase
    assert lit_side(app, D4) == "fire" and lit_side(app, C4) == "error"
    lift(app, hw, C4)
    assert t.phase == _SETUP and not said(events, "ready")
    assert (t.fix, t.fix_kind) == (D4, FIX_COLOUR)  # lift it, put it back in the colour lit
    lift(app, hw, D4)
    assert (t.fix, t.fix_kind) == (D4, FIX_PUT)  # now a peg is missing there
    assert not said(events, "ready")
    put(app, hw, D4, 1)
    assert [e["to"] for e in said(events, "ready")] == ["fire"]
    assert t.phase == _IDLE
    assert len(said(events, "replace")) == 1  # named once


def test_putting_the_same_wrong_peg_back_is_all_a_digital_board_can_take():
    # it counts once it has been in and out: the board cannot see colours,
    # and after a lift and a put it has done what it can
    app, hw, store, events = played_once()
    lift(app, hw, C4)
    app.new_game()
    lift(app, hw, D4)
    put(app, hw, D4, 2)
    assert said(events, "ready")


def test_a_restart_during_the_set_up_asks_for_the_pegs_again():
    from fireboard.records_games import SETTING

    app, hw, store, events = played_once()
    app.new_game()
    assert store.read(SETTING) is not None  # the mark of a set-up under way
    lift(app, hw, C4)
    # power cut: the board starts again with the Ice peg still on D4
    app2, hw2, store, events2 = board(store=store, holes=hw.holes)
    t = app2.tracker
    assert [e["ev"] for e in events2][:2] == ["resumed", "replace"]
    assert t.phase == _SETUP and (t.fix, t.fix_kind) == (D4, FIX_COLOUR)
    lift(app2, hw2, D4)
    put(app2, hw2, D4, 1)
    assert said(events2, "ready")
    assert store.read(SETTING) is None  # the set-up is over
    # a restart now trusts the pegs: play goes on at once
    app3, hw3, store, events3 = board(store=store, holes=hw2.holes)
    assert [e["ev"] for e in events3] == ["resumed"]
    assert app3.tracker.phase == _IDLE and not said(events3, "replace")


def test_a_restart_after_the_set_up_and_a_move_trusts_the_pegs():
    from fireboard.records_games import SETTING

    app, hw, store, events = played_once()
    assert store.read(SETTING) is None
    app2, hw2, store, events2 = board(store=store, holes=hw.holes)
    assert app2.tracker.phase == _IDLE and not said(events2, "replace")
    # a mark left over beside a game with moves (its removal failed) is
    # dropped, not obeyed
    store.append(SETTING, "")
    app3, hw3, store, events3 = board(store=store, holes=hw.holes)
    assert app3.tracker.phase == _IDLE and store.read(SETTING) is None


def test_a_fresh_board_with_a_peg_already_on_d4_asks_for_it_again():
    holes = bytearray(49)
    holes[D4] = 2  # someone left an Ice peg there
    app, hw, store, events = board(holes=holes)
    assert said(events, "replace")[0]["holes"] == "D4"
    assert app.tracker.phase == _SETUP
    lift(app, hw, D4)
    put(app, hw, D4, 1)
    assert said(events, "ready")


def test_takeback_after_the_set_up_and_in_it():
    from fireboard.records_games import SETTING

    app, hw, store, events = played_once()
    app.new_game()
    app.undo()  # nothing to take back while setting up
    assert "before the game starts" in said(events, "error")[0]["reason"]
    lift(app, hw, C4)
    lift(app, hw, D4)
    put(app, hw, D4, 1)
    move(app, hw, D4, C4)
    del events[:]
    app.undo()
    assert [e["ev"] for e in events][:2] == ["undo", "turn"]
    t = app.tracker
    # presence alone: both holes emptied, then the pegs put back
    lift(app, hw, D4)
    lift(app, hw, C4)
    put(app, hw, D4, 1)
    assert said(events, "ready") and t.phase == _IDLE
    assert store.read(SETTING) is None and not said(events, "replace")


def test_a_handicap_set_up_asks_for_every_peg_from_before():
    from fireice.seeded import handicap_position

    want = handicap_position(3, 2, 5)  # three Ice pegs and Fire's D4
    holes = [k for k in range(49) if want[k] != "-"]
    app, hw, store, events = played_once()
    # the old game's pegs: D4 (Ice), C4 (Fire); add pegs on every hole of the
    # new set-up, and one more where the new game has none
    for h in holes:
        hw.holes[h] = 1
    extra = next(k for k in range(49) if want[k] == "-" and k != C4)
    hw.holes[extra] = 2
    app.settle()
    app.new_game(mode="duel", handicap=3, side=2, seed=5)
    assert said(events, "new")[0]["position"] == want
    (rep,) = said(events, "replace")
    assert rep["holes"].split() == [hole_name(h) for h in holes]
    t = app.tracker
    app.lights.compose(t, 250)
    for h in holes:
        assert lit_side(app, h) == ("fire" if want[h] == "#" else "ice"), hole_name(h)
    lift(app, hw, C4)
    lift(app, hw, extra)
    for h in holes[:-1]:
        lift(app, hw, h)
        put(app, hw, h, 1 if want[h] == "#" else 2)
        assert not said(events, "ready"), hole_name(h)
    lift(app, hw, holes[-1])
    put(app, hw, holes[-1], 2)
    assert said(events, "ready")


def test_a_solitaire_deal_on_a_full_board():
    from fireice.seeded import deal

    app, hw, store, events = played_once()
    for k in range(49):
        hw.holes[k] = 1 + k % 2  # every hole holds a peg from before
    app.settle()
    app.new_game(mode="solitaire", seed=3, grade="any")
    want = deal(3)
    dealt = [k for k in range(49) if want[k] != "-"]
    assert len(dealt) == 28
    assert said(events, "replace")[0]["holes"].split() == [hole_name(h) for h in dealt]
    t = app.tracker
    for k in range(49):
        if want[k] == "-":
            lift(app, hw, k)
    assert t.phase == _SETUP and t.fix_kind == FIX_COLOUR
    for h in dealt:
        lift(app, hw, h)
        put(app, hw, h, 1 if want[h] == "#" else 2)
    assert said(events, "ready") and t.phase == _IDLE


def test_the_colour_front_end_checks_colours_as_before():
    app, hw, store, events = played_once("colour")
    app.new_game()
    t = app.tracker
    assert not said(events, "replace")
    lift(app, hw, C4)
    assert (t.fix, t.fix_kind) == (D4, FIX_COLOUR)  # an Ice peg where Fire's goes
    put_back = hw.holes[D4] = 1  # turned into Fire's at once: counts
    app.settle()
    assert put_back and said(events, "ready")


def test_a_colour_board_takes_a_right_peg_from_before_at_once():
    # a new game from a position whose pegs already stand in their colours
    app, hw, store, events = played_once("colour")
    position = "-" * 17 + "#" + "-" * 6 + "O" + "-" * 24  # as they stand
    app.new_game(position=position, to_move=1)
    assert said(events, "ready") and not said(events, "replace")
    assert START[D4] == "#"
