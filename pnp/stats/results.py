"""Result files of `pnp stats`: the counts of a run or of one shard of it, with the settings they were
played with and the games they hold, read back, checked and merged exactly.

    {"format": "pnp-stats 1", "settings": {...}, "games": 100000, "played": [[1, 50000]],
     "counts": {...}, "figures": {...}}

`games` is the run's size, `played` the ranges of game numbers counted (a shard holds one). Files merge
when their settings are the same and no game is counted twice; `figures` (written for people and
plots) are made again from the merged counts, never added.
"""
from __future__ import annotations

import json
from pathlib import Path

from pnp.errors import PnpError, clip, shown
from pnp.stats.tally import add
from pnp.textfile import NotText, read_json

FORMAT = "pnp-stats 1"
RESULT_BYTES = 64 * 1024 * 1024  # a result's counts are a few hundred kilobytes, however many games it counts


def result(settings: dict, games: int, played: list, counts: dict) -> dict:
    """A result: `played` is a list of (first, last) ranges of game numbers."""
    return {"format": FORMAT, "settings": settings, "games": games, "played": _joined(played), "counts": counts}


def write(path: Path, data: dict) -> None:
    """Write a result (or any JSON document), keys sorted: the same counts give the same bytes."""
    write_text(path, json.dumps(data, sort_keys=True, indent=1) + "\n")


def write_text(path: Path, text: str) -> None:
    """Write a file whole or not at all (a half-written result would merge wrongly)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".part")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        raise PnpError(f"cannot write {shown(path)}: {error.strerror or error}") from None


def read(path: Path) -> dict:
    """A result file, checked enough to be merged or compared; a file that is not one is a clean error."""
    try:
        data = read_json(path, RESULT_BYTES)
    except OSError as error:
        raise PnpError(f"{shown(path)}: cannot read it: {error.strerror or error}") from None
    except (NotText, ValueError) as error:
        raise PnpError(f"{shown(path)}: not a pnp stats result file ({clip(str(error))})") from None
    problem = _problem(data)
    if problem:
        raise PnpError(f"{shown(path)}: {problem}")
    return data


def _problem(data) -> str:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return f"not a pnp stats result file (no \"format\": \"{FORMAT}\")"
    if not isinstance(data.get("settings"), dict) or not _whole(data.get("games")):
        return "its settings or its number of games are missing"
    played = data.get("played")
    if not isinstance(played, list) or not all(isinstance(r, list) and len(r) == 2 and all(map(_whole, r))
                                               and 1 <= r[0] <= r[1] <= data["games"] for r in played):
        return "`played` is not a list of [first, last] game numbers within the run"
    if not isinstance(data.get("counts"), dict) or not _counts_only(data["counts"]):
        return "`counts` holds something other than whole numbers"
    return ""


def _whole(value) -> bool:
    return type(value) is int and value >= 0


def _counts_only(value) -> bool:
    if isinstance(value, dict):
        return all(isinstance(key, str) and _counts_only(item) for key, item in value.items())
    if isinstance(value, list):
        return all(map(_counts_only, value))
    return _whole(value)


def merge(files: list) -> dict:
    """One result from the result files (paths) of one run: their counts added, their ranges joined."""
    if not files:
        raise PnpError("no result files to merge")
    loaded = [(path, read(path)) for path in files]
    first, base = loaded[0]
    merged = result(base["settings"], base["games"], [], {})
    owner: dict = {}  # range of games -> the file that holds it
    for path, data in loaded:
        if (data["settings"], data["games"]) != (base["settings"], base["games"]):
            raise PnpError(f"{shown(path)} was played with other settings than {shown(first)}: "
                           f"{_difference(data, base)}; only shards of one run merge")
        _check_apart(owner, data["played"], path)
        try:
            add(merged["counts"], data["counts"])
        except TypeError:
            raise PnpError(f"{shown(path)}: its counts are not shaped as {shown(first)}'s") from None
    merged["played"] = _joined(list(owner))
    return merged


def _check_apart(owner: dict, played: list, path) -> None:
    """Add `played` to `owner` (range -> file), unless a game in it is counted already."""
    for first, last in played:
        for (a, b), other in owner.items():
            if first <= b and a <= last:
                raise PnpError(f"games {max(a, first)}–{min(b, last)} are counted in both {shown(other)} and "
                               f"{shown(path)}: each shard is merged once")
        owner[(first, last)] = path


def _difference(data: dict, merged: dict) -> str:
    keys = [key for key in sorted(set(data["settings"]) | set(merged["settings"]))
            if data["settings"].get(key) != merged["settings"].get(key)]
    if data["games"] != merged["games"]:
        keys.append("games")
    return "different " + ", ".join(keys)


def _joined(played) -> list:
    """Ranges sorted, neighbours joined: [[1, 5], [6, 9]] is [[1, 9]]."""
    out: list = []
    for first, last in sorted(map(tuple, played)):
        if out and first <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], last)
        else:
            out.append([first, last])
    return out


def missing(data: dict) -> int:
    """How many games of the run the result does not hold yet."""
    return data["games"] - sum(last - first + 1 for first, last in data["played"])
