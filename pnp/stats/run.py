"""Playing many games for `pnp stats`: one chunk function, run in this process, in a pool of processes
on every core, or by any `concurrent.futures` executor (a Dask cluster's, see `pnp.stats.cluster`).

Game `n` of a seed is always the same game (`pnp.check.simulate.game_rng`), and a chunk returns exact
counts, so the counts of games 1..N are the same however they are cut into chunks, shards and workers.
"""
from __future__ import annotations

import hashlib
import os
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from pnp.check.loader import rules_for
from pnp.check.simulate import check_bots, game_rng, play
from pnp.read.rulefacts import variant_text
from pnp.stats.tally import Tally, add

SMALLEST, LARGEST = 1_000, 10_000  # games a chunk, when there are enough games for chunks of this size
CHUNKS_PER_WORKER = 8  # enough that a worker done early finds more to do


@dataclass(frozen=True)
class Plan:
    """What a run plays: picklable, so that a worker on any machine plays the very same games."""

    game: str                      # an installed game's slug, or a game folder (the same path on every worker)
    seed: int = 0
    players: int | None = None     # players a game (None: drawn game by game within the game's range)
    bots: tuple = ("random",)      # the bots, turned round the seats game by game
    options: tuple = ()            # (key, value) header values for every game
    logs: str | None = None        # a folder to write each game's log to (None: no logs)
    rules: tuple = ()              # `KEY=VALUE` texts of --rule: the variant played (none: the game's own rules)

    def settings(self) -> dict:
        """The plan as a result file records it: files can be merged only when theirs are the same. A variant
        is recorded as `rules` (`goal=25 hand=5`); the game's own rules record none."""
        rules = rules_for(self.game, self.rules)
        check_bots(rules, self.bots)
        variant = {"rules": variant_text(rules.game.variant)} if rules.game.variant else {}
        return {"game": rules.game.slug, "data": data_digest(rules.game.folder), "seed": self.seed,
                "players": self.players, "bots": list(self.bots), "options": dict(self.options), **variant}


def play_games(plan: Plan, first: int, last: int) -> dict:
    """The counts (`Tally.counts`) of games `first`..`last` of the plan: the function every worker runs."""
    rules = rules_for(plan.game, plan.rules)
    tally = Tally()
    options = dict(plan.options)
    for number in range(first, last + 1):
        played = play(rules, game_rng(plan.seed, number), plan.players, plan.bots, options,
                      f"pnp stats, seed {plan.seed}, game {number}", turn=number - 1)
        tally.add(played)
        if plan.logs:
            _write_log(Path(plan.logs), rules.game.slug, number, played.log())
    return tally.counts()


def _write_log(folder: Path, slug: str, number: int, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{slug}-{number:06d}.log").write_text(text, encoding="utf-8")


def chunks(first: int, last: int, workers: int, size: int | None = None) -> list:
    """(first, last) of each chunk of games first..last: `size` games each, by default enough chunks to
    keep every worker busy within SMALLEST..LARGEST games a chunk."""
    games = last - first + 1
    if size is None:
        size = min(LARGEST, max(SMALLEST, -(-games // (workers * CHUNKS_PER_WORKER))))
    return [(start, min(start + size - 1, last)) for start in range(first, last + 1, size)]


def shard(games: int, index: int, shards: int) -> tuple:
    """(first, last) of the games of shard `index` (1..shards) of games 1..`games`, in near-equal parts."""
    return games * (index - 1) // shards + 1, games * index // shards


def run(plan: Plan, first: int, last: int, workers: int = 1, size: int | None = None,
        executor: Executor | None = None, progress=None) -> dict:
    """The counts of games first..last, played in chunks by `executor`, else by a pool of `workers`
    processes (one: here). `progress(games)` is called as each chunk is counted."""
    parts = chunks(first, last, workers, size)
    if executor is None and workers == 1:
        return _gathered(((part, play_games(plan, *part)) for part in parts), progress)
    if executor is not None:
        return _pooled(executor, plan, parts, progress)
    with ProcessPoolExecutor(workers) as pool:
        return _pooled(pool, plan, parts, progress)


def _pooled(executor: Executor, plan: Plan, parts: list, progress) -> dict:
    futures = {executor.submit(play_games, plan, *part): part for part in parts}
    return _gathered(((futures[future], future.result()) for future in as_completed(futures)), progress)


def _gathered(results, progress) -> dict:
    total: dict = {}
    for (first, last), counts in results:
        add(total, counts)
        if progress:
            progress(last - first + 1)
    return total


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def data_digest(folder: Path) -> str:
    """A fingerprint of a game's files: results of different data are never merged as one."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]
