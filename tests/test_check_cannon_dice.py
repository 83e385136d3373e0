"""Cannon Dice's rules: the sheets' grids, the seats, the data, simulated games, corrupted logs, and anything
at all never raising (the failing logs, the examples and the rule codes are checked with every game's in
test_check_contract.py)."""
from __future__ import annotations

import collections
import random
import re
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conftest import check_with
from pnp.check.engine import State
from pnp.check.loader import rules_for
from pnp.check.pieces import Due
from pnp.check.reader import read_log
from pnp.check.replay import check_text
from pnp.check.setup import read_setup
from pnp.check.simulate import simulate
from pnp.check.violations import Whistle
from pnp.commands import check, simulate as simulate_command
from pnp.errors import DataError
from pnp.read.games import load_game
from pnp.render.faces import FaceMaker
from pnp.write import cache

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "pnp" / "games" / "cannon-dice"
FAILING = sorted((Path(__file__).parent / "logs" / "cannon-dice").glob("*.log"))
EXAMPLE = GAME / "examples" / "two-players.log"
EXPECT = re.compile(r"#\s*expect:\s*(\S+)")


# --- the sheets: every number its own grid, the same the printer draws --------------------------------

def module_of(rules):
    return sys.modules[type(rules).__module__]


RULES = rules_for("cannon-dice")
CD = module_of(RULES)


def test_every_sheet_number_has_its_own_grid_with_the_right_contents():
    contents = load_game("cannon-dice").vars["grid"]["contents"]
    grids = [tuple(CD.sheet_grid(RULES, number)) for number in range(1, 201)]
    for grid in grids:
        assert collections.Counter(grid) == contents
    assert len(set(grids)) == len(grids)


@pytest.mark.parametrize("number", [1, 2, 3, 17, 200])
def test_the_checker_rebuilds_the_grid_the_printed_sheet_shows(number):
    game = load_game("cannon-dice")
    sheet = game.components["score-sheets"]
    maker = FaceMaker(game, cache.Store())
    text = maker.render(sheet.template, sheet.size, 0.0, sheet.where, {"sheet": {"number": number}})
    kind_of = {entry["icon"]: kind for kind, entry in game.vars["treasures"].items()}
    drawn = [kind_of[step["art"]["src"]] for step in yaml.safe_load(text)
             if "art" in step and step["art"]["src"] in kind_of]
    assert drawn[:25] == CD.sheet_grid(RULES, number)


def state_for(log_text: str):
    log, _ = read_log(log_text, "t.log")
    setup, rules, problems = read_setup(log)
    assert not problems
    whistle = Whistle("t.log")
    return rules.start(setup, whistle), whistle


def test_each_player_counts_a_row_from_their_own_cannon_and_a_column_from_their_own_side():
    state, whistle = state_for("game: cannon-dice\nplayers: Mia Tom\nsheet: 3\nstarts: Mia\n")
    for line, action in enumerate([CD.Flip("map"), CD.Roll((2, 2)), CD.Fire("Mia", 2, "B"),
                                   CD.Fire("Tom", 2, "B")], start=10):
        whistle.line = line
        state.apply(action)
    b = RULES.rows.index("B") * 5
    assert state.owner[b + 1] == "Mia" and state.owner[b + 3] == "Tom"  # Mia's 2nd from the left, Tom's from the right
    assert state._column("Mia", 1) == 0 and state._column("Tom", 1) == 4
    assert state._space("Tom", b + 3) == ("B", 2)
    # Crow's Nest: a 1 is the nearest row to the player, E for player 1, A for player 2
    state.todo = [Due("nest", "Tom", "CD-CROWS-NEST", 1, "test", 1)]
    whistle.line = 20
    state.apply(CD.Nest("Tom", 1, "C"))
    assert state.owner[4] == "Tom"  # row A, Tom's column 1 is the grid's last column
    assert whistle.violations == []


# --- the checker follows the data -------------------------------------------------------------------

@pytest.fixture
def cd_copy(game_copy) -> Path:
    return game_copy("cannon-dice")


def test_the_score_values_come_from_the_rule_facts(cd_copy):
    rules = cd_copy / "rules.yaml"
    rules.write_text(rules.read_text().replace("map-bonus: 10", "map-bonus: 12"))
    found = check_with(cd_copy, EXAMPLE)
    assert [(v.rule, v.message.split(" (")[0]) for v in found] == [("CD-SCORE", "Mia has 48 points, not 46")]


def test_a_variant_reaches_the_checker():
    text = EXAMPLE.read_text().replace("game: cannon-dice\n", "game: cannon-dice\nrules: score.map-bonus=12\n")
    found = check_text(text, "variant.log").violations
    assert [(v.rule, v.message.split(" (")[0]) for v in found] == [("CD-SCORE", "Mia has 48 points, not 46")]
    variant = rules_for("cannon-dice", ("balls-per-cannon=4", "points.gold=5", "sea-chest=2", "balls-lost.miss=2"))
    assert (variant.balls, variant.points["gold"], variant.each, variant.balls_lost["miss"]) == (4, 5, 2, 2)


@pytest.mark.parametrize("file, old, new, found", [
    ("rules.yaml", "map-bonus: 10", "map-bonus: ten", "score.map-bonus: expected a whole number from 0, got 'ten'"),
    ("rules.yaml", "gold: 3", "gold: -3", "points.gold: expected a whole number from 0"),
    ("rules.yaml", "balls-per-cannon: 3", "balls-per-cannons: 3", "balls-per-cannon: missing required key"),
    ("rules.yaml", "  miss: 1\n", "", "miss: a lose-balls card says here how many balls"),
    ("rules.yaml", "gold: 3", "silver: 3", "silver: no space of the grid (vars.grid.contents) holds it"),
    ("game.yaml", "effect: draw-map", "effect: draw-maps", "vars.treasures.map.effect: expected one of"),
    ("game.yaml", "horseshoe: {name: Horseshoe, icon: cannon-dice/horseshoe.svg, effect: claim-another}",
     "horseshoe: {name: Horseshoe, icon: cannon-dice/horseshoe.svg}", "horseshoe: a space that is no treasure"),
    ("game.yaml", "faces: [1, 2, 3, 4, 5, explosion]", "faces: [1, 2, 3, 4, 4, explosion]",
     "the dice show every number from 1 to the grid's columns (5): no face shows 5"),
])
def test_the_facts_and_vars_the_checker_reads_are_checked(cd_copy, file, old, new, found):
    data = cd_copy / file
    assert old in data.read_text()
    data.write_text(data.read_text().replace(old, new))
    result = CliRunner().invoke(check.command, ["--game", str(cd_copy), str(EXAMPLE)])
    assert result.exit_code == 2 and found in result.output, result.output


def test_the_balls_a_card_costs_come_from_rules_yaml(cd_copy):
    rules = cd_copy / "rules.yaml"
    rules.write_text(rules.read_text().replace("rough-seas: 2", "rough-seas: 3"))
    found = check_with(cd_copy, EXAMPLE)
    assert [v.rule for v in found] == ["CD-ROUGH-SEAS"]
    assert "Mia crosses off 3 balls, not 2" in found[0].message


def test_what_a_card_does_comes_from_its_effect_column(cd_copy):
    cards = cd_copy / "action-cards.csv"
    cards.write_text(cards.read_text().replace("kraken,1,Kraken,after,lose-treasure,", "kraken,1,Kraken,after,,"))
    result = CliRunner().invoke(check.command, ["--game", str(cd_copy), str(EXAMPLE)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "action-cards.csv:6: effect: missing required key" in result.output
    cards.write_text(cards.read_text().replace("kraken,1,Kraken,after,,", "kraken,1,Kraken,after,steal-maps,"))
    result = CliRunner().invoke(check.command, ["--game", str(cd_copy), str(EXAMPLE)])
    assert result.exit_code == 2 and "kraken: an action card's effect is one of" in result.output
    cards.write_text(cards.read_text().replace("kraken,1,Kraken,after,steal-maps,", "kraken,1,Kraken,keep,lose-treasure,"))
    result = CliRunner().invoke(check.command, ["--game", str(cd_copy), str(EXAMPLE)])
    assert result.exit_code == 2 and "kraken: a lose-treasure card acts now or after, not keep" in result.output


@pytest.mark.parametrize("rule, found", [
    ("balls-per-cannon=11", "--rule: balls-per-cannon: expected a whole number from 1 to 10"),
    ("sea-chest=6", "--rule: sea-chest: a player may hold 21 of pearl"),
    ("balls-lost.miss=0", "--rule: balls-lost.miss: expected a whole number from 1"),
])
def test_a_variant_the_rules_cannot_play_is_refused_naming_the_fact(tmp_path, rule, found):
    from pnp.cli import cli

    result = CliRunner().invoke(cli, ["build", "cannon-dice", "--rule", rule, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and found in " ".join(result.output.split()), result.output
    assert not (tmp_path / "out").exists()


# --- simulated games ---------------------------------------------------------------------------------

def logs(seed: int, count: int, bots=("random",), options=None) -> list[str]:
    return [text for _, text in simulate("cannon-dice", count, seed, None, bots, options)]


@pytest.fixture(scope="module")
def simulated() -> list[str]:
    """Games of both bots, mixed and alone."""
    return logs(1, 60) + logs(2, 60, ("greedy", "random")) + logs(3, 30, ("greedy",))


def test_every_simulated_log_passes_the_checker(simulated):
    for text in simulated:
        outcome = check_text(text, "simulated.log")
        assert outcome.violations == [], text
        assert "scores right" in outcome.summary


def verbs_of(text: str) -> set:
    """Each verb of a log, and each card turned up or played."""
    found = set()
    for line in text.splitlines():
        words = line.split()
        if not words or line.startswith("#") or ":" in words[0]:
            continue
        verb = words[1] if words[0] in ("Anne", "Bart") else words[0]
        found.add(verb)
        if verb in ("flip", "play"):
            found.add(f"{verb} {words[1 if verb == 'flip' else 2]}")
    return found


def test_the_bots_use_every_verb_and_every_card(simulated):
    seen = set().union(*map(verbs_of, simulated))
    assert set(RULES.verbs) <= seen
    assert {f"flip {card}" for card in RULES.cards} <= seen
    assert {"play mutiny", "play parley", "play ships-log"} <= seen


def test_the_same_seed_writes_the_same_logs():
    assert logs(7, 3) == logs(7, 3)
    assert logs(7, 3) != logs(8, 3)
    assert logs(7, 2, ("greedy",)) == logs(7, 2, ("greedy",))


def test_the_command_writes_logs_that_pnp_check_accepts(tmp_path):
    runner = CliRunner()
    args = ["cannon-dice", "--games", "5", "--seed", "4", "--out", str(tmp_path), "--bot", "greedy", "--bot", "random"]
    result = runner.invoke(simulate_command.command, args)
    assert result.exit_code == 0, result.output
    assert "wrote 5 logs" in result.output and "all valid" in result.output
    assert runner.invoke(check.command, [str(tmp_path), "--quiet"]).exit_code == 0


def test_a_sheet_can_be_fixed_for_every_simulated_game():
    assert all("\nsheet: 3\n" in text for text in logs(5, 3, options={"sheet": "3"}))


# --- corrupting a simulated log always yields a violation ---------------------------------------------

PICK = re.compile(r"^(\w+) (fire|take) ")
FIRE = re.compile(r"^(\w+) fire (\S+)(?: ([A-E]))?(.*)$")
FOLLOW_UPS = ("claim", "nest", "sink", "steal", "lose", "draw", "return")


def verb(line: str) -> str:
    words = line.split()
    return words[1] if len(words) > 1 and words[0] in ("Anne", "Bart") else (words[0] if words else "")


def round_rolls(lines) -> list[int]:
    """The lines of each round's own roll: right after a flip that begins a round."""
    return [i for i in range(1, len(lines) - 1) if verb(lines[i]) == "roll" and verb(lines[i - 1]) == "flip"
            and verb(lines[i - 2]) != "roll"]


def wrong_score(lines, rng):
    """A player's score is off."""
    i = next(i for i, line in enumerate(lines) if line.startswith("score "))
    words = lines[i].split()
    at = rng.choice([2, 4])
    words[at] = str(int(words[at]) + rng.choice([-2, -1, 1, 3]))
    lines[i] = " ".join(words)
    return i, {"CD-SCORE"}


def wrong_winner(lines, rng):
    """The other player is written as the winner."""
    i = next(i for i, line in enumerate(lines) if line.startswith("winner "))
    lines[i] = "winner " + ("Anne" if lines[i].endswith("Bart") else "Bart")
    return i, {"CD-WINNER"}


def card_taken_by_the_other(lines, rng):
    """The card of a round is written as taken by the other player."""
    i = rng.choice([i for i, line in enumerate(lines) if verb(line) == "take"])
    player = lines[i].split()[0]
    lines[i] = ("Anne" if player == "Bart" else "Bart") + lines[i][len(player):]
    return i, {"CD-PICK-ORDER"}


def die_not_rolled(lines, rng):
    """A round's first pick fires a number its dice do not show."""
    rolls = [i for i in round_rolls(lines) if len(lines[i].split()) == 3 and FIRE.match(lines[i + 1])
             and FIRE.match(lines[i + 1]).group(3)]
    if not rolls:
        return None
    i = rng.choice(rolls)
    player, _, row, rest = FIRE.match(lines[i + 1]).groups()
    face = rng.choice([f for f in "12345" if f not in lines[i].split()])
    lines[i + 1] = f"{player} fire {face} {row}"
    return i + 1, {"CD-PICK"}


def first_picks_swapped(lines, rng):
    """A round's first two picks, by different players, are written the other way round."""
    pairs = [i + 1 for i in round_rolls(lines) if PICK.match(lines[i + 1]) and PICK.match(lines[i + 2])
             and lines[i + 1].split()[0] != lines[i + 2].split()[0]]
    i = rng.choice(pairs)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    return i, {"CD-PICK-ORDER"}


def map_drawn_twice(lines, rng):
    """A map is drawn that was drawn before."""
    draws = [i for i, line in enumerate(lines) if verb(line) == "draw"]
    later = [i for k, i in enumerate(draws) if any(lines[j].split()[2] != lines[i].split()[2] for j in draws[:k])]
    if not later:
        return None
    i = rng.choice(later)
    earlier = sorted({lines[j].split()[2] for j in draws if j < i} - {lines[i].split()[2]})
    lines[i] = f"{lines[i].split()[0]} draw {rng.choice(earlier)}"
    return i, {"CD-MAP-DECK"}


def follow_up_dropped(lines, rng):
    """A follow-up a pick, space or card asks for is left out: the next line shows it."""
    i = rng.choice([i for i, line in enumerate(lines) if verb(line) in FOLLOW_UPS])
    del lines[i]
    return i, set(CODE_NAMES)


def fired_from_a_wrecked_cannon(lines, rng):
    """A shot is fired from a cannon of the shooter's that was X'd out."""
    wrecked, shots = collections.defaultdict(set), []
    for i, line in enumerate(lines):
        match = FIRE.match(line)
        if match and match.group(3):
            rows = wrecked[match.group(1)] - {match.group(3)}
            shots += [(i, row) for row in sorted(rows)]
            if " at " in line:
                wrecked["Anne" if match.group(1) == "Bart" else "Bart"].add(line.split()[-1])
    if not shots:
        return None
    i, row = rng.choice(shots)
    player, face, _, rest = FIRE.match(lines[i]).groups()
    lines[i] = f"{player} fire {face} {row}{rest}"
    return i, {"CD-CANNON"}


def cut_short(lines, rng):
    """The log stops anywhere before its winner."""
    first = next(i for i, line in enumerate(lines) if verb(line) == "flip")
    del lines[rng.randrange(first, len(lines) - 2):]
    return None, set()


CODE_NAMES = set(re.findall(r"^\| (CD-[A-Z-]+) \|", (GAME / "RULES.md").read_text(), re.MULTILINE))


@pytest.mark.parametrize("corrupt", [wrong_score, wrong_winner, card_taken_by_the_other, die_not_rolled,
                                     first_picks_swapped, map_drawn_twice, follow_up_dropped,
                                     fired_from_a_wrecked_cannon, cut_short])
def test_every_corruption_of_a_simulated_log_is_caught(simulated, corrupt):
    rng = random.Random(corrupt.__name__)
    tried = 0
    for text in simulated:
        lines = text.rstrip("\n").split("\n")
        corrupted = corrupt(lines, rng)
        if corrupted is None:
            continue
        tried += 1
        at, codes = corrupted
        found = check_text("\n".join(lines), "corrupt.log").violations
        assert found, f"{corrupt.__name__} not caught:\n" + "\n".join(lines)
        if at is not None:
            assert {v.rule for v in found if v.line == at + 1} & codes, (found, lines[at])
    assert tried >= len(simulated) // 3


# --- anything at all: an answer, never a traceback ---------------------------------------------------

EVENTS = ["flip {c}", "roll {f} {f}", "roll {f}", "{p} fire {f} {r}", "{p} fire {f}", "{p} fire explosion {r} at {r}",
          "{p} take {c}", "{p} claim {r}{n}", "{p} nest {n} {r}", "{p} nest {n}", "{p} sink {r}", "{p} steal {t}",
          "{p} lose {t}", "{p} lose ball {r}", "{p} lose balls {r} {r}", "{p} draw {m}", "{p} return {m} {m}",
          "{p} spy {m}", "{p} play mutiny", "{p} play parley {m} {f}", "{p} play ships-log {m}",
          "duel Anne {f} Bart {f}", "end", "{p} guess {n}", "envelope {m}", "score Anne {n} Bart {n}", "winner {p}"]


class _Random(dict):
    """Random words for the event patterns, by their field names."""

    def __init__(self, rng):
        super().__init__()
        self.rng = rng

    def __missing__(self, key):
        rng = self.rng
        return {"c": lambda: rng.choice(sorted(RULES.cards)), "f": lambda: str(rng.choice(RULES.dice.faces)),
                "p": lambda: rng.choice(["Anne", "Bart"]), "r": lambda: rng.choice("ABCDE"),
                "n": lambda: str(rng.randint(1, 6)), "t": lambda: rng.choice(["pearl", "ruby", "gold"]),
                "m": lambda: f"map-{rng.randint(1, 6)}"}[key]()


def jumbled(rng, texts) -> str:
    """A simulated game with lines dropped, repeated, moved or added: states no game reaches."""
    lines = rng.choice(texts).split("\n")
    for _ in range(rng.randint(1, 8)):
        at, action = rng.randrange(len(lines)), rng.randrange(4)
        if action == 0:
            del lines[at]
        elif action == 1:
            lines.insert(at, rng.choice(lines))
        elif action == 2:
            lines.insert(at, rng.choice(EVENTS).format_map(_Random(rng)))
        else:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines)


def anything(rng, texts) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        events = [rng.choice(EVENTS).format_map(_Random(rng)) for _ in range(rng.randrange(150))]
        return "\n".join(["game: cannon-dice", "players: Anne Bart", f"sheet: {rng.randint(1, 99)}",
                          "starts: Bart", *events])
    if kind == 1:
        return jumbled(rng, texts)
    if kind == 2:
        return " ".join(rng.choice(EVENTS + list("\n\n:#,")) for _ in range(rng.randrange(100)))
    text = EXAMPLE.read_text()
    return text[:rng.randrange(len(text))]


@pytest.mark.parametrize("seed", range(6))
def test_random_and_jumbled_logs_never_raise(simulated, seed):
    rng = random.Random(seed)
    for _ in range(150):
        text = anything(rng, simulated)
        for strict in (False, True):
            outcome = check_text(text, "noise.log", strict)  # raises on any bug of the rules module
            assert all(v.line >= 1 and v.rule != "LOG-INTERNAL" for v in outcome.violations)


def test_the_command_reports_cannon_dice_problems_as_json():
    result = CliRunner().invoke(check.command, [str(FAILING[0]), str(EXAMPLE), "--format", "json"])
    assert result.exit_code == 1
    assert '"rule": "CD-' in result.output


def test_an_alias_may_not_hide_a_card_of_the_kit(game_copy):
    folder = game_copy("cannon-dice")
    path = folder / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("  parlay: parley\n", "  parlay: parley\n  spyglass: mutiny\n"))
    line = path.read_text().splitlines().index("  spyglass: mutiny") + 1
    with pytest.raises(DataError) as raised:
        load_game(str(folder))
    assert f"game.yaml:{line}" in str(raised.value) and "spyglass" in str(raised.value)


# --- when a card acts: after the round's dice, unless it says otherwise (the rulebook's rule) ---------

AFTER_THE_DICE = """game: cannon-dice
players: Mia Tom
sheet: 3
starts: Mia
flip {card}
roll 1 2
Mia take {card}
Tom fire 2 A
Mia fire 1 E
{line}
end
Mia guess 2
Tom guess 5
envelope map-1
"""


@pytest.mark.parametrize("card, line", [("map", "Mia draw map-4"), ("miss", "Mia lose ball A"),
                                        ("rough-seas", "Mia lose balls A B"), ("kraken", "Mia lose pearl"),
                                        ("boarding-party", "Mia steal gold"), ("spyglass", "Mia spy")])
def test_a_card_that_names_no_time_acts_after_the_rounds_dice(card, line):
    text = AFTER_THE_DICE.format(card=card, line=line)
    outcome = check_text(text, "t.log")
    assert {v.line for v in outcome.violations} == {14}  # only the end is left unwritten
    lines = text.split("\n")
    early = "\n".join(lines[:7] + [line] + lines[7:9] + lines[10:])  # its line right after the take
    assert {v.line for v in check_text(early, "t.log").violations} >= {8}


# --- one slip, one report: the checker carries on the way the slip was most likely made ---------------

def slipped(old: str, new: str) -> list:
    """(line, code) of each problem in the two-player example with one line changed."""
    text = EXAMPLE.read_text()
    assert text.count(old) == 1
    return [(v.line, v.rule) for v in check_text(text.replace(old, new), "slip.log").violations]


def test_a_die_named_wrong_fires_the_die_on_offer_nearest_to_it():
    """Dice 3 and 4 on offer, `fire 5` written: the 4 is fired (his 4th space of row B, a pearl), so the scores
    written at the end fit."""
    assert slipped("Tom fire 4 B      ", "Tom fire 5 B      ") == [(23, "CD-PICK")]


@pytest.mark.parametrize("old, new, line", [
    ("flip mutiny ", "flip miss ", 25),                    # the take names the card turned up: the flip slipped
    ("flip boarding-party", "flip kraken", 61),
])
def test_a_card_flipped_wrong_is_believed_from_its_take(old, new, line):
    """Reported at the take, and only there: the card turned up later (a miss, a Kraken) is still in the deck."""
    assert slipped(old, new) == [(line, "CD-PICK")]


@pytest.mark.parametrize("old, new", [("Tom steal pearl", "Mia steal pearl"), ("Tom draw map-1", "Mia draw map-1"),
                                      ("Tom lose ball E", "Mia lose ball E")])
def test_a_follow_up_under_the_other_players_name_is_carried_out_for_the_player_it_was_asked_of(old, new):
    """Reported there, and only there: the pearl, the map, the ball are Tom's, as the lines after it say."""
    lines = EXAMPLE.read_text().split("\n")
    line = next(i for i, text in enumerate(lines, start=1) if text.startswith(old))
    found = slipped(old, new)
    assert len(found) == 1 and found[0][0] == line


def test_after_a_problem_the_scores_written_stand():
    """The roll written wrong (a 5 for the 4 Tom fires): the checker fires the 5, so its count of the chests is
    no longer the table's; the scores written at the end are taken at their word, not reported again."""
    assert slipped("roll 3 4                    # ...", "roll 3 5                    # ...") == [(23, "CD-PICK")]


def test_a_line_goes_straight_to_its_handler_only_while_the_game_cannot_be_over():
    """The state's `apply` skips State.apply's question whether the game is over while no winner is written
    (a shortcut for speed): right only while `is_over` needs the winner and the game has no `decided`."""
    state, _ = state_for("game: cannon-dice\nplayers: Ann Bob\nsheet: 3\nstarts: Ann\n")
    state.phase, state.score_line, state.winner_line = "final", 9, 0
    assert not state.is_over()
    assert type(state).decided is State.decided
