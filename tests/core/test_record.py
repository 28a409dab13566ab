from fireice import record
from fireice.record import RecordError, parse, replay, summary
from support import listdir, raises, read

FIXTURES = "tests/reference/fixtures"


def test_tags_in_any_order_unknown_kept_and_escapes():
    text = '[Result "ice"]\n[Event "Club \\"night\\" \\\\ 3"]\n[Mode "duel"]\n[Game "Fire and Ice"]\n\nD4-C4\n'
    rec = parse(text)
    assert rec.get("Event") == 'Club "night" \\ 3'
    assert rec.get("Mode") == "duel" and rec.get("Result") == "ice"
    assert rec.moves == ["D4-C4"]
    out = record.format(rec)
    assert out.startswith('[Game "Fire and Ice"]\n')
    assert '[Event "Club \\"night\\" \\\\ 3"]' in out
    again = parse(out)
    # Game moves to the top; the others keep their order
    assert again.tags == [
        ["Game", "Fire and Ice"],
        ["Result", "ice"],
        ["Event", 'Club "night" \\ 3'],
        ["Mode", "duel"],
    ]
    assert again.moves == rec.moves


def test_move_numbers_and_comments_are_ignored():
    rec = parse("1. D4-C4 D4-D5 {Ice answers\n in the centre} 2.C4-C1 3... d4-d2\n")
    assert rec.moves == ["D4-C4", "D4-D5", "C4-C1", "d4-d2"]


def test_round_trip_of_a_long_game():
    rec = parse('[Mode "duel"]\n' + " ".join(["D4-C4", "D4-D5"] * 30))
    text = record.format(rec)
    assert max(len(line) for line in text.split("\n")) <= 72
    assert parse(text).moves == rec.moves


def test_header_errors_name_the_problem():
    cases = (
        ('[Mode "duel"]\n[Mode "duel"]\n', "Mode appears twice"),
        ('[Mode "chess"]\n', "'chess'"),
        ('[Game "Go"]\n', "'Go'"),
        ('[Setup "###"]\n', "49 characters, not 3"),
        ('[Mode "solitaire"]\nA1-A2', "needs a Setup"),
        ('[ToMove "red"]\n', "'red'"),
        ('[Result "won"]\n', "'won'"),
        ('[Mode "solitaire"]\n[Setup "%s"]\n[Result "ice"]\n' % ("-" * 49), "'ice'"),
        ('[Mode "duel"\n', "line 1"),
        ('[Event "a"b"]\n', "stray quote"),
        ("D4-C4 {open", "not closed"),
        ("D4-C4 } D4-D5", "'}' without '{'"),
    )
    for text, words in cases:
        e = raises(RecordError, parse, text)
        assert words in str(e), (text, str(e))
    e = raises(RecordError, record.new_game, parse('[Setup "%s"]' % ("#" * 26 + "-" * 23)))
    assert "26 fire pegs" in str(e)


def test_replay_stops_at_the_first_bad_move():
    rec = parse("D4-C4 D4-D5 C4-C1 D4-D2 C1-C2")
    game, err = replay(rec)
    assert err[0] == 4 and err[1] == "D4-D2"
    assert "ice is to move" in err[2]
    assert game.ply == 3
    s = summary(game, err)
    assert s["error"] == {"ply": 4, "move": "D4-D2", "reason": err[2]}
    assert s["to_move"] == "ice" and s["result"] is None
    for text, ply, words in (
        ("D4C4", 1, "F6-C6"),
        ("D4-C4 Z9-A1", 2, "Z9"),
        ("D4-C4 D4-C5", 2, "neither"),
        ("D4-C4 D4-C4", 2, "not empty"),
        ("D4-C4 A1-A2", 2, "A1 is empty"),
    ):
        game, err = replay(parse(text))
        assert err[0] == ply and words in err[2], (text, err)


def test_moves_after_the_end_are_an_error():
    setup = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"
    game, err = replay(parse('[Setup "%s"]\nB1-A1' % setup))
    assert err == (1, "B1-A1", "the game is over")
    assert game.result == 2


def test_result_tag_is_checked():
    setup = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"
    game, err = replay(parse('[Setup "%s"]\n[Result "ice"]' % setup))
    assert err is None and summary(game)["result"] == "ice"
    game, err = replay(parse('[Setup "%s"]\n[Result "fire"]' % setup))
    assert err[0] is None and "moves give ice" in err[2]
    game, err = replay(parse('[Result "fire"]\nD4-C4'))
    assert err[0] is None and "not over" in err[2]


def test_fixtures_agree_with_the_reference():
    names = [n for n in listdir(FIXTURES) if n.endswith(".txt")]
    assert len(names) >= 8
    import json

    for name in names:
        rec_text = read(FIXTURES + "/" + name)
        want = json.loads(read(FIXTURES + "/" + name[:-4] + ".json"))
        rec = parse(rec_text)
        game, err = replay(rec)
        got = summary(game, err)
        for key in ("result", "position", "control", "to_move"):
            assert got[key] == want[key], (name, key, got[key], want[key])
        assert (got["error"] is None) == (want["error"] is None), name


def test_pgn_star_means_the_game_goes_on():
    # "*" as the Result tag or as the last word of the move text
    for text in ('[Result "*"]\n1. D4-C4 D4-D5 *\n', "D4-C4 D4-D5 *", '[Result "*"]\nD4-C4 D4-D5'):
        rec = parse(text)
        assert rec.moves == ["D4-C4", "D4-D5"], text
        game, err = replay(rec)
        assert err is None and game.result == 0 and summary(game)["to_move"] == "fire", text
    # a finished game is not one that goes on
    setup = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"
    game, err = replay(parse('[Setup "%s"]\n[Result "*"]' % setup))
    assert err[0] is None and "moves give ice" in err[2]
    # anywhere else it is a bad move at its ply
    game, err = replay(parse("D4-C4 * D4-D5"))
    assert err[0] == 2 and err[1] == "*"


class Lines:
    """A file's lines (bytes, as a board's flash gives them), and whether it
    was closed."""

    def __init__(self, text):
        self.lines = [line + b"\n" for line in text.encode().split(b"\n")]
        self.closed = False

    def __iter__(self):
        return iter(self.lines)

    def close(self):
        self.closed = True


def test_a_rewrite_copies_the_tag_lines_as_written():
    """fireice.rec.rewrite (a board's takeback, result, dating): every tag
    line as it is on flash, unknown ones and escapes included, but the old
    Result; added tags after Game and Mode; the new Result; the moves."""
    from fireice.rec import rewrite

    old = (
        '\ufeff[Mode "duel"]\n\n[Event "a \\"b\\" \\\\ c"]\n[Hints "2"]\n[Result "fire"]\n'
        '[Game "Fire and Ice"]\n\nD4-C4 D4-D5 C4-C1\n'
    )
    head = Lines(old)
    text = "".join(rewrite(head, [["Date", "2026.11.23"]], "ice", ["D4-C4", "D4-D5"]))
    assert head.closed
    assert text == (
        '[Game "Fire and Ice"]\n[Mode "duel"]\n[Date "2026.11.23"]\n'
        '[Event "a \\"b\\" \\\\ c"]\n[Hints "2"]\n[Result "ice"]\n\nD4-C4 D4-D5\n'
    )
    assert parse(text).get("Event") == 'a "b" \\ c'
    # no tags but Game: the added ones follow it; no result: none written
    text = "".join(
        rewrite(Lines('[Game "Fire and Ice"]\n\nD4-C4\n'), (("Time", "10:00:00"),), None, [])
    )
    assert text == '[Game "Fire and Ice"]\n[Time "10:00:00"]\n\n'
    # a record without tags at all (moves only) gets its Game tag
    text = "".join(rewrite(Lines("D4-C4\n"), (), None, ["D4-C4"]))
    assert text == '[Game "Fire and Ice"]\n\nD4-C4\n'
