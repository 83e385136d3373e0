"""A template's `name.key` values, read in one step (pnp/render/quickrender.py): a name not given, or given as
anything but a dict holding the key, is left to jinja2, as `name` then `.key` read apart leave it."""
import pytest

from pnp.render import quickrender
from pnp.render.sandbox import Renderer

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("context", [{}, {"card": [1]}, {"card": {"name": 1}}, {"card": None}])
def test_a_key_not_there_to_read_is_left_to_jinja2(context):
    found = quickrender.pieces(Renderer([]).env.parse("{{ card.title }}"), {})
    with pytest.raises(quickrender.Unsure):
        quickrender.render(found, context, None)


def test_a_key_there_is_written_as_str_writes_it():
    found = quickrender.pieces(Renderer([]).env.parse("[{{ card.title }}|{{ card.title - 1 }}|{{ -card.n }}]"), {})
    assert quickrender.render(found, {"card": {"title": 1.5, "n": 2}}, None) == "[1.5|0.5|-2]"
