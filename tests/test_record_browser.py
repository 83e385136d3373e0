"""`pnp record` in a real browser (the system's Chromium), run as a table runs it: a whole game of each of the five
games entered by pressing the page's buttons gives the same log as `pnp simulate` wrote for it; a refused line
insisted on, undo, and a recording that goes on after its server was killed."""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import needs
from pnp.check.replay import check_path
from table_in_browser import Recorder, Simulated, enter, kept, opened

GAMES = {"buried-treasure": 3, "cannon-dice": 2, "pirates-gold": 3, "buccaneer": 2, "pete-the-pirate": 2}  # players
SEED = 1


@pytest.fixture(scope="module")
def browser():
    chromium = needs("chromium", "chromium", "the record page's test drives it in a browser")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.mark.parametrize("slug", GAMES)
def test_a_whole_game_pressed_on_the_page_is_the_log_the_bots_played(browser, tmp_path, slug):
    """The greedy bots' game, each line entered by the buttons that write it (chance as the simulator drew it):
    the file holds the simulated log's lines, header too, but the `started:` and `kit:` a recording adds."""
    game = Simulated(slug, SEED, GAMES[slug])
    out = tmp_path / f"{slug}.log"
    with Recorder(slug, out, game.players, game.options) as recorder:
        page = opened(browser, recorder.url)
        ways = Counter(enter(page, line) for line in game.lines)
        assert page.locator("#turn").inner_text().startswith("Game over")
    assert kept(out.read_text()) == kept(game.text)
    assert check_path(out).violations == []
    assert ways["typed"] == 0
