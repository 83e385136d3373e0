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
from pnp.check.loader import rules_for, rules_of
from pnp.check.pieces import Due
from pnp.check.reader import read_log
from pnp.check.replay import check_text, parse_event
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


@pytest.mark.parametrize("seed", range(3))  # the suite's share: `python tests/fuzz_logs.py --long` goes further
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


def test_a_die_named_wrong_is_fired_as_written_and_the_die_nearest_to_it_leaves_the_offer():
    """Dice 3 and 4 on offer, `fire 5` written: one report. The roll is taken as the slip: the 5 is fired (Tom's
    B5, Mia's B1) and the 4 leaves the offer, the 3 staying for Mia; the pick read as the slip (the 4 fired) is
    a reading the replay tries beside it."""
    assert slipped("Tom fire 4 B      ", "Tom fire 5 B      ") == [(23, "CD-PICK")]
    state, whistle = state_for("game: cannon-dice\nplayers: Mia Tom\nsheet: 3\nstarts: Tom\n")
    for line, action in enumerate([CD.Flip("mutiny"), CD.Roll((3, 4)), CD.Fire("Tom", 5, "B")], start=20):
        whistle.line = line
        state.apply(action)
    assert [v.rule for v in whistle.violations] == ["CD-PICK"]
    assert state.owner[RULES.rows.index("B") * RULES.columns] == "Tom" and state.dice == [3]


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
    """The Rough Seas's two balls written from row D, which has one left: the checker crosses off that one only,
    so its count of Mia's balls is one more than the table's; the scores written at the end are taken at their
    word, not reported again."""
    assert slipped("Mia lose balls D E ", "Mia lose balls D D ") == [(112, "CD-ROUGH-SEAS")]
    counted = alone(EXAMPLE.read_text().replace("Mia lose balls D E ", "Mia lose balls D D "), told=False)
    assert counted == [(112, "CD-ROUGH-SEAS"), (119, "CD-SCORE")]  # the count, not told of the problem


def test_a_line_goes_straight_to_its_handler_only_while_the_game_cannot_be_over():
    """The state's `apply` skips State.apply's question whether the game is over while no winner is written
    (a shortcut for speed): right only while `is_over` needs the winner and the game has no `decided`."""
    state, _ = state_for("game: cannon-dice\nplayers: Ann Bob\nsheet: 3\nstarts: Ann\n")
    state.phase, state.score_line, state.winner_line = "final", 9, 0
    assert not state.is_over()
    assert type(state).decided is State.decided


# --- after a mistake, a later line is reported only when it is wrong under every reading left open --------

def changed(*pairs: str) -> str:
    """The two-player example with each `old` text of the pairs (old, new, old, new ...) replaced once."""
    text = EXAMPLE.read_text()
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def reported(text: str) -> list:
    """(line, code) of each problem the checker reports."""
    return [(v.line, v.rule) for v in check_text(text, "slip.log").violations]


def alone(text: str, told: bool = True) -> list:
    """(line, code) of the first problem of each line when the game's state plays every line as written, told
    of each problem as the replay tells it (`after_problem`; not when `told` is false), and no other reading of
    the log is tried: what the rules themselves make of a slip, whatever readings the replay finds besides."""
    parsed, _ = read_log(text, "t.log")
    setup, rules, problems = read_setup(parsed)
    assert not problems
    whistle = Whistle("t.log")
    state = rules.start(setup, whistle)
    names = {name.lower(): name for name in setup.players}
    for line, words in parsed.events():
        whistle.line, before = line, len(whistle.violations)
        action = parse_event(words, names, rules.verbs)
        state.apply(action)
        if told and len(whistle.violations) > before:
            state.after_problem(action)
    whistle.line = parsed.last_line
    state.finish()
    first = {}
    for v in whistle.violations:
        first.setdefault(v.line, v.rule)
    return sorted(first.items())


SCORES, WINNER = "score Mia 46 Tom 21", "winner Mia"  # the example's: Mia's 46 holds the 10 of her right guess
LATER_SLIP = ("Mia lose balls D E ", "Mia lose balls D D ")  # line 112: row D has one ball left, not two


@pytest.mark.parametrize("scores, winner", [
    ("score Mia 36 Tom 41", "winner Tom"),   # Mia's map bonus written as Tom's: Tom leads by the scores written
    ("score Mia 36 Tom 41", "winner Mia"),   # ... and Mia by the checker's count
    ("score Mia 36 Tom 21", "winner Mia"),   # the bonus left out
])
def test_a_wrong_map_bonus_is_one_report_and_the_winner_may_follow_from_either_count(scores, winner):
    """The scores line is the mistake: the winner is right by the scores written or by the checker's count."""
    assert reported(changed(SCORES, scores, WINNER, winner)) == [(119, "CD-SCORE")]
    assert alone(changed(SCORES, scores, WINNER, winner)) == [(119, "CD-SCORE")]


def test_a_winner_wrong_by_both_counts_is_reported_besides_a_wrong_map_bonus():
    assert reported(changed(SCORES, "score Mia 36 Tom 21", WINNER, "winner Tom")) == [(119, "CD-SCORE"),
                                                                                       (120, "CD-WINNER")]


def test_scores_written_equal_by_a_wrong_map_bonus_leave_the_roll_off_to_the_log():
    """Written, the scores tie (a roll-off is due); counted, Mia leads (none is): either is one report."""
    tied = ("score Mia 21 Tom 21", "winner Mia")
    assert reported(changed(SCORES, tied[0], WINNER, tied[1])) == [(119, "CD-SCORE")]
    assert reported(changed(SCORES, tied[0], WINNER, "duel Mia 2 Tom 5\nwinner Tom")) == [(119, "CD-SCORE")]
    assert reported(changed(SCORES, tied[0], WINNER, "duel Mia 2 Tom 5\nwinner Mia")) == [(119, "CD-SCORE")]


@pytest.mark.parametrize("played, why", [
    ("Tom play parley map-1 1", "holds no parley"),    # Mia holds it: the name is the slip
    ("Mia play parley map-5 1", "holds no map-5"),     # map-5 is not hers: one of her draws was, by the log
    ("Mia play parley map-1 4", "shows 4"),            # no die shows 4: the 3 or the 1 is rolled again
])
def test_a_parley_that_cannot_be_played_is_played_all_the_same(played, why):
    """Reported at its line alone: the roll that follows it (line 99) is the Parley's, as the log says."""
    text = changed("Mia play parley map-1 1", played)
    found = check_text(text, "slip.log").violations
    assert [(v.line, v.rule) for v in found] == [(98, "CD-PARLEY")] and why in found[0].message
    assert alone(text) == [(98, "CD-PARLEY")]
    assert reported(changed("Mia play parley map-1 1", played, *LATER_SLIP)) == [(98, "CD-PARLEY"),
                                                                                 (112, "CD-ROUGH-SEAS")]


def test_a_kept_card_played_before_the_rounds_roll_is_the_roll_left_out():
    """Round 2's `roll 5 3` left out: Tom's Mutiny (now line 29) is reported, its dice unknown, its picks fit."""
    lines = EXAMPLE.read_text().split("\n")
    assert lines[28].startswith("roll 5 3")
    text = "\n".join(lines[:28] + lines[29:])
    found = check_text(text, "slip.log").violations
    assert [(v.line, v.rule) for v in found] == [(29, "CD-ROUND")] and "before round 2's dice" in found[0].message
    assert alone(text) == [(29, "CD-ROUND")]
    later = text.replace(*LATER_SLIP)
    assert reported(later) == [(29, "CD-ROUND"), (111, "CD-ROUGH-SEAS")]


def test_after_a_map_drawn_under_another_name_the_maps_named_later_are_the_log_s_word():
    """Tom's draw written map-3 for map-1 (line 85): his Ship's Log with map-1 is reported (line 90), and
    then map-3, never drawn by the log's word, may be the sealed map. A map the log surely drew may not."""
    drawn = ("Tom draw map-1 ", "Tom draw map-3 ")
    assert reported(changed(*drawn)) == [(90, "CD-SHIPS-LOG")]
    assert reported(changed(*drawn, "envelope map-2 ", "envelope map-3 ")) == [(90, "CD-SHIPS-LOG")]
    for sealed in ("map-5", "map-1"):  # Mia drew map-5 at line 103; map-1 went under the deck at line 98
        assert reported(changed(*drawn, "envelope map-2 ", f"envelope {sealed} ")) == [(90, "CD-SHIPS-LOG"),
                                                                                      (118, "CD-ENVELOPE")]


POWDER_KEG = """game: cannon-dice
players: Mia Tom
sheet: 3
starts: Mia
flip map
roll 2 1
Mia fire 2 C
Mia draw {first}
Tom fire 1 B
Mia take map
Mia draw map-3
flip map
roll 5 4
Tom fire 5 D
Tom draw map-5
Mia fire 4 B
Tom take map
Tom draw map-1
flip powder-keg
roll 3 4
Mia take powder-keg
Tom fire 4 E
Mia fire 3 E
Mia return {returned}
end
Mia guess 2
Tom guess 5
envelope {sealed}
score Mia 39 Tom 25
winner Mia
"""


def powder_keg(first="map-4", returned="map-4 map-3", sealed="map-2") -> str:
    """A short game on sheet 3: Mia draws two maps (line 8 and 11), Tom two (15 and 18), and Mia's Powder Keg
    returns hers (line 24)."""
    return POWDER_KEG.format(first=first, returned=returned, sealed=sealed)


def test_a_powder_keg_after_a_map_drawn_under_another_name_returns_the_maps_the_log_names():
    """Mia's map-4 written map-5 (line 8): Tom's draw of map-5 is reported (line 15); her Powder Keg returning
    map-4 and map-3 fits the log's word. Returning too few, or a sealed map drawn surely, is a mistake too."""
    assert reported(powder_keg()) == []
    assert reported(powder_keg(first="map-5")) == [(15, "CD-MAP-DECK")]
    assert alone(powder_keg(first="map-5")) == [(15, "CD-MAP-DECK")]
    assert reported(powder_keg(first="map-5", returned="map-4")) == [(15, "CD-MAP-DECK"), (24, "CD-POWDER-KEG")]
    for sealed in ("map-5", "map-4"):  # Tom drew map-5 at line 15; map-4 went under the deck at line 24
        assert reported(powder_keg(first="map-5", sealed=sealed)) == [(15, "CD-MAP-DECK"), (28, "CD-ENVELOPE")]


# --- a card's line written before its time: one report, saying when the card acts --------------------------

EARLY = [("map", "Mia draw map-4"), ("miss", "Mia lose ball A"), ("rough-seas", "Mia lose balls A B"),
         ("kraken", "Mia lose pearl"), ("boarding-party", "Mia steal gold"), ("spyglass", "Mia spy"),
         ("powder-keg", "Mia return map-1"), ("duel", "duel Mia 3 Tom 4"), ("extra-shot", "roll 3\nMia fire 3 B"),
         ("crows-nest", "roll 3\nMia nest 1 B"), ("davy-jones", "roll 3\nMia sink C")]


def test_every_card_that_acts_after_the_round_is_tried_early():
    after = {card for card in RULES.cards if RULES.timing[card] == "after"}
    assert {card for card, _ in EARLY} | {"reload"} == after


def early_in_the_round(card: str, line: str) -> str:
    """AFTER_THE_DICE with the card's `line` (or lines) right after its take, before the round's two other
    picks."""
    lines = AFTER_THE_DICE.format(card=card, line="").split("\n")
    return "\n".join(lines[:7] + line.split("\n") + lines[7:9] + lines[10:])


@pytest.mark.parametrize("card, line", EARLY)
def test_a_cards_line_before_the_rounds_last_pick_is_one_report_saying_when_the_card_acts(card, line):
    """Written right after the take (line 8), before the two picks left: reported once, under the card's
    code, saying that it acts after the round's dice, once the last pick is made; then the card has acted."""
    text = early_in_the_round(card, line)
    end = len(text.rstrip("\n").split("\n"))
    found = [v for v in check_text(text, "t.log").violations if v.line < end]  # the log stops before its scores
    assert [(v.line, v.rule) for v in found] == [(8, RULES.code[card])]
    message = found[0].message
    assert RULES.title[card] in message and "line 7" in message
    assert "after the round's dice" in message and "last pick" in message and "nothing asks" not in message
    assert [at for at, _ in alone(text) if at < end] == [8]


def test_the_reloads_roll_before_the_last_pick_says_when_it_acts_and_the_card_still_waits():
    text = early_in_the_round("reload", "roll 3 4")
    found = check_text(text, "t.log").violations
    assert (found[0].line, found[0].rule) == (8, "CD-RELOAD") and "last pick" in found[0].message


def test_an_early_cards_line_and_a_later_slip_are_two_reports():
    """Tom's Miss (taken at line 101) loses its ball before Mia's last pick: one report; a later slip, another."""
    lines = EXAMPLE.read_text().split("\n")
    assert lines[100].startswith("Tom take miss") and lines[103].startswith("Tom lose ball E")
    early = "\n".join(lines[:101] + [lines[103]] + lines[101:103] + lines[104:])
    found = check_text(early, "slip.log").violations
    assert [(v.line, v.rule) for v in found] == [(102, "CD-MISS")] and "last pick" in found[0].message
    assert reported(early.replace(*LATER_SLIP)) == [(102, "CD-MISS"), (112, "CD-ROUGH-SEAS")]


def test_the_time_a_report_gives_a_card_comes_from_the_card_list(cd_copy):
    """A map drawn that nothing asks for: the report names what asks for one and when, as the data says."""
    lines = AFTER_THE_DICE.format(card="miss", line="Mia lose ball A").split("\n")
    text = "\n".join(lines[:8] + ["Mia draw map-4"] + lines[8:])
    found = check_text(text, "stray.log").violations
    assert (found[0].line, found[0].rule) == (9, "CD-FOLLOW-UP")
    assert "Map card (after the round's dice" in found[0].message
    cards = cd_copy / "action-cards.csv"
    cards.write_text(cards.read_text().replace("map,5,Map,after,", "map,5,Map,now,"))
    found = check_text(text, "stray.log", rules=rules_of(load_game(str(cd_copy)))).violations
    assert (found[0].line, found[0].rule) == (9, "CD-FOLLOW-UP")
    assert "Map card (as soon as it is taken)" in found[0].message


PLAYED_WHEN = {"pick-first": "before the first pick", "reroll": "while a die",
               "take-dice": "before a round's first pick"}


def test_every_kept_card_is_tried_out_of_its_time():
    assert {RULES.effect[card] for card in RULES.cards if RULES.timing[card] in CD.HELD} == set(PLAYED_WHEN)


@pytest.mark.parametrize("card", sorted(c for c in RULES.cards if RULES.timing[c] in CD.HELD))
def test_a_kept_card_played_out_of_its_time_says_when_it_is_played(card):
    """Played between two rounds, each kept card's report names it and says when it may be played."""
    effect = RULES.effect[card]
    state, whistle = state_for("game: cannon-dice\nplayers: Mia Tom\nsheet: 3\nstarts: Mia\n")
    state.kept["Tom"][card] = 1
    state.maps["Tom"].append("map-2")
    whistle.line = 5
    state.apply(CD.Play("Tom", card, "map-2" if effect != "pick-first" else None, 3 if effect == "reroll" else None))
    messages = [v.message for v in whistle.violations if v.rule == RULES.code[card]]
    assert len(messages) == 1 and RULES.title[card] in messages[0] and PLAYED_WHEN[effect] in messages[0]
