"""A log's `kit:`, the version of the kit it was played with: a kit other than the data's now is warned of at
that line, never a problem, naming the cards changed since when a manifest of the kit played is at hand; the
kit of the data now, or none written, says nothing."""
from __future__ import annotations

import pytest

from pnp.check.loader import installed_rules
from pnp.check.replay import check_text
from pnp.read.version import card_digests, kit_version

pytestmark = pytest.mark.quick

GAME = installed_rules("pirates-gold").game


def log(kit: str) -> str:
    """The opening lines of a two-player game of Pirates' Gold, played with `kit` (its line 4)."""
    return (f"game: pirates-gold\nplayers: Lena Omar\nstarts: Lena\nkit: {kit}\n"
            "round 1\nLena give Omar 1\nOmar give Lena pirate\n")


def test_a_log_played_with_another_kit_is_warned_of_at_its_kit_line():
    outcome = check_text(log("0ld0ld00"), "evening.log")
    [warning] = outcome.warnings
    assert warning == (f"evening.log:4: warning: played with kit 0ld0ld00, but the data of pirates-gold is now kit "
                       f"{kit_version(GAME)}: the log is checked against the cards as they are now")


def test_the_warning_names_the_cards_changed_since_when_the_manifest_of_the_kit_played_is_given():
    printed = card_digests(GAME)
    printed["game-cards"]["gold-2"] = "the hash of its older words"
    del printed["game-cards"]["gold-3"]
    manifests = {("pirates-gold", "0ld0ld00"): {"cards": printed}, ("pirates-gold", "another"): {"cards": {}}}
    [warning] = check_text(log("0LD0LD00"), "evening.log", manifests=manifests).warnings
    assert warning.endswith("as they are now (since then, changed: game-cards gold-2; added: game-cards gold-3)")
    [warning] = check_text(log("0ld0ld00"), "evening.log", manifests={("pirates-gold", "0ld0ld00"): {}}).warnings
    assert warning.endswith("as they are now")  # a manifest without its cards names none


def test_a_log_of_the_kit_now_or_of_no_kit_is_not_warned_of():
    assert check_text(log(kit_version(GAME)), "evening.log").warnings == []
    assert check_text(log("").replace("kit: \n", ""), "evening.log").warnings == []
