"""Playtests counted as the bots' games are (`pnp stats GAME --playtests FOLDER`): every log in the folders is
checked as `pnp check` checks it, and each valid one replayed into the same record a simulated game gives
(`pnp.check.simulate.Played`), counted by the same `Tally`. A log that breaks a rule is listed with its
first problem and left out.

Beyond what the bots' games give: the printing each log was played with (its `kit:` header, else its
`date:`, and the variant of the rules it was judged by: its `rules:` header, else --rule), whose counts are kept
apart to be compared; at each move a player chose among several, whether
the greedy bot would have chosen it too, by verb; the words of the game's tables no log ever named; and
each log's length, for the longest and shortest games; and, of logs recorded at the table (`pnp record`), how many
minutes each game lasted and the notes written while it was played, each beside the line it follows.

    {"printings": {printing: counts (Tally.counts)}, "dates": {printing: {date: logs}},
     "decisions": {verb: [choices, unlike the greedy bot's]}, "games": [[events, moves, file]],
     "broken": [first problem of each broken log (Violation.as_dict)], "logs": logs read,
     "variants": {the variant's `rules:` text ("" for the game's own rules): valid logs},
     "minutes": [[file, minutes] of each valid log timed], "notes": [[file, line, time, note, line before]]}
"""
from __future__ import annotations

from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pnp.check.bots import greedy_choices
from pnp.check.loader import rules_for
from pnp.check.reader import read_text
from pnp.check.replay import check_path, log_paths
from pnp.check.violations import ReadError
from pnp.check.setup import VARIANT
from pnp.check.verbs import written
from pnp.record.marks import timeline
from pnp.stats.figures import compare, figures, judge, rate
from pnp.stats.tally import SKIPPED_KINDS, Tally, add

UNKNOWN = "unknown printing"
EXTREMES = 5  # the longest and the shortest games listed
COMPARED = 2_000  # logs whose moves are set against the greedy bot's at most: past them, a sample spread evenly


def printing(header: dict) -> str:
    """The printing a log was played with: `kit HASH` from its header, else `dated DATE`, else unknown; and
    the variant of the rules it was played by, if any (`kit HASH, rules goal=25`), as its game's record has it
    (`pnp.check.replay`: the variant it was judged by)."""
    kit, date, rules = (str(header.get(key) or "").strip() for key in ("kit", "date", VARIANT))
    printed = f"kit {kit.lower()}" if kit else f"dated {date}" if date else UNKNOWN
    return f"{printed}, rules {rules}" if rules else printed


def read_logs(game: str, files: list, compared: frozenset = frozenset(), rule: tuple = ()) -> dict:
    """The counts (as the module says) of the log files, each checked against the rules of `game` (of the
    variant its `rules:` names, else of `rule`, --rule's texts); the moves of those among `compared` are set
    against the greedy bot's."""
    rules = rules_for(game)
    tallies: dict = {}
    dates: dict = {}
    decisions: Counter = Counter()
    games, broken = [], []
    variants: Counter = Counter()
    minutes, notes = [], []
    for file in files:
        chosen: Counter = Counter()
        watch = _watch(chosen) if file in compared else None
        outcome = check_path(Path(file), rules=rules, record=True, watch=watch, rule=rule)
        timed = _timeline(file)
        notes += [[str(file), *note] for note in timed.notes]
        if outcome.violations:
            broken.append(outcome.violations[0].as_dict())
            continue
        if timed.minutes is not None:
            minutes.append([str(file), timed.minutes])
        played = outcome.game
        key = printing(played.header)
        variants[str(played.header.get(VARIANT) or "")] += 1
        tallies.setdefault(key, Tally()).add(played)
        date = str(played.header.get("date") or "").strip()
        if date:
            dates.setdefault(key, Counter())[date] += 1
        decisions.update(chosen)
        decisions["", 0] += watch is not None
        games.append([outcome.events, played.moves, str(file)])
    return {"printings": {key: tally.counts() for key, tally in tallies.items()},
            "dates": {key: dict(counter) for key, counter in dates.items()},
            "decisions": _pairs(decisions), "games": games, "broken": broken, "logs": len(files),
            "variants": dict(variants), "minutes": minutes, "notes": notes}


def _timeline(file):
    """The start, end and notes of a log recorded at the table (`pnp.record.marks.timeline`); none for one that
    cannot be read (its problem is reported with the logs left out)."""
    try:
        return timeline(read_text(Path(file)))
    except ReadError:
        return timeline("")


def _watch(chosen: Counter):
    """A replay's watch (`pnp.check.replay.check_text`): at each move its player chose among several legal
    ones, the move's verb counted, and counted again when the greedy bot would not have made that move."""
    def watch(state, action) -> None:
        if not action.by_player or state.to_move() != action.player:
            return
        legal = state.legal_actions()
        if len(legal) > 1 and action in legal:  # a move written with chance's outcome in it is not compared
            chosen[action.verb, 0] += 1
            chosen[action.verb, 1] += action not in greedy_choices(state, action.player, legal)
    return watch


def _pairs(counter: Counter) -> dict:
    """verb -> [choices, unlike the greedy bot's]; under "" the logs compared."""
    verbs = sorted({verb for verb, _ in counter})
    return {verb: [counter[verb, 0], counter[verb, 1]] for verb in verbs}


def gather(game: str, folders, workers: int = 1, rule: tuple = ()) -> dict:
    """The counts of every log below `folders`, read by `workers` processes; `rule` as for `read_logs`."""
    files = sorted({str(path) for path in log_paths(folders)})
    compared = frozenset(files[::-(-len(files) // COMPARED)] if files else ())
    parts = [files[i::workers * 4] for i in range(workers * 4)] if workers > 1 else [files]
    parts = [part for part in parts if part]
    if workers == 1 or len(parts) < 2:
        results = [read_logs(game, part, compared, rule) for part in parts]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(read_logs, [game] * len(parts), parts, [compared] * len(parts),
                                    [tuple(rule)] * len(parts)))
    return merged(results)


def merged(results) -> dict:
    """Counts of several parts as one: counts added exactly, lists joined in file order."""
    total: dict = {"printings": {}, "dates": {}, "decisions": {}, "games": [], "broken": [], "logs": 0, "variants": {},
                   "minutes": [], "notes": []}
    for part in results:
        for name in ("printings", "dates", "decisions", "variants"):
            add(total[name], part[name])
        for name in ("games", "broken", "minutes", "notes"):
            total[name] += part.get(name, [])
        total["logs"] += part["logs"]
    total["games"].sort(key=lambda game: game[2])
    total["minutes"].sort()
    total["notes"].sort(key=lambda note: (note[0], note[1]))
    total["broken"].sort(key=lambda problem: problem["file"])
    return total


def all_counts(counts: dict) -> dict:
    """The counts of every printing added together: the playtests as one run."""
    total: dict = {}
    for key in sorted(counts["printings"]):
        add(total, counts["printings"][key])
    return total


def printings_in_order(counts: dict) -> list:
    """The printings, the earliest first (by the first date of their logs; undated ones last, by name)."""
    def first(key):
        dates = counts["dates"].get(key)
        return (0, min(dates), key) if dates else (1, "", key)
    return sorted(counts["printings"], key=first)


# --- facts the bots cannot give --------------------------------------------------------------------------

def never_named(rules, words: dict) -> dict:
    """verb -> field -> the words of the field's table (the game's cards, spaces, faces ...) no log named."""
    kinds = rules.kinds()
    out: dict = {}
    for action in rules.actions:
        for field, kind_name in action.kinds.items():
            table = getattr(kinds.get(kind_name), "table", None)
            if table is None or kind_name in SKIPPED_KINDS:
                continue
            seen = words.get(action.verb, {}).get(field, {})
            missing = sorted({written(value) for value in table.values()} - set(seen))
            if missing:
                out.setdefault(action.verb, {})[field] = missing
    return out


def decision_figures(decisions: dict) -> dict:
    """The valid logs whose moves were compared, and verb -> the players' choices among several moves in them
    and the share the greedy bot would not have made."""
    return {"logs": decisions.get("", [0, 0])[0],
            "verbs": {verb: {"choices": n, "unlike_greedy": rate(unlike, n)}
                      for verb, (n, unlike) in decisions.items() if verb}}


def time_at_table(minutes: list) -> dict:
    """How long the games recorded at the table lasted: how many were timed, their mean, shortest and longest in
    minutes, and each ([file, minutes])."""
    lengths = [length for _, length in minutes]
    if not lengths:
        return {"games": 0, "logs": []}
    return {"games": len(lengths), "mean": round(sum(lengths) / len(lengths), 1), "shortest": min(lengths),
            "longest": max(lengths), "logs": [{"file": file, "minutes": length} for file, length in minutes]}


def extremes(games: list) -> dict:
    """The longest and the shortest games, by events (then by the players' moves, then by file)."""
    ranked = sorted(games, key=lambda game: (game[0], game[1], game[2]))
    entry = [{"events": events, "moves": moves, "file": file} for events, moves, file in ranked]
    return {"longest": entry[::-1][:EXTREMES], "shortest": entry[:EXTREMES]}


# --- the result: every figure ---------------------------------------------------------------------------

FORMAT = "pnp-playtests 1"


def result(rules, folders, counts: dict, bots: dict | None = None) -> dict:
    """Every figure of the playtests (`counts` from `gather`), beside a bots' result (pnp.stats.results)
    when given: the JSON file `pnp stats --playtests` writes, and what its page shows."""
    slug = rules.game.slug
    humans = as_run(slug, all_counts(counts))
    order = printings_in_order(counts)
    printed = [key for key in order if not key.startswith(UNKNOWN)]  # compared, each with the one before it
    runs = {key: as_run(slug, counts["printings"][key]) for key in order}
    out = {"format": FORMAT, "game": slug, "folders": [str(folder) for folder in folders],
           "logs": counts["logs"], "valid": humans["counts"].get("games", 0), "broken": counts["broken"],
           "variants": dict(sorted(counts.get("variants", {}).items())),
           "counts": humans["counts"], "figures": figures(humans),
           "printings": [{"printing": key, "games": runs[key]["counts"]["games"],
                          "dates": sorted(counts["dates"].get(key, {})), "figures": figures(runs[key])}
                         for key in order],
           "printing_changes": [{"from": old, "to": new, "changes": compare(runs[old], runs[new], bots=False)}
                                for old, new in zip(printed, printed[1:])],
           "never_named": never_named(rules, humans["counts"].get("words", {})),
           "decisions": decision_figures(counts["decisions"]), **extremes(counts["games"]),
           "minutes": time_at_table(counts.get("minutes", [])),
           "notes": [{"file": file, "line": line, "time": time, "note": note, "after": after}
                     for file, line, time, note, after in counts.get("notes", [])]}
    if bots is not None:
        out["bots"] = {"settings": bots["settings"], "figures": figures(bots)}
        out["humans_vs_bots"] = compare(bots, humans)
    judge(*comparisons(out))
    return out


def comparisons(doc: dict) -> list:
    """Every comparison of a playtests result (its rows), judged together as the figures of one report: beside
    the bots, and each printing with the one before it."""
    return [doc.get("humans_vs_bots", []), *(change["changes"] for change in doc["printing_changes"])]


def as_run(slug: str, counts: dict) -> dict:
    """Counts shaped as a bots' result, for the figures and comparisons made of those."""
    return {"settings": {"game": slug}, "counts": counts}
