"""What a `{...}` of a text's markup sets (a colour, a size or both, in either order) and what the designer is told,
word for word, when it sets something else; a text escaped to print as itself, its colours changed one by one
(the low-ink build's), and the icons it shows (pnp/typeset/markup.py)."""
from __future__ import annotations

import pytest

from pnp.typeset.markup import MarkupError, Run, escaped, icons, parse, plain, recoloured

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("text,colour,size", [
    ("{#c0392b 8pt}x{/}", "#c0392b", 8.0),
    ("{8pt #abc}x{/}", "#abc", 8.0),
    ("{ sea-green  12.5pt }x{/}", "sea-green", 12.5),
    ("{Red}x{/}", "Red", None),
])
def test_a_span_sets_its_colour_and_its_size_in_either_order(text, colour, size):
    assert parse(text) == (Run("x", colour=colour, size=size),)


@pytest.mark.parametrize("text,said", [
    ("{red blue}x{/}", "{red blue} at character 1: expected a colour (a palette name or #rrggbb) and/or a size "
                       "such as 8pt, got 'blue'"),
    ("ab {#abcd}x{/}", "{#abcd} at character 4: expected a colour (a palette name or #rrggbb) and/or a size such "
                       "as 8pt, got '#abcd'"),
    ("{8 pt}x{/}", "{8 pt} at character 1: expected a colour (a palette name or #rrggbb) and/or a size such as "
                   "8pt, got '8'"),
    ("{8pt 9pt}x{/}", "{8pt 9pt} at character 1: expected a colour (a palette name or #rrggbb) and/or a size "
                      "such as 8pt, got '9pt'"),
    ("ab {0pt}x{/}", "{0pt} at character 4: a size is from 1pt to 200pt"),
    ("{red 200.5pt}x{/}", "{red 200.5pt} at character 1: a size is from 1pt to 200pt"),
    ("a { }x", "{} at character 3 sets nothing: expected a colour or a size such as 8pt"),
])
def test_a_span_that_sets_anything_else_is_said_whole(text, said):
    with pytest.raises(MarkupError) as error:
        parse(text)
    assert str(error.value) == said


def test_an_escaped_text_prints_as_itself():
    assert escaped("a*b{c}d:e\\f") == "a\\*b\\{c\\}d\\:e\\\\f"
    assert escaped("no marks") == "no marks"
    assert parse(escaped("**not bold** {red}x{/} :coin:")) == (Run("**not bold** {red}x{/} :coin:"),)


def test_a_text_is_plain_only_without_any_mark():
    assert plain("Draw 2, then discard.")
    assert not plain("Time: 10:30") and not plain("5 * 2") and not plain("a \\ b") and not plain("{")


def test_each_colour_word_of_a_span_is_changed_and_the_span_written_again_with_single_spaces():
    assert recoloured(r"{ red  8pt }a{ / }\{red\} {8pt}b{/}", str.upper) == r"{RED 8pt}a{ / }\{red\} {8pt}b{/}"
    assert recoloured("{sand}a{/}\n{#abc}b{/}", lambda colour: "ink") == "{ink}a{/}\n{ink}b{/}"
    assert recoloured("Time: 10:30", str.upper) == "Time: 10:30"
    assert recoloured("{#abcd 8pt}x{/}", str.upper) == "{#abcd 8pt}x{/}"  # no colour, left as written


def test_a_texts_icons_are_named_once_each_in_the_order_shown():
    assert icons(parse(":coin: and :anchor: then :coin: {red}:skull:{/}")) == ["coin", "anchor", "skull"]
    assert icons(parse("Time: 10:30 and **no** icons")) == []
