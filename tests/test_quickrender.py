"""Templates that only write text and values are rendered without jinja2's machinery (pnp/render/quickrender.py):
the same text as jinja2's sandbox writes, the same work counted, and the same errors, from the same line."""
from collections import OrderedDict

import pytest

from pnp.errors import DataError, OverLimit, Where
from pnp.render import quickrender
from pnp.render.sandbox import OUTPUT, Renderer
from pnp.write.cache import Store

FRONT = """\
- rect: {x: {{ -bleed }}, y: {{ -bleed }}, w: {{ w + 2 * bleed }}, h: {{ h + 2 * bleed }}, fill: {{ card.suit }}}
- text: {text: {{ card.title | tojson }}, x: 3.5, y: 3.5, w: {{ w - 7 }}, h: 7, size: 12, font: title}
- text: {text: {{ card.value | string | tojson }}, x: 5, y: 17, w: {{ (w - 14) / 3 }}, h: {{ +h / 8.5 }}}
- text: {text: {{ card.text | tojson }}, x: 7, y: 58, w: {{ w*0.5 }}, h: {{ "22" }}, size: {{ 8 }}, \
z: {{ +card.value }}}{{ range }}
{{- card._note -}}   trailing
"""

# each the whole template, given CARDS; those marked quick are rendered by quickrender.py
TEMPLATES = {
    "front": (FRONT, True),
    "negative zero": ("{{ -bleed }} {{ -w }} {{ bleed - bleed }} {{ -(-bleed) }}", True),
    "a dict's method": ("{{ card.items }}", False),
    "a key not given": ("{{ card.missing }}", True),
    "a name not given": ("{{ nothing }}", True),
    "text and a number added": ("{{ card.title + 1 }}", True),
    "texts added": ("{{ card.title + card.suit }}", True),
    "texts added past the sandbox's cap": ("{{ card.wide + card.wide }}", True),
    "a text repeated past the sandbox's cap": ("{{ card.wide * 2 }}", True),
    "a flag's sign": ("{{ -card.flag }}", True),
    "a division by zero": ("{{ w / bleed }}", True),
    "a value JSON cannot write": ("{{ card.odd | tojson }}", True),
    "a key of a list": ("{{ card.list.x }}", True),
    "a key that is a method of another mapping": ("{{ card.ordered.move_to_end }}", True),
    "a tag": ("{% if card.flag %}{{ card.title }}{% endif %}", False),
    "a call": ("{{ card.title.upper() }}", False),
    "a filter with arguments": ("{{ card.text | truncate(9) }}", False),
    "another filter": ("{{ card.title | upper }}", False),
    "a loop": ("{% for x in card.list %}{{ x }}{% endfor %}", False),
    "a join": ("{{ card.title ~ card.suit }}", False),
    "jinja2's own names": ("{{ self }} {{ loop }}", False),
    "an index": ("{{ card['title'] }}", False),
    "no values": ("just text\n", True),
    "values of lines": ("{{ card.suit }}\n{{ card._note }}\n- {{ card.title }}: {{ card.text }}\n{{ card.text }}\n"
                        "- last\n", True),
    "a syntax error": ("{{ card.title ", False),
    "too much text": ("{{ card.long }}{{ card.long }}", True),
}

CARDS = [
    {"suit": "a", "title": "Card number 1", "value": 7, "text": "Move 3, then “draw” two — ünïcode\nand a\tline",
     "flag": True, "odd": {1, 2}, "list": [1, 2], "_note": "noted", "ordered": OrderedDict(move_to_end=1),
     "long": "x" * (OUTPUT // 2 + 1), "wide": "x" * 60_000},
    {"suit": "b", "title": 'Quote " and \\ backslash', "value": -2.5, "text": "", "flag": False, "odd": None,
     "list": [], "_note": "", "long": "", "ordered": {"move_to_end": 2}, "wide": ""},
]

SIZES = [(63.5, 88.9, 3.0), (63.5, 88.9, 0), (70, 120, 0.0)]


@pytest.fixture
def renderers(tmp_path, monkeypatch):
    """(the renderer as a build makes it, one that leaves every template to jinja2)."""
    for name, (text, _) in TEMPLATES.items():
        (tmp_path / f"{name}.j2").write_text(text, encoding="utf-8")
    quick = Renderer([tmp_path])
    general = Renderer([tmp_path])
    general.quick = NeverQuick()
    return quick, general


class NeverQuick(dict):
    """No template's pieces: every template left to jinja2."""

    def __contains__(self, made) -> bool:
        return True

    def __getitem__(self, made):
        return None


def contexts():
    """Each card of CARDS at each of SIZES, as a template is given them."""
    for card in CARDS:
        for w, h, bleed in SIZES:
            yield {"w": w, "h": h, "bleed": bleed, "card": card, "range": 5}


def outcome(renderer: Renderer, name: str, context: dict):
    """What rendering gives: its text, or its error's kind and problems; and the work counted."""
    before = renderer.env.work
    try:
        found = renderer.render(f"{name}.j2", Where("cards.csv", 2), **context)
    except (DataError, OverLimit) as error:
        found = (type(error).__name__, [(str(where), message) for where, message in error.problems])
    return found, renderer.env.work - before


@pytest.mark.parametrize("name", TEMPLATES)
def test_a_template_renders_as_jinja2_renders_it(renderers, name):
    quick, general = renderers
    for context in contexts():
        assert outcome(quick, name, context) == outcome(general, name, context), context


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_templates_meant_are_rendered_quickly(renderers, name):
    quick, _ = renderers
    outcome(quick, name, {"w": 63.5, "h": 88.9, "bleed": 3.0, "card": CARDS[0], "range": 5})
    made = [pieces for template, pieces in quick.quick.items() if template.name == f"{name}.j2"]
    assert (made != [] and made[0] is not None) == TEMPLATES[name][1]


def test_the_front_is_written_without_jinja2s_code(renderers, monkeypatch):
    quick, general = renderers
    context = {"w": 63.5, "h": 88.9, "bleed": 3.0, "card": CARDS[0], "range": 5}
    expected = outcome(general, "front", context)
    monkeypatch.setattr(Renderer, "_written", lambda *args: pytest.fail("rendered by jinja2"))
    assert outcome(quick, "front", context) == expected


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_lines_a_template_writes_are_found_as_jinja2_finds_them(renderers, name):
    quick, general = renderers
    for context in contexts():
        if isinstance(outcome(general, name, context)[0], tuple):
            continue  # (asked only of a rendering that has worked)
        for needed in (None, 1, 3):
            work = [renderer.env.work for renderer in renderers]
            found, expected = (renderer.origins(f"{name}.j2", needed, **context) for renderer in renderers)
            assert found[:needed] == expected[:needed], (context, needed)
            assert [renderer.env.work for renderer in renderers] == work  # (counted when first rendered)


def test_work_counted_before_a_value_it_is_unsure_of_is_uncounted(tmp_path):
    (tmp_path / "t.j2").write_text("{{ card.value | string }}{{ card.missing }}", encoding="utf-8")
    renderer = Renderer([tmp_path])
    with pytest.raises(DataError):
        renderer.render("t.j2", Where("cards.csv", 2), card={"value": "ab"})
    assert renderer.env.work == 3  # the `string` filter's (1 and a count of what it is handed), counted once


def test_unsure_values_leave_the_text_to_jinja2():
    tree = Renderer([]).env.parse("{{ card.title }}")
    pieces = quickrender.pieces(tree, {})
    with pytest.raises(quickrender.Unsure):
        quickrender.render(pieces, {"card": {"items": 1}}, None)
    assert quickrender.render(pieces, {"card": {"title": 7}}, None) == "7"


def test_values_that_read_only_names_are_kept_for_those_names_values_each_told_apart():
    """A value of names and numbers alone (`w - 7`) is worked out once for each set of the names' values: 3 and
    3.0, 0.0 and -0.0, a number and its text each write their own; a name not given is still unsure."""
    pieces = quickrender.pieces(Renderer([]).env.parse("{{ w - 7 }} {{ -b }} {{ card.title }}"), {})
    for _ in range(2):  # (the second time from what the first kept)
        for w, b, written in [(10, 0.0, "3 -0.0 t"), (10.0, -0.0, "3.0 0.0 t"), (10, 0, "3 0 t"),
                              (True, 1, None), (1, 1, "-6 -1 t"), ("10", 1, None)]:
            context = {"w": w, "b": b, "card": {"title": "t"}}
            if written is None:
                with pytest.raises(quickrender.Unsure):
                    quickrender.render(pieces, context, None)
            else:
                assert quickrender.render(pieces, context, None) == written
    with pytest.raises(quickrender.Unsure):
        quickrender.render(pieces, {"w": 10, "card": {"title": "t"}}, None)


def test_a_template_compiled_in_an_earlier_build_is_rendered_quickly_from_its_second_face(tmp_path):
    (tmp_path / "front.j2").write_text(FRONT, encoding="utf-8")
    kept = tmp_path / "cache.sqlite"
    context = {"w": 63.5, "h": 88.9, "bleed": 3.0, "card": CARDS[0], "range": 5}
    first = Store(kept)
    expected = Renderer([tmp_path], first).render("front.j2", Where("cards.csv", 2), **context)
    first.commit()
    later = Renderer([tmp_path], Store(kept))  # the next build: the template's code from the cache, not compiled
    assert later.render("front.j2", Where("cards.csv", 2), **context) == expected
    assert later.quick == {} and later.env.trees == {}
    assert later.render("front.j2", Where("cards.csv", 2), **context) == expected
    assert [pieces is not None for pieces in later.quick.values()] == [True]
