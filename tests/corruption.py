"""The checker's corruption measure: legal games, each changed once, and how the checker answers.

    python tests/corruption.py                         # every game, the full size
    python tests/corruption.py buccaneer --show 20     # one game, and 20 mutants that got more than one report
    python tests/corruption.py --logs 4 --per-log 5    # the size the test suite runs

Each game is simulated (random and greedy bots), then each log is changed by one mutation of one event line:
a line dropped, a number changed, two neighbouring lines swapped, a card named instead of another, a player
instead of another. Each mutant is checked, and counted as

- silent: it passed, with no report. Some such changes leave a legal game (two lines whose order does not
  matter); `same end` counts those whose summary (the scores, the winner) is the original's;
- caught: it got reports. The measure of a good checker is how many caught mutants get exactly one report
  (one mistake, one report), and how many of those are at the changed line (for a dropped line, the line that
  follows it or the log's end);
- true lines blamed: reports, after a mutant's first, at lines the change did not touch. Such a line is the
  unchanged log's, which passes: it is true of the game as played, and a checker that has reported the mistake
  must not blame it too. The first report may stand at such a line (a change legal where it stands shows only
  later); a second one is a correct line accused after a mistake. The target is none.

Mutant `j` of log `i` of a game draws from `random.Random(f"{seed}:{slug}:{i}:{j}")`, so a run is the same
every time and any mutant can be shown again.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.check.loader import checked_games, rules_for  # noqa: E402
from pnp.check.replay import check_text  # noqa: E402
from pnp.check.simulate import simulate  # noqa: E402

SEED = 11
LOGS, PER_LOG = 40, 10          # the full size: 400 mutants a game
TARGET = 0.99                   # caught mutants that get exactly one report, for every game
NUMBER = re.compile(r"(?<![\w-])\d+(?![\w-])")


@dataclass
class Mutant:
    kind: str
    lines: tuple        # the line numbers (1-based, in the mutant) where the change stands
    before: str
    after: str
    text: str


@dataclass
class Tally:
    mutants: int = 0
    silent: int = 0
    same_end: int = 0
    caught: int = 0
    single: int = 0
    at_line: int = 0
    reports: int = 0
    blamed: int = 0     # reports after a mutant's first, at lines of the unchanged log (true of the game played)
    multiple: list = field(default_factory=list)  # (mutant, violations) of caught mutants with more than one report

    def row(self, game: str) -> str:
        caught = max(self.caught, 1)
        return (f"| {game} | {self.mutants} | {self.caught} | {self.silent} ({self.same_end}) | "
                f"{100 * self.single / caught:.1f} % | {100 * self.at_line / caught:.1f} % | "
                f"{self.reports / caught:.2f} | {self.blamed} |")


HEAD = ("| game | mutants | caught | silent (same end) | exactly one report | one report, at its line | "
        "reports per caught | true lines blamed |\n|---|---|---|---|---|---|---|---|")


def events(lines: list) -> list:
    """The indexes of event lines: not blank, not a comment, not a header line."""
    found, header = [], True
    for i, line in enumerate(lines):
        text = line.split("#")[0].strip()
        if not text:
            continue
        if header and ":" in text:
            continue
        header = False
        found.append(i)
    return found


def card_ids(slug: str) -> list:
    """The ids of every card of a game's data: what a `card` mutation puts in place of another."""
    game = rules_for(slug).game
    return sorted({card.id.lower() for component in game.components.values() for card in component.cards})


def mutate(rng: random.Random, text: str, cards: list) -> Mutant | None:
    """One change to one event line of `text`, or None when the kind drawn cannot apply to this log."""
    lines = text.split("\n")
    at = events(lines)
    players = next((line.split(":", 1)[1].split("#")[0].split() for line in lines if line.startswith("players:")), [])
    kind = rng.choice(["drop", "number", "swap", "card", "player"])
    if kind == "drop":
        i = rng.choice(at)
        before = lines.pop(i)
        return Mutant(kind, (i + 1,), before, "", "\n".join(lines))
    if kind == "swap":
        pairs = [(a, b) for a, b in zip(at, at[1:]) if b == a + 1 and lines[a] != lines[b]]
        if not pairs:
            return None
        a, b = rng.choice(pairs)
        before = lines[a]
        lines[a], lines[b] = lines[b], lines[a]
        return Mutant(kind, (a + 1, b + 1), before, lines[a], "\n".join(lines))
    if kind == "number":
        choices = [i for i in at if NUMBER.search(lines[i])]
        if not choices:
            return None
        i = rng.choice(choices)
        spots = list(NUMBER.finditer(lines[i]))
        spot = rng.choice(spots)
        old = int(spot.group())
        new = rng.choice([n for n in (old - 1, old + 1, old + 2, rng.randrange(10)) if n >= 0 and n != old])
        return _replaced(kind, lines, i, spot.start(), spot.end(), str(new))
    words = {w.lower() for w in (cards if kind == "card" else players)}
    options = [(i, m) for i in at for m in re.finditer(r"[\w-]+", lines[i]) if m.group().lower() in words]
    if len(words) < 2 or not options:
        return None
    i, match = rng.choice(options)
    pool = cards if kind == "card" else players
    new = rng.choice([w for w in pool if w.lower() != match.group().lower()])
    return _replaced(kind, lines, i, match.start(), match.end(), new)


def _replaced(kind: str, lines: list, i: int, start: int, end: int, new: str) -> Mutant:
    before = lines[i]
    lines[i] = before[:start] + new + before[end:]
    return Mutant(kind, (i + 1,), before, lines[i], "\n".join(lines))


def blamed(mutant: Mutant, violations: list) -> list:
    """The reports, after the first, at lines the change did not touch: lines of the unchanged log (it passes),
    accused after the mistake was reported. A dropped line's place is the line that follows it."""
    touched = set(mutant.lines) | expected_lines(mutant)
    lines = sorted(v.line for v in violations)
    return [line for line in lines[1:] if line not in touched]


def expected_lines(mutant: Mutant) -> set:
    """Where a single report of this change belongs: its lines; for a dropped line, the next event line,
    or the log's end when none follows."""
    if mutant.kind != "drop":
        return set(mutant.lines)
    lines = mutant.text.split("\n")
    later = [i + 1 for i in events(lines) if i + 1 >= mutant.lines[0]]
    return {later[0]} if later else {len(lines), len(lines) - 1}


def measure(slug: str, logs: int = LOGS, per_log: int = PER_LOG, seed: int = SEED) -> Tally:
    """Simulate `logs` games of `slug`, change each `per_log` times, and tally the checker's answers."""
    cards = card_ids(slug)
    tally = Tally()
    half = (logs + 1) // 2
    originals = [text for _, text in simulate(slug, half, seed, bots=("random",))]
    originals += [text for _, text in simulate(slug, logs - half, seed + 1, bots=("greedy", "random"))]
    for i, original in enumerate(originals):
        end = check_text(original, "original.log")
        assert not end.violations, f"a simulated {slug} game does not pass: {end.violations[:3]}"
        j = tries = 0
        while j < per_log and tries < 20 * per_log:
            tries += 1
            mutant = mutate(random.Random(f"{seed}:{slug}:{i}:{tries}"), original, cards)
            if mutant is None or mutant.text == original:
                continue
            j += 1
            tally.mutants += 1
            found = check_text(mutant.text, "mutant.log")
            if not found.violations:
                tally.silent += 1
                tally.same_end += found.summary == end.summary
                continue
            tally.caught += 1
            tally.reports += len(found.violations)
            tally.blamed += len(blamed(mutant, found.violations))
            if len(found.violations) == 1:
                tally.single += 1
                tally.at_line += found.violations[0].line in expected_lines(mutant)
            else:
                tally.multiple.append((mutant, found.violations))
    return tally


def show(mutant: Mutant, violations: list) -> str:
    change = f"line {mutant.lines[0]} dropped: {mutant.before!r}" if mutant.kind == "drop" else \
        f"{mutant.kind} at line {mutant.lines[0]}: {mutant.before!r} -> {mutant.after!r}"
    return "\n".join([change, *(f"    {v.line}: {v.rule} {v.message}" for v in violations)])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="slugs of the games to measure (default: every game with rules)")
    parser.add_argument("--logs", type=int, default=LOGS, help="simulated games per game")
    parser.add_argument("--per-log", type=int, default=PER_LOG, help="mutants per simulated game")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--show", type=int, default=0, metavar="N",
                        help="print N mutants of each game that got more than one report")
    args = parser.parse_args(argv)
    games = args.games or checked_games()
    print(HEAD)
    below = []
    for slug in games:
        tally = measure(slug, args.logs, args.per_log, args.seed)
        print(tally.row(slug), flush=True)
        if tally.single < TARGET * tally.caught:
            below.append(slug)
        for mutant, violations in tally.multiple[:args.show]:
            print(show(mutant, violations), file=sys.stderr)
        if tally.blamed:
            below.append(f"{slug} (true lines blamed)")
    if below:
        print(f"below {TARGET:.0%} exactly one report, or a true line blamed: {', '.join(below)}")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
