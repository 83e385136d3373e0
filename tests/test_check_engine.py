"""The checker is generic: a made-up dice race plugs in with its own data, verbs and rule codes."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp.check.loader import rules_for
from pnp.check.replay import check_text
from pnp.check.simulate import simulate
from pnp.errors import PnpError

RACE_RULES = '''
"""A dice race: roll, move up to the roll, first to the goal wins. RACE-TURN, RACE-STEPS, RACE-WINNER."""
from dataclasses import dataclass

from pnp.check.engine import TABLE, Rules, State, Verb
from pnp.datafile import Int


@dataclass(frozen=True)
class Roll:
    pips: int

    def __str__(self):
        return f"roll {self.pips}"


@dataclass(frozen=True)
class Move:
    player: str
    steps: int

    def __str__(self):
        return f"{self.player} move {self.steps}"


@dataclass(frozen=True)
class Winner:
    player: str

    def __str__(self):
        return f"winner {self.player}"


class Race(Rules):
    def __init__(self, game):
        self.game = game
        self.verbs = {verb.name: verb for verb in (
            Verb("roll", "roll PIPS", lambda words, actor: Roll(words.number("the pips", 1)), by_player=False),
            Verb("move", "PLAYER move STEPS", lambda words, actor: Move(actor, words.number("the steps"))),
            Verb("winner", "winner PLAYER", lambda words, actor: Winner(words.player()), by_player=False),
        )}

    def header(self, players):
        return {"goal": (Int(1), 10)}

    def start(self, setup, whistle):
        return Track(setup, whistle)


class Track(State):
    def __init__(self, setup, whistle):
        self.w, self.players, self.goal = whistle, setup.players, setup.options["goal"]
        self.at = dict.fromkeys(self.players, 0)
        self.turn, self.roll, self.winner = 0, None, None

    def leader(self):
        return next((p for p in self.players if self.at[p] >= self.goal), None)

    def to_move(self):
        return TABLE if self.roll is None or self.leader() else self.players[self.turn]

    def legal_actions(self):
        return [Move(self.to_move(), steps) for steps in range(self.roll + 1)]

    def table_action(self, rng):
        return Winner(self.leader()) if self.leader() else Roll(rng.randint(1, 6))

    def apply(self, action):
        if isinstance(action, Roll):
            self.roll = action.pips
        elif isinstance(action, Move):
            if action.player != self.players[self.turn]:
                self.w.blow("RACE-TURN", f"it is {self.players[self.turn]}'s turn")
            if self.roll is not None and action.steps > self.roll:
                self.w.blow("RACE-STEPS", f"a roll of {self.roll} moves at most {self.roll}")
            self.at[action.player] += action.steps
            self.turn, self.roll = (self.players.index(action.player) + 1) % len(self.players), None
        else:
            self.winner = action.player
            if action.player != self.leader():
                self.w.blow("RACE-WINNER", f"{self.leader()} reached the goal first")

    def finish(self):
        if self.winner is None:
            self.w.blow("RACE-WINNER", "no winner is written")

    def is_over(self):
        return self.winner is not None

    def clone(self):
        other = Track.__new__(Track)
        other.__dict__.update(self.__dict__, at=dict(self.at))
        return other

    def value(self, player):
        return self.at[player]


def rules(game):
    return Race(game)
'''


@pytest.fixture
def race(tmp_path) -> Path:
    """A game folder, `race`, with a data file and a rules module of its own."""
    folder = tmp_path / "race"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Race\nplayers: [2, 3]\ncomponents: {}\n")
    (folder / "rules.py").write_text(RACE_RULES)
    return folder


def log(body: str) -> str:
    return "game: race\nplayers: Ann Bob\ngoal: 5\n" + textwrap.dedent(body)


def found(race: Path, text: str) -> list:
    """(line, rule) of each problem of a log of the race, checked as `pnp check --game RACE` does."""
    return [(v.line, v.rule) for v in check_text(text, "race.log", rules=rules_for(str(race))).violations]


def test_a_game_plugs_in_its_own_verbs_and_rule_codes(race):
    good = log("""
        roll 4
        Ann move 4
        roll 3
        Bob move 2
        roll 1
        Ann move 1   # reaches 5
        winner Ann
        """)
    assert found(race, good) == []
    bad = good.replace("Bob move 2", "Bob move 6").replace("winner Ann", "winner Bob")
    assert found(race, bad) == [(8, "RACE-STEPS"), (11, "RACE-WINNER")]
    unreadable = good.replace("roll 3", "roll three").replace("goal: 5", "goal: far")
    assert found(race, unreadable) == [(3, "LOG-HEADER"), (7, "LOG-SYNTAX")]


def test_the_simulator_plays_any_game_and_its_logs_pass(race):
    for bots in (("random",), ("greedy",)):
        for _, text in simulate(str(race), 5, seed=1, bots=bots):
            assert text.startswith("# Simulated") and "\ngame: race\n" in text
            assert found(race, text) == []


def test_a_game_without_a_rules_module_cannot_be_checked(race):
    (race / "rules.py").unlink()
    with pytest.raises(PnpError, match="has no rules module"):
        rules_for(str(race))
