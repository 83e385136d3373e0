"""The duplex test: a front and a back page, each its own face, the back telling how to use what it shows."""
from __future__ import annotations

import pytest

from pnp.layout.duplex_test import duplex_test_pages
from pnp.layout.imposition import Settings
from pnp.model.paper import PAPERS

pytestmark = pytest.mark.quick


def texts(page) -> str:
    """Every text a page prints, joined."""
    return " ".join(str(values.get("text", "")) for kind, values in page.flat.steps if kind == "text")


def test_the_duplex_test_is_a_front_and_a_back_each_its_own_face():
    front, back = duplex_test_pages(Settings(paper=PAPERS["a4"]))
    assert (front.side, back.side) == ("front", "back") and front.flat.key != back.flat.key
    assert "--back-offset X,Y" in texts(back)  # the option as it is typed
