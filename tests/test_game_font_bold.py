"""A game's own font has the bold game.yaml names for it in this build, and none when it names none: not the bold
an earlier build in the same process named (`pnp watch`, after the `-bold` font is taken out of game.yaml)."""
from __future__ import annotations

import shutil

import pytest

from pnp import resources
from pnp.typeset.text import BOLD, game_font

pytestmark = pytest.mark.quick


def test_a_font_s_bold_is_the_one_named_in_this_build_and_is_forgotten_when_none_is(tmp_path):
    path = tmp_path / "pixel.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    bold = game_font("pixel-bold", path)
    key = game_font("pixel", path, bold)
    assert BOLD[key] == BOLD[bold] == bold
    assert game_font("pixel", path) == key and key not in BOLD
