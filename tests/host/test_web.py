"""The simulator's web page (fireice_tools.web) in headless Chromium: a whole
game played to a win by clicks only, its lights checked on the screen, and
bad inputs refused without changing anything."""

import io
import json
import os
import selectors
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from fireice import record
from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, hole_name
from fireice.notation import parse_move

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# A short game from the start that Fire wins on islands A-D-F. Its last move
# is Ice's: the Fire peg that fills A4 completes Fire's island A.
WIN = (
    "D4-D7 D4-B4 D4-D2 B4-B3 D7-F7 D7-G7 F7-F1 F7-A7 "
    "F1-F6 F1-B1 F6-F3 D4-D3 B4-B2 A7-A4 B2-A2 A4-A6"
).split()
WAIT_MS = 8000


@pytest.fixture
def server():
    """The simulator, started as `python -m fireice_tools.web`: its URL."""
    p = subprocess.Popen(
        [sys.executable, "-m", "fireice_tools.web", "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        sel = selectors.DefaultSelector()
        sel.register(p.stdout, selectors.EVENT_READ)
        assert sel.select(timeout=120), "the simulator printed no URL"
        first = p.stdout.readline()
        assert first.startswith("Simulator: http://127.0.0.1:"), first + p.stderr.read()
        url = first.split()[1]
        get_state(url)  # answers
        yield url
    finally:
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=30)
    # SIGTERM stops the board cleanly too
    assert p.returncode == 0, err[-3000:]
    assert "Simulator stopped (board exit status 0)" in out, out + err[-3000:]


@pytest.fixture(scope="module")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail("%s is missing: `make browser` installs Debian's chromium" % CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def get_state(url):
    with urllib.request.urlopen(url + "state", timeout=10) as r:
        return json.loads(r.read())


def post(url, body):
    """POST body (bytes, or an object sent as JSON) to /input: (status, answer)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url + "input", data=data, method="POST")
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


# --- the page ------------------------------------------------------------------


def wait_body(page, key, value):
    """Wait until the page shows body data-KEY = value (the board's answer)."""
    page.wait_for_function(
        "([k, v]) => document.body.dataset[k] === v", arg=[key, str(value)], timeout=WAIT_MS
    )


def wait_hole(page, name, peg):
    page.wait_for_function(
        "([h, p]) => document.getElementById('hole-' + h).dataset.peg === p",
        arg=[name, peg],
        timeout=WAIT_MS,
    )


def click_hole(page, name):
    page.click("#hole-" + name)


def colours(png):
    """(share of Fire-red pixels, share of Ice-aqua pixels) of a screenshot."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    data = img.tobytes()
    fire = ice = 0
    for k in range(0, len(data), 3):
        r, g, b = data[k], data[k + 1], data[k + 2]
        if r > 150 and r > 2 * g and r > 2 * b:
            fire += 1
        elif b > r + 60 and g > r + 40:
            ice += 1
    n = len(data) // 3
    return fire / n, ice / n


def set_up(page):
    """Put a peg on every hole the board lights for the new game, by clicks
    on the lit holes (the colour comes from the light)."""
    deadline = time.monotonic() + 20
    while page.evaluate("document.body.dataset.phase") != "idle":
        assert time.monotonic() < deadline, "the set-up did not end"
        lit = page.evaluate(
            """() => [...document.querySelectorAll('.hole')]
                .filter(e => !e.dataset.peg && ['fire', 'ice'].includes(e.dataset.led))
                .map(e => [e.dataset.hole, e.dataset.led])"""
        )
        for name, colour in lit:
            click_hole(page, name)
            wait_hole(page, name, colour)
        if not lit:
            page.wait_for_timeout(50)


def test_play_a_game_to_a_win(server, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)

    # a new two-player game from the form, set up as the lights show
    page.select_option("#newMode", "duel")
    page.select_option("#newHandicap", "0")
    page.click("#btnStart")
    page.wait_for_function(
        "document.getElementById('hole-D4').dataset.led === 'fire'", timeout=WAIT_MS
    )
    wait_body(page, "phase", "setup")
    set_up(page)
    assert page.get_attribute("#hole-D4", "data-peg") == "fire"
    wait_body(page, "toMove", "fire")

    game = Duel()
    for n, text in enumerate(WIN):
        frm, to = parse_move(text)
        side = SIDE_NAMES[game.cells[frm]]
        other = SIDE_NAMES[3 - game.cells[frm]]
        wait_body(page, "toMove", side)
        if n == 0:
            # before: a Fire peg in an unlit hole, nothing of Ice's colour
            fire, ice = colours(page.locator("#hole-" + hole_name(frm)).screenshot())
            assert fire > 0.08 and ice < 0.01, (fire, ice)
        click_hole(page, hole_name(frm))  # lift the peg
        wait_body(page, "phase", "lifted")
        assert page.evaluate("document.body.dataset.hand") == side
        click_hole(page, hole_name(to))  # put it on its new hole
        wait_body(page, "phase", "landed")
        if n == 0:
            # the hole the peg left glows in the opponent's colour (Ice)
            fire, ice = colours(page.locator("#hole-" + hole_name(frm)).screenshot())
            assert ice > 0.08 and fire < 0.01, (fire, ice)
            page.screenshot(path=tmp_path / "after_first_move.png")
        # the fill: an empty hand takes the colour lit there from the supply
        assert page.get_attribute("#hole-" + hole_name(frm), "data-led") == other
        click_hole(page, hole_name(frm))
        wait_body(page, "moves", n + 1)
        assert page.get_attribute("#hole-" + hole_name(frm), "data-peg") == other
        game.push(frm, to)

    assert game.result == 1
    wait_body(page, "result", "fire")
    banner = page.locator("#banner")
    banner.wait_for(state="visible", timeout=WAIT_MS)
    assert "Fire wins on A \u2013 D \u2013 F" in banner.inner_text()
    assert "Fire wins on islands A \u2013 D \u2013 F" in page.inner_text("#turnText")
    # the pegs on the page are the game's position
    pegs = page.evaluate(
        "[...document.querySelectorAll('.hole')].map(e => e.dataset.peg || '-').join(',')"
    )
    shown = "".join({"fire": "#", "ice": "O", "-": "-"}[p] for p in pegs.split(","))
    assert shown == game.position()
    # the record on the page replays to the same result
    text = page.text_content("#recordText")
    rec = record.parse(text)
    assert rec.moves == WIN
    assert rec.get("Result") == "fire"
    replayed, err = record.replay(rec)
    assert err is None and replayed.result == 1
    # the supplies: 25 less the pegs on the board
    assert page.get_attribute("#pocket-fire", "data-count") == str(25 - game.count[1])
    assert page.get_attribute("#pocket-ice", "data-count") == str(25 - game.count[2])
    assert not errors, errors


def test_bad_input_is_refused(server):
    before = get_state(server)
    bad = [
        b"not json",
        b"",
        [1, 2],
        {},
        {"lift": "Z9"},
        {"lift": "D5"},  # an empty hole
        {"lift": 5},
        {"lift": "D4", "put": "D5"},
        {"put": "D4", "peg": "green"},
        {"press": "reset"},
        {"press": "undo", "ms": -5},
        {"cmd": "format"},
        {"cmd": "new", "mode": "chess"},
        {"cmd": "new", "handicap": 9},
        {"hand": "purple"},
        {"board": "#" * 49},  # more pegs than a side has
        {"bounce": "D4", "ms": "long"},
        b'{"lift": "' + b"A" * 5000 + b'"}',
    ]
    for body in bad:
        status, answer = post(server, body)
        assert status == 400, (body, status, answer)
        assert isinstance(answer.get("error"), str) and answer["error"], (body, answer)
    # the reasons say what was wrong
    assert "not a hole" in post(server, {"lift": "Z9"})[1]["error"]
    assert "no peg in D5" in post(server, {"lift": "D5"})[1]["error"]
    assert "mode must be duel or solitaire" in post(server, {"cmd": "new", "mode": "x"})[1]["error"]
    # other paths
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(server + "..%2fweb.py", timeout=10)
    assert e.value.code == 404
    # nothing changed: the pegs, the hand, the game, and no error reached the board
    time.sleep(0.3)
    after = get_state(server)
    for key in ("pegs", "hand", "supply", "mode", "moves", "setup", "result", "alive"):
        assert after[key] == before[key], key
    assert [m for m in after["messages"] if m["kind"] == "error"] == []
    assert after["serial"] >= before["serial"]
    # and the board still takes a good input: the peg its lights ask for
    status, answer = post(server, {"put": "D4"})
    assert status == 200 and answer["peg"] == "fire", answer
    deadline = time.monotonic() + 10
    while get_state(server)["phase"] != "idle":
        assert time.monotonic() < deadline, "the board did not take the peg"
        time.sleep(0.05)
    assert get_state(server)["pegs"][24] == "#"
