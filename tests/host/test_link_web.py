"""The simulator page's "Play online" card in headless Chromium: a wrong
password is said on the card, the right one signs in (the page keeps no
password in its field), and Stop ends the link."""

import pytest

from linkkit import PASSWORD, free_port, player, start_server
from test_web import (
    WAIT_MS,
    browser,  # noqa: F401 (a fixture)
    open_page,
    start_server as start_page,
    stop_server as stop_page,
)


@pytest.fixture(scope="module")
def game_server(tmp_path_factory):
    s = start_server(tmp_path_factory.mktemp("linkweb"), ("--port", str(free_port())))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def page_url(tmp_path_factory):
    p, url = start_page("--flash", str(tmp_path_factory.mktemp("flash")))
    try:
        yield url
    finally:
        stop_page(p)


def test_play_online_signs_in_from_the_page_and_stops(game_server, page_url, browser):  # noqa: F811
    alice, _ = player(game_server.url)
    page, errors = open_page(browser, page_url)
    page.click("#online summary")
    page.fill("#onlineServer", game_server.url)
    page.fill("#onlineUser", alice)
    page.fill("#onlinePassword", "not the password")
    page.click("#onlineStart")
    page.wait_for_function(
        "document.getElementById('onlineState').textContent.includes('refused')", timeout=WAIT_MS
    )
    page.fill("#onlinePassword", PASSWORD)
    page.click("#onlineStart")
    page.wait_for_function(
        "document.getElementById('onlineState').textContent.includes('Signed in as')",
        timeout=WAIT_MS,
    )
    assert alice in page.text_content("#onlineState")
    assert page.input_value("#onlinePassword") == ""
    page.wait_for_function(
        "document.getElementById('onlineLog').textContent.includes('no game in progress')",
        timeout=WAIT_MS,
    )
    page.click("#onlineStop")
    page.wait_for_function(
        "document.getElementById('onlineState').textContent.includes('Not linked')",
        timeout=WAIT_MS,
    )
    assert not errors
