"""The greedy bot's look ahead: a game that works out `values_after` its own way (from what each move
changes) must find exactly the values that trying each move on a clone finds, and leave its state as it
was, so that the greedy bot plays the very same games either way. And which bots, and how many players, a
game is simulated with."""
from __future__ import annotations

import pytest

from pnp.check import bots
from pnp.check.engine import State
from pnp.check.loader import checked_games, rules_for
from pnp.check.simulate import check_bots, game_rng, play
from pnp.errors import PnpError

GAMES = checked_games()


def by_clones(state, actions, player) -> list:
    return State.values_after(state, actions, player)


def checking(choose):
    """A bot that first compares the game's values with the clones' at every choice, then plays as `choose`."""
    def bot(state, player, rng):
        actions = state.legal_actions()
        assert state.values_after(actions, player) == by_clones(state, actions, player), (player, actions)
        return choose(state, player, rng)
    return bot


def greedy_by_clones(state, player, rng):
    actions = state.legal_actions()
    values = by_clones(state, actions, player)
    return rng.choice([action for action, value in zip(actions, values) if value == max(values)])


@pytest.mark.parametrize("game", GAMES)
def test_the_values_a_game_works_out_are_those_of_trying_each_move(game, monkeypatch):
    monkeypatch.setitem(bots.BOTS, "greedy-checked", checking(bots.greedy_bot))
    monkeypatch.setitem(bots.BOTS, "random-checked", checking(bots.random_bot))
    rules = rules_for(game)
    for number in range(1, 7):  # greedy and random seats: the positions either kind of game reaches
        play(rules, game_rng(5, number), None, ("greedy-checked", "random-checked"), {}, "test", turn=number)


@pytest.mark.parametrize("game", GAMES)
def test_the_greedy_bot_plays_the_games_it_played_by_clones(game, monkeypatch):
    monkeypatch.setitem(bots.BOTS, "greedy-by-clones", greedy_by_clones)
    rules = rules_for(game)
    for number in range(1, 4):
        fast = play(rules, game_rng(6, number), None, ("greedy",), {}, "test").log()
        slow = play(rules, game_rng(6, number), None, ("greedy-by-clones",), {}, "test").log()
        assert fast.split("\n", 1)[1] == slow.split("\n", 1)[1]  # past the first line, which names the bots


@pytest.mark.quick
def test_a_bot_no_game_knows_is_refused_naming_the_bots_that_play_it():
    rules = rules_for("buried-treasure")
    check_bots(rules, ("greedy", "random"))  # the generic bots play every game
    with pytest.raises(PnpError) as refused:
        check_bots(rules, ("random", "sly", "sharp"))
    known = ", ".join(bots.bots_for(rules))
    assert refused.value.format_message() == f"no bot 'sly' plays Buried Treasure (its bots: {known})"


@pytest.mark.quick
def test_a_game_is_simulated_only_with_as_many_players_as_it_and_the_names_allow():
    rules = rules_for("buried-treasure")  # 2 to 4 players
    for players in (1, 5):
        with pytest.raises(PnpError) as refused:
            play(rules, game_rng(1, 1), players, ("random",), {}, "test")
        assert refused.value.format_message() == f"Buried Treasure is simulated with 2–4 players, not {players}"
    with pytest.raises(PnpError) as refused:
        play(rules, game_rng(1, 1), 3, ("random",), {}, "test", names=("Anne", "Bart"))
    assert refused.value.format_message() == "Buried Treasure is simulated with 2 players, not 3"
