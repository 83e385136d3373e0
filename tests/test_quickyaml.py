"""The quick reader of the YAML templates write gives PyYAML's values, or leaves the text to PyYAML."""
import random

import pytest
import yaml

from pnp.render import quickyaml

LOADER = quickyaml.LOADER

FACE = """\
- rect: {x: -3.0, y: -3.0, w: 69.5, h: 94.9, fill: sea}
- rect: {x: 3.5, y: 12, w: 56.5, h: 73.4, r: 2.5, fill: paper, stroke: ink, width: 0.5, dash: [1, 0.5]}
- text: {text: "Île de la Tortue ☠ \\"ahoy\\" \\\\ \\/", x: 3.5, y: 3.5, w: 56.5, h: 7, fit: false, rotate: -90}
- art: {src: buried-treasure/ship.svg, x: 12, y: 16, w: 39.5, h: 39.5}  # the ship
- polygon: {points: [[0, 0], [10, 0], [5, 8.5]], fill: "#C0392B", opacity: 0.75}
- group: {x: 10, y: 20, rotate: 180, steps: [{circle: {x: 0, y: 0, r: 2}}, {line: {points: [[0, 0], [1, 1]]}}]}
- text: {text: 'it''s', x: 1, y: 2, w: 3, h: null, align: left}

# a comment line
- image: {src: cards/card-07.png, x: 0, y: 0, w: 63.5, h: 88.9}
"""


def test_what_templates_write_is_read_as_pyyaml_reads_it():
    assert quickyaml.load(FACE) == yaml.load(FACE, Loader=LOADER)
    assert quickyaml.load("") is None and quickyaml.load("\n# nothing\n") is None


@pytest.mark.parametrize("line", [
    "- rect: {x:1}",  # a key and value without a space: one plain scalar for YAML
    "- rect:\n    x: 1",  # a block mapping
    "- text: {text: hello world}",  # a plain scalar with a space
    "- text: {text: \"\\u00e9\"}",  # an escape JSON and YAML might read apart
    "- rect: {x: 010}",  # an octal number in YAML 1.1
    "- rect: {x: 1_000}",
    "- rect: {x: 2024-01-02}",  # a date
    "- rect: {x: .5}",
    "- rect: {yes: 1}",  # a key that is a boolean
    "- rect: {x: 1,}",
    "- &anchor rect: {x: 1}",
    "- rect: {x: 1}\t",
    "- fill: red#x",  # a '#' without a space before it is part of the scalar
    "- -",
    "--- \n- rect: {x: 1}",
])
def test_anything_more_is_left_to_pyyaml(line):
    with pytest.raises(quickyaml.Unsure):
        quickyaml.load(line)


PIECES = ["rect", "text", "x", "fill", "1", "-3.0", "0.5", "07", "1e-05", "yes", "No", "null", "~", "true", "on",
          '"a b"', '"q\\"x"', '"\\u00e9"', '"é ☠"', "'it''s'", "buried-treasure/ship.svg", "-", "2024-01-02", "1_0",
          ".5", "+1", "Y", "0x1F", "1:20", "a:b", "#C0392B", '"#C0392B"']


def _flow(rng, depth=0):
    """A random flow value made of PIECES: a scalar, or (not too deep) a list or mapping of them."""
    roll = rng.random()
    if depth < 2 and roll < 0.15:
        return "[" + ", ".join(_flow(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]"
    if depth < 2 and roll < 0.35:
        pairs = (f"{rng.choice(PIECES)}{rng.choice([': ', ':', ' : '])}{_flow(rng, depth + 1)}"
                 for _ in range(rng.randint(0, 4)))
        return "{" + rng.choice([", ", ",", " , "]).join(pairs) + "}"
    return rng.choice(PIECES)


def test_random_lines_are_read_as_pyyaml_reads_them_or_left_to_it():
    rng = random.Random(15)
    read = 0
    for _ in range(6000):
        text = "\n".join(f"- {rng.choice(PIECES)}: {_flow(rng)}{rng.choice(['', ' # note', '  '])}"
                         for _ in range(rng.randint(1, 3)))
        try:
            mine = quickyaml.load(text)
        except quickyaml.Unsure:
            continue
        read += 1
        assert mine == yaml.load(text, Loader=LOADER), text
    assert read > 150  # (most mix in a piece it leaves to PyYAML; FACE shows what it does read)


def test_text_steps_alike_but_for_their_text_are_read_as_each_is_read_alone():
    from pnp.errors import DataError, Where
    from pnp.render.library import Library
    from pnp.render.steps import Steps
    from pnp.write import cache

    palette = {"ink": "#2B1D0E", "paper": "#FBF3DF"}

    def fresh() -> Steps:
        return Steps(palette, Library([], cache.Store()))

    line = '- text: {text: %s, x: 7, y: 58, w: 49.5, h: 22, size: 8, colour: ink}\n'
    texts = ['"Card 1: move"', '"plain words"', '"**bold** and {paper}pale{/}"', "7", '"Card 2: draw"',
             "true", '"Card 3: sail"', '"say \\"ahoy\\" \\u00e9"', '"\\q bad escape"', '"a", text: "z"',
             '"c", text: "z"', '"Card 4", x: 8']
    shared = fresh()
    for text in texts:
        face = "- rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: paper}\n" + line % text
        found = []
        for reader in (shared, fresh()):
            try:
                found.append(repr(reader.read(face, "front.yaml.j2", Where("deck.csv", 4))))
            except DataError as error:
                found.append([(str(where), said) for where, said in error.problems])
        assert found[0] == found[1], text
    face = line % '"a **bold never closed"'  # the same step, its markup wrong: said at its own step
    with pytest.raises(DataError) as raised:
        shared.read(face, "front.yaml.j2", Where("deck.csv", 4))
    assert "deck.csv:4" in str(raised.value.problems[0][0]) and "step 1" in str(raised.value.problems[0][0])


def test_the_characters_left_to_pyyaml_are_all_but_those_templates_write():
    allowed = [(0x0A, 0x0A), (0x20, 0x7E), (0xA0, 0x2027), (0x202A, 0xD7FF), (0xE000, 0xFEFE), (0xFF00, 0xFFFD),
               (0x10000, 0x10FFFF)]
    edges = {max(0, min(0x10FFFF, edge + step)) for low, high in allowed for edge in (low, high) for step in (-1, 0, 1)}
    for code in sorted(edges | {0x09, 0x0D, 0x85, 0x2028, 0x2029, 0xDC00, 0xFEFF, 0xFFFE}):
        awkward = not any(low <= code <= high for low, high in allowed)
        assert bool(quickyaml.AWKWARD.search(f"a{chr(code)}b")) == awkward, hex(code)


def test_awkward_text_is_found_alike_with_or_without_the_pattern():
    """`awkward` skips the pattern's search for ASCII text: it must find exactly what the pattern finds."""
    from pnp.render.quickyaml import AWKWARD, awkward

    texts = [chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF or code % 64 == 0]
    texts += ["- rect: {x: 1}\n- text: {text: \"a\tb\"}\n", "plain\nlines\n", "", "a\x7fb", "é\x01", "ok é"]
    assert [awkward(text) for text in texts] == [AWKWARD.search(text) is not None for text in texts]


@pytest.mark.parametrize("line, split", [
    ('- text: {text: "Card 1: move", x: 7}', ('- text: {text: , x: 7}', '"Card 1: move"')),
    ('- text: {text: "say \\"ahoy\\"", x: 7}', ('- text: {text: , x: 7}', '"say \\"ahoy\\""')),
    ('- text: {text: "a\\\\", x: "b"}', ('- text: {text: , x: "b"}', '"a\\\\"')),
    ('- text: {text: "", x: 7}', ('- text: {text: , x: 7}', '""')),
    ('- text: {text: "never closed, x: 7}', None), ('- text: {text: \'single\', x: 7}', None),
    ('- rect: {text: "a", x: 7}', None)])
def test_a_text_step_s_line_is_split_at_the_quote_that_closes_its_text(line, split):
    from pnp.render.steps import Steps

    assert Steps._text_split(line) == split
