"""The README's picture of the simulator's page (docs/img/sim.png) is made
by this test: a two-player game set up from the page's form and six moves
typed in, then the page as a player sees it. `make screenshot` writes it
into docs/img/ (FIREICE_SCREENSHOT names the file); it is kept with the
run's artefacts too (tests/chromium.py), and the test checks what the
picture shows."""

import os

from chromium import shot
from test_web import (
    WAIT_MS,
    WIN,
    browser,  # noqa: F401 (the fixture)
    colours,
    get_state,
    server,  # noqa: F401 (the fixture)
    set_up,
    wait_body,
)

from fireice.duel import Duel
from fireice.notation import parse_move

# the README's picture: the size a laptop's browser window shows
VIEWPORT = {"width": 1366, "height": 860}
MOVES = 6
TARGET = os.environ.get("FIREICE_SCREENSHOT")


def test_the_readme_picture_of_the_page(server, browser):  # noqa: F811
    page = browser.new_page(viewport=VIEWPORT)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_function("document.body.dataset.serial !== '-1'", timeout=WAIT_MS)
    page.select_option("#newMode", "duel")
    page.select_option("#newHandicap", "0")
    page.click("#btnStart")
    wait_body(page, "phase", "setup")
    set_up(page, server)
    game = Duel()
    for n, text in enumerate(WIN[:MOVES]):
        page.fill("#moveInput", text)
        page.press("#moveInput", "Enter")
        wait_body(page, "moves", n + 1)
        game.push(*parse_move(text))
    wait_body(page, "phase", "idle")
    # the page and its panel (which scrolls on its own) from the top
    page.evaluate("window.scrollTo(0, 0); document.getElementById('panel').scrollTop = 0")
    page.locator("#moveInput").blur()
    path = shot(page, "sim.png")
    with open(path, "rb") as f:
        png = f.read()
    assert not errors, errors

    # the picture shows the game as the board has it: its pegs of both
    # colours on the board, the record with its moves
    state = get_state(server)
    assert [m["move"] for m in state["moves"]] == WIN[:MOVES]
    assert state["pegs"] == game.position()
    fire, ice = colours(page.locator("#board").screenshot())
    assert fire > 0.005 and ice > 0.005, (fire, ice)
    fire_all, ice_all = colours(png)
    assert fire_all > 0.002 and ice_all > 0.002, (fire_all, ice_all)
    if TARGET:
        # 256 colours: a quarter of the size, and the page's flat colours
        # and wood look the same
        from PIL import Image

        Image.open(path).convert("RGB").quantize(256).save(TARGET, optimize=True)
