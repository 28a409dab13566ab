"""The docs stay true: every relative link in the README and the pages
under docs/ (and the pages they lead to in hardware/ and bench/) names a
file inside the repository, and a #part of a Markdown page names one of
its headings; the README stays a front page; every `make` target and
`fireice` command line the README and the guides show is one that exists
and parses."""

import glob
import os
import re
import shlex
import subprocess

import pytest

from fireice_tools import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
PAGES = ["README.md"] + sorted(
    os.path.relpath(p, ROOT)
    for pattern in ("docs/*.md", "bench/*.md", "hardware/*.md")
    for p in glob.glob(os.path.join(ROOT, pattern))
)


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def links(rel):
    """The link targets of a page, outside its code blocks."""
    return LINK.findall(FENCE.sub("", read(rel)))


def anchors(rel):
    """The #ids of a Markdown page's headings, as MkDocs makes them."""
    out = set()
    for line in FENCE.sub("", read(rel)).split("\n"):
        m = re.match(r"#+\s+(.*)", line)
        if m:
            title = re.sub(r"[`*]", "", m.group(1)).strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            out.add(re.sub(r"[\s]+", "-", title))
    return out


def broken_links(text, page_dir):
    """What is wrong with the links of a page's text, the page in page_dir
    (a folder of the repository, relative to it)."""
    bad = []
    for target in LINK.findall(FENCE.sub("", text)):
        if re.match(r"[a-z]+:", target):
            continue  # a web address or mailto:, not a file here
        path, _, part = target.partition("#")
        if not path:
            continue  # a part of the page itself: MkDocs checks those
        full = os.path.normpath(os.path.join(ROOT, page_dir, path))
        if not full.startswith(ROOT + os.sep) or not os.path.exists(full):
            bad.append("%s (no such file in the repository)" % target)
        elif part and full.endswith(".md") and part not in anchors(os.path.relpath(full, ROOT)):
            bad.append("%s (no heading #%s there)" % (target, part))
    return bad


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_resolves_inside_the_repository(page):
    bad = broken_links(read(page), os.path.dirname(page))
    assert not bad, "%s: %s" % (page, "; ".join(bad))


def test_the_link_check_sees_broken_links():
    text = (
        "[rules](../shared/RULES.md) [a part](docs/rules.md#no-such-part) "
        "[gone](docs/gone.md) [good](docs/rules.md#the-game-for-two) [web](https://example.org)\n"
        "```\n[in code](nowhere.md)\n```\n"
    )
    assert broken_links(text, "") == [
        "../shared/RULES.md (no such file in the repository)",
        "docs/rules.md#no-such-part (no heading #no-such-part there)",
        "docs/gone.md (no such file in the repository)",
    ]


def test_the_readme_is_a_front_page():
    text = read("README.md")
    assert len(text.split("\n")) <= 151, "the README is a front page: at most 150 lines"
    for words in ("make sim", "make test", "docs/rules.md", "docs/player.md", "docs/maker.md"):
        assert words in text, words
    assert "docs/img/sim.png" in text and os.path.isfile(os.path.join(ROOT, "docs/img/sim.png"))


def commands(rel):
    """The command lines in a page's shell code blocks."""
    out = []
    for block in re.findall(r"^```sh\n(.*?)^```", read(rel), re.S | re.M):
        for line in block.split("\n"):
            # an option shown in [brackets] is left out
            line = re.sub(r"\s#(\s.*)?$", "", line)  # a comment
            line = re.sub(r"\[[^\]]*\]", "", line).strip()
            if line:
                out.append(line)
    return out


@pytest.mark.parametrize("page", ["README.md", "docs/player.md", "docs/maker.md"])
def test_the_commands_shown_exist(page):
    shown = commands(page)
    assert shown
    parser = cli.build_parser()
    for line in shown:
        words = shlex.split(line)
        if words[0] == "make":
            p = subprocess.run(
                ["make", "-n", *words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=60
            )
            assert p.returncode == 0, (line, p.stderr)
        else:
            assert words[0] == ".venv/bin/fireice", line
            argv = words[1:]
            if argv == ["--help"]:
                continue
            try:
                args = parser.parse_args(cli._positions_are_not_options(argv))
            except SystemExit:
                pytest.fail("%s: `%s` does not parse" % (page, line))
            assert args.command == argv[0], line
