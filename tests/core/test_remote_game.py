# A remote opponent (fireboard.track_remote) on the virtual board's
# hardware, on both interpreters: a whole game whose other side comes over
# the `remote` commands, its moves shown and guarded, the record's tags, a
# power cut mid-game (a remote move come but not carried out among them),
# sync in each of its cases, the server's end of a game, the link's state,
# and every kind of bad `remote` line refused with nothing changed.
from test_versus import Board, first_move, turn_led

from fireice.geom import move_name


def part(app):
    from fireboard.track_remote import part

    return part(app)


NEW = 'new {"vs": "ice", "remote": true, "game": "abc12345", "opponent": "bob"}'


def remote_board(store=None, line=NEW):
    b = Board(store)
    r = b.command(line)
    assert r.get("remote") is True and r["game"] == "abc12345", r
    b.set_up()
    return b


def local_move(b):
    # the local side's (Fire's) first legal move, made with the pegs
    frm, to = first_move(b.app.tracker.game)
    b.move(frm, to)
    return move_name(frm, to)


def remote_move(b):
    # the remote side's first legal move, sent over the command, then
    # carried out on the board as its lights ask
    g = b.app.tracker.game
    frm, to = first_move(g)
    name = move_name(frm, to)
    n = len(b.events)
    r = b.command("remote " + name)
    assert r == {"re": "remote", "move": name, "ply": g.ply + 1}, r
    plays = [e for e in b.events[n:] if e["ev"] == "plays"]
    assert plays and plays[0]["move"] == name and plays[0]["remote"] is True
    assert b.app.tracker.forced == frm * 64 + to
    b.move(frm, to)
    return name


def test_a_whole_remote_game_and_its_record():
    b = remote_board()
    new = b.evs("new")[-1]
    assert (new["remote"], new["game"], new["opponent"]) == ("ice", "abc12345", "bob")
    g = b.app.tracker.game
    plies = 0
    while not g.result:
        side = g.to_move
        name = local_move(b) if side == 1 else remote_move(b)
        plies += 1
        mv = b.evs("move")[-1]
        assert mv["move"] == name and mv["ply"] == plies, mv
        assert mv["by"] == ("fire" if side == 1 else "ice"), mv
    assert b.evs("result")
    text = b.store.read("game.txt")
    for tag in ('[Remote "ice"]', '[RemoteGame "abc12345"]', '[Ice "bob"]'):
        assert tag in text, text
    assert "board level" not in text
    # no engine was loaded for it
    import sys

    assert "fireice.engine" not in sys.modules or sys.implementation.name == "cpython"


def test_the_remote_side_waits_and_guards():
    b = remote_board()
    local_move(b)
    # the remote side's turn, nothing come yet: a peg lifted is guided back
    g = b.app.tracker.game
    frm, to = first_move(g)
    b.put(frm, 0)
    ill = b.evs("illegal")[-1]
    assert "wait for bob's move" in ill["reason"], ill
    b.put(frm, 2)
    # the remote move shown: another peg lifted is illegal and guided back
    name = move_name(frm, to)
    b.command("remote " + name)
    n = len(b.evs("illegal"))
    other = [h for h in range(49) if g.cells[h] == 0 and h != to][0]
    b.put(other, 2)  # a peg put anywhere else
    assert len(b.evs("illegal")) > n and b.app.tracker.phase == 5
    b.put(other, 0)
    assert b.app.tracker.phase == 0
    # the same move again (a link's retry): the same ply, no second move
    assert b.command("remote " + name) == {"re": "remote", "move": name, "ply": 2}
    b.move(frm, to)
    assert b.evs("move")[-1] == {
        "ev": "move",
        "move": name,
        "by": "ice",
        "ply": 2,
        "at": b.evs("move")[-1]["at"],
    }
    assert b.command("remote " + name)["ply"] == 2  # stands already


def test_while_the_remote_move_is_awaited_its_turn_led_pulses():
    b = remote_board()
    local_move(b)  # Fire's; Ice's, the remote side's, awaited
    ice_turn = turn_led(b, 3 * 50 + 2)
    assert len(set(ice_turn)) == 2, ice_turn  # bright, dim: it pulses
    remote_move(b)  # come and carried out: Fire's turn LED steady
    fire_turn = turn_led(b, 3 * 49)
    assert len(set(fire_turn)) == 1 and fire_turn[0], fire_turn


def test_takeback_is_refused_in_a_remote_game():
    b = remote_board()
    local_move(b)
    b.command("undo")
    assert b.app.tracker.game.ply == 1
    assert b.evs("error")[-1]["reason"] == "no takeback in a remote game"


def test_bad_remote_lines_change_nothing():
    b = Board()
    assert "no remote game" in b.command("remote D4-C4")["error"]
    assert "no remote game" in b.command('remote sync ""')["error"]
    b = remote_board()
    local_move(b)
    text = b.store.read("game.txt")
    ply = b.app.tracker.game.ply
    bad = [
        ("remote D4", "move"),
        ("remote Z9-C4", ""),
        ("remote D4-C4 x", "remote takes"),
        ("remote nonsense-words-here", "move"),
        ('remote sync "D4-C4', "quotes"),
        ("remote sync 5", "one string"),
        ('remote sync "' + " ".join(["D4-C4"] * 50) + '"', "at most 49"),
        ('remote sync "A1-A2"', "illegal"),
        ('remote sync "D4-X4"', ""),
        ("remote end", "JSON object"),
        ('remote end ["resign"]', "JSON object"),
        ('remote end {"winner": "fire"}', "needs status"),
        ('remote end {"winner": "blue", "status": "resign"}', "winner"),
        ('remote end {"winner": "fire", "status": "re sign"}', "status"),
        ('remote end {"winner": "fire", "status": "resign", "x": 1}', "unknown"),
        ('remote link {"state": "asleep"}', "state"),
        ("remote link {}", "needs state"),
        ('remote link {"state": "connected", "rating": "high"}', "rating"),
        ('remote link {"state": "connected", "opponent": "a\\"b"}', "opponent"),
        ('remote link {"state": "connected", "colour": 1}', "unknown"),
    ]
    for line, why in bad:
        r = b.command(line)
        assert "error" in r and why in r["error"], (line, r)
        assert r["re"] == "remote"
    # the local side's move as the remote's: not its turn
    g = b.app.tracker.game
    frm, to = first_move(g)
    g.to_move = 1  # (asked as if Fire were to move: refused as not Ice's turn)
    r = b.command("remote " + move_name(frm, to))
    g.to_move = 2
    assert "not ice's turn" in r["error"], r
    # an illegal move of the remote side
    r = b.command("remote A1-G7")
    assert "error" in r, r
    assert b.store.read("game.txt") == text
    assert b.app.tracker.game.ply == ply
    assert part(b.app).queue == [] and part(b.app).state == "offline"
    bad_new = [
        ('new {"vs": "ice", "remote": true}', "game"),
        ('new {"remote": true, "game": "abc"}', "vs"),
        ('new {"vs": "ice", "remote": true, "game": "a-b"}', "letters"),
        ('new {"vs": "ice", "remote": true, "game": "' + "a" * 17 + '"}', "1 to 16"),
        ('new {"vs": "ice", "remote": true, "game": "ab", "level": 2}', "level"),
        ('new {"vs": "ice", "remote": 1, "game": "ab"}', "true or false"),
        ('new {"vs": "ice", "game": "ab"}', "remote: true"),
        ('new {"vs": "ice", "remote": true, "game": "ab", "opponent": "' + "n" * 21 + '"}', "20"),
    ]
    for line, why in bad_new:
        r = b.command(line)
        assert "error" in r and why in r["error"], (line, r)
    assert b.store.read("game.txt") == text


def test_power_cut_mid_game_resumes_remote():
    b = remote_board()
    local_move(b)
    remote_move(b)
    local_move(b)
    # the remote move comes, and the power goes before it is carried out
    g = b.app.tracker.game
    frm, to = first_move(g)
    name = move_name(frm, to)
    assert b.command("remote " + name)["ply"] == 4
    holes = bytes(b.hw.holes)
    b2 = Board(b.store)
    for h in range(49):
        b2.hw.holes[h] = holes[h]
    b2.run()
    res = b2.evs("resumed")[-1]
    assert (res["remote"], res["game"], res["opponent"], res["moves"]) == (
        "ice",
        "abc12345",
        "bob",
        3,
    )
    assert part(b2.app) is not None and b2.app.tracker.plies
    # the link syncs: the move is shown again, one missing
    moves = " ".join(b2.store.read("game.txt").split("\n\n")[1].split())
    r = b2.command('remote sync "%s %s"' % (moves, name))
    assert (r["missing"], r["again"], r["replaced"], r["sync"]) == (1, 0, False, 4), r
    assert b2.evs("plays")[-1]["move"] == name
    b2.move(frm, to)
    assert b2.evs("move")[-1]["ply"] == 4 and b2.evs("move")[-1]["by"] == "ice"


def test_sync_again_and_replaced():
    b = remote_board()
    m1 = local_move(b)
    m2 = remote_move(b)
    m3 = local_move(b)
    # the server lacks the board's last local move: said again after the reply
    n = len(b.events)
    r = b.command('remote sync "%s %s"' % (m1, m2))
    assert (r["missing"], r["again"], r["replaced"]) == (0, 1, False), r
    again = [e for e in b.events[n:] if e.get("again")]
    assert again and again[0]["move"] == m3 and again[0]["ply"] == 3 and again[0]["by"] == "fire"
    # the same list: nothing to do
    r = b.command('remote sync "%s %s %s"' % (m1, m2, m3))
    assert (r["missing"], r["again"], r["replaced"]) == (0, 0, False), r
    # the server's game differs from ply 3: it stands, the record rewritten
    from fireice.duel import Duel
    from fireice.moves import legal_moves
    from fireice.notation import parse_move

    d = Duel()
    for m in (m1, m2):
        d.push(*parse_move(m))
    buf = bytearray(600)
    n_moves = legal_moves(d, buf)
    alt = [(buf[2 * k], buf[2 * k + 1]) for k in range(n_moves)]
    alt = [m for m in alt if move_name(*m) != m3][0]
    d.push(*alt)
    r = b.command('remote sync "%s %s %s"' % (m1, m2, move_name(*alt)))
    assert r["replaced"] is True, r
    g = b.app.tracker.game
    assert g.ply == 3 and bytes(g.cells) == bytes(d.cells)
    text = b.store.read("game.txt")
    assert move_name(*alt) in text and m3 not in text.split("\n\n")[1]
    assert '[RemoteGame "abc12345"]' in text
    # the lights guide the pegs to it: set them so, and the game goes on
    b.set_up()
    assert b.app.tracker.phase == 0
    assert b.app.tracker.forced == -3  # (Ice, the remote side, to move: waiting)
    # sync with the server's missing moves: shown one by one
    d2 = Duel(d.position(), d.to_move)
    n_moves = legal_moves(d2, buf)
    nxt = move_name(buf[0], buf[1])
    r = b.command('remote sync "%s %s %s %s"' % (m1, m2, move_name(*alt), nxt))
    assert r["missing"] == 1
    assert b.evs("plays")[-1]["move"] == nxt


def test_server_end_and_link_state():
    b = remote_board()
    local_move(b)
    r = b.command('remote link {"state": "connected", "rating": 1500, "clock": 300}')
    assert r == {"re": "remote", "link": "connected"}
    assert b.evs("link")[-1]["state"] == "connected"
    st = b.command("status")["remote"]
    assert st["state"] == "connected" and st["rating"] == 1500 and st["game"] == "abc12345"
    assert st["side"] == "ice" and st["waiting"] is True
    r = b.command('remote end {"winner": "fire", "status": "resign"}')
    assert r == {"re": "remote", "end": "resign", "winner": "fire"}, r
    res = b.evs("result")[-1]
    assert res["result"] == "fire" and res["status"] == "resign"
    text = b.store.read("game.txt")
    assert '[Termination "resign"]' in text and '[Result "fire"]' in text, text
    assert "error" in b.command("remote D4-C4")
    # a restart finds it over
    b2 = Board(b.store)
    assert b2.app.tracker.game.result == 1
    assert b2.evs("resumed")[-1]["remote"] == "ice"
    assert not b2.evs("error"), b2.evs("error")


def test_an_aborted_game_and_a_new_game_after():
    b = remote_board()
    local_move(b)
    b.command('remote end {"winner": null, "status": "aborted"}')
    assert b.evs("result")[-1]["result"] is None
    assert '[Result "*"]' in b.store.read("game.txt")
    b2 = Board(b.store)
    assert b2.app.tracker.game.result  # over, nobody won
    # a new game of two players: no remote part any more
    b2.command('new {"vs": null}')
    assert part(b2.app) is None and not b2.app.tracker.plies
    assert "Remote" not in b2.store.read("game.txt")


def test_begin_for_a_link_part():
    # the firmware's own link calls the functions, without the USB text
    from fireboard import track_remote as rt
    from fireice.geom import FireIceError
    from support import raises

    b = Board()
    e = raises(FireIceError, rt.begin, b.app, "blue", "g1")
    assert "side" in str(e)
    e = raises(FireIceError, rt.begin, b.app, "fire", "g-1")
    assert "letters" in str(e)
    assert b.app.asked is None
    rt.begin(b.app, "fire", "g1", "carol")
    b.run(10)
    assert part(b.app).side == 1 and part(b.app).game == "g1"
    new = b.evs("new")[-1]
    assert (new["remote"], new["game"], new["opponent"]) == ("fire", "g1", "carol")
    b.set_up()
    # Fire, the remote side, moves first: the link's move through the function
    frm, to = first_move(b.app.tracker.game)
    assert rt.move(b.app, move_name(frm, to)) == 1
    b.run(20)
    assert b.evs("plays")[-1]["remote"] is True
    b.move(frm, to)
    assert b.evs("move")[-1]["ply"] == 1
    assert rt.info(b.app)["side"] == "fire"


def test_the_passes_while_it_waits_allocate_nothing():
    # the remote side's turn, its move not come: each pass of the loop (the
    # part's tick among them) runs with the heap locked
    from support import MICROPYTHON, skip

    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    import gc

    from test_versus import _locked_tick

    b = remote_board()
    local_move(b)
    b.run(20)
    assert b.app.tracker.forced == -3  # waiting
    for _ in range(200):
        b.now += 5
        held = gc.mem_alloc()
        _locked_tick(b.app, b.now)
        assert gc.mem_alloc() == held
    # and with its move shown, while the hand has not come
    frm, to = first_move(b.app.tracker.game)
    b.command("remote " + move_name(frm, to))
    b.run(20)
    for _ in range(200):
        b.now += 5
        held = gc.mem_alloc()
        _locked_tick(b.app, b.now)
        assert gc.mem_alloc() == held


def test_a_sync_whose_rewrite_fails_changes_nothing():
    # the record is written anew and then renamed (records_store): a write
    # that fails (a full flash, a power cut before the rename) leaves the
    # old record whole, and the game on the board as it was
    from simboard.memstore import MemStore

    class Failing(MemStore):
        fail = False

        def write(self, name, text, blocks=1):
            if self.fail:
                for _ in text:  # (part of it written, then the failure)
                    break
                raise OSError("the flash failed")
            return MemStore.write(self, name, text, blocks)

    store = Failing()
    b = remote_board(store)
    m1 = local_move(b)
    m2 = remote_move(b)
    local_move(b)
    text = store.read("game.txt")
    g = b.app.tracker.game
    cells = bytes(g.cells)
    store.fail = True
    # the server's game differs at its third move (another of Fire's)
    from fireice.duel import Duel
    from fireice.moves import legal_moves
    from fireice.notation import parse_move

    d = Duel()
    for m in (m1, m2):
        d.push(*parse_move(m))
    buf = bytearray(600)
    n = legal_moves(d, buf)
    alt = [move_name(buf[2 * k], buf[2 * k + 1]) for k in range(n)]
    alt = [m for m in alt if m not in text.split("\n\n")[1]][0]
    r = b.command('remote sync "%s %s %s"' % (m1, m2, alt))
    assert "the flash failed" in r["error"], r
    assert store.read("game.txt") == text
    assert g.ply == 3 and bytes(g.cells) == cells
    assert b.app.tracker.game is g


def test_no_hint_on_the_remote_sides_turn():
    b = remote_board()
    local_move(b)
    b.command("hint")
    h = b.evs("hint")[-1]
    assert h["move"] is None and h["reason"] == "the remote opponent is to move", h
