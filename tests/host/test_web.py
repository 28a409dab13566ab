"""The simulator's web page (fireice_tools.web) in headless Chromium: a whole
game played to a win by clicks only, its lights checked on the screen, bad
inputs refused without changing anything; the hand, the page's own
warnings and hints, a board that stays where it is from phone to wide
screen, the record to step through, keyboard play, the board's console
and games kept between runs."""

import io
import json
import math
import os
import selectors
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from chromium import launched, shot

from fireice import record
from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, START, hole_name, islands_str
from fireice.notation import parse_hole, parse_move

# A short game from the start that Fire wins on islands A-D-F. Its last move
# is Ice's: the Fire peg that fills A4 completes Fire's island A.
WIN = (
    "D4-D7 D4-B4 D4-D2 B4-B3 D7-F7 D7-G7 F7-F1 F7-A7 "
    "F1-F6 F1-B1 F6-F3 D4-D3 B4-B2 A7-A4 B2-A2 A4-A6"
).split()
WAIT_MS = 8000


def box(page, selector):
    b = page.locator(selector).bounding_box()
    return tuple(round(b[k], 1) for k in ("x", "y", "width", "height"))


def start_server(*args, env=None):
    """`python -m fireice_tools.web ARGS`: (process, URL)."""
    p = subprocess.Popen(
        [sys.executable, "-m", "fireice_tools.web", "--no-browser", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    assert sel.select(timeout=120), "the simulator printed no URL"
    first = p.stdout.readline()
    assert first.startswith("Simulator: http://127.0.0.1:"), first + p.stderr.read()
    url = first.split()[1]
    # what it says before it runs (read here: communicate() would miss what
    # is already in the buffer)
    p.banner = [first]
    while not p.banner[-1].startswith("Press Ctrl-C"):
        p.banner.append(p.stdout.readline())
        assert p.banner[-1], p.banner
    get_state(url)  # answers
    return p, url


def stop_server(p):
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=30)
    # SIGTERM stops the board cleanly too
    assert p.returncode == 0, err[-3000:]
    assert "Simulator stopped (board exit status 0)" in out, out + err[-3000:]
    return out


@pytest.fixture
def server(tmp_path):
    """The simulator on a flash folder of its own: its URL."""
    p, url = start_server("--flash", str(tmp_path / "flash"))
    try:
        yield url
    finally:
        stop_server(p)


@pytest.fixture
def colour_server(tmp_path):
    p, url = start_server("--flash", str(tmp_path / "flash"), "--front", "colour")
    try:
        yield url
    finally:
        stop_server(p)


@pytest.fixture(scope="module")
def browser():
    with launched() as b:
        yield b


def get_state(url):
    with urllib.request.urlopen(url + "state", timeout=10) as r:
        return json.loads(r.read())


def post(url, body, path="input"):
    """POST body (bytes, or an object sent as JSON) to /input (or path;
    body None: a GET of path): (status, answer)."""
    data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, method="GET" if body is None else "POST")
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
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


def set_up(page, server):
    """Put a peg on every hole the board lights for the new game, by clicks
    on the lit holes (the colour comes from the light)."""
    # the page may still show an older frame than the server's new game (for
    # example the last game's "put the peg back" light, which a click would
    # obey on the new board): first wait until it shows the server's frame
    page.wait_for_function(
        "n => Number(document.body.dataset.serial) >= n",
        arg=get_state(server)["serial"],
        timeout=WAIT_MS,
    )
    deadline = time.monotonic() + 60  # (a loaded 2-core machine: CI)
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


def test_play_a_game_to_a_win(server, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
    board_box, d4_box = box(page, "#board"), box(page, "#hole-D4 .hit")

    # a new two-player game from the form, set up as the lights show
    page.select_option("#newMode", "duel")
    page.select_option("#newHandicap", "0")
    page.click("#btnStart")
    page.wait_for_function(
        "document.getElementById('hole-D4').dataset.led === 'fire'", timeout=WAIT_MS
    )
    wait_body(page, "phase", "setup")
    set_up(page, server)
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
            shot(page, "after_first_move.png")
        # the fill: an empty hand takes the colour lit there from the supply
        assert page.get_attribute("#hole-" + hole_name(frm), "data-led") == other
        click_hole(page, hole_name(frm))
        wait_body(page, "moves", n + 1)
        assert page.get_attribute("#hole-" + hole_name(frm), "data-peg") == other
        game.push(frm, to)
        # the last move is marked: where it went, where it came from
        assert page.get_attribute("#hole-" + hole_name(to), "data-last") == "to"
        assert page.get_attribute("#hole-" + hole_name(frm), "data-last") == "from"
        # the islands held, as the rules core counts them
        if n % 4 == 3 or n == len(WIN) - 1:
            for s, side in ((1, "fire"), (2, "ice")):
                want = " ".join(islands_str(game.control(s))) or "no island"
                page.wait_for_function(
                    "([e, t]) => document.getElementById(e).textContent === t",
                    arg=["control-" + side, want],
                    timeout=WAIT_MS,
                )
    # the board never moved nor changed its size while the record filled
    assert box(page, "#board") == board_box and box(page, "#hole-D4 .hit") == d4_box

    assert game.result == 1
    wait_body(page, "result", "fire")
    banner = page.locator("#banner")
    banner.wait_for(state="visible", timeout=WAIT_MS)
    assert "Fire wins on A \u2013 D \u2013 F" in banner.inner_text()
    assert "Fire wins on islands A \u2013 D \u2013 F" in page.inner_text("#turnText")
    # beside the winner's LED: who won, and no one is "to move" anywhere
    page.wait_for_function(
        "document.querySelector('#turn-fire .turnname').textContent === 'Fire wins'",
        timeout=WAIT_MS,
    )
    assert page.text_content("#turn-ice .turnname") == "Ice"
    for where in ("#turnText", "#hint", "#turn-fire", "#turn-ice"):
        assert "to move" not in page.text_content(where), where
    shot(page, "win.png")
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
    # the record steps back through the game: the position after move 3
    page.click("#moves [data-ply='3']")
    wait_body(page, "viewing", "3")
    after3 = Duel()
    for text in WIN[:3]:
        after3.push(*parse_move(text))
    shown = page.evaluate(
        "[...document.querySelectorAll('.hole')].map(e => e.dataset.peg || '-').join(',')"
    )
    assert "".join({"fire": "#", "ice": "O", "-": "-"}[p] for p in shown.split(",")) == (
        after3.position()
    )
    assert page.get_attribute("#hole-D2", "data-last") == "to"  # move 3 was D4-D2
    assert "move 3 of 16: D4-D2 (Fire)" in page.inner_text("#viewText")
    shot(page, "viewing.png")
    page.keyboard.press("ArrowLeft")
    wait_body(page, "viewing", "2")
    page.click("#viewStart")
    wait_body(page, "viewing", "0")
    assert page.get_attribute("#hole-D4", "data-peg") == "fire"
    assert page.evaluate("document.querySelectorAll('.hole[data-peg=\"ice\"]').length") == 0
    page.keyboard.press("Escape")
    wait_body(page, "viewing", "")
    assert page.get_attribute("#hole-A6", "data-last") == "to"
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


# --- the hand, the page's warnings and its hints -----------------------------------


def wait_state(url, test, timeout=10):
    deadline = time.monotonic() + timeout
    while True:
        st = get_state(url)
        if test(st):
            return st
        assert time.monotonic() < deadline, "the board did not get there: %r" % {
            k: st.get(k) for k in ("phase", "fix", "fix_kind", "moves", "hand", "to_move")
        }
        time.sleep(0.05)


def open_page(browser, url, width=1400, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
    return page, errors


def test_the_hand_says_what_it_holds_and_what_changed(server, browser):
    page, errors = open_page(browser, server)
    assert post(server, {"cmd": "new", "mode": "duel", "handicap": 2, "seed": 5})[0] == 200
    st = wait_state(server, lambda s: s["phase"] == "setup" and s["target"] != START)
    # set the handicap up: every peg the lights ask for
    for k, c in enumerate(st["target"]):
        if c != "-":
            assert post(server, {"put": hole_name(k)})[0] == 200
    wait_state(server, lambda s: s["phase"] == "idle")
    fire = [hole_name(k) for k, c in enumerate(get_state(server)["pegs"]) if c == "#"]
    # a peg in the hand: the page says which, from where, and what a click does
    click_hole(page, fire[0])
    page.wait_for_function(
        "t => document.getElementById('handText').textContent.includes(t)",
        arg="You hold a Fire peg, from %s" % fire[0],
        timeout=WAIT_MS,
    )
    assert "that peg goes off the board to its supply" in page.inner_text("#handNext")
    assert "Last: took a Fire peg from %s" % fire[0] in page.inner_text("#handLog")
    # a second peg lifted: it goes to its supply, and the page says so at once
    click_hole(page, fire[1])
    page.wait_for_selector("#toast:not([hidden])", timeout=WAIT_MS)
    toast = page.inner_text("#toast")
    assert "The Fire peg from %s went to the Fire supply" % fire[1] in toast
    assert "your hand still holds a Fire peg from %s" % fire[0] in toast
    assert get_state(server)["hand_from"] == fire[0]
    shot(page, "hand.png")
    # the set-up cleared by a new game: the hand is emptied, with a message
    page.click("#btnNew")
    st = wait_state(server, lambda s: s["hand"] is None and s["phase"] == "setup")
    assert any("went back to its supply" in m["text"] for m in st["messages"])
    page.wait_for_function(
        "document.getElementById('handText').textContent === 'Empty.'", timeout=WAIT_MS
    )
    assert "You hold" not in page.inner_text("#hint")
    assert not errors, errors


def test_a_peg_of_the_other_colour_gets_a_warning(server, browser):
    page, errors = open_page(browser, server)
    wait_state(server, lambda s: s["leds"].get("D4") and s["phase"] == "setup")
    # an Ice peg into the hole lit for Fire: refused, unless asked for
    # ("anyway": a player's slip); the digital board cannot tell
    assert post(server, {"hand": "ice"})[0] == 200
    status, answer = post(server, {"put": "D4", "peg": "ice"})
    assert status == 400 and "put a Fire peg there" in answer["error"], answer
    status, answer = post(server, {"put": "D4", "peg": "ice", "anyway": True})
    assert status == 200
    assert answer["warning"] == "the board lit D4 for Fire; this is an Ice peg"
    st = get_state(server)
    assert any(
        m["kind"] == "warn" and m["text"] == "The board lit D4 for Fire; this is an Ice peg."
        for m in st["messages"]
    )
    page.wait_for_function(
        "document.getElementById('messages').textContent.includes('this is an Ice peg')",
        timeout=WAIT_MS,
    )
    # the digital board takes it for the start; the page's hint keeps saying it
    wait_state(server, lambda s: s["phase"] == "idle")
    page.wait_for_function(
        "document.getElementById('hint').textContent.includes('the peg on D4 is an Ice')",
        timeout=WAIT_MS,
    )
    assert "the game has a Fire peg there" in page.inner_text("#hint")
    # the right colour: no warning
    assert post(server, {"lift": "D4"})[0] == 200
    assert post(server, {"hand": None})[0] == 200
    status, answer = post(server, {"put": "D4", "peg": "fire"})
    assert status == 200 and "warning" not in answer
    assert not errors, errors


def test_colour_front_end_hint_names_the_red_blink(colour_server, browser):
    url = colour_server
    page, errors = open_page(browser, url)
    wait_state(url, lambda s: s["phase"] == "setup" and s["front"] == "colour")
    post(url, {"put": "D4", "peg": "ice", "anyway": True})
    wait_state(url, lambda s: s["fix_kind"] == "colour")
    page.wait_for_function(
        "document.getElementById('hint').textContent.includes('wrong-colour')",
        timeout=WAIT_MS,
    )
    hint = page.inner_text("#hint")
    assert "swap the wrong-colour peg on D4: " in hint
    assert "blinks in the colour that belongs there (red for Fire" in hint
    assert "violet" not in hint
    shot(page, "colour_hint.png")
    assert not errors, errors


def test_hints_after_an_illegal_move(server, browser):
    page, errors = open_page(browser, server)
    post(server, {"put": "D4"})
    wait_state(server, lambda s: s["phase"] == "idle")
    # D4 to A1: neither the same island nor the same position
    post(server, {"lift": "D4"})
    wait_state(server, lambda s: s["phase"] == "lifted")
    post(server, {"put": "A1"})
    wait_state(server, lambda s: s["phase"] == "error" and s["fix_kind"] == "remove")
    page.wait_for_function(
        "document.getElementById('hint').textContent.includes('A1')", timeout=WAIT_MS
    )
    hint = page.inner_text("#hint")
    assert "Lift the peg on A1 (it blinks violet)" in hint
    assert "glow" not in hint and "put a peg there" not in hint
    shot(page, "illegal.png")
    # the stray peg lifted (it is in the hand): the board is back to a lifted
    # peg, its home hole and its targets lit, and the hint says so
    click_hole(page, "A1")
    wait_state(server, lambda s: s["phase"] == "lifted")
    page.wait_for_function(
        "document.getElementById('hint').textContent.startsWith('Click a lit hole')",
        timeout=WAIT_MS,
    )
    assert page.get_attribute("#hole-D4", "data-led") == "fire"
    assert not errors, errors


def test_solitaire_hint_grammar(server, browser):
    from fireice.moves import legal_moves
    from fireice.solo import Solitaire

    page, errors = open_page(browser, server)
    post(server, {"cmd": "new", "mode": "solitaire", "seed": 3, "grade": "any"})
    # (the status that follows the new game: a solitaire deal has Ice pegs)
    st = wait_state(server, lambda s: s["phase"] == "setup" and "O" in (s["target"] or ""))
    post(server, {"board": st["target"]})
    wait_state(server, lambda s: s["phase"] == "idle")
    # a capture by a Fire peg: then Ice is to capture
    game = Solitaire(st["target"])
    buf = bytearray(600)
    n = legal_moves(game, buf)
    frm, to = next((buf[2 * k], buf[2 * k + 1]) for k in range(n) if game.cells[buf[2 * k]] == 1)
    # typed: the page lifts the capturing peg, lifts the captured one (to
    # its supply) and puts the first in its hole
    page.fill("#moveInput", "%s-%s" % (hole_name(frm), hole_name(to)))
    page.press("#moveInput", "Enter")
    st = wait_state(server, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle")
    game.push(frm, to)
    assert st["pegs"] == game.position()
    page.wait_for_function(
        "document.getElementById('hint').textContent.startsWith('Ice to capture')",
        timeout=WAIT_MS,
    )
    assert "click an Ice peg to lift it" in page.inner_text("#hint")
    assert "a Ice" not in page.inner_text("#panel")
    assert not errors, errors


def test_solitaire_sign_hint_button_and_difficulty(server, browser):
    # the solitaire's help (docs/protocol.md, "Solitaire help"): the page's
    # board has the solver's room (96 KB), so it says whether the game can
    # still be won, lights a hint from its button, and deals by difficulty
    page, errors = open_page(browser, server)
    assert page.eval_on_selector_all("#newGrade option", "os => os.map(o => o.value)") == [
        "easy",
        "medium",
        "hard",
        "any",
    ]
    page.select_option("#newMode", "solitaire")
    assert "off" not in page.get_attribute("label.soloOnly", "class")
    page.select_option("#newMode", "duel")
    assert "off" in page.get_attribute("label.soloOnly", "class")
    # A1 Fire, A3 Ice, A4 Fire, B1 Ice, B4 Ice, B7 Fire: winnable
    pos = "#-O#---O--O--#" + "-" * 35
    post(server, {"cmd": "new", "mode": "solitaire", "position": pos})
    wait_state(server, lambda s: s["phase"] == "setup" and s["target"] == pos)
    post(server, {"board": pos})
    wait_state(server, lambda s: s["sign"] == "winnable")
    page.wait_for_function(
        "document.getElementById('sign').textContent.startsWith('Still winnable')",
        timeout=WAIT_MS,
    )
    page.click("#btnHold")  # the takeback button held: the hint
    st = wait_state(server, lambda s: s["hint"])
    assert st["hint"] == "B7-B1" and not st["moves"]  # a hint, no takeback
    page.wait_for_function(
        "document.getElementById('sign').textContent.endsWith('hint: B7-B1')", timeout=WAIT_MS
    )
    assert any(m["text"].startswith("Hint: B7-B1") for m in st["messages"])
    # lit: the capturing peg and its victim, in their colours
    assert st["leds"]["B1"] != [0, 0, 0]
    # a losing capture: named, and the sign turns
    page.fill("#moveInput", "B4-B7")
    page.press("#moveInput", "Enter")
    st = wait_state(server, lambda s: s["sign"] == "lost")
    assert any(m["text"].startswith("B4-B7 lost the game") for m in st["messages"])
    page.wait_for_function(
        "document.getElementById('sign').textContent === 'Cannot be won any more'",
        timeout=WAIT_MS,
    )
    # a graded deal: the page says it is being dealt, the board deals it
    post(
        server, {"cmd": "new", "mode": "solitaire", "seed": 64, "grade": "hard"}
    )  # beyond the table
    wait_state(server, lambda s: s["dealing"] == "hard")
    page.wait_for_function(
        "document.getElementById('sign').textContent.startsWith('Dealing a hard solitaire')",
        timeout=WAIT_MS,
    )
    assert post(server, {"cmd": "new", "grade": "tough"})[0] == 400
    shot(page, "solitaire-sign.png")
    assert not errors, errors


# --- the layout: the board stays put, and holes are big enough to tap ----------------

VIEWPORTS = [(390, 844), (768, 1024), (1024, 768), (1280, 800), (1400, 900), (1920, 1080)]


def long_game(plies, seed=7):
    """The first plies moves of a random legal duel that goes on longer
    (a duel lasts 48 plies at most: the pegs run out)."""
    import random

    from fireice.moves import legal_moves

    buf = bytearray(600)
    while True:
        rnd = random.Random(seed)
        game = Duel()
        moves = []
        while not game.result:
            n = legal_moves(game, buf)
            if not n:
                break
            k = rnd.randrange(n)
            frm, to = buf[2 * k], buf[2 * k + 1]
            by = SIDE_NAMES[game.cells[frm]]
            moves.append({"move": "%s-%s" % (hole_name(frm), hole_name(to)), "by": by})
            game.push(frm, to)
        if len(moves) > plies:
            return moves[:plies]
        seed += 1


def layout(browser, url, width, height):
    """The board's box and every hole's target box on a fresh page."""
    page, errors = open_page(browser, url, width, height)
    page.wait_for_timeout(300)
    boxes = {"board": box(page, "#board")}
    for k in range(49):
        boxes[hole_name(k)] = box(page, "#hole-%s .hit" % hole_name(k))
    moves = page.evaluate("document.body.dataset.moves")
    return page, errors, boxes, moves


def test_the_board_stays_put_and_holes_are_big_enough(browser, tmp_path):
    from fireice_tools.web import record_text

    # two boards: one with an empty record, one that resumes a game of 44 moves
    moves = long_game(44)
    full = tmp_path / "full"
    full.mkdir()
    (full / "game.txt").write_text(record_text("duel", START, "fire", moves, None))
    p1, empty_url = start_server("--flash", str(tmp_path / "empty"))
    p2, full_url = start_server("--flash", str(full))
    try:
        wait_state(full_url, lambda s: len(s["moves"]) == 44)
        for width, height in VIEWPORTS:
            page, errors, before, n = layout(browser, empty_url, width, height)
            assert n == "0"
            page2, errors2, after, n2 = layout(browser, full_url, width, height)
            assert n2 == "44"
            # the same place and size, whatever the record holds
            assert before == after, (width, height)
            name = "layout_%dx%d.png" % (width, height)
            shot(page2, name, full_page=True)
            target = before["D4"][2]
            if width == 390:
                # a phone: no hole's target could be larger without covering
                # its neighbour's (each reaches the nearest centre), and the
                # tap that zooms in (below) makes them at least 44 px
                centres = [
                    (b[0] + b[2] / 2, b[1] + b[3] / 2) for k, b in before.items() if k != "board"
                ]
                gap = min(math.dist(p, q) for i, p in enumerate(centres) for q in centres[i + 1 :])
                assert all(b[2] >= gap - 0.5 for k, b in before.items() if k != "board"), gap
            if target >= 40:
                # big enough as it is: a click acts at once
                page.mouse.click(before["D4"][0] + target / 2, before["D4"][1] + target / 2)
                page.wait_for_timeout(100)
                assert page.evaluate("document.body.dataset.zoom || ''") == ""
            else:
                # too small to tap: a tap zooms in around it, so that every
                # target in view is at least 44 px, and the next tap acts
                x, y = before["D4"][0] + target / 2, before["D4"][1] + target / 2
                page.mouse.click(x, y)
                page.wait_for_function("document.body.dataset.zoom", timeout=WAIT_MS)
                frame = box(page, "#board")
                assert frame == before["board"]  # the board itself stays put
                seen = 0
                for k in range(49):
                    b = box(page, "#hole-%s .hit" % hole_name(k))
                    inside = (
                        b[0] >= frame[0]
                        and b[1] >= frame[1]
                        and b[0] + b[2] <= frame[0] + frame[2]
                        and b[1] + b[3] <= frame[1] + frame[3]
                    )
                    if inside:
                        seen += 1
                        assert b[2] >= 44 and b[3] >= 44, (width, hole_name(k), b)
                assert seen >= 7
                shot(page, "zoomed_%dx%d.png" % (width, height))
                if width == 390:
                    # the tap on D4, lit for the set-up: a Fire peg goes in
                    b = box(page, "#hole-D4 .hit")
                    page.mouse.click(b[0] + b[2] / 2, b[1] + b[3] / 2)
                    wait_state(empty_url, lambda s: s["pegs"][24] == "#")
                    page.wait_for_function("!document.body.dataset.zoom", timeout=WAIT_MS)
                else:
                    page.keyboard.press("Escape")
                    page.wait_for_function("!document.body.dataset.zoom", timeout=WAIT_MS)
            assert not errors and not errors2, errors + errors2
            page.close()
            page2.close()
    finally:
        stop_server(p1)
        stop_server(p2)


# --- keyboard play, the board's console, games kept between runs ---------------------


def test_keyboard_play(server, browser):
    page, errors = open_page(browser, server)
    # a hole takes the focus; Enter clicks it
    page.focus("#hole-D4")
    page.keyboard.press("Enter")
    wait_state(server, lambda s: s["pegs"][24] == "#" and s["phase"] == "idle")
    # a move typed anywhere on the page
    page.click("#hint")
    page.keyboard.type("d4-c4")
    assert page.input_value("#moveInput") == "D4-c4"
    page.keyboard.press("Enter")
    st = wait_state(server, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle")
    assert st["moves"] == [{"move": "D4-C4", "by": "fire"}]
    assert st["pegs"][24] == "O" and st["pegs"][17] == "#"
    wait_body(page, "moves", 1)
    assert page.get_attribute("#hole-C4", "data-last") == "to"
    # a word that is no move: said, and nothing sent
    page.fill("#moveInput", "castle")
    page.press("#moveInput", "Enter")
    page.wait_for_function(
        "document.getElementById('messages').textContent.includes('is not a move')",
        timeout=WAIT_MS,
    )
    assert get_state(server)["moves"] == st["moves"]
    shot(page, "keyboard.png")
    assert not errors, errors


def test_the_board_console_beside_the_page(server, browser):
    page, errors = open_page(browser, server)
    page.fill("#consoleInput", "sensors")
    page.press("#consoleInput", "Enter")
    page.wait_for_function(
        "document.getElementById('console').textContent.includes('\"re\": \"sensors\"')",
        timeout=WAIT_MS,
    )
    text = page.text_content("#console")
    assert "> sensors" in text
    assert '"ev": "hello"' in text  # the board's first words
    # the page's own status polling stays out of it
    page.wait_for_timeout(1200)
    assert '"re": "status"' not in page.text_content("#console")
    page.fill("#consoleInput", "dance")
    page.press("#consoleInput", "Enter")
    page.wait_for_function(
        "document.getElementById('console').textContent.includes('unknown command')",
        timeout=WAIT_MS,
    )
    messages = page.text_content("#messages")
    assert "command: unknown command 'dance'" in messages and "None" not in messages
    shot(page, "console.png", full_page=True)
    assert not errors, errors


def test_games_are_kept_between_runs_by_default(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    p, url = start_server(env=env)
    try:
        wait_state(url, lambda s: s["phase"] == "setup")
        post(url, {"put": "D4"})
        wait_state(url, lambda s: s["phase"] == "idle")
        for msg in ({"lift": "D4"}, {"put": "C4"}, {"put": "D4"}):
            assert post(url, msg)[0] == 200
            time.sleep(0.1)
        wait_state(url, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle")
    finally:
        stop_server(p)
    flash = tmp_path / "data" / "fireice" / "sim-digital"
    assert "The board's flash (its games, kept): %s\n" % flash in p.banner
    assert "D4-C4" in (flash / "game.txt").read_text()
    p, url = start_server(env=env)
    try:
        st = wait_state(url, lambda s: s["phase"] == "idle")
        assert st["moves"] == [{"move": "D4-C4", "by": "fire"}]
        assert st["pegs"][17] == "#" and st["pegs"][24] == "O"
    finally:
        stop_server(p)


# --- the coach: the engine as an opponent, hints, danger lights, the bar ---------------


def position_of(fire, ice):
    cells = ["-"] * 49
    for names, c in ((fire, "#"), (ice, "O")):
        for name in names.split():
            cells[parse_hole(name)] = c
    return "".join(cells)


# Ice holds A and B and has E1 E2 (E5 completes A-B-E); C5 can move there.
ICE_NEAR = "A1 A2 A5 B1 B2 B5 E1 E2 C5"
# Fire holds D and F and has A1 A3 A4: A5 or A6 wins. Ice cannot stop both.
ENDGAME = position_of("D1 D4 D6 F1 F4 F6 A1 A3 A4", "G1 G2 E1 E2 C7 B2 B3")


def new_position(url, position, to_move, **more):
    """A new game from a position, its pegs put as the board lights them
    (on an empty board: the pegs of a game before are taken away first);
    more: other settings of new (vs, level)."""
    assert post(url, {"board": "-" * 49})[0] == 200
    msg = dict({"cmd": "new", "position": position, "to_move": to_move}, **more)
    assert post(url, msg)[0] == 200
    wait_state(url, lambda s: s["phase"] == "setup" and s["target"] == position)
    for k, c in enumerate(position):
        if c != "-":
            assert post(url, {"put": hole_name(k), "peg": "fire" if c == "#" else "ice"})[0] == 200
    # the set-up is over (an engine to move may already be moving)
    return wait_state(
        url, lambda s: s["phase"] not in ("setup", None) and (s["moves"] or s["pegs"] == position)
    )


def test_coach_and_danger_answers(server):
    new_position(server, position_of("D4 F5 G1", ICE_NEAR), "fire")
    with urllib.request.urlopen(server + "danger?hole=F5", timeout=10) as r:
        d = json.loads(r.read())
    # F5-E5 blocks Ice's win; every other hole leaves it
    assert d == {
        "from": "F5",
        "safe": ["E5"],
        "gift": [],
        "threat": ["F1", "F2", "F3", "F4", "F6", "F7", "D5", "G5"],
    }
    with urllib.request.urlopen(server + "coach?level=2", timeout=10) as r:
        c = json.loads(r.read())
    assert c["move"] == "F5-E5" and c["to_move"] == "fire" and c["ply"] == 0
    for bad in ("danger?hole=Z9", "coach?level=9", "coach?ply=3", "coach?ply=x"):
        try:
            urllib.request.urlopen(server + bad, timeout=10)
            raise AssertionError(bad + " was accepted")
        except urllib.error.HTTPError as e:
            assert e.code == 400 and json.loads(e.read())["error"], bad


def test_danger_lights_when_a_peg_is_lifted(server, browser):
    page, errors = open_page(browser, server)
    new_position(server, position_of("D4 F5 G1", ICE_NEAR), "fire")
    wait_body(page, "phase", "idle")
    click_hole(page, "F5")
    wait_body(page, "phase", "lifted")
    page.wait_for_function(
        "document.getElementById('hole-E5').dataset.danger === 'safe'", timeout=WAIT_MS
    )
    danger = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.hole')]
            .filter(e => e.dataset.danger).map(e => [e.dataset.hole, e.dataset.danger]))"""
    )
    assert danger == dict(
        [("E5", "safe")] + [(h, "threat") for h in "F1 F2 F3 F4 F6 F7 D5 G5".split()]
    )
    assert (
        "Danger, crossed out: F1, F2, F3, F4, F6, F7, D5, G5 (Ice then wins at once)."
        in page.inner_text("#hintText")
    )
    assert page.get_attribute("#hole-D5", "aria-label").endswith("danger: leaves a win at once")
    # a crossed-out hole looks different from a safe one: violet in the cross
    fire_f1 = page.locator("#hole-F1").screenshot()
    safe_e5 = page.locator("#hole-E5").screenshot()
    assert violet(fire_f1) > 0.02 and violet(safe_e5) < 0.005, (violet(fire_f1), violet(safe_e5))
    shot(page, "danger_threat.png")
    # the peg back in its hole: the lights go
    click_hole(page, "F5")
    wait_body(page, "phase", "idle")
    assert page.get_attribute("#hole-F1", "data-danger") == ""
    # a peg whose lifting hands Ice the game through the fill: every hole
    new_position(server, position_of("D4 E5 F1 G1", ICE_NEAR), "fire")
    wait_body(page, "phase", "idle")
    click_hole(page, "E5")
    page.wait_for_function(
        "document.getElementById('hole-E6').dataset.danger === 'gift'", timeout=WAIT_MS
    )
    assert page.get_attribute("#hole-G5", "data-danger") == "gift"
    assert "(the fill hands Ice the game)" in page.inner_text("#hintText")
    shot(page, "danger_gift.png")
    # switched off: no danger lights
    page.uncheck("#optDanger")
    page.wait_for_function(
        "document.getElementById('hole-E6').dataset.danger === ''", timeout=WAIT_MS
    )
    page.check("#optDanger")
    assert not errors, errors


def violet(png):
    """The share of the danger cross's violet pixels in a screenshot."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    data = img.tobytes()
    n = sum(
        1
        for k in range(0, len(data), 3)
        if data[k] > 150 and data[k + 2] > 200 and data[k + 1] < 140
    )
    return n / (len(data) // 3)


def test_a_game_against_the_engine_with_a_hint(server, browser):
    page, errors = open_page(browser, server)
    # the engine plays Ice at level 1, a board level: the board's firmware
    # plays it (new {"vs": "ice", "level": 1}); its first move comes at once
    page.evaluate("localStorage.setItem('fireice-coach', JSON.stringify({vs: 'ice', level: 1}))")
    page.reload()
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
    assert page.input_value("#newVs") == "ice" and page.input_value("#newLevel") == "1"
    new_position(server, ENDGAME, "ice", vs="ice", level=1)
    # the board thinks and shows its move; the page carries it out on the
    # board, as a player would: the fill included
    st = wait_state(server, lambda s: len(s["moves"]) == 1 and s["phase"] == "idle")
    assert st["moves"][0]["by"] == "ice" and st["to_move"] == "fire"
    assert (st["vs"], st["vs_level"]) == ("ice", 1)
    engine_move = st["moves"][0]["move"]
    plays = [e for e in st["events"] if e.get("ev") == "plays"]
    assert plays and plays[-1]["move"] == engine_move, st["events"]
    assert "the engine plays Ice, level 1, on the board" in page.text_content("#vsText")
    wait_body(page, "moves", 1)
    frm, to = engine_move.split("-")
    assert page.get_attribute("#hole-" + to, "data-last") == "to"
    assert page.get_attribute("#hole-" + frm, "data-last") == "from"
    # the win-chance bar: Fire's win is proven
    page.wait_for_function(
        "document.getElementById('chanceText').textContent.includes('Fire can force a win within 1 move')",
        timeout=WAIT_MS,
    )
    assert float(page.evaluate("document.body.dataset.chance")) == 1.0
    shot(page, "engine_moved.png")
    # clicking the engine's pegs while it is Fire's turn is Fire's business;
    # a hint lights the winning move: the board's (its firmware plays this
    # game, so the page's button asks it, and the wooden board lights it)
    page.click("#btnHint")
    page.wait_for_function(
        "document.querySelector('.hole[data-hint=\"to\"]') !== null", timeout=WAIT_MS
    )
    hfrom = page.evaluate("document.querySelector('.hole[data-hint=\"from\"]').dataset.hole")
    hto = page.evaluate("document.querySelector('.hole[data-hint=\"to\"]').dataset.hole")
    assert "Hint: %s-%s" % (hfrom, hto) in page.inner_text("#hintText")
    assert "Hints used: 1" in page.inner_text("#hintText")
    st = get_state(server)
    assert st["hint"] == "%s-%s" % (hfrom, hto)  # the board's hint event
    assert [e for e in st["events"] if e.get("ev") == "hint"][-1]["move"] == st["hint"]
    shot(page, "hint.png")
    g = Duel(ENDGAME, 2)
    g.push(*parse_move(engine_move))
    g.push(parse_hole(hfrom), parse_hole(hto))
    assert g.result == 1  # the hint wins at once
    # carried out by clicks: lift, put, the fill
    click_hole(page, hfrom)
    wait_body(page, "phase", "lifted")
    click_hole(page, hto)
    wait_body(page, "phase", "landed")
    click_hole(page, hfrom)
    wait_body(page, "result", "fire")
    assert page.get_attribute("#hole-" + hto, "data-last") == "to"
    assert page.get_attribute("#hole-" + hfrom, "data-hint") == ""  # the hint is gone
    # the bar can be hidden
    page.uncheck("#optChance")
    assert page.locator("#chanceWrap").is_hidden()
    page.check("#optChance")
    assert page.locator("#chanceWrap").is_visible()
    # step back through the record: the engine's move
    page.click("#moves [data-ply='1']")
    wait_body(page, "viewing", "1")
    assert page.get_attribute("#hole-" + to, "data-last") == "to"
    assert page.get_attribute("#hole-" + hto, "data-peg") == ""
    shot(page, "engine_game_step_back.png")
    page.keyboard.press("Escape")
    wait_body(page, "viewing", "")
    assert not errors, errors


def _first_fire_move_by_clicks(page):
    # D4-C4 by clicks: lift, put, the fill
    click_hole(page, "D4")
    wait_body(page, "phase", "lifted")
    click_hole(page, "C4")
    wait_body(page, "phase", "landed")
    click_hole(page, "D4")


def test_the_board_plays_its_own_levels_and_the_host_the_stronger(server, browser):
    # issue 15: the engine runs in the firmware at a board level (1..3), on
    # the host for the stronger ones (4..6); the page's form chooses
    page, errors = open_page(browser, server)
    for level, where in ((2, "board"), (5, "host")):
        page.evaluate(
            "localStorage.setItem('fireice-coach', JSON.stringify({vs: 'ice', level: %d}))" % level
        )
        page.reload()
        page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
        assert post(server, {"board": "-" * 49})[0] == 200
        page.select_option("#newMode", "duel")
        page.select_option("#newHandicap", "0")
        page.click("#btnStart")
        # (the state before the click may already be a set-up with no
        # moves: the new game is the one with the side the form asked for)
        board = where == "board"
        st = wait_state(
            server,
            lambda s, board=board: (
                s["phase"] == "setup" and not s["moves"] and (s["vs"] == "ice") == board
            ),
        )
        if where == "board":
            assert (st["vs"], st["vs_level"]) == ("ice", 2), st
        else:
            assert st["vs"] is None, st  # two players on the board: the page plays Ice
        set_up(page, server)
        since = get_state(server)["time"]
        _first_fire_move_by_clicks(page)
        st = wait_state(server, lambda s: len(s["moves"]) == 2 and s["phase"] == "idle", 20)
        assert st["moves"][1]["by"] == "ice"
        said = [
            (e["ev"], e.get("move"))
            for e in st["events"]
            if e.get("at", 0) >= since and e["ev"] in ("thinking", "plays")
        ]
        if where == "board":  # the board's firmware thought, and showed the move made
            assert said == [("thinking", None), ("plays", st["moves"][1]["move"])], said
        else:
            assert not said, said
        text = page.text_content("#vsText")
        assert "the engine plays Ice, level %d, on the %s" % (level, where) in text, text
    assert not errors, errors


def test_the_hint_button_asks_the_board_in_a_two_player_game_and_the_host_against_it(
    server, browser
):
    # two players: the board's hint (its firmware's engine, its lights, its
    # record); against the host's engine (level 5): the host's coach
    page, errors = open_page(browser, server)
    page.evaluate("localStorage.setItem('fireice-coach', JSON.stringify({vs: '', level: 3}))")
    page.reload()
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
    new_position(server, ENDGAME, "fire")
    wait_body(page, "phase", "idle")
    page.click("#btnHint")
    st = wait_state(server, lambda s: s["hint"])
    g = Duel(ENDGAME, 1)
    g.push(*parse_move(st["hint"]))
    assert g.result == 1  # the board's level-2 engine finds the win at once
    page.wait_for_function(
        "document.querySelector('.hole[data-hint=\"to\"]') !== null", timeout=WAIT_MS
    )
    assert "Hint: %s" % st["hint"] in page.inner_text("#hintText")
    # against the host's engine (a level above the board's): the host's
    # coach answers, and the board is not asked
    new_position(server, ENDGAME, "fire", vs="ice", level=5)
    wait_body(page, "phase", "idle")
    assert get_state(server)["hint"] is None
    page.click("#btnHint")
    page.wait_for_function(
        "document.querySelector('.hole[data-hint=\"to\"]') !== null", timeout=WAIT_MS
    )
    time.sleep(2)  # (a hint the board was asked for would have come by now)
    assert get_state(server)["hint"] is None
    assert not errors, errors


def test_the_analysis_view_marks_the_move_that_threw_the_win_away(server, browser):
    # Fire could win with G7-E7 but lifts E5: the Ice peg put there gives Ice A-B-E
    pos = position_of("C1 C2 C5 D1 D2 D5 E5 E6 G7", "A1 A2 A5 B1 B2 B5 E1 E2")
    page, errors = open_page(browser, server)
    new_position(server, pos, "fire")
    wait_body(page, "phase", "idle")
    page.fill("#moveInput", "E5-E3")
    page.press("#moveInput", "Enter")
    wait_body(page, "result", "ice")
    page.click("#btnReview")
    page.wait_for_selector("#reviewGraph circle.blunder", timeout=WAIT_MS)
    assert page.locator("#reviewGraph circle").count() == 2  # the start and one move
    assert "Fire 0 mistakes, 1 blunder" in page.inner_text("#reviewText")
    marks = page.inner_text("#reviewMarks")
    assert "1. E5-E3: blunder (a proven win thrown away), the engine's G7-E7" in marks
    shot(page, "analysis.png")
    # a mark is a way into the record: the position after that move
    page.click("#reviewGraph circle.blunder")
    wait_body(page, "viewing", "1")
    assert page.get_attribute("#hole-E3", "data-last") == "to"
    page.click("#viewStart")
    wait_body(page, "viewing", "0")
    assert page.get_attribute("#hole-E5", "data-peg") == "fire"
    page.click("#reviewMarks button")
    wait_body(page, "viewing", "1")
    assert not errors, errors
