"""Bots that play any game through its rules engine: they see only `legal_actions` and `values_after`."""
from __future__ import annotations


def random_bot(state, player, rng):
    """Any legal action, each as likely as the others."""
    return rng.choice(state.legal_actions())


def greedy_bot(state, player, rng):
    """The action that leaves `player` best placed right after it (by the game's `value`); ties by chance."""
    return rng.choice(greedy_choices(state, player))  # one action: nothing weighed, the draw kept as ever


def greedy_choices(state, player, actions: list | None = None) -> list:
    """The legal actions (`actions`, when the caller has them already) the greedy bot chooses among: those
    that leave `player` best placed right after."""
    actions = state.legal_actions() if actions is None else actions
    if len(actions) == 1:
        return actions
    values = state.values_after(actions, player)
    best = max(values)
    return [action for action, value in zip(actions, values) if value == best]


BOTS = {"random": random_bot, "greedy": greedy_bot}


def bots_for(rules) -> dict:
    """Name -> bot for a game: the generic bots, and the game's own strategies (`Rules.bots`)."""
    return {**BOTS, **rules.bots}
