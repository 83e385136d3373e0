"""Low ink (`pnp build --ink low`, pnp/render/ink.py): large fills printed as light tints with an outline, text
that no longer stands out recoloured, artwork's fills tinted and its outlines kept, everything else as it was;
both kits written side by side with their ink coverage (pnp/write/coverage.py)."""
import io
import re
from pathlib import Path

import pytest
from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas

from conftest import run
from pnp.errors import Where
from pnp.build.stages import lay_out, maker_for, write_pdf
from pnp.layout.imposition import Settings
from pnp.build.stages import read_kit as load_game  # (the game as the build prints it: its texts stated)
from pnp.read.games import game_slugs
from pnp.render import ink
from pnp.render.legibility import Place, colour_under, contrast, hex_of, painted, rgb
from pnp.render.library import Library
from pnp.render.steps import Steps
from pnp.write import cache
from pnp.write.coverage import coverage, kit_coverage

GOLDEN = Path(__file__).parent / "fixtures" / "golden"
PALETTE = {"sea": "#173B5C", "gold": "#F4C542", "paper": "#FFFFFF", "ink": "#2B1D0E"}
CARD = (63.5, 88.9)


def steps(*raw) -> tuple:
    return Steps(PALETTE, Library([], cache.Store())).drawn(list(raw), Where("test"))


def colours(values: dict) -> tuple:
    return tuple(rgb(values[key], tuple(PALETTE.items())) for key in ("fill", "stroke"))


def test_a_large_fill_becomes_a_tint_with_an_outline_and_a_small_one_keeps_its_colour():
    face = steps({"rect": {"x": -3, "y": -3, "w": 69.5, "h": 63, "fill": "sea"}},
                 {"circle": {"x": 10, "y": 10, "r": 2, "fill": "ink"}},
                 {"line": {"points": [[5, 80], [50, 80]], "stroke": "sea", "width": 0.4}})  # on the paper
    (_, back), (_, dot), (_, line) = ink.lightened(face, CARD, PALETTE)
    sea = rgb("sea", tuple(PALETTE.items()))
    fill, stroke = colours(back)
    assert stroke == sea and all(part > 0.85 for part in fill)  # pale, its edge in its own colour
    assert back["fill"] == hex_of(ink.faint(sea)) and ink.darkness(ink.faint(sea)) <= ink.FAINT + 0.005
    assert dot == face[1][1] and line == face[2][1]


def test_many_small_shapes_of_one_colour_are_a_large_fill_together():
    squares = [{"rect": {"x": 8 * i, "y": 0, "w": 5, "h": 88.9, "fill": "sea"}} for i in range(3)]
    lightened = ink.lightened(steps(*squares), CARD, PALETTE)
    assert all(values["fill"] == hex_of(ink.faint(rgb("sea", tuple(PALETTE.items())))) for _, values in lightened)
    small = [{"rect": {"x": 0, "y": 0, "w": 2, "h": 8, "fill": "gold"}}]  # a light colour on little of the card
    one = ink.lightened(steps(*small), CARD, PALETTE)
    assert colours(one[0][1])[0] == rgb("gold", tuple(PALETTE.items()))


def test_a_dark_fill_on_less_than_a_tenth_of_a_face_is_tinted_for_its_darkness():
    palette = tuple(PALETTE.items())
    boots = steps({"rect": {"x": 10, "y": 60, "w": 20, "h": 12, "fill": "ink"}})  # 4 % of the card, dark
    (_, boot), = ink.lightened(boots, CARD, PALETTE)
    fill, stroke = colours(boot)
    assert ink.darkness(fill) <= ink.FAINT + 0.005 and stroke == rgb("ink", palette)  # an outlined shape still
    assert boot["width"] == ink.EDGE


def test_a_band_is_tinted_and_a_heavy_outline_printed_thinner():
    palette = tuple(PALETTE.items())
    face = steps({"line": {"points": [[5, 10], [55, 10], [55, 80]], "stroke": "sea", "width": 3}},  # a band
                 {"rect": {"x": 20, "y": 20, "w": 20, "h": 20, "stroke": "ink", "width": 1.2}},
                 {"line": {"points": [[5, 85], [55, 85]], "stroke": "ink", "width": 0.2}})
    (_, band), (_, frame), (_, hairline) = ink.lightened(face, CARD, PALETTE)
    assert band["stroke"] == hex_of(ink.tint(rgb("sea", palette), ink.BAND_TINT)) and band["width"] == 3
    assert frame["width"] == ink.OUTLINE and frame["stroke"] == "ink"
    assert hairline == face[2][1]


def test_light_text_on_a_lightened_fill_turns_dark_and_text_on_a_kept_fill_stays():
    face = steps({"rect": {"x": -3, "y": -3, "w": 69.5, "h": 94.9, "fill": "sea"}},
                 {"text": {"text": "BURIED", "x": 5, "y": 10, "w": 50, "colour": "gold"}},
                 {"circle": {"x": 30, "y": 60, "r": 4, "fill": "ink"}},
                 {"text": {"text": "7", "x": 26, "y": 56, "w": 8, "h": 8, "colour": "paper", "valign": "middle"}})
    (_, back), (_, title), (_, disc), (_, number) = ink.lightened(face, CARD, PALETTE)
    palette = tuple(PALETTE.items())
    assert contrast(rgb(title["colour"], palette), rgb(back["fill"], palette)) >= 3
    assert disc["fill"] == "ink" and number["colour"] == "paper"  # on the small dark disc: as it was


def test_dark_text_is_eased_to_a_contrast_that_still_reads_well():
    face = steps({"text": {"text": "Each player rolls.", "x": 5, "y": 10, "w": 50, "size": 9, "colour": "ink"}},
                 {"text": {"text": "RULES", "x": 5, "y": 30, "w": 50, "size": 24, "fit": False, "colour": "ink"}})
    (_, body), (_, title) = ink.lightened(face, CARD, PALETTE)
    palette, white = tuple(PALETTE.items()), (1.0, 1.0, 1.0)
    assert ink.EASED <= contrast(rgb(body["colour"], palette), white) < ink.EASED + 0.3
    assert ink.EASED_LARGE <= contrast(rgb(title["colour"], palette), white) < ink.EASED_LARGE + 0.3
    assert ink.darkness(rgb(body["colour"], palette)) < ink.darkness(rgb("ink", palette))


def test_artwork_keeps_its_outlines_dark_and_tints_its_fills():
    code = ("q", ".752941 .223529 .168627 rg", "0 0 0 RG", "1 0 0 1 .5 .5 cm", ("use", 0))
    lightened, states, w, h = ink.lightened_stream((code, {}, 10.0, 10.0))
    fill = [float(part) for part in lightened[1].split()[:3]]
    assert all(part > 0.8 for part in fill) and lightened[1].endswith(" rg")
    outline = [float(part) for part in lightened[2].split()[:3]]
    assert all(0 < part < 0.5 for part in outline) and lightened[2].endswith(" RG")  # dark still
    assert lightened[3:] == code[3:] and lightened[0] == "q" and (w, h) == (10.0, 10.0)


def test_coverage_is_the_share_of_the_page_weighted_by_darkness():
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(600, 800))
    c.showPage()  # blank
    c.rect(0, 0, 600, 800, fill=1, stroke=0)
    c.showPage()  # black all over
    c.rect(0, 0, 300, 800, fill=1, stroke=0)
    c.showPage()  # half black
    c.setFillGray(0.5)
    c.rect(0, 0, 600, 800, fill=1, stroke=0)
    c.showPage()  # a mid grey all over
    c.save()
    blank, black, half, grey = coverage(buffer.getvalue())
    assert blank < 0.01 and black > 0.99 and abs(half - 0.5) < 0.02 and abs(grey - 0.5) < 0.03


def test_a_thin_line_counts_its_own_width():
    """Lines 0.2 mm wide, one every 2 mm, off the grid of dots: a tenth of the page, not the dots they touch."""
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(100 * MM, 100 * MM))
    c.setLineWidth(0.2 * MM)
    for n in range(50):
        x = (1 + 2 * n) * MM + 0.37
        c.line(x, 0, x, 100 * MM)
    c.showPage()
    c.save()
    assert coverage(buffer.getvalue()) == [pytest.approx(0.1, abs=0.003)]


def test_both_kits_side_by_side_with_their_coverage(tmp_path):
    result = run(GOLDEN, tmp_path, "--duplex", "--ink", "both")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "golden"
    assert (folder / "golden-kit-a4-duplex.pdf").is_file() and (folder / "golden-kit-a4-duplex-low-ink.pdf").is_file()
    assert (folder / "deck-a4-duplex-low-ink.pdf").is_file()
    found = dict(re.findall(r"golden-kit-(a4-duplex(?:-low-ink)?): ink coverage ([\d.]+) %", result.output))
    assert float(found["a4-duplex-low-ink"]) < 0.6 * float(found["a4-duplex"])
    assert re.search(r"golden-kit-a4-duplex-low-ink: \d+ % of the normal kit's ink", result.output)
    normal = run(GOLDEN, tmp_path, "--duplex")
    assert "coverage" not in normal.output  # measured only when asked for, or for a low-ink kit


def test_a_low_ink_kit_built_again_from_the_cache_is_the_same(tmp_path):
    first = run(GOLDEN, tmp_path / "one", "--duplex", "--ink", "low")
    again = run(GOLDEN, tmp_path / "two", "--duplex", "--ink", "low")
    assert first.exit_code == again.exit_code == 0
    name = "golden/deck-a4-duplex-low-ink.pdf"
    assert (tmp_path / "one" / "out" / name).read_bytes() == (tmp_path / "two" / "out" / name).read_bytes()


def test_a_texture_on_a_large_fill_stays_as_faint_as_it_was():
    face = steps({"rect": {"x": -3, "y": -3, "w": 69.5, "h": 94.9, "fill": "sea"}},
                 {"line": {"points": [[-3, 20], [66.5, 20]], "stroke": "#2A5A85", "width": 0.8}},  # waves
                 {"rect": {"x": 4, "y": 4, "w": 55.5, "h": 80.9, "stroke": "gold", "width": 0.9}})  # a frame
    (_, back), (_, wave), (_, frame) = ink.lightened(face, CARD, PALETTE)
    palette = tuple(PALETTE.items())
    was = contrast(rgb("#2A5A85", palette), rgb("sea", palette))  # as faint as it was, and no fainter
    assert was <= contrast(rgb(wave["stroke"], palette), rgb(back["fill"], palette)) < was + 0.1
    assert contrast(rgb(frame["stroke"], palette), rgb(back["fill"], palette)) >= 3  # stood out: stands out still


SHARE = 0.35  # the most of the normal kit's ink a low-ink kit may use (issue 28)


@pytest.mark.parametrize("slug", game_slugs())
def test_every_low_ink_kit_uses_at_most_a_share_of_the_normal_kits_ink(slug):
    """The duplex kit (the fold kit prints the same faces, each back beside its front)."""
    game = load_game(slug)
    maker = maker_for(game)
    covered = {}
    for each in ("normal", "low"):
        settings = Settings(ink=each)
        parts = lay_out(game, settings, maker)
        covered[each] = kit_coverage(coverage(write_pdf(game, parts, settings, with_contents=True, maker=maker)))
    assert covered["low"] <= SHARE * covered["normal"], f"{covered['low'] / covered['normal']:.0%} of the ink"


def test_a_cue_fill_keeps_its_colour_in_a_band_along_the_left_edge_under_what_lay_over_it():
    palette = tuple(PALETTE.items())
    face = steps({"rect": {"x": -3, "y": -3, "w": 69.5, "h": 94.9, "fill": "sea", "cue": True}},
                 {"rect": {"x": 3.5, "y": 14, "w": 56.5, "h": 71.4, "fill": "paper"}},  # a panel over it
                 {"rect": {"x": 10, "y": 4, "w": 43.5, "h": 8, "fill": "gold"}})  # no cue: no band
    drawn = ink.lightened(face, CARD, PALETTE, bleed=3)
    (_, back), (name, band), (_, panel), _ = drawn
    assert len(drawn) == 4 and name == "rect" and panel["w"] == 56.5  # the band lies under the panel
    assert back["fill"] == hex_of(ink.faint(rgb("sea", palette)))  # the fill a tint, as without the cue
    assert rgb(band["fill"], palette) == rgb("sea", palette) and band["opacity"] == 1
    assert (band["x"], band["y"], band["w"], band["h"]) == (-3, -3, 3 + ink.CUE, 94.9)  # out to the bleed's end
    assert 2 <= ink.CUE <= 4  # a band a few mm wide, not a fill


def test_several_cue_colours_share_the_band_and_a_cue_printed_as_drawn_needs_none():
    palette = tuple(PALETTE.items())
    stripes = steps(*[{"rect": {"x": -3 + 34.75 * i, "y": -3, "w": 34.75, "h": 94.9, "fill": fill, "cue": True}}
                      for i, fill in enumerate(("sea", "ink"))])
    drawn = ink.lightened(stripes, CARD, PALETTE, bleed=3)
    bands = [values for _, values in drawn[2:]]
    assert [rgb(band["fill"], palette) for band in bands] == [rgb("sea", palette), rgb("ink", palette)]
    assert [(band["y"], band["h"]) for band in bands] == [(-3, 94.9 / 2), (-3 + 94.9 / 2, 94.9 / 2)]
    pip = steps({"circle": {"x": 10, "y": 10, "r": 2, "fill": "ink", "cue": True}})  # kept in its colour
    assert ink.lightened(pip, CARD, PALETTE, bleed=3) == pip


def left_edge(face, palette: dict) -> list:
    """The colours a face paints along its left edge, 1.5 mm inside the trim, at eight heights from the top (None
    where artwork shows)."""
    paints: list = []
    painted(face.steps, Place(), paints, tuple(sorted(palette.items())))
    w, h = face.size
    return [colour_under((1.5, h * (i + 0.5) / 8), paints) for i in range(8)]


def card_fronts(slug: str) -> tuple:
    """A game, its render stage, and each of its card components -> the fronts of its cards, printed normally."""
    game = load_game(slug)
    maker = maker_for(game)
    found: dict = {}
    for part in lay_out(game, Settings(), maker):
        if part.component.kind == "cards":
            for page in part.pages:
                if page.side == "fronts":
                    found.setdefault(part.component.id, {}).update({face.key: face for _, face in page.placed})
    return game, maker, found


SORTED_BY_COLOUR = {"buried-treasure": {"game-cards", "starter-cards"}, "buccaneer": {"crew-cards"},
                    "pirates-gold": {"game-cards"}}  # the decks whose cards' left edges differ in colour


@pytest.mark.parametrize("slug", game_slugs())
def test_cards_told_apart_by_the_colour_of_their_left_edge_keep_it_in_low_ink(slug):
    """A deck whose cards' left edges show different colours (suits, values, kinds) is sorted by them: held in a
    hand fanned left to right, that edge is what shows. Low ink keeps each card's colour there, at full strength
    (sharing the band with the card's other cue colours, as a wild card of four suits does)."""
    game, maker, decks = card_fronts(slug)
    told_apart = set()
    for component, faces in decks.items():
        normal = {key: left_edge(face, game.palette)[0] for key, face in faces.items()}
        if len(set(normal.values())) < 2:
            continue  # one colour for the whole deck (Cannon Dice's sea-blue action cards): nothing to sort by
        told_apart.add(component)
        for key, face in faces.items():
            kept = left_edge(maker.low_ink(face), game.palette)
            assert normal[key] in kept, f"{component}: {face.where} loses its colour {hex_of(normal[key])}: {kept}"
    assert told_apart == SORTED_BY_COLOUR.get(slug, set())
