"""Every `fireice` subcommand's --help says what it does and shows an
example that parses; `show` explains its position, `play` lists its
in-game commands (each of which it knows), and `fireice engine` answers
`help` with commands it knows."""

import io
import os
import shlex
import subprocess
import sys

import pytest

from fireice_tools import cli, engine, play

FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
NAMES = [c.name for c in cli.COMMANDS]


def help_text(*args):
    p = subprocess.run(
        [FIREICE, *args, "--help"], capture_output=True, text=True, timeout=60, check=False
    )
    assert p.returncode == 0, p.stderr
    return p.stdout


def examples(text, name):
    """The argument lists of the help text's example lines for `name`:
    lines that start with `fireice NAME` (or follow a pipe into it), a
    trailing backslash joining the next line."""
    lines = text.split("\n")
    out = []
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        while line.endswith("\\") and k + 1 < len(lines):
            k += 1
            line = line[:-1].rstrip() + " " + lines[k].strip()
        k += 1
        line = line.split("|")[-1].strip()
        head = line.split(" ", 2)
        if len(head) >= 2 and head[0].endswith("fireice") and head[1] == name:
            # an example's own note follows two or more spaces
            out.append(shlex.split(line.split("  ")[0])[1:])
    return out


def test_the_main_help_names_every_subcommand():
    text = " ".join(help_text().split())
    for c in cli.COMMANDS:
        assert "%s %s" % (c.name, " ".join(c.summary.split())) in text, c.name


@pytest.mark.parametrize("name", NAMES)
def test_each_subcommand_says_what_it_does_with_an_example_that_parses(name):
    text = help_text(name)
    assert text.startswith("usage: fireice " + name)
    command = next(c for c in cli.COMMANDS if c.name == name)
    # the description is shown as written (its first line is in the help)
    assert command.about.split("\n")[0] in text
    found = examples(text, name)
    assert found, "no example line in `fireice %s --help`:\n%s" % (name, text)
    parser = cli.build_parser()
    for argv in found:
        args = parser.parse_args(cli._positions_are_not_options(argv))
        assert args.command == name, argv


def test_show_explains_its_position():
    text = help_text("show")
    for words in ("49 characters", "A1..A7", "G1..G7", "empty hole", "D4"):
        assert words in text, words


def test_play_lists_its_in_game_commands_and_knows_each():
    text = help_text("play")
    listed = [
        line.split()[0] for line in play.HELP.split("\n") if line.startswith("  ") and line.split()
    ]
    assert {"moves", "undo", "new", "record", "hint", "help", "quit"} <= set(listed)
    for word in listed:
        assert "  %s " % word in text, word
    said = []
    session = play.Session(seed=1, out=said.append, clock=lambda: None)
    for word in listed:
        if word == "quit":
            assert session.command(word) is False
            continue
        assert session.command(word) is True
        assert not any("not played" in s for s in said), (word, said)
    # and a word it does not know is refused
    session.command("dance")
    assert "not played" in said[-1]


def test_the_engine_answers_help_with_commands_it_knows():
    out = io.StringIO()
    engine.serve(io.StringIO("help\n"), out)
    lines = out.getvalue().split("\n")
    assert lines[0].startswith("The fie commands")
    named = {
        line.split()[0]
        for line in lines[1:]
        if line.startswith("  ") and not line.startswith("   ")
    }
    assert {"fie", "isready", "setoption", "newgame", "position", "go", "stop", "quit"} <= named
    # every command named is one the engine acts on, not `unknown command`
    script = "\n".join(
        {
            "setoption": "setoption name Level value 1",
            "position": "position startpos moves D4-C4",
            "go": "go nodes 50",
        }.get(w, w)
        for w in sorted(named - {"quit"})
    )
    out = io.StringIO()
    engine.serve(io.StringIO(script + "\nquit\n"), out)
    text = out.getvalue()
    assert "error" not in text, text
    assert "bestmove " in text and "readyok" in text and "fieok" in text
