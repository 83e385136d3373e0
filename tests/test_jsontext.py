"""Indented JSON written as json.dumps writes it (pnp/write/jsontext.py: the manifest's writer)."""
import io
import json

import pytest

from pnp.write.jsontext import Pairs, write_indented

VALUES = [
    {},
    [],
    {"game": "deck", "cards": {"deck-1": {"card-0": "7b473c93", "card-1": "5b0b26a6"}}, "pages": [1, 2, [3, []]]},
    {"numbers": [0, -3, 1.5, 1e100, 2.0, True, False, None], "empty": {}, "none": [], "text": "é \"quoted\"\n\t\u2603"},
    [{"a": [{"b": {}}]}, ({"tuple": (1, 2)},)],
    {1: "int key", "x": {2.5: [True], None: "null key"}},
    "just text",
    12,
]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("indent", [1, 2])
def test_indented_json_is_json_dumps(value, indent):
    out = io.BytesIO()
    write_indented(value, out, indent)
    assert out.getvalue() == (json.dumps(value, indent=indent) + "\n").encode("utf-8")


def test_what_json_refuses_is_refused():
    with pytest.raises(TypeError):
        write_indented({"a": [object()]}, io.BytesIO())


@pytest.mark.parametrize("value", [[], [{"key": "1f", "page": 1}, {"key": "2e", "page": 2}], [[1, [2]], "text"]])
def test_an_iterator_is_laid_out_as_its_list(value):
    out = io.BytesIO()
    write_indented({"game": "deck", "variants": {"a4-duplex": iter(value)}}, out)
    assert out.getvalue() == (json.dumps({"game": "deck", "variants": {"a4-duplex": value}}, indent=1) + "\n").encode()


@pytest.mark.parametrize("value", [{}, {"ace": "1f"}, {"ace": "1f", "two": {"cards": [1, 2]}}])
def test_pairs_are_laid_out_as_their_dict(value):
    out = io.BytesIO()
    write_indented({"game": "deck", "cards": {"deck": Pairs(iter(value.items()))}}, out)
    assert out.getvalue() == (json.dumps({"game": "deck", "cards": {"deck": value}}, indent=1) + "\n").encode()


def test_an_iterators_items_are_made_as_they_are_written():  # (each after the one before it was written out)
    written = []

    class Out(io.BytesIO):
        def write(self, data):
            written.append(data)
            return super().write(data)

    def entries():
        for number in range(3):
            yield {"page": number, "written before": len(written)}

    out = Out()
    write_indented({"entries": entries()}, out)
    laid = json.loads(out.getvalue())["entries"]
    assert laid[0]["written before"] < laid[1]["written before"] < laid[2]["written before"]
