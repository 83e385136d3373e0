"""How pnp/typeset/text.py sets a text step's runs, called on small texts: where each word of each style falls on
its line and where a line breaks (`_set`, and `_set_plain` for a text of one style), the words of each paragraph
(`_paragraphs`), a set line read back as plain words, the width and the leading of a line, where a line starts
in its box for each `align`, and the step's settings each reaching its layout (`text_layout`)."""
from __future__ import annotations

import pytest

from pnp.model.units import PT
from pnp.typeset.markup import Run, parse
from pnp.typeset.text import (BOLD, CAP, ICON, Piece, TextLayout, _font_of, _layout, _line_size, _paragraphs, _plain,
                              _set, _set_plain, _size_of, _text_width, _width, font, text_layout, wrap)

pytestmark = pytest.mark.quick

WIDE = 1000.0  # points: room enough for every test's line


def sans(text: str, size: float = 10.0) -> float:
    """The width of a text in the kit's sans at a size, in points."""
    return _text_width(text, "sans", size)


def bold(text: str, size: float = 10.0) -> float:
    """The width of a text in the kit's bold at a size, in points."""
    return _text_width(text, "bold", size)


# --- one line of styled runs ----------------------------------------------------------------------------------

def test_words_of_one_style_join_into_one_piece_and_each_new_style_starts_another():
    (line,) = _set(parse("a **b c** d"), "sans", 1.0, 10.0, {}, WIDE)
    assert [piece[1:7] for piece in line] == [("a", "sans", 10.0, None, False, False),
                                              ("b c", "bold", 10.0, None, False, False),
                                              ("d", "sans", 10.0, None, False, False)]
    # each piece starts where the one before it ends, and a space in the style of the text it lies in
    assert line[0][0] == 0.0 and line[0][7] == sans("a")
    assert line[1][0] == pytest.approx(sans("a") + sans(" "))
    assert line[1][7] == pytest.approx(bold("b") + bold(" ") + bold("c"))
    assert line[2][0] == pytest.approx(line[1][0] + line[1][7] + sans(" "))
    assert line[2][7] == sans("d")
    assert _width(line) == pytest.approx(line[2][0] + sans("d"))


def test_two_spaces_in_a_row_are_kept_inside_a_piece_and_before_the_next_one():
    (line,) = _set(parse("**a  b** c"), "sans", 1.0, 10.0, {}, WIDE)
    assert [piece[1] for piece in line] == ["a  b", "c"]
    assert line[0][7] == pytest.approx(bold("a") + 2 * bold(" ") + bold("b"))
    assert line[1][0] == pytest.approx(line[0][7] + sans(" "))
    (line,) = _set(parse("**a**  b"), "sans", 1.0, 10.0, {}, WIDE)
    assert line[1][0] == pytest.approx(bold("a") + 2 * sans(" "))


def test_a_line_never_begins_with_a_space():
    assert _set(parse(" **a**"), "sans", 1.0, 10.0, {}, WIDE) == [[(0.0, "a", "bold", 10.0, None, False, False,
                                                                     bold("a"))]]
    lines = _set(parse("**a**\n  b"), "sans", 1.0, 10.0, {}, WIDE)
    assert [[piece[:2] for piece in line] for line in lines] == [[(0.0, "a")], [(0.0, "b")]]


def test_colour_italic_and_size_reach_each_piece_and_the_scale_shrinks_every_size_alike():
    (line,) = _set(parse("{red 20pt}*a*{/} b"), "sans", 0.5, 10.0, {}, WIDE)
    assert [piece[1:7] for piece in line] == [("a", "sans", 10.0, "red", True, False),
                                              ("b", "sans", 5.0, None, False, False)]
    assert line[0][7] == sans("a", 10.0)
    assert line[1][0] == pytest.approx(sans("a", 10.0) + sans(" ", 5.0))  # the space is the plain text's


def test_an_icon_is_as_wide_as_its_height_times_its_shape_and_sits_against_a_word_it_touches():
    (line,) = _set(parse("x:coin: :dot:"), "sans", 0.5, 10.0, {"coin": 2.0}, WIDE)
    assert [piece[1:7] for piece in line] == [("x", "sans", 5.0, None, False, False),
                                              ("coin", "sans", 5.0, None, False, True),
                                              ("dot", "sans", 5.0, None, False, True)]
    assert line[1][0] == pytest.approx(sans("x", 5.0))  # no space between them
    assert line[1][7] == pytest.approx(5.0 * ICON * 2.0)
    assert line[2][0] == pytest.approx(line[1][0] + line[1][7] + sans(" ", 5.0))
    assert line[2][7] == pytest.approx(5.0 * ICON)  # an icon of no known shape is square


def test_styled_text_breaks_where_the_next_word_would_pass_the_width_and_not_before():
    runs = parse("aa **bb** cc")
    both = sans("aa") + sans(" ") + bold("bb")
    (line,) = _set(runs, "sans", 1.0, 10.0, {}, both + bold(" ") + sans("cc"))
    assert [piece[1] for piece in line] == ["aa", "bb", "cc"]
    lines = _set(runs, "sans", 1.0, 10.0, {}, both)
    assert [[piece[1] for piece in line] for line in lines] == [["aa", "bb"], ["cc"]]
    assert lines[1][0][0] == 0.0
    lines = _set(runs, "sans", 1.0, 10.0, {}, both - 0.01)
    assert [[piece[:2] for piece in line] for line in lines] == [[(0.0, "aa")], [(0.0, "bb"), (bold("bb") + sans(" "),
                                                                                                "cc")]]


def test_a_word_of_text_and_an_icon_touching_it_wraps_whole():
    runs = parse("aa x:coin:")
    whole = sans("aa") + sans(" ") + sans("x") + 10.0 * ICON * 2.0
    (line,) = _set(runs, "sans", 1.0, 10.0, {"coin": 2.0}, whole)
    assert [piece[1] for piece in line] == ["aa x", "coin"]
    lines = _set(runs, "sans", 1.0, 10.0, {"coin": 2.0}, whole - 0.01)
    assert [[piece[:2] for piece in line] for line in lines] == [[(0.0, "aa")], [(0.0, "x"), (sans("x"), "coin")]]


def test_a_text_of_one_icon_is_set_as_the_icon():
    assert _set(parse(":coin:"), "sans", 1.0, 10.0, {"coin": 2.0}, WIDE) == [
        [(0.0, "coin", "sans", 10.0, None, False, True, 10.0 * ICON * 2.0)]]


def test_a_new_line_in_styled_text_starts_a_line_and_an_empty_line_is_kept():
    lines = _set(parse("**a**\n\nb"), "sans", 1.0, 10.0, {}, WIDE)
    assert lines == [[(0.0, "a", "bold", 10.0, None, False, False, bold("a"))], [],
                     [(0.0, "b", "sans", 10.0, None, False, False, sans("b"))]]
    assert [_width(line) for line in lines] == [bold("a"), 0.0, sans("b")]


def test_the_words_of_each_paragraph_come_with_the_run_their_space_lies_in():
    runs = parse("a **b c**\nd")
    plain, strong, after = runs
    assert _paragraphs(runs) == [[(plain, [(plain, "a")]), (plain, [(strong, "b")]), (strong, [(strong, "c")])],
                                 [(after, [(after, "d")])]]
    assert _paragraphs(()) == [[]]  # a text of marks alone: one empty line


# --- a text of one style --------------------------------------------------------------------------------------

def test_a_text_of_one_style_wraps_where_the_next_word_would_pass_the_width():
    run = Run("mm mm mm\nw", colour="red", italic=True)
    two = sans("mm") + sans(" ") + sans("mm")
    assert _set_plain(run, "sans", 1.0, 10.0, two) == [
        [(0.0, "mm mm", "sans", 10.0, "red", True, False, pytest.approx(two))],
        [(0.0, "mm", "sans", 10.0, "red", True, False, sans("mm"))],
        [(0.0, "w", "sans", 10.0, "red", True, False, sans("w"))]]
    assert [line[0][1] for line in _set_plain(run, "sans", 1.0, 10.0, two - 0.01)] == ["mm", "mm", "mm", "w"]
    assert _set([run], "sans", 1.0, 10.0, {}, two) == _set_plain(run, "sans", 1.0, 10.0, two)


def test_a_text_of_one_style_is_set_in_its_bold_and_its_size_scaled():
    assert _set_plain(Run("a b", bold=True, size=20.0), "sans", 0.5, 10.0, WIDE) == [
        [(0.0, "a b", "bold", 10.0, None, False, False, pytest.approx(bold("a b")))]]


def test_a_text_of_one_style_with_two_spaces_in_a_row_is_set_as_styled_text():
    assert _set_plain(Run("a  b"), "sans", 1.0, 10.0, WIDE) is None
    (line,) = _set([Run("a  b")], "sans", 1.0, 10.0, {}, WIDE)
    assert line == [(0.0, "a  b", "sans", 10.0, None, False, False, pytest.approx(sans("a  b")))]


def test_wrap_breaks_plain_text_at_the_width_in_points():
    assert wrap("mm mm mm", font("sans"), 10.0, sans("mm mm")) == ["mm mm", "mm"]
    assert wrap("mm mm mm", font("sans"), 10.0, sans("mm mm") - 0.01) == ["mm", "mm", "mm"]


# --- a set line and its box -----------------------------------------------------------------------------------

def _piece(x: float, text: str, width: float, icon: bool = False) -> Piece:
    return Piece(x, text, "sans", 10.0, None, False, icon, width)


def test_a_set_line_reads_back_as_its_words_with_an_icon_between_colons():
    assert _plain((_piece(0.0, "one two", 5.0),)) == "one two"
    assert _plain((_piece(0.0, "coin", 3.0, icon=True),)) == ":coin:"
    assert _plain((_piece(0.0, "a", 2.0), _piece(2.0, "coin", 3.0, icon=True), _piece(6.0, "b", 1.0))) == "a:coin: b"
    assert _plain((_piece(0.0, "a", 2.0), _piece(2.0 + 1e-6, "b", 1.0))) == "ab"  # touching, within rounding
    assert _plain((_piece(0.0, "a", 2.0), _piece(2.0 + 1e-5, "b", 1.0))) == "a b"
    assert _plain(()) == ""
    assert _layout("x :coin: y:dot:\n**a**", "sans", 10.0, 1.2, 60.0, None, True, "top").lines == \
        ("x :coin: y:dot:", "a")


def test_a_lines_leading_is_measured_from_its_largest_size_and_an_empty_lines_from_the_steps():
    assert _line_size([(0.0, "a", "sans", 8.0), (1.0, "b", "sans", 12.0), (2.0, "c", "sans", 9.0)], 10.0) == 12.0
    assert _line_size([], 10.0) == 10.0
    layout = _layout("{20pt}A{/}\n\nb", "sans", 10.0, 1.5, 60.0, None, True, "top")
    assert layout.baselines[0] == pytest.approx(20.0 * CAP / PT)
    assert [after - before for before, after in zip(layout.baselines, layout.baselines[1:])] == \
        pytest.approx([10.0 * 1.5 / PT, 10.0 * 1.5 / PT])


def test_a_piece_is_set_in_its_fonts_bold_and_its_own_size_when_it_has_one():
    assert _font_of(Run("a", bold=True), "sans") == "bold" == BOLD["sans"]
    assert _font_of(Run("a", bold=True), "title") == "title"
    assert _font_of(Run("a", bold=True), "pirate@0123") == "pirate@0123"  # a game's font of no bold
    assert _font_of(Run("a"), "title") == "title" and _font_of(None, "title") == "title"
    assert _size_of(Run("a", size=8.0), 0.5, 10.0) == 4.0
    assert _size_of(Run("a"), 0.5, 10.0) == 5.0 and _size_of(None, 0.5, 12.0) == 6.0


def test_each_line_starts_where_its_align_puts_it_in_the_box():
    layout = TextLayout(("a", "bb"), 10.0, (3.0, 7.0), (4.0, 10.0), True)
    assert layout.line_x({"align": "left", "w": 30.0}) == [0.0, 0.0]
    assert layout.line_x({"align": "right", "w": 30.0}) == [26.0, 20.0]
    assert layout.line_x({"align": "center", "w": 30.0}) == [13.0, 10.0]
    with pytest.raises(KeyError) as unknown:
        layout.line_x({"align": "justify", "w": 30.0})
    assert unknown.value.args == ("justify",)


# --- a step's settings ----------------------------------------------------------------------------------------

def step(**changed) -> dict:
    """A checked `text` step as the step checker hands it on: a box 50 mm wide and 20 mm high."""
    return {"text": "one two", "font": "sans", "size": 10.0, "leading": 1.2, "w": 50.0, "h": 20.0, "fit": True,
            "valign": "top", "icons": None, **changed}


def test_a_steps_settings_each_reach_its_layout():
    top = text_layout(step())
    assert top == _layout("one two", "sans", 10.0, 1.2, 50.0, 20.0, True, "top")
    assert top.baselines == (pytest.approx(10.0 * CAP / PT),)
    assert text_layout(step(font="bold")).pieces[0][0].font == "bold"
    assert text_layout(step(font="bold")).widths[0] == pytest.approx(bold("one two") / PT)
    assert text_layout(step(size=8.0)).size == 8.0
    spaced = text_layout(step(text="a\nb", leading=2.0))
    assert spaced.baselines[1] - spaced.baselines[0] == pytest.approx(10.0 * 2.0 / PT)
    assert text_layout(step(w=5.0)).lines == ("one", "two")
    free = 20.0 - 10.0 * CAP / PT
    assert text_layout(step(valign="bottom")).baselines[0] == pytest.approx(20.0)
    assert text_layout(step(valign="middle")).baselines[0] == pytest.approx(10.0 * CAP / PT + free / 2)
    assert text_layout(step(valign="bottom", h=30.0)).baselines[0] == pytest.approx(30.0)
    assert text_layout(step(h=None, valign="bottom")).baselines == top.baselines  # no height: nothing to fill


def test_a_step_that_may_not_shrink_keeps_its_size_and_says_it_does_not_fit():
    long = "word " * 40
    assert text_layout(step(text=long, fit=False)).size == 10.0
    assert not text_layout(step(text=long, fit=False)).fits
    assert text_layout(step(text=long, fit=True)).size < 10.0


def test_a_steps_icons_are_sized_by_the_shape_the_step_checker_found():
    found = [("coin", "artwork/toy/icons/coin.svg", 2.0)]
    (icon,) = [piece for piece in text_layout(step(text="x :coin:", icons=found)).pieces[0] if piece.icon]
    assert icon.width == pytest.approx(10.0 * ICON * 2.0 / PT)
    (square,) = [piece for piece in text_layout(step(text="x :coin:")).pieces[0] if piece.icon]
    assert square.width == pytest.approx(10.0 * ICON / PT)
