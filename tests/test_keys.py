"""Keys that tell one rendering from another (pnp/render/keys.py): a key of parts written in two pieces, the parts
after the first written once for many keys, is the key of all the parts."""
import pytest

from pnp.render.keys import digest, digest_before, written_after

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("rest", [((63.5, 88.9), 3.0, (("ink", "#2B1D0E"),)), ((63.5, 88.9),), (0,), ("1", 1, None),
                                  ((63.5, 88.9), 3.0, (("ink", "#2B1D0E"),), ("pirate@0123", "pirate.ttf"))])
@pytest.mark.parametrize("first", ["- text: {text: \"Ahoy\"}\n", "", "é \udcff", 7])
def test_a_key_written_after_its_first_part_is_the_key_of_all_its_parts(first, rest):
    assert digest_before(first, written_after(*rest)) == digest(first, *rest)
