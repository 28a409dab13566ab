"""The page tests' screenshots are kept as the run's artefacts
(tests/chromium.py): each test module's in a folder of its own under one
folder, emptied of an earlier run's as the module takes its first one, and
the run's last line says where they are. No browser: a page that writes
the bytes it is asked for stands in for Playwright's."""

import chromium


class FakePage:
    def __init__(self):
        self.calls = []

    def screenshot(self, path, **kw):
        self.calls.append(kw)
        with open(path, "wb") as f:
            f.write(b"\x89PNG picture")


def test_screenshots_go_to_the_module_folder_of_the_run(tmp_path, monkeypatch):
    monkeypatch.setattr(chromium, "ARTEFACTS", str(tmp_path))
    monkeypatch.setattr(chromium, "_taken", {})
    assert chromium.summary() is None
    # a picture of an earlier run, and another module's
    old = tmp_path / "test_web"
    old.mkdir()
    (old / "stale.png").write_bytes(b"old")
    (tmp_path / "test_pages_browser").mkdir()
    (tmp_path / "test_pages_browser" / "1-home.png").write_bytes(b"other")

    page = FakePage()
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/host/test_web.py::test_win (call)")
    first = chromium.shot(page, "win.png", full_page=True)
    second = chromium.shot(page, "viewing.png")
    assert first == str(old / "win.png")
    assert sorted(p.name for p in old.iterdir()) == ["viewing.png", "win.png"]
    assert (old / "win.png").read_bytes() == b"\x89PNG picture"
    assert page.calls == [{"full_page": True}, {}]
    assert second == str(old / "viewing.png")
    # another module's folder is left alone until that module takes one
    assert (tmp_path / "test_pages_browser" / "1-home.png").exists()

    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/server/test_pages_browser.py::players (setup)")
    chromium.shot(page, "2-challenge.png")
    assert [p.name for p in (tmp_path / "test_pages_browser").iterdir()] == ["2-challenge.png"]
    assert chromium.summary() == (
        "Screenshots of the page tests (3, test_pages_browser, test_web): %s" % tmp_path
    )


def test_the_summary_counts_what_other_processes_took_in_this_run(tmp_path, monkeypatch):
    # make test-py's parallel part takes its pictures in pytest-xdist's
    # workers, and the line is written by the process that started them
    import os

    monkeypatch.setattr(chromium, "ARTEFACTS", str(tmp_path))
    monkeypatch.setattr(chromium, "_taken", {})
    worker = tmp_path / "test_web_games"
    worker.mkdir()
    (worker / "import.png").write_bytes(b"\x89PNG picture")
    earlier = tmp_path / "test_link_web"  # an earlier run's, its module not run now
    earlier.mkdir()
    (earlier / "signed-in.png").write_bytes(b"\x89PNG old")
    before = chromium._BEGUN - 3600
    os.utime(earlier / "signed-in.png", (before, before))
    assert chromium.summary() == (
        "Screenshots of the page tests (1, test_web_games): %s" % tmp_path
    )
