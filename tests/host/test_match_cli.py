"""`fireice match` as a player meets it: the awk example of examples/bot.awk
run exactly as its header writes it (without `fireice` on PATH), a command
that does not run named with its engine, matches that nothing was measured
by (every game forfeited) reported as such with no infinite Elo, and the
records kept out of the working folder."""

import io
import os
import shlex
import shutil
import subprocess
import sys

import pytest

from fireice_tools import match as match_mod

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
FIREICE = os.path.join(BIN, "fireice")


def env_without_fireice():
    # PATH without the project's .venv/bin: `fireice` is not a command there
    path = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and d != BIN]
    path = [d for d in path if not os.access(os.path.join(d, "fireice"), os.X_OK)]
    return dict(os.environ, PATH=os.pathsep.join(path))


def match(*args, cwd=ROOT, timeout=120):
    return subprocess.run(
        [FIREICE, "match", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=env_without_fireice(),
    )


def header_example():
    # the `fireice match ...` line in the bot's header comment
    with open(os.path.join(ROOT, "examples", "bot.awk"), encoding="utf-8") as f:
        for line in f:
            text = line.lstrip("# ").strip()
            if text.startswith("fireice match "):
                return shlex.split(text)[2:]
    raise AssertionError("no fireice match example in examples/bot.awk")


def test_the_awk_example_works_as_its_header_writes_it(tmp_path):
    if not shutil.which("awk"):
        pytest.skip("no awk")
    before = set(os.listdir(ROOT))
    p = match(*header_example(), "--games", "2", "--records", str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "forfeits: 0" in p.stdout and "played_out: 2" in p.stdout, p.stdout
    assert sorted(os.listdir(tmp_path)) == ["game001.txt", "game002.txt"]
    assert set(os.listdir(ROOT)) == before


def test_a_command_that_does_not_run_is_named_with_its_engine():
    p = match("fireice engine --level 1", "no-such-bot-7 --fast", "--games", "2")
    assert p.returncode == 2
    assert "engine B" in p.stderr and "'no-such-bot-7 --fast'" in p.stderr, p.stderr
    assert "not a command on PATH" in p.stderr
    assert "game 1" not in p.stdout  # stopped before any game
    p = match("./examples/bot.awk-missing", "fireice engine --level 1", "--games", "2")
    assert p.returncode == 2 and "engine A" in p.stderr, p.stderr


def test_a_match_of_forfeits_only_reports_no_elo(tmp_path):
    # `true` exits at once: the side to start each game forfeits it
    p = match("true", "true", "--games", "2", "--records", str(tmp_path))
    assert p.returncode == 1, p.stdout + p.stderr
    assert "by forfeit (fire (true) the bot exited)" in p.stdout, p.stdout
    assert " in 2 moves" not in p.stdout
    assert "elo: none (no game was played to its end" in p.stdout
    assert "played_out: 0" in p.stdout and "forfeits: 2" in p.stdout
    assert "inf" not in p.stdout


def summary(results):
    # print_summary's text for games given as (A's side, result), all ended
    # on the board
    done = [
        {"result": r, "a_side": a, "termination": "normal", "peak_kb": {1: 0, 2: 0}}
        for a, r in results
    ]
    out = io.StringIO()
    match_mod.print_summary(done, None, None, out=out)
    return out.getvalue()


def test_one_sided_scores_print_a_bound_not_infinity():
    text = summary([(1, 1), (2, 2)] * 3)  # A won all six
    assert "elo: none (A won every game; 95%: +" in text and " or more)" in text, text
    text = summary([(1, 2), (2, 1)] * 3)  # B won all six
    assert "elo: none (B won every game; 95%: -" in text and " or less)" in text, text
    assert "inf" not in text
    text = summary([(1, 1), (2, 1)] * 3)  # three each
    assert "elo: +0 (95%: " in text and "played_out: 6" in text, text


def test_records_go_to_a_temporary_folder_by_default(tmp_path):
    p = match("true", "true", "--games", "2", cwd=str(tmp_path))
    assert os.listdir(tmp_path) == []  # nothing left where it ran
    where = [ln.split(": ", 1)[1] for ln in p.stdout.splitlines() if ln.startswith("records: ")]
    assert len(where) == 1 and os.path.isabs(where[0]), p.stdout
    try:
        assert sorted(os.listdir(where[0])) == ["game001.txt", "game002.txt"]
        assert not where[0].startswith(ROOT)
    finally:
        shutil.rmtree(where[0], ignore_errors=True)
