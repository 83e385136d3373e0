"""What the kits draw, page by page, pinned in tests/golden/drawing/. After a change meant to alter a drawing,
write the goldens again and read the difference:

    PNP_GOLDEN=write .venv/bin/pytest tests/test_drawing_golden.py && git diff tests/golden/drawing/

Each file is one PDF (a component of the golden game in tests/fixtures/golden, on one paper, duplex or
fold-and-glue; a low-ink deck; a kit's contents page; the duplex test; pages of a real kit), each page headed
`== page N`.
Each line is one thing drawn, in the order it is drawn (pdfread.drawing): a shape (rect, line, circle,
ellipse, polygon, path, or a clip) with its place and size in mm from the page's lower-left corner, to
0.01 mm, and its fill and stroke (colour, width, dash, opacity); a run of text with where its baseline
starts, its font, size and colour; a form (a face, a piece of artwork) at its origin, turned, scaled or
mirrored, what it draws indented below it. The test names the first line that differs in each file.

The faces are drawn afresh (a private store, not the build cache): a change to how they are drawn shows.
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from pdfread import drawing
from pnp.build.stages import duplex_test, lay_out, write_pdf
from pnp.layout.imposition import Settings
from pnp.model.kinds import KINDS
from pnp.model.paper import PAPERS
from pnp.read.games import load_game
from pnp.render.faces import FaceMaker
from pnp.write import cache

GOLDEN = Path(__file__).parent / "golden" / "drawing"
SHOWN = "tests/golden/drawing"  # as the failures name the files
GAME = Path(__file__).parent / "fixtures" / "golden"
PAPER_NAMES = ("a4", "letter")
REAL = "pete-the-pirate"  # a real kit: its contents page and rules sheet (the picture of its parts), on A4
WRITE = "PNP_GOLDEN=write .venv/bin/pytest tests/test_drawing_golden.py"


def built(game, settings: Settings, maker: FaceMaker, parsed: dict, only: tuple = ()) -> dict:
    """Name -> the drawing of each PDF of one build of `game` worth pinning: each part on its own (fold-and-glue
    only where the part folds; `only` those components, when given), and the kit's contents page."""
    form = "fold" if settings.fold else "duplex"
    suffix = f"{settings.paper.name}-{form}" + ("-short-edge" if settings.short_edge else "")
    parts = lay_out(game, settings, maker)
    found, wanted = {}, only or tuple(game.components)
    for part in parts:
        if part.component.id in wanted and (any(page.fold for page in part.pages) or not settings.fold):
            found[f"{part.component.id}-{suffix}"] = drawing(write_pdf(game, [part], settings, False, maker), parsed)
    found[f"contents-{suffix}"] = drawing(write_pdf(game, parts, settings, True, maker), parsed, pages=1)
    return found


def cases() -> dict[str, list[list[str]]]:
    """File name (without .txt) -> what each page of that PDF draws."""
    found, parsed = {}, {}
    game = load_game(str(GAME))
    maker = FaceMaker(game, store=cache.Store())
    for paper in PAPER_NAMES:
        duplex = Settings(paper=PAPERS[paper])
        for settings in (duplex, replace(duplex, fold=True)):
            found.update({f"golden/{name}": pages for name, pages in built(game, settings, maker, parsed).items()})
        short = built(game, replace(duplex, short_edge=True), maker, parsed, only=("deck",))  # backs turned
        found.update({f"golden/{name}": pages for name, pages in short.items()})
        found[f"duplex-test-{paper}"] = drawing(duplex_test(duplex, maker), parsed)
    low = Settings(paper=PAPERS["a4"], ink="low")  # large fills as tints, light text made dark, art's fills tinted
    deck = next(part for part in lay_out(game, low, maker) if part.component.id == "deck")
    found["golden/deck-a4-duplex-low-ink"] = drawing(write_pdf(game, [deck], low, False, maker), parsed)
    real = load_game(REAL)
    maker = FaceMaker(real, store=cache.Store())
    settings = Settings()
    parts = lay_out(real, settings, maker)
    rules = next(part for part in parts if part.component.kind == "rules")
    found[f"{REAL}/rules-a4-duplex"] = drawing(write_pdf(real, [rules], settings, False, maker), parsed)
    found[f"{REAL}/contents-a4-duplex"] = drawing(write_pdf(real, parts, settings, True, maker), parsed, pages=1)
    return found


def text(name: str, pages: list[list[str]]) -> str:
    head = [f"# {name}: what each page draws, one line a thing (tests/test_drawing_golden.py says how to read it)"]
    return "\n".join(head + [line for number, page in enumerate(pages, start=1)
                             for line in [f"== page {number}", *page]]) + "\n"


def read(path: Path) -> list[list[str]]:
    pages: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("== page "):
            pages.append([])
        elif pages:
            pages[-1].append(line)
    return pages


def first_difference(expected: list[list[str]], got: list[list[str]]) -> str | None:
    """Where two drawings first part: page, operation number (from 1), expected and got; None if they agree."""
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        for index in range(max(len(want), len(have))):
            a = want[index] if index < len(want) else "(the page ends)"
            b = have[index] if index < len(have) else "(the page ends)"
            if a != b:
                return f"page {number}, operation {index + 1}: expected {a.strip()!r}, got {b.strip()!r}"
    if len(expected) != len(got):
        return f"expected {len(expected)} pages, got {len(got)}"
    return None


def test_every_kind_draws_what_it_drew():
    found = cases()
    files = {path.relative_to(GOLDEN).with_suffix("").as_posix(): path for path in GOLDEN.rglob("*.txt")}
    if os.environ.get("PNP_GOLDEN") == "write":
        for name, pages in found.items():
            path = GOLDEN / f"{name}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text(name, pages), encoding="utf-8")
        for name in files.keys() - found.keys():
            files[name].unlink()
        return
    problems = [f"{SHOWN}/{name}.txt: no such golden (write them: {WRITE})" for name in found.keys() - files.keys()]
    problems += [f"{SHOWN}/{name}.txt: nothing is built for it any more (write them: {WRITE})"
                 for name in files.keys() - found.keys()]
    for name in sorted(found.keys() & files.keys()):
        difference = first_difference(read(files[name]), found[name])
        if difference:
            problems.append(f"{SHOWN}/{name}.txt, {difference}")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_the_golden_game_has_a_component_of_every_kind():
    assert sorted({component.kind for component in load_game(str(GAME)).components.values()}) == sorted(KINDS)


def test_a_difference_is_named_by_page_and_operation():
    page = ["paper 210.00x297.00", "rect (1.00,2.00) 3.00x4.00 fill=#000000"]
    assert first_difference([page], [page]) is None
    moved = [page[0], "rect (1.00,2.01) 3.00x4.00 fill=#000000"]
    assert first_difference([page, page], [page, moved]) == (
        "page 2, operation 2: expected 'rect (1.00,2.00) 3.00x4.00 fill=#000000', "
        "got 'rect (1.00,2.01) 3.00x4.00 fill=#000000'")
    assert first_difference([page], [page[:1]]).startswith("page 1, operation 2: expected 'rect")
    assert first_difference([page], [page, page]) == "expected 1 pages, got 2"
