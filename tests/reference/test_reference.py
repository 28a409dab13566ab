"""Tests of the reference implementation itself (fixtures and positions
worked out by hand).  Run: python3 -m pytest tests/reference -q"""

import glob
import itertools
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gen_games  # noqa: E402
import ref_rules as R  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")


def read(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as handle:
        return handle.read()


def position(fire=(), ice=()):
    board = {hole: None for hole in R.HOLES}
    for hole in fire:
        board[hole] = R.FIRE
    for hole in ice:
        board[hole] = R.ICE
    return R.write_position(board)


def islands_of(pos):
    return {island: pos[7 * i : 7 * i + 7] for i, island in enumerate(R.ISLANDS)}


# ---------------------------------------------------------------- board


def test_lines_form_a_fano_plane_on_both_levels():
    for points, lines in ((R.POSITIONS, R.POSITION_LINES), (R.ISLANDS, R.ISLAND_LINES)):
        assert len(lines) == 7
        for a, b in itertools.combinations(points, 2):
            assert sum(1 for line in lines if a in line and b in line) == 1
        for l1, l2 in itertools.combinations(lines, 2):
            assert len(set(l1) & set(l2)) == 1
    # the same pattern: island letter n <-> position n
    for pos_line, island_line in zip(R.POSITION_LINES, R.ISLAND_LINES):
        assert tuple(R.ISLANDS[int(p) - 1] for p in pos_line) == island_line


def test_destinations():
    assert sorted(R.destinations("D4")) == sorted(
        ["D1", "D2", "D3", "D5", "D6", "D7", "A4", "B4", "C4", "E4", "F4", "G4"]
    )
    for hole in R.HOLES:
        assert len(set(R.destinations(hole))) == 12
    assert R.HOLES[0] == "A1" and R.HOLES[24] == "D4" and R.HOLES[48] == "G7"


# ---------------------------------------------------------------- fixtures


def test_fixture_json_matches_replay():
    texts = sorted(glob.glob(os.path.join(FIXTURES, "*.txt")))
    assert len(texts) >= 7
    for path in texts:
        with open(path, encoding="utf-8") as handle:
            answer = R.replay(handle.read())
        with open(path[:-4] + ".json", encoding="utf-8") as handle:
            assert json.load(handle) == answer, path
        assert "{" in open(path, encoding="utf-8").read(), "comment in " + path


def test_seed000_sample_game_final_position():
    answer = R.replay(read("seed000.txt"))
    assert answer["error"] is None
    assert answer["result"] == "ice"
    assert answer["control"] == {"fire": "BEF", "ice": "ACDG"}
    assert answer["to_move"] is None
    pos = answer["position"]
    assert pos.count("#") == 21 and pos.count("O") == 20
    isl = islands_of(pos)
    # from the board art, island by island (1 / 2 3 / 4 / 5 6 7)
    assert isl == {
        "A": "OOO#O#O",
        "B": "###OO#-",
        "C": "#OO##O#",
        "D": "-#OOO--",
        "E": "OO--###",
        "F": "###O-O#",
        "G": "-###OOO",
    }


def test_seed002_italian_game():
    text = read("seed002.txt")
    plies = R.move_tokens(R.split_record(text)[2])
    assert plies[:2] == ["D4-C4", "D4-D5"]
    answer = R.replay(text)
    assert answer["error"] is None
    assert answer["result"] == "fire"
    assert answer["control"]["fire"] == "BCF"
    board = R.read_position(answer["position"])
    held = sorted(
        (island, tuple(sorted(line)))
        for island in R.ISLANDS
        for line in R.lines_held(board, R.FIRE, island)
    )
    assert held == [("B", ("1", "3", "7")), ("C", ("3", "4", "5")), ("F", ("3", "4", "5"))]
    assert '[Result "fire"]' in text


def test_fill_hands_the_win_to_the_opponent():
    answer = R.replay(read("fill_win.txt"))
    assert answer["error"] is None and answer["result"] == "fire"
    assert answer["control"] == {"fire": "BCF", "ice": ""}
    assert islands_of(answer["position"])["F"] == "O-###--"


def test_forced_passes():
    answer = R.replay(read("forced_pass.txt"))
    assert answer["error"] is None and answer["result"] is None
    assert answer["to_move"] == "fire"
    # Fire, stuck, cannot make the first move
    text = read("forced_pass.txt").replace("A4-A1 A4-A2 B4-B1", "D4-A1")
    error = R.replay(text)["error"]
    assert error["ply"] == 1 and error["move"] == "D4-A1"
    assert R.replay(text)["to_move"] == "ice"

    answer = R.replay(read("supply_pass.txt"))
    assert answer["error"] is None and answer["result"] is None
    assert answer["to_move"] == "ice"  # Fire still has no Ice peg to place
    assert answer["position"].count("O") == 25
    assert answer["position"].count("#") == 5


def test_draw_only_on_the_empty_board():
    answer = R.replay(read("draw.txt"))
    assert answer == {
        "result": "draw",
        "position": "-" * 49,
        "control": {"fire": "", "ice": ""},
        "to_move": None,
        "error": None,
    }
    bad = R.replay(read("draw.txt") + "\nD4-C4\n")
    assert bad["error"]["ply"] == 1 and bad["result"] == "draw"


def test_solitaire_fixtures():
    won = R.replay(read("solitaire_won.txt"))
    assert won["result"] == "won" and won["error"] is None
    assert won["position"] == position(fire=["G2"])
    lost = R.replay(read("solitaire_lost.txt"))
    assert lost["result"] == "lost" and lost["error"] is None
    assert lost["position"] == position(fire=["A2"], ice=["G7"])


# ---------------------------------------------------------------- duel by hand


def test_opening_from_the_italian_page():
    answer = R.replay("1. d4-c4 D4-D5")
    assert answer["position"] == position(fire=["C4", "D4"], ice=["D5"])
    assert answer["to_move"] == "fire" and answer["result"] is None
    one = R.replay('[Game "Fire and Ice"]\n\n1.D4-C4\n')
    assert one["position"] == position(fire=["C4"], ice=["D4"])
    assert one["to_move"] == "ice"


def test_move_errors():
    cases = [
        ("D4C4", 1),
        ("Z9-A1", 1),
        ("D4-D4", 1),
        ("D4-C4 D4-D4", 2),
        ("A1-A2", 1),  # empty source
        ("D4-C4 C4-C1", 2),  # Ice moves Fire's peg
        ("D4-C4 D4-C4", 2),  # destination occupied
        ("D4-C5", 1),  # other island, other position
        ("1. D4-C4 {x} 1... D4-D5 2. C4-F5", 3),
        ("1.D4-C4 2.xyz", 2),
    ]
    for moves, ply in cases:
        answer = R.replay(moves)
        assert answer["error"]["ply"] == ply, moves
    answer = R.replay("1.D4-C4 2.d4-c5")
    assert answer["error"]["move"] == "d4-c5"
    assert answer["position"] == position(fire=["C4"], ice=["D4"])
    assert answer["to_move"] == "ice"


def test_move_after_the_end_and_decided_setup():
    setup = read("seed000.txt").split("[Result")[0]
    answer = R.replay(setup + "\nB7-B4\n")  # not even legal: still 'game over'
    assert answer["error"]["ply"] == 1 and answer["error"]["move"] == "B7-B4"
    assert answer["result"] == "ice" and answer["to_move"] is None
    fill = read("fill_win.txt") + " G1-G3\n"
    assert R.replay(fill)["error"]["ply"] == 2


def test_result_tag_checks():
    answer = R.replay('[Result "fire"]\nD4-C4')
    assert answer["error"]["ply"] is None and answer["error"]["move"] is None
    assert answer["result"] is None and answer["to_move"] == "ice"
    assert answer["position"] == position(fire=["C4"], ice=["D4"])
    wrong = read("fill_win.txt").replace('[Result "fire"]', '[Result "ice"]')
    answer = R.replay(wrong)
    assert answer["error"]["ply"] is None and answer["result"] == "fire"
    # a move error wins over a disagreeing Result
    assert R.replay('[Result "ice"]\nD4-C4 Q1-A1')["error"]["ply"] == 2
    # a value outside the mode's set is a header error
    answer = R.replay('[Result "won"]\nD4-C4')
    assert answer["error"]["ply"] is None
    assert answer["position"] == R.START_POSITION


def test_header_errors():
    mid = position(fire=["C4", "D4"], ice=["D5"])
    bad = [
        ('[Setup "%s"]' % mid[:48], R.START_POSITION),
        ('[Setup "%s-"]' % mid, R.START_POSITION),
        ('[Setup "%sX"]' % mid[:48], R.START_POSITION),
        ('[Setup "%s"]\n[Mode "chess"]' % mid, mid),
        ('[Mode "duel"]\n[Mode "duel"]', R.START_POSITION),
        ('[Event "a"]\n[Setup "%s"]\n[Event "b"]' % mid, mid),
        ('[Game "Fire & Ice"]', R.START_POSITION),
        ('[ToMove "Fire"]', R.START_POSITION),
        ('[Mode "solitaire"]', R.START_POSITION),
        ("[Mode duel]", R.START_POSITION),
        ('[Event "a\\nb"]', R.START_POSITION),
        ('[Mode "duel"] 1. D4-C4', R.START_POSITION),
        ('[Mode "solitaire"]\n[Setup "%s"]\n[Result "draw"]' % mid, mid),
    ]
    for header, pos in bad:
        answer = R.replay(header + "\n\nD4-C4\n")
        assert answer["error"] is not None, header
        assert answer["error"]["ply"] is None and answer["error"]["move"] is None
        assert answer["position"] == pos, header
        assert answer["result"] is None and answer["to_move"] is None


def test_more_than_25_pegs_in_a_duel_setup():
    holes = R.HOLES
    many = position(fire=holes[:26], ice=holes[26:30])
    answer = R.replay('[Setup "%s"]\n' % many)
    assert answer["error"]["ply"] is None and answer["position"] == many
    assert R.replay('[Setup "%s"]\n' % position(fire=holes[:25]))["error"] is None
    # solitaire has no such limit
    answer = R.replay('[Mode "solitaire"]\n[Setup "%s"]\n' % many)
    assert answer["error"] is None


def test_tags_escapes_and_symbols():
    text = (
        '[Event "say \\"hi\\" \\\\ bye"]\n[Note "x"]\n'
        '[Setup "........................#...............0o......."]\n'
        '[Game "Fire and Ice"]\nD4-C4'
    )
    answer = R.replay(text)
    assert answer["error"] is None
    tags = R.split_record(text)[0]
    assert ("Event", 'say "hi" \\ bye') in tags
    assert answer["position"] == position(fire=["C4"], ice=["D4", "F6", "F7"])


def test_full_supply_makes_the_other_side_pass():
    # Fire has all 25 pegs on the board (six on each of B, C, E, G and a1):
    # Ice has no Fire peg for the fill, so it passes although ToMove is ice.
    fire = ["A1"] + [i + p for i in "BCEG" for p in "123456"]
    setup = position(fire=fire, ice=["D5"])
    answer = R.replay('[Setup "%s"]\n[ToMove "ice"]\n' % setup)
    assert answer["error"] is None and answer["result"] is None
    assert answer["control"] == {"fire": "BCEG", "ice": ""}
    assert answer["to_move"] == "fire"
    answer = R.replay('[Setup "%s"]\n[ToMove "ice"]\nB6-B7 D5-D1' % setup)
    assert answer["error"]["ply"] == 2 and answer["to_move"] == "fire"


def test_win_checked_for_both_after_a_fire_move():
    # Ice holds D (3-4-5) and G (5-6-7) and has b1, b2; Fire's peg is on b5.
    # Fire moves b5-f5: the Ice peg put on b5 completes b1-b2-b5, so Ice
    # holds B, D and G (a line of islands) and wins on Fire's move.
    ice = ["B1", "B2", "D3", "D4", "D5", "G5", "G6", "G7"]
    fire = ["B5", "A1", "A2"]
    text = '[Setup "%s"]\n[Result "ice"]\nB5-F5' % position(fire, ice)
    answer = R.replay(text)
    assert answer["error"] is None and answer["result"] == "ice"
    assert answer["control"] == {"fire": "", "ice": "BDG"}
    assert answer["to_move"] is None


# ---------------------------------------------------------------- solitaire by hand


def test_solitaire_to_move_rules():
    deal = position(fire=["A1"], ice=["A2", "G7"])
    head = '[Mode "solitaire"]\n[Setup "%s"]\n' % deal
    answer = R.replay(head)
    # before the first move with no ToMove: either colour may start
    assert answer["result"] is None and answer["to_move"] is None
    answer = R.replay(head + "A2-A1")  # Ice starts
    assert answer["result"] == "lost" and answer["error"] is None
    assert answer["position"] == position(ice=["A1", "G7"])
    answer = R.replay(head + '[ToMove "ice"]\n')
    assert answer["result"] is None and answer["to_move"] == "ice"
    answer = R.replay(head + '[ToMove "fire"]\nA2-A1')
    assert answer["error"]["ply"] == 1 and answer["to_move"] == "fire"
    # a colour moving twice
    two = position(fire=["A1", "B1"], ice=["A2", "B2"])
    head2 = '[Mode "solitaire"]\n[Setup "%s"]\n' % two
    assert R.replay(head2 + "A1-A2 B1-B2")["error"]["ply"] == 2
    # move to an empty hole / onto own colour / unreachable
    assert R.replay(head2 + "A1-A3")["error"]["ply"] == 1
    assert R.replay(head2 + "A1-B1")["error"]["ply"] == 1
    assert R.replay(head2 + "A1-B2")["error"]["ply"] == 1
    # neither colour can capture: over before any move
    apart = position(fire=["A1"], ice=["B2"])
    answer = R.replay('[Mode "solitaire"]\n[Setup "%s"]\n' % apart)
    assert answer["result"] == "lost"
    one = position(ice=["C3"])
    assert R.replay('[Mode "solitaire"]\n[Setup "%s"]\n' % one)["result"] == "won"


# ---------------------------------------------------------------- generator


def test_generator_is_deterministic_and_consistent(tmp_path):
    texts = gen_games.generate(11, 2 * len(gen_games.KINDS))
    assert texts == gen_games.generate(11, 2 * len(gen_games.KINDS))
    answers = [R.replay(t) for t in texts]
    assert any(a["error"] is None for a in answers)
    assert any(a["error"] and a["error"]["ply"] is None for a in answers)
    assert any(a["error"] and a["error"]["ply"] for a in answers)
    assert {"fire", "ice", "draw", "lost", None} <= {a["result"] for a in answers}
    gen_games.main(["--seed", "5", "--count", "3", "--out", str(tmp_path)])
    assert sorted(os.listdir(tmp_path)) == [
        "00000.json",
        "00000.txt",
        "00001.json",
        "00001.txt",
        "00002.json",
        "00002.txt",
    ]
    with open(tmp_path / "00001.txt", encoding="utf-8") as handle:
        expected = R.replay(handle.read())
    with open(tmp_path / "00001.json", encoding="utf-8") as handle:
        assert json.load(handle) == expected
