"""Building kits and reading the PDFs back: sizes, placements, counts, marks, determinism, safe writes."""
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pdfread import MM, page_texts, placements, segments
from pnp.cli import cli
from pnp.build.stages import lay_out, write_pdf
from pnp.layout.imposition import Settings, printable
from pnp.model.paper import PAPERS
from pnp.read.games import load_game

TOY = Path(__file__).parent / "fixtures" / "toy"


def build(*args):
    result = CliRunner().invoke(cli, ["build", *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """`built(*ARGS)`: the folder that `pnp build ARGS` wrote its game's folder into, each set of arguments built
    once a module: the tests that share one only read what it wrote."""
    kept: dict = {}

    def once(*args) -> Path:
        if args not in kept:
            out = tmp_path_factory.mktemp("built")
            build(*args, "--out", str(out))
            kept[args] = out
        return kept[args]
    return once


def settings(paper="a4", **kw):
    return Settings(paper=PAPERS[paper], **kw)


def read(data: bytes, tmp_path, name="x.pdf") -> PdfReader:
    path = tmp_path / name
    path.write_bytes(data)
    return PdfReader(path)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kit_pages_have_the_paper_size_and_a_contents_page(built, paper):
    out = built("buried-treasure", "--paper", paper)
    reader = PdfReader(out / "buried-treasure" / f"buried-treasure-kit-{paper}-duplex.pdf")
    w, h = PAPERS[paper].size
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w * MM, h * MM)), abs=0.01)
    first = reader.pages[0].extract_text()
    assert "Buried Treasure" in first and "Game cards" in first and "double-sided" in first


@pytest.mark.parametrize("fold", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_places_every_face_where_the_imposition_says(tmp_path, paper, fold):
    game = load_game("buried-treasure")
    s = settings(paper, fold=fold)
    parts = lay_out(game, s)
    reader = read(write_pdf(game, parts, s, with_contents=False), tmp_path)
    face_to_form = {}
    pages = [page for part in parts for page in part.pages]
    for page, pdf_page in zip(pages, reader.pages):
        found = placements(reader, pdf_page)
        assert len(found) == len(page.placed)
        for (slot, face), placed in zip(page.placed, found):
            # each distinct face is one form, and one form is one face
            assert face_to_form.setdefault(face.key, placed.form) == placed.form
            assert placed.rotation == slot.rotation
            corner = {0: (slot.trim.x0, slot.trim.y0), 90: (slot.trim.x1, slot.trim.y0),
                      180: (slot.trim.x1, slot.trim.y1), 270: (slot.trim.x0, slot.trim.y1)}[slot.rotation]
            assert placed.origin_mm == pytest.approx(corner, abs=0.01)
    assert len(set(face_to_form.values())) == len(face_to_form)


def test_each_card_is_printed_as_many_times_as_the_data_says(tmp_path):
    game = load_game("buried-treasure")

    def front_words(part, s) -> list[str]:
        texts = page_texts(write_pdf(game, [part], s, with_contents=False))
        return " ".join(text for text in texts if "· fronts ·" in text).split()

    plain, proof = settings("a4"), settings("a4", proof=True)
    for part, proof_part in zip(lay_out(game, plain), lay_out(game, proof)):
        reader = read(write_pdf(game, [part], plain, with_contents=False), tmp_path, part.component.id + ".pdf")
        forms = [p.form for page in reader.pages for p in placements(reader, page)]
        if not part.component.cards:
            assert len(forms) == part.component.options.get("count", 1)  # sheets; the rules are one face
            continue
        # every front is followed on the next page by its back: count the front pages only
        fronts = [p.form for i, page in enumerate(reader.pages) if i % 2 == 0 for p in placements(reader, page)]
        assert len(fronts) == part.component.card_total
        # a proof prints each card's id at its foot; the kit a player prints does not
        with_ids, without = front_words(proof_part, proof), front_words(part, plain)
        for card in part.component.cards:
            assert with_ids.count(card.id) - without.count(card.id) == card.count, card.id
        assert "cannon-extra" not in without and "starter-cannon" not in without


@pytest.mark.parametrize("slug", ["buccaneer", "pete-the-pirate"])
def test_a_proof_labels_every_piece_even_a_narrow_token(slug, tmp_path):
    """A proof of games with small tokens: each id is printed (up the edge of a face too narrow for it)."""
    game = load_game(slug)
    proof = settings("a4", proof=True)
    for part in lay_out(game, proof):
        if not part.component.cards:
            continue
        text = "".join(page_texts(write_pdf(game, [part], proof, with_contents=False)))
        for card in part.component.cards:
            assert card.id in text, (part.component.id, card.id)


def test_buried_treasure_counts_come_from_the_data():
    game = load_game("buried-treasure")
    cards = game.components["game-cards"].cards
    by_colour = {}
    for card in cards:
        by_colour[card.fields["suit"]] = by_colour.get(card.fields["suit"], 0) + card.count
    assert by_colour == {"red": 12, "green": 13, "yellow": 14, "blue": 15}
    assert game.components["starter-cards"].card_total == 22
    assert game.components["score-cards"].card_total == 4
    assert len({card.back for c in ("game-cards", "starter-cards", "score-cards")
                for card in game.components[c].cards}) == 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_sit_in_the_margins_in_line_with_the_cuts(tmp_path, paper):
    game = load_game("buried-treasure")
    s = settings(paper, gutter="bleed")  # each card its own bleed: room for crop marks all round on either paper
    parts = [part for part in lay_out(game, s) if part.component.id == "game-cards"]
    page = parts[0].pages[0]
    reader = read(write_pdf(game, parts, s, with_contents=False), tmp_path)
    marks = segments(reader, reader.pages[0])
    area = printable(s)
    clips = [slot.clip for slot, _ in page.placed]
    assert marks
    for x0, y0, x1, y1 in marks:
        assert area.x0 - 0.01 <= min(x0, x1) and max(x0, x1) <= area.x1 + 0.01
        assert area.y0 - 0.01 <= min(y0, y1) and max(y0, y1) <= area.y1 + 0.01
        for clip in clips:  # never touching a card or its bleed
            assert max(x0, x1) < clip.x0 or min(x0, x1) > clip.x1 or max(y0, y1) < clip.y0 or min(y0, y1) > clip.y1
        vertical = x0 == x1
        cut = x0 if vertical else y0
        assert any(abs(cut - c) < 0.01 for c in (page.cuts_x if vertical else page.cuts_y))
    # every cut between columns is marked at least once (above or below the grid)
    for x in page.cuts_x:
        assert any(x0 == x1 and abs(x0 - x) < 0.01 for x0, _, x1, _ in marks)


def test_back_pages_carry_no_crop_marks_and_fold_pages_a_fold_line(tmp_path):
    game = load_game("buried-treasure")
    s = settings("a4")
    parts = [part for part in lay_out(game, s) if part.component.id == "game-cards"]
    reader = read(write_pdf(game, parts, s, with_contents=False), tmp_path, "duplex.pdf")
    sides = [page.side for page in parts[0].pages]
    assert sides.count("fronts") == sides.count("backs") > 0
    for page, pdf_page in zip(parts[0].pages, reader.pages):
        marks = segments(reader, pdf_page)  # the straight lines drawn on the page itself, not in a card
        if page.side == "backs":
            assert marks == []
        else:  # marks in line with every cut, and nothing else
            assert sorted({x0 for x0, _, x1, _ in marks if x0 == x1}) == pytest.approx(page.cuts_x, abs=0.01)
            assert sorted({y0 for _, y0, _, y1 in marks if y0 == y1}) == pytest.approx(page.cuts_y, abs=0.01)
            assert all(x0 == x1 or y0 == y1 for x0, y0, x1, y1 in marks)
    s = settings("a4", fold=True)
    parts = [part for part in lay_out(game, s) if part.component.id == "game-cards"]
    page = parts[0].pages[0]
    reader = read(write_pdf(game, parts, s, with_contents=False), tmp_path, "fold.pdf")
    axis, at = page.fold
    lines = segments(reader, reader.pages[0])
    assert any(x0 == x1 == pytest.approx(at, abs=0.01) and abs(y1 - y0) > 100 for x0, y0, x1, y1 in lines)


def test_same_inputs_give_byte_identical_pdfs(tmp_path):
    build("buried-treasure", "--out", str(tmp_path / "one"))
    build("buried-treasure", "--out", str(tmp_path / "two"))
    one = sorted((tmp_path / "one" / "buried-treasure").iterdir())
    two = sorted((tmp_path / "two" / "buried-treasure").iterdir())
    assert [p.name for p in one] == [p.name for p in two] and len(one) == 14  # the PDFs and the manifest
    for a, b in zip(one, two):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_unicode_text_prints_and_reads_back(tmp_path):
    build(str(TOY), "--out", str(tmp_path))
    text = PdfReader(tmp_path / "toy" / "deck-a4-duplex.pdf").pages[0].extract_text()
    assert "Île de la Tortue ☠" in text


def test_per_card_backs_land_behind_their_own_fronts(tmp_path):
    build(str(TOY), "--gutter", "0", "--out", str(tmp_path))
    reader = PdfReader(tmp_path / "toy" / "deck-a4-duplex.pdf")
    fronts = reader.pages[0].extract_text().split()
    backs = reader.pages[1].extract_text().split()
    assert fronts.count("F:gamma") == 4 and backs.count("B:gamma") == 4 and backs.count("BACK") == 5


def test_a_failing_build_leaves_the_old_output_untouched(tmp_path):
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    out = tmp_path / "out"
    build(str(game), "--out", str(out))
    before = {p.name: p.read_bytes() for p in (out / "toy").iterdir()}
    # the deck still lays out; the sheet's template now names artwork that does not exist
    (game / "templates" / "sheet.yaml.j2").write_text(
        "- art: {src: missing.svg, x: 0, y: 0, w: 10, h: 10}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 2
    assert "artwork not found: artwork/missing.svg" in result.output
    after = {p.name: p.read_bytes() for p in (out / "toy").iterdir()}
    assert after == before  # same files, same bytes, no half-written leftovers


def test_progress_and_written_files_are_reported_with_verbose(tmp_path):
    result = CliRunner().invoke(cli, ["build", str(TOY), "--out", str(tmp_path), "-v"])
    assert "deck laid out on 4 pages (a4-duplex)" in result.output
    assert str(tmp_path / "toy" / "toy-kit-a4-duplex.pdf") in result.output


def test_list_shows_games_and_counts():
    result = CliRunner().invoke(cli, ["list"])
    assert result.exit_code == 0
    assert "buried-treasure: Buried Treasure (2–4 players)" in result.output
    assert "54 cards" in result.output and "22 cards" in result.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_has_a_footer_and_a_scale_bar(built, paper):
    out = built("buried-treasure", "--paper", paper)
    for form in ("duplex", "fold"):
        texts = page_texts(out / "buried-treasure" / f"buried-treasure-kit-{paper}-{form}.pdf")
        for number, text in enumerate(texts, start=1):
            assert "print at 100 %" in text and "50 mm" in text  # the scale bar's label
            if number > 1:
                assert f"page {number} of {len(texts)}" in text
                assert ("A4" if paper == "a4" else "US Letter") in text


@pytest.mark.parametrize("component", ["game-cards", "starter-cards"])
def test_cut_lines_run_along_every_cut_and_round_no_empty_slot(tmp_path, component):
    game = load_game("buried-treasure")

    def last_page_lines(**kw):
        s = settings("a4", **kw)
        part = next(part for part in lay_out(game, s) if part.component.id == component)
        reader = read(write_pdf(game, [part], s, with_contents=False), tmp_path, f"{kw}.pdf")
        fronts = [i for i, page in enumerate(part.pages) if page.side == "fronts"]
        return part.pages[fronts[-1]], set(segments(reader, reader.pages[fronts[-1]]))

    page, with_cuts = last_page_lines(cut_lines=True)
    _, without = last_page_lines()
    added = with_cuts - without
    assert added == {tuple(round(v, 3) for v in line) for line in page.cut_segments()}
    trims = [slot.trim for slot, _ in page.placed]
    for x0, y0, x1, y1 in added:  # each line runs along the edges of faces the page holds, never further
        for t in (0.02, 0.5, 0.98):
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            assert any(b.x0 - 0.01 <= x <= b.x1 + 0.01 and b.y0 - 0.01 <= y <= b.y1 + 0.01 for b in trims)
    for trim in trims:  # and along every edge of every face
        for x in (trim.x0, trim.x1):
            assert any(abs(x0 - x) < 0.01 and abs(x1 - x) < 0.01 and min(y0, y1) <= trim.y0 + 0.01
                       and max(y0, y1) >= trim.y1 - 0.01 for x0, y0, x1, y1 in added)


def test_print_shop_files_hold_one_card_a_page_with_trim_and_bleed_boxes(tmp_path):
    build("buried-treasure", "--print-shop", "--duplex", "--out", str(tmp_path))
    reader = PdfReader(tmp_path / "buried-treasure" / "game-cards-shop.pdf")
    assert len(reader.pages) == 2 * 54  # each card's front, then its back
    w, h = 63.5 + 6, 88.9 + 6
    for page in reader.pages[:4]:
        assert [round(float(v) / MM, 2) for v in page.mediabox] == [0, 0, w, h]
        assert [round(float(v) / MM, 2) for v in page.trimbox] == [3, 3, 3 + 63.5, 3 + 88.9]
        assert [round(float(v) / MM, 2) for v in page.bleedbox] == [0, 0, w, h]
        assert "print at 100 %" not in page.extract_text()
    assert not (tmp_path / "buried-treasure" / "score-sheet-shop.pdf").exists()


@pytest.mark.parametrize("game", ["buried-treasure", "cannon-dice"])
def test_the_duplex_kit_prints_double_sided_as_one_file(built, game):
    """Printed double-sided, sheet n holds pages 2n-1 and 2n: every fronts page must be odd with its own
    backs page after it, and a page meant for one side only must not share its sheet with another part."""
    out = built(game, "--duplex", "--paper", "letter")
    sides = [next((side for side in ("fronts", "backs", "left blank", "rules") if f"· {side}" in text), "one-sided")
             for text in page_texts(out / game / f"{game}-kit-letter-duplex.pdf")]
    assert "fronts" in sides and "one-sided" in sides[2:]
    assert sides[:2] == ["one-sided", "rules"]  # the rules, to read, on the back of the contents: plain paper both
    for number, side in enumerate(sides[2:], start=3):
        if side == "fronts":
            assert number % 2 == 1 and sides[number] == "backs", number
        elif side == "backs":
            assert sides[number - 2] == "fronts", number
        elif side == "one-sided":  # sheets and nets
            assert number % 2 == 1 and (number == len(sides) or sides[number] == "left blank"), number


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_at_least_3_mm_long_on_every_page(built, paper):
    kits = sorted(kit for game in ("buried-treasure", "cannon-dice") for form in ("--duplex", "--fold")
                  for kit in built(game, form, "--paper", paper).glob("*/*-kit-*.pdf"))
    assert len(kits) == 4
    for kit in kits:
        reader = PdfReader(kit)
        lines = [line for page in reader.pages for line in segments(reader, page)]
        assert lines
        for x0, y0, x1, y1 in lines:  # crop marks, fold lines and cut lines: none shorter
            assert abs(x1 - x0) + abs(y1 - y0) >= 3.0 - 1e-3, (kit.name, x0, y0, x1, y1)


def test_the_contents_page_tells_what_the_paper_costs_the_bleed(built):
    def contents(*args) -> str:
        out = built("buried-treasure", "--duplex", "--paper", "letter", *args)
        reader = PdfReader(out / "buried-treasure" / "buried-treasure-kit-letter-duplex.pdf")
        return " ".join(reader.pages[0].extract_text().split())

    shared = contents()  # the default on Letter: eight turned, every cut with its crop marks
    assert "8 cards a page, turned on their sides so that every cut has its crop marks (upright, 9 would leave " \
           "some cuts unmarked), neighbours sharing their cut lines. With --gutter bleed each card has its own " \
           "bleed (6 a page)." in shared
    assert "no room for bleed" not in shared and "cut along the drawn lines" not in shared
    assert contents("--gutter", "shared") == contents("--gutter", "0") == shared
    own = contents("--gutter", "bleed")
    assert "6 cards a page, each with its own 3 mm bleed. Neighbours sharing their cuts fit 8 a page: " \
           "build with --gutter shared." in own
    assert contents("--gutter", "6mm") == own


@pytest.mark.parametrize("game", ["buried-treasure", "cannon-dice"])
def test_the_advice_fits_the_form(built, game):
    def contents(form: str) -> str:
        reader = PdfReader(built(game, f"--{form}") / game / f"{game}-kit-a4-{form}.pdf")
        return " ".join(reader.pages[0].extract_text().split())

    fold, duplex = contents("fold"), contents("duplex")
    assert "250–300 g/m²" not in fold and "Print one-sided on paper of 80–120 g/m²" in fold
    assert "Print double-sided (flip on the long edge) on card stock (250–300 g/m²)" in duplex
    for text in (fold, duplex):  # numbered sheets are printed once, each different; others as often as needed
        numbered = "Score sheets (numbered)" in text
        assert ("as many copies as you need" in text) != numbered
        assert ("the 10 sheets are numbered and each differs" in text) == numbered


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_kit_of_very_many_parts_runs_its_contents_on_to_more_pages(tmp_path, paper):
    """Thirty decks cannot be listed on one page: the contents go on over as many pages as they need, every line
    above the footer, and each deck's entry names the pages it really lies on."""
    game = tmp_path / "many"
    shutil.copytree(TOY, game)
    lines = (game / "game.yaml").read_text().splitlines(keepends=True)
    deck = lines[lines.index("  deck:\n"):lines.index("  sheet:\n")]
    decks = [line.replace("  deck:", f"  deck{n}:").replace("title: Deck", f"title: Deck {n}")
             for n in range(1, 31) for line in deck]
    (game / "game.yaml").write_text("".join(["rules_elsewhere: in the box\n"] + lines[:lines.index("components:\n") + 1]
                                            + decks))
    build(str(game), "--paper", paper, "--out", str(tmp_path / "out"))
    kit = tmp_path / "out" / "many" / f"many-kit-{paper}-duplex.pdf"
    reader, texts = PdfReader(kit), page_texts(kit)
    contents = [n for n, text in enumerate(texts, start=1) if "· contents · page" in text]
    assert len(contents) > 1 and contents == list(range(1, len(contents) + 1))
    for n in contents:
        lows = []
        reader.pages[n - 1].extract_text(visitor_text=lambda text, cm, tm, *_: lows.append(
            (tm[5] * cm[3] + cm[5]) / MM) if text.strip() and "contents · page" not in text
            and "50 mm" not in text else None)
        assert min(lows) > 16.0  # the footer line sits at 12.5 mm, the scale bar at 12 mm
    listed = "\n".join(texts[n - 1] for n in contents)
    for n in range(1, 31):
        first = int(re.search(rf"Deck {n}\s.*?pages? (\d+)", listed).group(1))
        assert f"Deck {n} · fronts" in texts[first - 1], (n, first)


def test_every_pdf_asks_viewers_to_print_at_actual_size(built):
    """A print dialog that opens at "fit to page" shrinks every card: each PDF asks for no scaling."""
    pdfs = sorted((built("cannon-dice", "--fold") / "cannon-dice").glob("*.pdf"))
    assert len(pdfs) > 3
    for pdf in pdfs:
        assert PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None", pdf.name
