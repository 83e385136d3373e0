"""What each kind lays out and says, on components made here: cards' gutters and the note on their bleed, tokens'
outlines, numbered sheets, dice, standees and boxes as nets, a proof's label, the steps the program writes
itself, and each kind's tally (pnp/layout/cards.py, cutouts.py, requests.py, kinds.py)."""
from __future__ import annotations

import math
import re

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.errors import DataError, Where
from pnp.layout import kinds, nets
from pnp.layout.cards import (FOLD_STOCK, bleed_note, card_advice, card_faces, card_gutter, card_pages, fold_stock,
                              sheet_advice, sheet_count, sheet_faces, sheet_pages, token_advice, token_outline,
                              token_pages)
from pnp.layout.cutouts import (NET_GAP, WASTE, box_advice, box_nets, box_pages, check_bar, die_faces, die_net,
                                die_pages, envelope_shape, net_advice, net_pages, net_shape, standee_advice,
                                standee_net, standee_pages)
from pnp.layout.duplex_test import duplex_test_pages
from pnp.layout.imposition import NoRoom, Settings, Spacing
from pnp.layout.kinds import LAYOUTS, tally
from pnp.layout.requests import (WIDE, Drawn, Inline, Made, Raw, _label_size, labelled, layered, line_step, overlaid,
                                 scale_bar, text_step)
from pnp.model.game import Card, Component
from pnp.model.paper import PAPERS
from pnp.model.units import PT
from pnp.typeset.text import CAP, font

pytestmark = pytest.mark.quick

HERE = Where("made.yaml")
POKER = (63.5, 88.9)


def deck(n=9, size=POKER, bleed=3.0, gutter=None, back="back.svg", kind="cards", stock=None, counts=None, **options):
    cards = tuple(Card(f"c{i}", (counts or [1] * n)[i], {"name": f"card {i}"}, back, HERE.at(f"c{i}"))
                  for i in range(n))
    return Component("deck", kind, "Deck (old)", "front.svg", size, stock or {"duplex": "card stock"}, HERE,
                     {"bleed": bleed, "gutter": gutter, **options}, cards)


def test_the_gutter_is_the_command_line_s_else_the_data_s_else_none_where_every_cut_keeps_its_marks():
    assert card_gutter(deck(), Settings()) == 0.0  # nine poker cards on A4 keep every mark sharing cuts
    assert card_gutter(deck(gutter=2.0), Settings()) == 2.0
    assert card_gutter(deck(gutter="bleed"), Settings()) == 6.0
    assert card_gutter(deck(gutter=2.0), Settings(gutter=1.0)) == 1.0
    assert card_gutter(deck(gutter=2.0), Settings(gutter="bleed")) == 6.0
    assert card_gutter(deck(gutter=2.0), Settings(gutter=0.0)) == 0.0
    assert card_gutter(deck(size=(200.0, 280.0)), Settings()) == 6.0  # no room for marks: their own bleed


def test_the_bleed_note_says_nothing_when_every_card_fits_one_page_with_its_bleed_and_marks():
    assert bleed_note(deck(n=4, size=(40.0, 40.0)), Settings()) == ""
    assert bleed_note(deck(bleed=0.0), Settings()) == ""


def test_the_bleed_note_says_how_many_a_page_and_what_the_paper_leaves_of_the_bleed():
    shared = bleed_note(deck(n=30), Settings())
    assert shared.startswith("9 cards a page") and "1.2 mm of bleed" in shared and "(8 a page)" in shared
    own = bleed_note(deck(n=30, gutter="bleed"), Settings())
    assert own.startswith("8 cards a page") and "own 3 mm bleed" in own and "fit 9 a page" in own
    big = bleed_note(deck(size=(195.0, 280.0)), Settings())
    assert big.startswith("1 card a page") and "no room for bleed" in big and "cut along the drawn lines" in big
    assert "fit" not in big  # sharing cuts would fit no more
    for note in (shared, own, big):  # sentences, none begun in lower case
        assert not any(sentence[0].islower() for sentence in note.split(". ")), note
    turned = bleed_note(deck(n=30), Settings(paper=PAPERS["letter"]))
    assert turned.startswith("8 cards a page, turned on their sides so that every cut") and "upright, 9" in turned
    assert "(6 a page)" in turned
    sideways = bleed_note(deck(gutter=2.0), Settings())
    assert "turned on their sides, neighbours" in sideways


def test_cards_advice_says_how_to_print_them_in_each_form():
    duplex = card_advice(deck(), Settings())
    assert "flip on the long edge" in duplex and "on card stock" in duplex
    assert "flip on the short edge" in card_advice(deck(), Settings(short_edge=True))
    folded = card_advice(deck(), Settings(fold=True))
    assert folded.startswith(f"Print one-sided on {FOLD_STOCK}.") and "4 cards a page" in folded
    own = card_advice(deck(stock={"fold": "thin paper"}), Settings(fold=True))
    assert own.startswith("Print one-sided on thin paper.")
    assert fold_stock(deck(stock={"duplex": "card"})) == FOLD_STOCK
    assert card_advice(deck(), Settings(shop=True)).startswith("For a print shop")
    assert card_advice(deck(n=4, size=(40.0, 40.0)), Settings()).endswith("Cut on the crop marks.")


def test_every_card_is_laid_out_count_times_each_with_its_back():
    cards = deck(n=2, counts=[3, 1])
    pages = card_pages(None, cards, Settings())
    assert [page.side for page in pages] == ["fronts", "backs"] and len(pages[0].placed) == 4
    fronts = [face.context["card"]["id"] for _, face in pages[0].placed]
    assert fronts == ["c0", "c0", "c0", "c1"]
    assert all(face.template == "back.svg" for _, face in pages[1].placed)
    first = pages[0].placed[0][1]
    assert (first.template, first.size, first.bleed, first.context["piece"]) == ("front.svg", POKER, 3.0,
                                                                                first.context["card"])
    assert first.where == cards.cards[0].where
    assert [page.side for page in card_pages(None, cards, Settings(fold=True))] == ["fold-and-glue"]
    one_sided = deck(n=2, back=None)
    assert [page.side for page in card_pages(None, one_sided, Settings(fold=True))] == ["sheets"]
    shop = card_pages(None, cards, Settings(shop=True))
    assert [page.side for page in shop] == ["front", "back"] * 4 and shop[0].size == (69.5, 94.9)
    proof = card_pages(None, cards, Settings(proof=True))
    assert proof[0].placed[0][1].key[1] == "\nproof: c0" and isinstance(proof[1].placed[0][1], Drawn)


def test_a_card_s_outline_is_drawn_over_its_front_and_its_back():
    outline = [{"circle": {"x": 1, "y": 1, "r": 1}}]
    front, back = card_faces(deck(n=1), deck(n=1).cards[0], 0, outline)
    assert isinstance(front, Made) and isinstance(back, Made) and front.steps[1].steps == outline
    assert front.steps[0].face.template == "front.svg" and back.steps[0].face.template == "back.svg"
    assert card_faces(deck(n=1, back=None), deck(n=1, back=None).cards[0], 0, outline)[1] is None


def test_a_card_s_faces_hold_its_record_not_a_copy_of_its_fields():
    """A big deck asks for thousands of faces: what each card's templates see is made from its record when they
    ask, not held by its requests."""
    component = deck(n=1)
    card = component.cards[0]
    front, back = card_faces(component, card, 0)
    seen = {"card": {"id": "c0", "count": 1, "name": "card 0"}, "piece": {"id": "c0", "count": 1, "name": "card 0"}}
    assert front.context == back.context == seen and front.context is not front.context
    assert not any(isinstance(getattr(front, name), dict) for name in Drawn.__slots__)


def tokens(shape: str, size=(20.0, 30.0), back=None) -> Component:
    return deck(n=1, size=size, bleed=1.5, gutter=3.0, kind="tokens", back=back, shape=shape)


def test_a_token_s_outline_is_inscribed_in_its_box_round_or_flat_topped_six_sided():
    (circle,) = token_outline(tokens("circle"))
    assert circle == {"circle": {"x": 10.0, "y": 15.0, "r": 10.0, "stroke": "#000000", "width": 0.2}}
    (hexagon,) = token_outline(tokens("hex"))
    points = hexagon["polygon"]["points"]
    assert len(points) == 6 and hexagon["polygon"]["stroke"] == "#000000" and hexagon["polygon"]["width"] == 0.2
    assert points[0] == pytest.approx([20.0, 15.0]) and points[1] == pytest.approx([15.0, 15.0 + 5 * math.sqrt(3)])
    wide = token_outline(tokens("hex", size=(40.0, 20.0)))[0]["polygon"]["points"]
    assert all(math.dist(point, (20.0, 10.0)) == pytest.approx(20 / math.sqrt(3)) for point in wide)
    assert token_outline(tokens("square")) == []


def test_a_token_s_advice_says_how_to_cut_its_shape():
    circle = token_advice(tokens("circle", size=(16.0, 16.0)), Settings())
    assert circle.startswith("Print one-sided on card stock.") and "16 mm circle punch" in circle
    assert "six-sided outline" in token_advice(tokens("hex"), Settings())
    backed = token_advice(tokens("square", back="back.svg"), Settings())
    assert "double-sided" in backed and "punch" not in backed and "six-sided" not in backed
    assert "20 mm circle punch" in token_advice(tokens("circle", size=(20.0, 30.0)), Settings())


def sheets(count=3, numbered=False, background=None) -> Component:
    return Component("pad", "sheet", "Score pad", "pad.svg", (90.0, 120.0), {"duplex": "paper"}, HERE,
                     {"count": count, "numbered": numbered, "background": background})


def test_numbered_sheets_print_as_many_as_asked_each_told_its_number_over_their_shared_background():
    assert sheet_count(sheets(3), Settings(sheets=7)) == 3
    assert sheet_count(sheets(3, numbered=True), Settings(sheets=7)) == 7
    assert sheet_count(sheets(3, numbered=True), Settings()) == 3
    plain = sheet_faces(sheets(), 2)
    assert [face.context for face in plain] == [{"sheet": {"number": 1}}, {"sheet": {"number": 2}}]
    assert plain[0].over is None and plain[0].bleed == 0.0 and plain[0].size == (90.0, 120.0)
    layered_faces = sheet_faces(sheets(background="bg.svg"), 2)
    under = layered_faces[0].steps[0][1]["face"]
    assert under.template == "bg.svg" and layered_faces[1].steps[0][1]["face"] is under
    assert layered_faces[1].steps[1].face.over is under and layered_faces[1].steps[1].face.context == {
        "sheet": {"number": 2}}
    pages = sheet_pages(None, sheets(5, numbered=True), Settings(sheets=5))
    assert sum(len(page.placed) for page in pages) == 5 and {page.side for page in pages} == {"sheets"}
    assert "the 4 sheets are numbered" in sheet_advice(sheets(2, numbered=True), Settings(sheets=4))
    assert sheet_advice(sheets(2), Settings()).startswith("Print one-sided on paper, as many copies")


def die(count=2) -> Component:
    return Component("d6", "die", "Die", "d.svg", (16.0, 16.0), {"duplex": "card"}, HERE,
                     {"count": count, "faces": [1, 2, 3, 4, 5, 6]})


def test_a_die_is_a_cross_of_six_faces_each_told_its_value_on_pages_of_nets_four_mm_apart():
    panels, tabs, size = die_net(die())
    assert size == (69.6, 48.0) and len(panels) == 6
    assert [face.context for face in die_faces(die())][:2] == [{"face": {"value": 1, "index": 0}},
                                                               {"face": {"value": 2, "index": 1}}]
    assert all(face.size == (16.0, 16.0) and face.bleed == 0.0 for face in die_faces(die()))
    (page,) = die_pages(None, die(3), Settings())
    assert len(page.placed) == 3 and not page.marks and page.spacing.gutter == 4.0
    net = page.placed[0][1]
    assert net.key == ("net|d6|",) and net.size == size and net.by_steps
    groups = [values for name, values in net.steps[:6]]
    values = [values["steps"].context["face"]["value"] for values in groups]
    assert sorted(values) == [1, 2, 3, 4, 5, 6]
    by_name = {panel.name: panel for panel in panels}
    assert all((values["x"], values["y"]) in {(p.x, p.y) for p in by_name.values()} for values in groups)
    assert "Print one-sided on card." in net_advice(die(), Settings())


def test_a_net_drawn_by_the_data_is_checked_and_its_template_told_its_panels():
    good = Component("n", "net", "Net", "n.svg", None, {}, HERE,
                     {"panels": {"a": {"x": 5.0, "y": 5.0, "w": 20.0, "h": 10.0},
                                 "b": {"x": 25.0, "y": 5.0, "w": 20.0, "h": 10.0}}, "tabs": [], "count": 2})
    panels, tabs, size = net_shape(good)
    assert [(p.name, p.x, p.y) for p in panels] == [("a", 0.0, 0.0), ("b", 20.0, 0.0)] and size == (40.0, 10.0)
    (page,) = net_pages(None, good, Settings())
    face = page.placed[0][1]
    assert len(page.placed) == 2 and isinstance(face.steps[0], Inline)
    assert face.steps[0].face.context == {"panels": {"a": {"x": 0.0, "y": 0.0, "w": 20.0, "h": 10.0},
                                                     "b": {"x": 20.0, "y": 0.0, "w": 20.0, "h": 10.0}}}
    apart = Component("n", "net", "Net", "n.svg", None, {}, HERE,
                      {"panels": {"a": {"x": 0.0, "y": 0.0, "w": 20.0, "h": 10.0},
                                  "b": {"x": 50.0, "y": 0.0, "w": 20.0, "h": 10.0}}, "tabs": [], "count": 1})
    with pytest.raises(DataError) as error:
        net_shape(apart)
    assert all(where.file == "made.yaml" and where.field for where, _ in error.value.problems)


def test_an_envelope_holds_its_card_with_ease_its_flap_filled():
    envelope = Component("e", "envelope", "Envelope", "e.svg", (60.0, 90.0), {}, HERE,
                         {"ease": 4.0, "flap": 25.0, "tab": 10.0, "flap_fill": "#ABCDEF", "count": 1})
    panels, tabs, size = envelope_shape(envelope)
    widest = max(panels, key=lambda panel: panel.w * panel.h)
    assert (widest.w, widest.h) == (64.0, 94.0)
    assert [tab.fill for tab in tabs if tab.edge == "flap"] == ["#ABCDEF"]
    assert all(tab.fill != "#ABCDEF" for tab in tabs if tab.edge != "flap")


def standees(base="tabs", fill=None, count=2) -> Component:
    return Component("s", "standees", "Standees", "s.svg", (30.0, 50.0), {"duplex": "card"}, HERE,
                     {"foot": 15.0, "base": base, "base_fill": fill},
                     (Card("hero", count, {"name": "Hero"}, None, HERE),))


def test_a_standee_s_net_has_room_for_its_fold_marks_and_a_slot_base_below_it():
    panels, fold, slot, size = standee_net(standees())
    assert [(p.name, p.x, p.y) for p in panels] == [("back foot", 4.0, 4.0), ("back", 4.0, 19.0),
                                                    ("front", 4.0, 69.0), ("front foot", 4.0, 119.0)]
    assert fold == 69.0 and slot is None and size == (38.0, 138.0) and WASTE + 1 == 4.0
    panels, fold, slot, size = standee_net(standees("slot"))
    base = panels[-1]
    assert base.name == "base" and base.y == panels[-2].y + panels[-2].h + NET_GAP
    assert fold == 60.0 and slot == ((9.7, 135.0), (40.3, 135.0)) and size == (50.0, 154.0)


def test_a_standee_s_two_sides_hang_from_its_fold_the_back_mirrored_its_base_filled():
    (page,) = standee_pages(None, standees("slot", "#123456"), Settings(proof=True))
    assert len(page.placed) == 2 and not page.marks and page.spacing.gutter == NET_GAP
    face = page.placed[0][1]
    assert face.key[1] == "\nproof: hero"
    inner = face.steps[0].face
    (front_name, front), (back_name, back) = inner.steps[:2]
    assert front["steps"].context["side"] == "front" and back["steps"].context["side"] == "back"
    assert front["steps"].where is back["steps"].where is standees().cards[0].where
    assert back["mirror"] is True and "mirror" not in front and front["y"] == back["y"] == 60.0
    fills = inner.steps[2]
    assert isinstance(fills, Raw) and [step["rect"]["fill"] for step in fills.steps] == ["#123456"]
    assert inner.key == ("standee|s|hero|",)
    assert any(step[0] == "line" and step[1].get("points") == [[9.7, 135.0], [40.3, 135.0]]
               for step in inner.steps if isinstance(step, tuple))
    (plain,) = standee_pages(None, standees(), Settings())
    assert plain.placed[0][1].key == ("standee|s|hero|",)
    assert plain.marks is False and plain.spacing.bleed == 0.0 and not plain.cut_lines
    two = Component("s", "standees", "Standees", "s.svg", (30.0, 50.0), {}, HERE,
                    {"foot": 15.0, "base": "tabs", "base_fill": None},
                    (Card("hero", 2, {}, None, HERE), Card("villain", 1, {}, None, HERE)))
    (both,) = standee_pages(None, two, Settings())
    assert [face.key[0] for _, face in both.placed] == ["standee|s|hero|"] * 2 + ["standee|s|villain|"]
    assert "fold the two feet out" in standee_advice(standees(), Settings())
    assert "push the figure's foot" in standee_advice(standees("slot"), Settings())


def box(compartments=3) -> Component:
    return Component("b", "box", "Box", "b.svg", None, {"duplex": "card"}, HERE,
                     {"inner": [60.0, 40.0, 20.0], "compartments": compartments, "thickness": 0.3,
                      "clearance": 1.0}, (Card("crate", 1, {}, None, HERE),))


def test_a_box_is_a_tray_a_sleeve_and_its_dividers_headed_by_a_bar_to_measure():
    parts = box_nets(box())
    assert list(parts) == ["tray", "sleeve", "divider"] and list(box_nets(box(1))) == ["tray", "sleeve"]
    assert parts["tray"][2] == (108.3, 88.3) and min(p.x for p in parts["tray"][0]) >= WASTE + 1 - 1e-9
    (page,) = box_pages(None, box(), Settings(proof=True))
    assert page.placed[0][1].size == (100.0, 6.4) and len(page.placed) == 5
    labels = [face.key[1] for _, face in page.placed[1:]]
    assert labels == ["\nproof: crate tray", "\nproof: crate sleeve", "\nproof: crate divider",
                      "\nproof: crate divider"]
    (plain,) = box_pages(None, box(2), Settings())
    assert [face.key[0] for _, face in plain.placed] == ["check-bar|100.0", "box|b|tray|", "box|b|sleeve|",
                                                         "box|b|divider|"]
    decoration = plain.placed[1][1].steps[0].face
    assert decoration.context["part"] == "tray" and set(decoration.context["panels"]) == {
        p.name for p in box_nets(box(2))["tray"][0]}
    assert "Each divider" in box_advice(box(), Settings()) and "divider" not in box_advice(box(1), Settings())


def test_a_proof_label_sits_at_a_face_s_foot_or_up_its_right_edge_when_the_face_is_too_narrow():
    face = Drawn("x.svg", POKER, 3.0, HERE, {})
    made = labelled(face, "c1")
    assert made.key == (face, "\nproof: c1") and made.size == POKER and made.bleed == 3.0 and made.where is HERE
    inline, (_, backing), (_, text) = made.steps
    assert inline.face is face
    assert text == {"text": "c1", "x": 2.0, "y": pytest.approx(88.9 - 2.6), "w": pytest.approx(59.5), "h": None,
                    "size": 6.0, "font": "sans", "colour": "#555555", "align": "right", "valign": "top",
                    "leading": 1.2, "fit": False, "rotate": 0.0, "opacity": 1.0}
    assert backing == {"x": pytest.approx(63.5 - 2.0 - 2.6), "y": pytest.approx(88.9 - 2.9), "w": pytest.approx(3.1),
                       "h": 2.7, "r": 0.6, "fill": "#FFFFFF", "stroke": "none", "width": 0.0, "dash": None,
                       "opacity": 0.8}
    narrow = labelled(Drawn("x", (10.0, 40.0), 1.0, HERE, {}), "a-long-label-id")
    (_, backing), (_, text) = narrow.steps[1:]
    assert text["rotate"] == 90.0 and text["size"] == 6.0
    assert (text["x"], text["y"], text["w"], text["h"]) == pytest.approx((-9.6, 18.7, 36.0, 2.6))
    assert (backing["x"], backing["y"], backing["w"], backing["h"]) == pytest.approx((7.1, 2.0, 2.7, 20.0))
    tiny = labelled(Drawn("x", (10.0, 15.0), 1.0, HERE, {}), "a-long-label-id")
    size = tiny.steps[2][1]["size"]
    assert size == pytest.approx(0.97 * 11.0 * PT / stringWidth("a-long-label-id", font("sans"), 1.0)) and size < 6.0
    wide = labelled(Drawn("x", (40.0, 10.0), 1.0, HERE, {}), "a-very-long-label-for-a-small-face")
    assert wide.steps[2][1]["rotate"] == 0.0 and wide.steps[2][1]["size"] < 6.0
    assert labelled(face, "").steps[2][1]["size"] == 6.0
    assert _label_size("ab", 10.0) == pytest.approx(2 * _label_size("ab", 5.0))


def test_a_face_over_another_and_a_face_with_steps_over_it():
    under, over = Drawn("a", (10.0, 20.0), 1.0, HERE, {}), Drawn("b", (10.0, 20.0), 2.0, Where("b.yaml"), {})
    both = layered(under, over)
    assert both.key == (under, "\n", over) and both.steps[0] == ("underlay", {"face": under})
    assert both.steps[1].face is over and both.size == (10.0, 20.0) and both.bleed == 2.0
    assert both.where.file == "b.yaml"
    assert overlaid(over, [], "outline") is over
    drawn = overlaid(over, [{"circle": {}}], "outline")
    assert drawn.key[:2] == (over, "\noutline: ") and drawn.key[2] is drawn.steps[1]
    assert drawn.steps[0].face is over and drawn.steps[1].steps == [{"circle": {}}] and drawn.bleed == 2.0


def test_a_text_step_s_first_baseline_falls_where_asked_escaped_unless_markup():
    name, values = text_step("*a*", 1.0, 10.0, 6.0, "sans", "#000000")
    assert name == "text" and values["text"] == "\\*a\\*" and values["y"] == pytest.approx(10.0 - 6.0 * CAP / PT)
    assert (values["x"], values["w"], values["h"], values["align"], values["valign"]) == (1.0, 200.0, None, "left",
                                                                                          "top")
    assert (values["leading"], values["fit"], values["rotate"], values["opacity"]) == (1.2, False, 0.0, 1.0)
    assert text_step("*a*", 0, 0, 6, "bold", "#111111", "center", 50.0, markup=True)[1]["text"] == "*a*"
    assert line_step(1, 2, 3, 4, "#111111", 0.3) == ("line", {"points": [[1, 2], [3, 4]], "stroke": "#111111",
                                                              "fill": "none", "width": 0.3, "dash": None,
                                                              "opacity": 1.0})


def test_a_tally_counts_pieces_else_copies_placed_on_pages_not_printed_behind_others():
    assert tally(deck(n=2, counts=[3, 2]), []) == "5 cards"
    assert tally(standees(count=1), []) == "1 standee"
    pages = die_pages(None, die(3), Settings())
    assert tally(die(3), pages) == "3 copies"
    net = Component("n", "net", "Net", "n.svg", None, {}, HERE, {"count": 1})
    front = die_pages(None, die(1), Settings())
    assert tally(net, front) == "1 copy"
    backed = card_pages(None, deck(n=2), Settings())
    assert tally(Component("n", "net", "Net", "n.svg", None, {}, HERE, {}), backed) == "2 copies"


def test_each_kind_s_footprint_and_sample():
    assert LAYOUTS["cards"].footprint(deck()) == POKER and LAYOUTS["rules"].footprint(deck()) is None
    assert LAYOUTS["die"].footprint(die()) == (69.6, 48.0)
    assert LAYOUTS["standees"].footprint(standees()) == (38.0, 138.0)
    assert LAYOUTS["box"].footprint(box()) == (108.3, 88.3)
    (page,) = box_pages(None, box(), Settings())
    assert LAYOUTS["box"].sample([page]).key[0] == "box|b|tray|"  # not the bar heading the page
    assert LAYOUTS["cards"].sample(card_pages(None, deck(n=1), Settings())).context["card"]["id"] == "c0"
    assert LAYOUTS["cards"].shop and LAYOUTS["board"].shop and not LAYOUTS["tokens"].shop
    assert LAYOUTS["envelope"].pages.__name__ == "<lambda>" and kinds.cutouts.module == "cutouts"
    assert kinds.cutouts.box_nets(box()) == box_nets(box())


def placed_texts(page) -> list[tuple[str, float, float, str, float, str]]:
    """Each text of a drawn page as (text, its markup's escapes taken out, x it is centred on or starts at, its
    baseline in mm from the page's foot, its alignment, its size, its face)."""
    h = page.size[1]
    found = []
    for kind, values in page.flat.steps:
        if kind == "text":
            x = values["x"] + values["w"] / 2 if values["align"] == "center" else values["x"]
            baseline = h - (values["y"] + values["size"] * CAP / PT)
            found.append((values["text"].replace("\\", ""), round(x, 6), round(baseline, 6), values["align"],
                          values["size"], values["font"]))
    return found


def test_the_duplex_test_s_scales_are_numbered_beside_their_ticks_and_named_x_and_y():
    settings = Settings(back_offset=(2.0, -1.0))
    front, back = duplex_test_pages(settings)
    w, h = settings.size
    cx, cy = w / 2 + 2.0, h / 2 - 1.0
    texts = placed_texts(back)
    x_numbers = {text: (x, y) for text, x, y, align, size, face in texts if align == "center" and size == 6}
    assert x_numbers == {text: (round(cx + i, 6), round(cy - 22.5, 6))
                         for text, i in (("-10", -10), ("-5", -5), ("0", 0), ("+5", 5), ("+10", 10))}
    y_numbers = sorted((y, text, x) for text, x, y, align, size, face in texts if align == "left" and size == 6)
    assert [(text, x) for _, text, x in y_numbers] == [(text, round(cx + 24, 6)) for text in
                                                       ("-10", "-5", "0", "+5", "+10")]
    assert [y for y, _, _ in y_numbers] == pytest.approx([cy + i - 0.6 for i in (-10, -5, 0, 5, 10)])
    named = {text: (x, y, align, size) for text, x, y, align, size, face in texts if text in ("X", "Y")}
    assert named == {"X": (round(cx, 6), round(cy - 26, 6), "center", 7),
                     "Y": (round(cx + 29, 6), round(cy - 0.8, 6), "left", 7)}
    assert {face for *_, face in texts} == {"sans", "bold"}
    headings = [(text, x, face) for text, x, y, align, size, face in placed_texts(front) + texts if size == 14]
    assert headings == [("FRONT: print this file double-sided", w / 2, "bold"),
                        ("BACK: hold to the light", w / 2, "bold")]
    assert any("A4 (210 × 297 mm) · 100 % · flip on the long edge" == text for text, *_ in placed_texts(front))


def test_the_duplex_test_pages_are_drawn_whole_without_furniture_each_kept_by_its_settings():
    settings = Settings(back_offset=(2.0, -1.0))
    front, back = duplex_test_pages(settings)
    for page, side in ((front, "front"), (back, "back")):
        assert page.side == side and not page.marks and not page.furniture and page.placed == []
        assert page.size == settings.size and page.flat.size == settings.size and page.flat.bleed == 0.0
    assert duplex_test_pages(Settings())[1].flat.key != back.flat.key
    h = settings.size[1]
    bar = [values for kind, values in front.flat.steps if kind == "rect"]
    assert bar[0]["x"] == pytest.approx(settings.size[0] / 2 - 25.0) and bar[0]["y"] == pytest.approx(h - 20.0 - 1.2)
    arms = [values["width"] for kind, values in front.flat.steps if kind == "line"]
    assert arms == [pytest.approx(0.2 / PT)] * 2
    (ring,) = [values for kind, values in front.flat.steps if kind == "circle"]
    assert ring == {"x": settings.size[0] / 2, "y": h - h / 2, "r": 2.0, "fill": "none", "stroke": "#000000",
                    "width": pytest.approx(0.2 / PT), "dash": None, "opacity": 1.0}
    fonts = {text: face for text, x, y, align, size, face in placed_texts(front)}
    assert fonts["A4 (210 × 297 mm) · 100 % · flip on the long edge"] == "sans"


def test_the_rules_picture_shows_each_other_component_s_first_face_leaving_out_those_that_cannot_be_laid_out():
    big = deck(n=2, size=(400.0, 400.0))
    game = type("Game", (), {})()
    rules = Component("rules", "rules", "Rules", None, None, {}, HERE, {})
    game.components = {"deck": deck(n=2), "huge": big, "rules": rules, "pad": sheets(2)}
    pictures = kinds.component_pictures(game, Settings(proof=True))
    assert [(picture.caption, picture.count) for picture in pictures] == [("Deck", "2 cards"),
                                                                           ("Score pad", "2 copies")]
    first = pictures[0].face
    assert isinstance(first, Drawn) and first.context["card"]["id"] == "c0"  # no proof label in a picture
    laid = {"deck": card_pages(None, deck(n=1), Settings()), "pad": sheet_pages(None, sheets(1), Settings())}
    known = kinds.component_pictures(game, Settings(), laid)
    assert [(picture.caption, picture.count) for picture in known] == [("Deck", "2 cards"), ("Score pad", "1 copy")]
    assert known[0].face == laid["deck"][0].placed[0][1]  # (the same card's request, made again when asked for)
    refused = kinds.component_pictures(game, Settings(), {"deck": NoRoom("too big")})
    assert [picture.caption for picture in refused] == ["Score pad"]
    with pytest.raises(ValueError):
        kinds.component_pictures(game, Settings(), {"deck": ValueError("a fault of pnp's own")})
    proofed = kinds.component_pictures(game, Settings(proof=True), laid)
    assert [picture.count for picture in proofed] == ["2 cards", "2 copies"]  # laid out again, not as a proof


def test_a_component_s_picture_is_laid_out_for_its_game_without_proof_labels(monkeypatch):
    asked = []

    def pages(game, component, settings):
        asked.append((game, settings))
        return card_pages(game, component, settings)

    monkeypatch.setattr(kinds, "LAYOUTS", {**LAYOUTS, "cards": kinds.Layout(pages, card_advice)})
    game = type("Game", (), {})()
    game.components = {"deck": deck(n=1)}
    kinds.component_pictures(game, Settings(proof=True, paper=PAPERS["letter"]))
    assert asked == [(game, Settings(proof=False, paper=PAPERS["letter"]))]


def test_a_layout_module_loaded_later_is_called_with_every_argument():
    envelope = Component("e", "envelope", "Envelope", "e.svg", (60.0, 90.0), {}, HERE,
                         {"ease": 4.0, "flap": 25.0, "tab": 10.0, "flap_fill": None, "count": 1})
    (page,) = kinds.cutouts.net_pages(None, envelope, Settings(), shape=envelope_shape)
    assert page.placed[0][1].size == envelope_shape(envelope)[2]


def test_the_duplex_test_s_ticks_rise_from_their_scales_away_from_the_numbers():
    settings = Settings(back_offset=(1.0, 2.0))
    _, back = duplex_test_pages(settings)
    w, h = settings.size
    cx, cy = w / 2 + 1.0, h / 2 + 2.0
    lines = [(a[0], h - a[1], b[0], h - b[1]) for kind, values in back.flat.steps if kind == "line"
             for a, b in [values["points"]]]
    across = [line for line in lines if line[0] == line[2] and abs(line[3] - line[1]) <= 3.0]
    assert len(across) == 21 and all(y0 == pytest.approx(cy - 20) and y1 > y0 for _, y0, _, y1 in across)
    up = [line for line in lines if line[1] == line[3] and abs(line[2] - line[0]) <= 3.0]
    assert len(up) == 21 and all(x0 == pytest.approx(cx + 20) and x1 > x0 for x0, _, x1, _ in up)


def test_a_proof_label_turns_up_the_edge_only_on_a_face_taller_than_wide_too_narrow_for_it_at_6_pt():
    label = "card-id-0042"  # 6 pt across 14 mm, a little less: a face 18 mm wide holds it, one 17.8 mm wide not
    assert _label_size(label, 14.0) > 6.0 > _label_size(label, 13.8)

    def rotation(w, h):
        return labelled(Drawn("x", (w, h), 0.0, HERE, {}), label).steps[2][1]["rotate"]

    assert (rotation(18.0, 60.0), rotation(17.8, 60.0), rotation(17.8, 17.8)) == (0.0, 90.0, 0.0)


def test_a_standee_s_steps_place_each_side_at_the_fold_told_its_piece_and_fill_its_base():
    component = standees("slot", "#123456")
    (page,) = standee_pages(None, component, Settings())
    face = page.placed[0][1]
    panels, fold, slot, size = standee_net(component)
    front_panel = next(panel for panel in panels if panel.name == "front")
    (front_name, front), (back_name, back), fills = face.steps[:3]
    context = component.cards[0].context()
    for name, values, side, mirrored in (("group", front, "front", {}), ("group", back, "back", {"mirror": True})):
        drawn = values["steps"]
        assert values == {"x": front_panel.x, "y": fold, "rotate": 0.0, **mirrored, "steps": drawn}
        assert (drawn.template, drawn.size, drawn.bleed) == ("s.svg", (30.0, 50.0), 0.0)
        assert drawn.context == {"piece": context, "card": context, "side": side}
    assert front_name == back_name == "group"
    assert fills.steps == [{"rect": {"fill": "#123456", "x": p.x, "y": p.y, "w": p.w, "h": p.h}}
                           for p in panels if p.name not in ("front", "back")]
    assert face.size == size and face.bleed == 0.0 and face.where is component.cards[0].where and face.by_steps
    base = [p for p in panels if p.name == "base"]
    cuts = nets.net_steps([p for p in panels if p.name != "base"], [], marks=WASTE) + nets.net_steps(base, [])
    assert list(face.steps[3:]) == cuts + [("line", {"points": [list(point) for point in slot], **nets.CUT})]


def test_a_proof_label_is_a_backing_rectangle_then_its_text():
    steps = labelled(Drawn("x", POKER, 0.0, HERE, {}), "c1").steps
    assert [step[0] for step in steps[1:]] == ["rect", "text"]


@pytest.mark.parametrize("width, says", [
    (63.0, ""),  # room for the whole bleed and the marks: nothing worth saying
    (62.0, "room for only 2.5 mm of bleed"),
    (58.0, "room for only 0.5 mm of bleed"),
    (57.0, "no room for bleed"),
])
def test_the_bleed_note_says_what_is_left_of_the_bleed_of_a_card_alone_on_a_narrow_page(width, says):
    note = bleed_note(deck(n=1, size=(40.0, 40.0)), Settings(size=(width, 75.0), margin=5.0))
    assert (says in note) if says else note == ""
    assert ("room for only" in note) == ("room for only" in says)


def test_nets_print_unmarked_without_bleed_four_mm_apart_and_sheets_edge_to_edge():
    good = Component("n", "net", "Net", "n.svg", None, {}, HERE,
                     {"panels": {"a": {"x": 0.0, "y": 0.0, "w": 20.0, "h": 10.0}}, "tabs": [], "count": 3})
    for page in (die_pages(None, die(2), Settings())[0], net_pages(None, good, Settings())[0]):
        assert page.marks is False and page.spacing.bleed == 0.0 and page.spacing.gutter == 4.0
        assert page.side == "sheets" and not page.cut_lines
    assert len(net_pages(None, good, Settings())[0].placed) == 3
    (pad,) = sheet_pages(None, sheets(2), Settings())
    assert (pad.spacing.bleed, pad.spacing.gutter, pad.marks) == (0.0, 0.0, True)
    (boxes,) = box_pages(None, box(2), Settings())
    assert boxes.spacing == Spacing(0.0, NET_GAP, False, True) and boxes.marks is False


def test_tokens_are_laid_out_as_cards_each_face_with_its_outline():
    (page,) = token_pages(None, tokens("circle"), Settings())
    face = page.placed[0][1]
    assert len(page.placed) == 1 and face.steps[1].steps == token_outline(tokens("circle"))
    assert page.spacing.gutter == 3.0 and page.spacing.bleed == 1.5


def test_the_scale_bar_s_steps_exactly():
    steps = scale_bar(12.0, 8.0, 297.0)
    top = 297.0 - 8.0 - 1.2
    plain = {"r": 0.0, "dash": None, "opacity": 1.0}
    assert steps[:4] == [("rect", {"x": 12.0 + 10.0 * i, "y": top, "w": 10.0, "h": 1.2, "fill": "#000000",
                                   "stroke": "none", "width": 0.0, **plain}) for i in (0, 2, 4)] + [
        ("rect", {"x": 12.0, "y": top, "w": 50.0, "h": 1.2, "fill": "none", "stroke": "#000000", "width": 0.25,
                  **plain})]
    (name, label), = steps[4:]
    assert name == "text" and label == text_step("this bar must measure 50 mm", 12.0 + 25.0 - WIDE / 2,
                                                 297.0 - 8.0 - 1.9, 6, "sans", "#000000", align="center", w=WIDE)[1]
    assert label["size"] == 6 and label["align"] == "center" and label["w"] == WIDE and label["font"] == "sans"
    assert scale_bar(0.0, 0.0, 100.0, "50 mm")[-1][1]["text"] == "50 mm"


def test_the_check_bar_s_steps_exactly():
    made = check_bar(box())
    (raw,) = made.steps
    assert raw.steps[-2] == {"rect": {"x": 0.0, "y": 4.6, "w": 100.0, "h": 1.6, "stroke": "#000000", "width": 0.2}}
    assert raw.steps[-1] == {"text": {"text": "this bar must measure 100 mm: the boxes fit together only if it does",
                                      "x": 0.0, "y": 0.6, "w": 100.0, "size": 6.5, "align": "left", "fit": False}}
    assert raw.steps[0] == {"rect": {"x": 0.0, "y": 4.6, "w": 10.0, "h": 1.6, "fill": "#000000"}}
    assert made.key == ("check-bar|100.0",) and made.bleed == 0.0



def test_a_die_s_edge_is_its_width():
    odd = Component("d", "die", "Die", "d.svg", (16.0, 20.0), {}, HERE, {"count": 1, "faces": [1, 2, 3, 4, 5, 6]})
    panels, tabs, size = die_net(odd)
    assert {(panel.w, panel.h) for panel in panels} == {(16.0, 16.0)} and size == die_net(die())[2]
    assert {face.size for face in die_faces(odd)} == {(16.0, 16.0)}


def test_cut_out_pieces_are_printed_on_the_stock_the_data_names_for_each_form():
    stocks = {"duplex": "card stock", "fold": "thin card"}
    net = Component("n", "net", "Net", "n.svg", None, stocks, HERE, {})
    figures = Component("s", "standees", "S", "s.svg", (30.0, 50.0), stocks, HERE, {"base": "tabs"})
    crate = Component("b", "box", "B", "b.svg", None, stocks, HERE, {"compartments": 1})
    pad = Component("p", "sheet", "P", "p.svg", (90.0, 120.0), stocks, HERE, {"numbered": False})
    for advice, component in ((net_advice, net), (standee_advice, figures), (box_advice, crate),
                              (sheet_advice, pad)):
        assert advice(component, Settings()).startswith("Print one-sided on card stock")
        assert advice(component, Settings(fold=True)).startswith("Print one-sided on thin card")


def test_every_piece_of_advice_reads_as_sentences_each_begun_with_a_capital_and_none_shouted():
    notes = [card_advice(deck(), Settings()), card_advice(deck(), Settings(fold=True)),
             card_advice(deck(), Settings(shop=True)), token_advice(tokens("hex"), Settings()),
             token_advice(tokens("circle", size=(16.0, 16.0)), Settings()),
             sheet_advice(sheets(2, numbered=True), Settings(sheets=4)), sheet_advice(sheets(2), Settings()),
             net_advice(die(), Settings()), standee_advice(standees(), Settings()),
             standee_advice(standees("slot"), Settings()), box_advice(box(), Settings()),
             box_advice(box(1), Settings())]
    for note in notes:
        assert note.endswith(".") and not any(sentence[0].islower() for sentence in re.split(r"\.\s+", note)), note
        assert not re.search(r"\b[A-Z]{3,}\b", note), note
    assert "--sheets N " in sheet_advice(sheets(2, numbered=True), Settings(sheets=4))
