"""Make the pictures of docs/recording.md: the record page of each game as a phone shows it, midway through a game.

    python tools/record_screenshots.py [GAME ...] [--out docs/pictures] [--seed 1]

Each game is one the greedy bots played (`pnp simulate`'s first game of the seed), recorded with `pnp record` in
the system's headless Chromium up to its middle line by pressing the page's buttons, the way the browser tests record it
(tests/table_in_browser.py). The top of the page is then taken at 375 x 812 pixels, a phone held upright, and
saved as docs/pictures/record-<game>.png with few colours, so that each weighs a few tens of kilobytes.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import CHROMIUM  # noqa: E402
from table_in_browser import Recorder, Simulated, enter, opened, phone  # noqa: E402

GAMES = {"buried-treasure": 3, "cannon-dice": 2, "pirates-gold": 3, "buccaneer": 2, "pete-the-pirate": 2}  # players
COLOURS = 64  # a page of flat colours and text keeps its look with this many
SHOWN_AT = {"buried-treasure": "deal 1 "}  # a game whose picture waits, past the middle, for a line that starts so
# (the hands dealt: its picture shows a line of cards being drawn)


def midway(browser, slug: str, seed: int, folder: Path) -> bytes:
    """The PNG of `slug`'s whole record page at a phone's width, midway through a game of the greedy bots."""
    game = Simulated(slug, seed, GAMES[slug])
    out = Path("playtests", slug, "2025-03-14-1905.log")  # the page names it as a table's recording would be
    with Recorder(slug, out, game.players, game.options, cwd=folder) as recorder:
        page = opened(phone(browser), recorder.url)
        for line in game.lines[:stop(game)]:
            enter(page, line)
        page.evaluate("window.scrollTo(0, 0)")
        return page.screenshot(full_page=True)


def stop(game: Simulated) -> int:
    """How many of the game's lines are entered before its picture is taken: half, or up to SHOWN_AT's line."""
    middle = len(game.lines) // 2
    wanted = SHOWN_AT.get(game.slug)
    if wanted is None:
        return middle
    return next(at for at, line in enumerate(game.lines) if at >= middle and line.startswith(wanted))


def small(png: bytes) -> bytes:
    """`png` with its colours reduced to COLOURS and compressed as far as PNG goes."""
    from PIL import Image

    picture = Image.open(BytesIO(png)).convert("RGB").quantize(COLOURS)
    kept = BytesIO()
    picture.save(kept, "PNG", optimize=True)
    return kept.getvalue()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), metavar="GAME")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "pictures")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = playwright.chromium.launch(executable_path=shutil.which(CHROMIUM), args=["--no-sandbox"])
        try:
            for slug in args.games:
                path = args.out / f"record-{slug}.png"
                path.write_bytes(small(midway(browser, slug, args.seed, Path(folder))))
                print(f"{os.path.relpath(path)}: {path.stat().st_size // 1024} KB")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
