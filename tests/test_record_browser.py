"""`pnp record` in a real browser (the system's Chromium), run as a table runs it: a whole game of each of the five
games entered by pressing the page's buttons gives the same log as `pnp simulate` wrote for it; a refused line
insisted on, undo, and a recording that goes on after its server was killed."""
from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from contextlib import ExitStack

from pnp.check.replay import check_path
from table_in_browser import PHONE, WAIT, Recorder, Simulated, enter, entering, kept, opened, phone, side_by_side

GAMES = {"buried-treasure": 3, "cannon-dice": 2, "pirates-gold": 3, "buccaneer": 2, "pete-the-pirate": 2}  # players
SEED = 1


# The texts of the buttons in sight (as Playwright's `:visible` has it: a box of some size, not hidden) that are
# narrower or lower than `least` pixels.
SMALL_BUTTONS = """(least) => [...document.querySelectorAll("button")]
  .filter((button) => button.checkVisibility({visibilityProperty: true}))
  .map((button) => [button.innerText, button.getBoundingClientRect()])
  .filter(([, box]) => box.width > 0 && box.height > 0 && (box.width < least || box.height < least))
  .map(([text]) => text)"""


def fits_a_phone(page, players: tuple) -> None:
    """The page midway through a game, at a phone's width, a line just pressed: the next line's choices in sight
    under whose turn it is, nothing wider than the screen, every button one a finger can press (44 px and more
    each way), the scores and what is public shown."""
    choices, turn = (page.locator(f"#{part}").bounding_box() for part in ("choices", "turn"))
    assert turn["y"] + turn["height"] <= choices["y"] < PHONE["height"] / 2
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(SMALL_BUTTONS, 44) == []
    scores = page.locator("#scores").inner_text()
    assert all(name in scores for name in players)
    assert page.locator("#public li").count() > 0


def test_each_whole_game_pressed_on_its_page_is_the_log_the_bots_played(browser, tmp_path):
    """The greedy bots' game of each of the five games, each line entered by the buttons that write it (chance
    as the simulator drew it), each game on a page of its own, the five side by side: each file holds its
    simulated log's lines, header too, but the `started:` and `kit:` a recording adds."""
    games = {slug: Simulated(slug, SEED, players) for slug, players in GAMES.items()}
    with ExitStack() as running:
        recorders = {slug: running.enter_context(Recorder(slug, tmp_path / f"{slug}.log", game.players, game.options))
                     for slug, game in games.items()}
        context = phone(browser)
        pages = {slug: opened(context, recorder.url) for slug, recorder in recorders.items()}
        ways = side_by_side({slug: played(pages[slug], game) for slug, game in games.items()})
        for recorder in recorders.values():
            recorder.interrupt()
    for slug, game in games.items():
        out = tmp_path / f"{slug}.log"
        assert kept(out.read_text()) == kept(game.text), slug
        assert check_path(out).violations == [], slug
        assert ways[slug]["typed"] == 0, slug


def played(page, game: Simulated) -> Generator[None, None, Counter]:
    """Enter `game`'s lines on `page` (a step a line, see `entering`), looking at the page at a phone's width
    midway: how many lines were entered each way. A failure names the game and the line."""
    ways = Counter()
    middle = len(game.lines) // 2
    for number, line in enumerate(game.lines, start=1):
        try:
            ways[(yield from entering(page, line))] += 1
            if number == middle:
                fits_a_phone(page, game.players)
        except Exception as failure:
            raise AssertionError(f"{game.slug}, line {number} of {len(game.lines)} ({line!r}): {failure}") from failure
    assert page.locator("#turn").inner_text().startswith("Game over"), game.slug
    return ways


def shown_log(page) -> list:
    return page.locator("#log li").all_inner_texts()


def test_a_refused_line_shows_its_rule_is_written_marked_when_insisted_on_and_undo_takes_it_back(browser, tmp_path):
    game = Simulated("cannon-dice", SEED, 2)
    out = tmp_path / "refused.log"
    with Recorder("cannon-dice", out, game.players, game.options) as recorder:
        page = opened(phone(browser), recorder.url)
        for line in game.lines[:3]:
            enter(page, line)
        mover = page.locator("#turn").inner_text().split()[0]
        right = game.lines[3]
        assert right.startswith(f"{mover} ")
        other = next(name for name in game.players if name != mover)
        wrong = right.replace(mover, other, 1)  # the other player's line, out of turn
        before = out.read_text()

        page.locator("#line").fill(wrong)
        page.locator("#line").press("Enter")
        page.wait_for_selector("#refused:not([hidden])", timeout=WAIT)
        code = page.locator("#refused-code").inner_text()
        assert code.startswith("CD-") and other in page.locator("#refused-message").inner_text()
        assert out.read_text() == before  # nothing written while the table decides

        page.get_by_role("button", name="We played it so").click()
        page.wait_for_function("document.querySelectorAll('#log li.insisted').length === 1", timeout=WAIT)
        marked = [line for line in out.read_text().splitlines() if line.startswith(wrong)]
        assert len(marked) == 1 and marked[0].startswith(f"{wrong}  # insisted: {code} ")
        assert page.locator("#refused").is_hidden()

        page.get_by_role("button", name="Undo the last line").click()
        page.wait_for_function("document.querySelectorAll('#log li.insisted').length === 0", timeout=WAIT)
        assert out.read_text() == before
        assert enter(page, right) == "pressed"  # the game goes on from the line the rules allow
    assert kept(out.read_text()) == kept(game.text)[:len(kept(before)) + 1]


def test_a_recording_whose_server_was_killed_goes_on_where_it_stopped(browser, tmp_path):
    """`pnp record` killed (SIGKILL) midway and started again on its file: the page shows the same log and the
    same choices, and the rest of the game recorded gives the whole simulated log."""
    game = Simulated("cannon-dice", SEED, 2)
    out = tmp_path / "killed.log"
    stop = 12
    context = phone(browser)
    recorder = Recorder("cannon-dice", out, game.players, game.options)
    try:
        page = opened(context, recorder.url)
        for line in game.lines[:stop]:
            enter(page, line)
        log, choices = shown_log(page), page.locator("#choices").inner_text()
        recorder.kill()
    finally:
        recorder.stop()
    assert kept(out.read_text()) == kept(game.text)[:len(kept(game.text)) - len(game.lines) + stop]

    with Recorder("cannon-dice", out) as again:  # its players and options are the file's
        page = opened(context, again.url)
        assert shown_log(page) == log
        assert page.locator("#choices").inner_text() == choices
        for line in game.lines[stop:]:
            enter(page, line)
    assert kept(out.read_text()) == kept(game.text)
