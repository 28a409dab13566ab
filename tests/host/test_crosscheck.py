# `fireice replay --json` against the independent reference implementation
# (tests/reference/ref_rules.py) on thousands of generated records: random
# duels, handicap games, solitaire games, legal and illegal, and the fixtures.
import json
import os
import subprocess
import sys

import gen_games
import ref_rules

from fireice_tools import cli

COUNT = int(os.environ.get("FIREICE_CROSSCHECK", "3000"))
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(os.path.dirname(HERE), "reference", "fixtures")


def comparable(summary):
    err = summary["error"]
    return {
        "result": summary["result"],
        "position": summary["position"],
        "control": summary["control"],
        "to_move": summary["to_move"],
        "error": None if err is None else (err["ply"], err["move"]),
    }


def replay_cli(path, capsys):
    status = cli.main(["replay", "--json", path])
    out = json.loads(capsys.readouterr().out)
    assert status == (1 if out["error"] else 0)
    return out


def test_generated_records_agree(tmp_path, capsys):
    records = gen_games.generate(20261122, COUNT)
    assert len(records) == COUNT
    kinds = {"error": 0, "fire": 0, "ice": 0, "draw": 0, "won": 0, "lost": 0, None: 0}
    mismatches = []
    path = tmp_path / "game.txt"
    for k, text in enumerate(records):
        path.write_text(text)
        got = comparable(replay_cli(str(path), capsys))
        want = comparable(ref_rules.replay(text))
        if got != want:
            mismatches.append((k, text, got, want))
        kinds["error" if want["error"] else want["result"]] += 1
    assert not mismatches, "%d of %d differ; first:\n%s\nours %s\nreference %s" % (
        len(mismatches),
        COUNT,
        *mismatches[0][1:],
    )
    # the generator covers every outcome, with illegal records among them
    for kind, n in kinds.items():
        assert n > 0, (kind, kinds)
    assert kinds["error"] > COUNT // 10


def test_fixtures_agree(capsys):
    names = sorted(n for n in os.listdir(FIXTURES) if n.endswith(".txt"))
    for name in names:
        path = os.path.join(FIXTURES, name)
        with open(path) as f:
            want = comparable(ref_rules.replay(f.read()))
        assert comparable(replay_cli(path, capsys)) == want, name


def test_the_installed_command_agrees(tmp_path):
    # the same through the real `fireice` executable, on a sample
    fireice = os.path.join(os.path.dirname(sys.executable), "fireice")
    for k, text in enumerate(gen_games.generate(7, 25)):
        p = subprocess.run(
            [fireice, "replay", "--json", "-"], input=text, capture_output=True, text=True
        )
        got = comparable(json.loads(p.stdout))
        assert got == comparable(ref_rules.replay(text)), (k, text)
        assert p.returncode == (1 if got["error"] else 0)


TRICKY = (
    "D4-C4 {open",
    "D4-C4 } D4-D5",
    "D4-C4 {a {b} c} D4-D5",
    '\ufeff[Mode "duel"]\nD4-C4',
    'D4-C4\n[Result "ice"]\n',
    "D4-C4{x}D4-D5 1.D4-D2",
    '[Mode "duel"]\n\n[ToMove "ice"]\n\nD4-C4',
    '[1Mode "duel"]\n',
    '[Mode "Duel"]\n',
    '[Mode "solitaire"]\n[Setup "%s"]\n[Result "fire"]\n' % ("#O" + "-" * 47),
    '[Setup "%s"]\n[Result "draw"]\n' % ("-" * 49),
    "1 D4-C4",
    "... D4-C4",
    "D4-C4 D4-D5 2. C4-C1 3...",
)


def test_tricky_records_agree(tmp_path, capsys):
    path = tmp_path / "game.txt"
    for text in TRICKY:
        path.write_text(text)
        got = comparable(replay_cli(str(path), capsys))
        assert got == comparable(ref_rules.replay(text)), text
