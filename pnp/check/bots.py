"""Bots that play any game through its rules engine: they see only `legal_actions`, `clone`, `apply`, `value`."""
from __future__ import annotations


def random_bot(state, player, rng):
    """Any legal action, each as likely as the others."""
    return rng.choice(state.legal_actions())


def greedy_bot(state, player, rng):
    """The action that leaves `player` best placed right after it (by the game's `value`); ties by chance."""
    best, choices = None, []
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply(action)
        value = trial.value(player)
        if best is None or value > best:
            best, choices = value, [action]
        elif value == best:
            choices.append(action)
    return rng.choice(choices)


BOTS = {"random": random_bot, "greedy": greedy_bot}


def bots_for(rules) -> dict:
    """Name -> bot for a game: the generic bots, and the game's own strategies (`Rules.bots`)."""
    return {**BOTS, **rules.bots}
