"""How the program words a count: one helper, `plural`, for every message, report and card text."""
from __future__ import annotations

from pnp.check.words import counted
from pnp.wording import plural


def test_one_is_singular_and_large_counts_are_grouped_by_thousands():
    assert [plural(n, "game") for n in (0, 1, 2, 12_000)] == ["0 games", "1 game", "2 games", "12,000 games"]
    assert plural(1, "die", "dice") == "1 die" and plural(3, "box", "boxes") == "3 boxes"
    assert plural(1, "die", "dice", spelt=True) == "one die" and plural(21, "point", spelt=True) == "twenty-one points"
    assert plural(1.5, "point") == "1.5 points"


def test_the_checkers_counted_is_the_same_helper():
    assert counted is plural


def test_a_game_for_one_player_says_so_in_the_singular():
    from pnp.read.games import load_game

    game = load_game("pirates-gold")
    assert [replace_players(game, players).players_text for players in ((1, 1), (2, 2), (2, 7))] == [
        "1 player", "2 players", "2–7 players"]


def replace_players(game, players):
    from dataclasses import replace

    return replace(game, players=players)
