"""Write a set of example playtest logs whose games bots played: the worked example of `pnp stats --playtests`
(docs/playtest-stats.md) reads the set this writes for Buried Treasure.

    python tools/make_playtests.py [GAME] [--out FOLDER] [--sessions 3] [--games 12] [--seed 2026]

A group of people meets for SESSIONS evenings, a week apart, and plays GAMES games each evening, two to four
of them at a table (as many as the game allows). No person played these games: each name stands for a bot,
the same one all along (its strategy: `random` picks any legal move, `greedy` the move that leaves it best
placed right after), and every log says so in its first line. The logs carry the evening's `date:`, so that
the report groups them as it groups printings (here one printing, so any difference between evenings is
chance). The same seed always writes the same logs.
"""
from __future__ import annotations

import argparse
import datetime
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.check.loader import rules_for  # noqa: E402
from pnp.check.replay import check_text  # noqa: E402
from pnp.check.simulate import play  # noqa: E402

GROUP = {"Mia": "greedy", "Tom": "random", "Lena": "greedy", "Omar": "random", "Rosa": "greedy"}  # name -> bot
FIRST_EVENING = datetime.date(2026, 10, 6)


def logs(game: str, sessions: int, games: int, seed: int):
    """Yield (file name, log text) of every game of every evening."""
    rules = rules_for(game)
    low, high = rules.game.players
    for evening in range(sessions):
        date = (FIRST_EVENING + datetime.timedelta(weeks=evening)).isoformat()
        for number in range(1, games + 1):
            rng = random.Random(f"{seed}:{evening}:{number}")
            table = rng.sample(sorted(GROUP), rng.randint(low, min(high, len(GROUP))))
            bots = tuple(GROUP[name] for name in table)
            played = play(rules, rng, len(table), bots, {"date": date}, "", names=tuple(table))
            label = (f"# Made by bots, not by people: an example for `pnp stats --playtests`, written by "
                     f"tools/make_playtests.py (seed {seed}). Each name is a bot: "
                     + ", ".join(f"{name} {bot}" for name, bot in zip(table, bots)) + ".")
            text = "\n".join([label, *played.log().splitlines()[1:]]) + "\n"
            yield f"{date}-game-{number:02d}.log", text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="buried-treasure")
    parser.add_argument("--out", type=Path, default=None, help="default: the game's examples/playtests/")
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--games", type=int, default=12, help="games an evening")
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
    out = options.out or rules_for(options.game).game.folder / "examples" / "playtests"
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for name, text in logs(options.game, options.sessions, options.games, options.seed):
        outcome = check_text(text, name)
        if outcome.violations:
            raise SystemExit(f"a bots' game that does not pass pnp check: {outcome.violations[0]}")
        (out / name).write_text(text, encoding="utf-8")
        written += 1
    print(f"wrote {written} logs into {out}")


if __name__ == "__main__":
    main()
