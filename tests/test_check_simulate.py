"""`pnp simulate`: bots play whole games through the rules; every log passes, and any corruption is caught."""
from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from pnp.check.replay import check_text
from pnp.check.simulate import simulate
from pnp.commands import check, simulate as simulate_command
from pnp.read.games import load_game

GAME = "buried-treasure"
SETTINGS = [  # (players, options, bots): every player count, both rule sets, both bots
    (2, {"advanced": "no"}, ("random",)), (3, {"advanced": "no"}, ("greedy", "random")),
    (4, {"advanced": "no"}, ("random", "greedy")), (2, {"advanced": "yes"}, ("greedy",)),
    (3, {"advanced": "yes"}, ("random",)), (4, {"advanced": "yes"}, ("random", "greedy")),
]


def logs(seed: int, count: int, players=None, options=None, bots=("random",)) -> list[str]:
    return [text for _, text in simulate(GAME, count, seed, players, bots, options)]


@pytest.fixture(scope="module")
def simulated() -> list[str]:
    """Games of every setting, and some with everything left to chance."""
    texts = logs(99, 12)
    for number, (players, options, bots) in enumerate(SETTINGS):
        texts += logs(number, 4, players, options, bots)
    return texts


def test_every_simulated_log_passes_the_checker(simulated):
    for text in simulated:
        outcome = check_text(text, "simulated.log")
        assert outcome.violations == [], text
        assert "scores right" in outcome.summary


def test_the_settings_show_in_the_logs(simulated):
    headers = {(text.count("\nplayers: ") and len(re.search(r"^players: (.*)$", text, re.M).group(1).split()),
                "advanced: yes" in text) for text in simulated}
    assert headers == {(n, advanced) for n in (2, 3, 4) for advanced in (False, True)}
    assert any(" extra " in t for t in simulated) and any(re.search(r" steal \w+ [1-9]", t) for t in simulated)
    assert any(" play wild-flag " in t for t in simulated) and any(" to " in t for t in simulated)


def test_the_same_seed_writes_the_same_logs():
    assert logs(7, 3) == logs(7, 3)
    assert logs(7, 3) != logs(8, 3)
    assert logs(7, 2, bots=("greedy",)) == logs(7, 2, bots=("greedy",))


def test_the_command_writes_logs_that_pnp_check_accepts(tmp_path):
    runner = CliRunner()
    result = runner.invoke(simulate_command.command, [GAME, "--games", "6", "--seed", "3", "--out", str(tmp_path),
                                                      "--bot", "random", "--bot", "greedy"])
    assert result.exit_code == 0, result.output
    assert "wrote 6 logs" in result.output and "all valid" in result.output
    written = sorted(tmp_path.glob("*.log"))
    assert [p.name for p in written] == [f"{GAME}-{n:04d}.log" for n in range(1, 7)]
    assert runner.invoke(check.command, [str(tmp_path), "--quiet"]).exit_code == 0
    again = tmp_path / "again"
    runner.invoke(simulate_command.command, [GAME, "--games", "6", "--seed", "3", "--out", str(again),
                                             "--bot", "random", "--bot", "greedy"])
    assert [p.read_text() for p in sorted(again.glob("*.log"))] == [p.read_text() for p in written]


@pytest.mark.parametrize("args, message", [
    (["no-such-game"], "unknown game"),
    ([GAME, "--players", "5"], "2–4 players, not 5"),
    ([GAME, "--option", "advanced=maybe"], "advanced"),
    ([GAME, "--option", "colour=red"], "colour"),
])
def test_bad_simulation_settings_are_errors_not_tracebacks(tmp_path, args, message):
    result = CliRunner().invoke(simulate_command.command, args + ["--out", str(tmp_path), "--games", "1"])
    assert result.exit_code == 2
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# --- corrupting a simulated log always yields a violation ---------------------------------------------

FLAGS = {card.id: card.fields["flags"] for card in load_game(GAME).components["game-cards"].cards}
CARDS = sorted(FLAGS)
TAKE = re.compile(r"^(\w+) (take|extra) (\d+) (\S+)(.*)$")
TURN = re.compile(r"^(\w+) (take|play|pass)\b")


def players_of(lines: list[str]) -> list[str]:
    return next(line.split()[1:] for line in lines if line.startswith("players:"))


def card_not_in_layout(lines, rng):
    """A take names a card other than the one on top of its column."""
    i = rng.choice([i for i, line in enumerate(lines) if TAKE.match(line)])
    player, verb, column, card, rest = TAKE.match(lines[i]).groups()
    lines[i] = f"{player} {verb} {column} {rng.choice([c for c in CARDS if c != card])}{rest}"
    return i, {"BT-TAKE-CARD"}


def wrong_score(lines, rng):
    """A round score or a final total is off by a few points."""
    i = rng.choice([i for i, line in enumerate(lines) if line.startswith(("scores ", "final "))])
    words = lines[i].split()
    at = rng.randrange(2, len(words), 2)
    old = int(words[at])
    words[at] = str(old + rng.choice([-1, 1, 2, 10] if old else [1, 2, 10]))
    lines[i] = " ".join(words)
    return i, {"BT-ROUND-SCORE", "BT-FINAL-SCORE"}


def turn_out_of_order(lines, rng):
    """A turn is written as another player's."""
    i = rng.choice([i for i, line in enumerate(lines) if TURN.match(line)])
    player = lines[i].split()[0]
    lines[i] = rng.choice([p for p in players_of(lines) if p != player]) + lines[i][len(player):]
    return i, {"BT-TURN", "BT-START", "BT-PASSED"}


def turns_swapped(lines, rng):
    """Two turns of different players, one after the other, are written the other way round."""
    pairs = [i for i in range(len(lines) - 1) if TURN.match(lines[i]) and TURN.match(lines[i + 1])
             and lines[i].split()[0] != lines[i + 1].split()[0]]
    i = rng.choice(pairs)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    return i, {"BT-TURN", "BT-START", "BT-PASSED", "BT-TAKE-CARD", "BT-TAKE-COLUMN", "BT-PASS"}


def steal_beyond_flags(lines, rng):
    """A flag card's steal takes one card more than its flags allow."""
    takes = [i for i, line in enumerate(lines)
             if (m := TAKE.match(line)) and m.group(2) == "take" and FLAGS[m.group(4)] and not m.group(5)]
    if not takes:
        return None  # no flag card went into its taker's own collection in this game
    i = rng.choice(takes)
    player, _, _, card, _ = TAKE.match(lines[i]).groups()
    victim = rng.choice([p for p in players_of(lines) if p != player])
    steal = f"{player} steal {victim} {FLAGS[card] + 1}"
    if lines[i + 1].startswith(f"{player} steal "):
        lines[i + 1] = steal
    else:
        lines.insert(i + 1, steal)
    return i + 1, {"BT-STEAL-COUNT"}


def deal_changed(lines, rng):
    """One card of a deal is written as another card."""
    i = rng.choice([i for i, line in enumerate(lines) if line.startswith("deal ")])
    words = lines[i].split()
    at = rng.randrange(2, len(words))
    words[at] = rng.choice([c for c in CARDS if c != words[at]])
    lines[i] = " ".join(words)
    return None, set()  # the surplus card may show at this deal or a later one, or as a take that no longer fits


@pytest.mark.parametrize("corrupt", [card_not_in_layout, wrong_score, turn_out_of_order, turns_swapped,
                                     steal_beyond_flags, deal_changed])
def test_every_corruption_of_a_simulated_log_is_caught(simulated, corrupt):
    rng = random.Random(corrupt.__name__)
    tried = 0
    for text in simulated:
        for _ in range(3):
            lines = text.split("\n")
            corrupted = corrupt(lines, rng)
            if corrupted is None:
                continue
            tried += 1
            at, codes = corrupted
            found = check_text("\n".join(lines), "corrupt.log").violations
            assert found, f"{corrupt.__name__} not caught:\n" + "\n".join(lines)
            if at is not None:
                assert {rule for v in found if v.line == at + 1 for rule in (v.rule, *v.also)} & codes, (found, lines[at])
    assert tried >= 2 * len(simulated)
