"""The checker is generic: a made-up dice race plugs in with its own data, verbs and rule codes."""
from __future__ import annotations

import inspect
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.engine import State
from pnp.check.loader import checked_games, rules_for
from pnp.check.replay import check_text
from pnp.check.simulate import simulate
from pnp.cli import cli
from pnp.errors import PnpError

RACE_RULES = '''
"""A dice race: roll, move up to the roll, first to the goal wins. RACE-TURN, RACE-STEPS, RACE-WINNER."""
from pnp.check.engine import TABLE, Rules, State
from pnp.check.verbs import action, number
from pnp.model.specs import Int

Roll = action("roll", "roll {pips:pips}")
Move = action("move", "{player} move {steps:steps}")
Winner = action("winner", "winner {player:player}")


class Track(State):
    end_code = "RACE-END"

    def begin(self, setup):
        self.goal, self.at = setup.options["goal"], dict.fromkeys(self.players, 0)
        self.turn, self.roll, self.winner = 0, None, None

    def leader(self):
        return next((p for p in self.players if self.at[p] >= self.goal), None)

    def to_move(self):
        return TABLE if self.roll is None or self.leader() else self.players[self.turn]

    def legal_actions(self):
        mover = self.to_move()
        return [] if mover is TABLE else [Move(mover, steps) for steps in range(self.roll + 1)]

    def why_not(self, move):
        if self.leader():
            return "RACE-WINNER", f"{self.leader()} has reached the goal: the race is over"
        if move.player != self.players[self.turn]:
            return "RACE-TURN", f"it is {self.players[self.turn]}'s turn"
        return "RACE-STEPS", f"a roll of {self.roll} moves at most {self.roll}" if self.roll else "roll first"

    def table_action(self, rng):
        return Winner(self.leader()) if self.leader() else Roll(rng.randint(1, 6))

    def on_roll(self, roll):
        self.roll = roll.pips

    def on_move(self, move):
        if move not in self.legal_actions():  # reported, then played as written
            self.w.blow(*self.why_not(move))
        self.at[move.player] += move.steps
        self.turn, self.roll = (self.players.index(move.player) + 1) % len(self.players), None

    def on_winner(self, winner):
        self.winner = winner.player
        if winner.player != self.leader():
            self.w.blow("RACE-WINNER", f"{self.leader()} reached the goal first")

    def finish(self):
        if self.winner is None:
            self.w.blow("RACE-WINNER", "no winner is written")

    def is_over(self):
        return self.winner is not None

    def value(self, player):
        return self.at[player]


class Race(Rules):
    state, actions = Track, (Roll, Move, Winner)

    def kinds(self):
        return {"pips": number("the pips", 1), "steps": number("the steps")}

    def header(self, players):
        return {"goal": (Int(1), 10)}


rules = Race
'''


@pytest.fixture
def race(tmp_path) -> Path:
    """A game folder, `race`, with a data file and a rules module of its own."""
    folder = tmp_path / "race"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Race\nplayers: [2, 3]\ncomponents: {}\n")
    (folder / "rules.py").write_text(RACE_RULES)
    return folder


RACE_GAME = """
roll 4
Ann move 4
roll 3
Bob move 2
roll 1
Ann move 1   # reaches 5
winner Ann
"""  # a legal race to 5: Ann wins


def log(body: str) -> str:
    return "game: race\nplayers: Ann Bob\ngoal: 5\n" + textwrap.dedent(body)


def found(race: Path, text: str) -> list:
    """(line, rule) of each problem of a log of the race, checked as `pnp check --game RACE` does."""
    return [(v.line, v.rule) for v in check_text(text, "race.log", rules=rules_for(str(race))).violations]


def test_a_game_plugs_in_its_own_verbs_and_rule_codes(race):
    good = log(RACE_GAME)
    assert found(race, good) == []
    bad = good.replace("Bob move 2", "Bob move 6").replace("winner Ann", "winner Bob")
    # Bob cannot move 6 on a roll of 3 (line 8): read as a move the roll allowed, the lines after it fit,
    # Ann reaches the goal at line 10, and the winner written at line 11 is wrong
    assert found(race, bad) == [(8, "RACE-STEPS"), (11, "RACE-WINNER")]
    unreadable = good.replace("roll 3", "roll three").replace("goal: 5", "goal: far")
    assert found(race, unreadable) == [(3, "LOG-HEADER"), (7, "LOG-SYNTAX")]


def test_a_line_written_again_reads_as_it_did_wherever_it_was_met_first(race):
    """A line's action is kept once read, for the game and its players (pnp.check.replay): a line written
    again reads the same, an unreadable one is reported wherever it stands, and other players read anew."""
    good = log(RACE_GAME)
    assert found(race, good) == found(race, good) == []
    twice = log(RACE_GAME + "roll three\nroll three\n")
    assert found(race, twice) == found(race, twice) == [(12, "LOG-SYNTAX"), (13, "LOG-SYNTAX")]
    others = good.replace("players: Ann Bob", "players: Ann Cy")  # `Bob move 2` at line 8: no player now
    assert found(race, others) == [(8, "LOG-PLAYER")]


def test_the_simulator_plays_any_game_and_its_logs_pass(race):
    for bots in (("random",), ("greedy",)):
        for _, text in simulate(str(race), 5, seed=1, bots=bots):
            assert text.startswith("# Simulated") and "\ngame: race\n" in text
            assert found(race, text) == []


def test_a_game_without_a_rules_module_cannot_be_checked(race):
    (race / "rules.py").unlink()
    with pytest.raises(PnpError, match="has no rules module"):
        rules_for(str(race))


def test_a_verb_without_its_handler_is_named_when_the_game_loads(race):
    (race / "rules.py").write_text(RACE_RULES.replace("    def on_winner(self, winner):", "    def judge_winner(self, winner):"))
    with pytest.raises(PnpError, match=r"`winner`.*on_winner"):
        rules_for(str(race))
    result = CliRunner().invoke(cli, ["check", "--game", str(race), str(race / "game.yaml")])
    assert result.exit_code == 2 and "on_winner" in result.output and "Traceback" not in result.output


def test_a_state_hears_of_each_problem_and_may_take_the_logs_word_after_it(race):
    rules = (race / "rules.py").read_text()
    (race / "rules.py").write_text(rules.replace("    def finish(self):", '''    def after_problem(self, action):
        self.heard = (*getattr(self, "heard", ()), str(action))  # what a problem leaves in doubt: the winner

    def finish(self):''').replace("if winner.player != self.leader():",
                                    "if winner.player != self.leader() and not getattr(self, 'heard', ()):"))
    good = log(RACE_GAME)
    bad = good.replace("Bob move 2", "Bob move 6").replace("winner Ann", "winner Bob")
    assert found(race, bad) == [(8, "RACE-STEPS")]  # the winner written after a problem is the log's word
    assert found(race, good.replace("winner Ann", "winner Bob")) == [(11, "RACE-WINNER")]


def package(race: Path) -> Path:
    """The race's rules made a package: its verbs in a module of their own, imported by `rules/__init__.py`."""
    rules = race / "rules"
    rules.mkdir()
    verbs = [line for line in RACE_RULES.splitlines() if line.startswith(("Roll =", "Move =", "Winner ="))]
    (rules / "verbs.py").write_text("from pnp.check.verbs import action, number\n\n" + "\n".join(verbs) + "\n")
    rest = "\n".join(line for line in RACE_RULES.splitlines() if line not in verbs)
    imports = "from pnp.model.specs import Int\n"
    (rules / "__init__.py").write_text(rest.replace(imports, imports + "\nfrom .verbs import Move, Roll, Winner\n"))
    (race / "rules.py").unlink()
    return rules


def test_a_games_rules_may_be_a_package_whose_modules_import_one_another(race):
    package(race)
    good = log(RACE_GAME)
    assert found(race, good) == []
    assert found(race, good.replace("Bob move 2", "Bob move 6")) == [(8, "RACE-STEPS")]


def test_an_error_in_a_module_of_a_package_is_named_with_its_file_and_line(race):
    rules = package(race)
    (rules / "verbs.py").write_text((rules / "verbs.py").read_text() + "\nnot_defined_anywhere\n")
    with pytest.raises(PnpError, match=r"cannot be loaded at .*verbs\.py:\d+: NameError"):
        rules_for(str(race))
    (rules / "verbs.py").write_text("Roll = (\n")
    with pytest.raises(PnpError, match=r"cannot be loaded at .*verbs\.py:\d+: SyntaxError"):
        rules_for(str(race))


def test_a_state_that_calls_dispatch_in_its_apply_has_no_other_part_overriding_apply():
    """`State.dispatch` is the engine's own `apply`: a part that calls it from its `apply` must be the only part of
    the state overriding `apply`, or the others would be passed by."""
    for slug in checked_games():
        state = rules_for(slug).state
        overriding = [part for part in state.__mro__ if "apply" in vars(part) and part is not State]
        if any("self.dispatch(" in inspect.getsource(part.apply) for part in overriding):
            assert len(overriding) == 1, (slug, [part.__name__ for part in overriding])
