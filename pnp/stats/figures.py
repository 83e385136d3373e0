"""The counts of a run as figures people read: rates with 95 % intervals, distributions, frequencies; and
two runs compared, each change with the 95 % interval that says whether it is real or noise.

Rates of wins and ties carry Wilson score intervals; a change of rate, Newcombe's interval built from
them; a change of mean, the normal interval of a difference of means (the counts give exact means and
variances). A change in how often a verb or a word comes up per game is judged as Poisson counts, an
approximation that errs towards calling a change noise; the spread of each side's rate is that of the two
sides' pooled rate, so that a word that never came up in a few games is not taken for one that cannot.
"""
from __future__ import annotations

import math

Z = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(hits: int, n: int) -> tuple:
    """The 95 % Wilson score interval of a proportion hits/n."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = hits / n, Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # p itself inside, whatever rounding does


def rate(hits: int, n: int) -> dict:
    low, high = wilson(hits, n)
    return {"count": hits, "of": n, "rate": hits / n if n else 0.0, "low": low, "high": high}


def percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def rate_text(figure: dict) -> str:
    """A rate with its interval as people read it: `51.2 % (49.8 %–52.6 %)`."""
    return f"{percent(figure['rate'])} ({percent(figure['low'])}–{percent(figure['high'])})"


def distribution(histogram: dict) -> dict:
    """Count, mean, standard deviation, min, median and max of a histogram (value text -> times)."""
    pairs = sorted((_number(value), times) for value, times in histogram.items())
    n = sum(times for _, times in pairs)
    if not n:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "min": 0, "median": 0, "max": 0, "histogram": []}
    mean = sum(value * times for value, times in pairs) / n
    square = sum((value - mean) ** 2 * times for value, times in pairs)
    return {"n": n, "mean": mean, "sd": math.sqrt(square / (n - 1)) if n > 1 else 0.0, "min": pairs[0][0],
            "median": _median(pairs, n), "max": pairs[-1][0], "histogram": [list(pair) for pair in pairs]}


def _number(text: str):
    try:
        return int(text)
    except ValueError:
        return float(text)


def _median(pairs: list, n: int):
    seen = 0
    for value, times in pairs:
        seen += times
        if 2 * seen >= n:
            return value
    return pairs[-1][0]


def _merged(histograms) -> dict:
    out: dict = {}
    for histogram in histograms:
        for value, times in histogram.items():
            out[value] = out.get(value, 0) + times
    return out


# --- a run's figures -------------------------------------------------------------------------------------

def figures(data: dict) -> dict:
    """Every figure of a result (pnp.stats.results): by number of players, then over all games."""
    counts = data["counts"]
    games = counts.get("games", 0)
    return {"game": data["settings"]["game"], "games": games,
            "players": {n: _block(int(n), block) for n, block in sorted(counts.get("players", {}).items())},
            "verbs": {verb: _per_game(times, games) for verb, times in sorted(counts.get("verbs", {}).items())},
            "words": {verb: {field: _words(words, games) for field, words in sorted(fields.items())}
                      for verb, fields in sorted(counts.get("words", {}).items())},
            "header": counts.get("header", {}),
            "game_stats": {name: _game_stat(values) for name, values in sorted(counts.get("game", {}).items())}}


def _block(players: int, block: dict) -> dict:
    games, shared, unsettled = block["games"], block["shared"], block["unsettled"]
    decided = games - shared - unsettled
    places = {kind: _places(block[kind], games) for kind in ("order", "seat")}
    return {"games": games, "ties": rate(shared, games), "unsettled": rate(unsettled, games),
            "fair_share": decided / games / players if games else 0.0,
            "first_player": places["order"][0], **places,
            "bots": {bot: {"seats": tally["seats"], "wins": rate(tally["wins"], tally["seats"]),
                           "shared": tally["shared"], "score": distribution(tally["scores"])}
                     for bot, tally in sorted(block["bots"].items())},
            "score": distribution(_merged(block["order"]["scores"])),
            **{name: distribution(block[name]) for name in ("margin", "events", "moves")}}


def _places(places: dict, games: int) -> list:
    return [{"place": at + 1, "wins": rate(wins, games), "shared": shared, "score": distribution(scores)}
            for at, (wins, shared, scores) in enumerate(zip(places["wins"], places["shared"], places["scores"]))]


def _per_game(times: int, games: int) -> dict:
    return {"times": times, "per_game": times / games if games else 0.0}


def _words(words: dict, games: int) -> list:
    """[word, times, per game], the most frequent first."""
    return [[word, times, times / games if games else 0.0]
            for word, times in sorted(words.items(), key=lambda item: (-item[1], item[0]))]


def _game_stat(values: dict):
    """A game's own figure: a distribution when every value is a number, else how often each word came."""
    try:
        return distribution(values)
    except ValueError:
        return dict(sorted(values.items()))


# --- two runs compared --------------------------------------------------------------------------------

def compare(old: dict, new: dict, bots: bool = True) -> list:
    """Rows {what, old, new, change, low, high, real} for every figure both results have: `low`..`high`
    is the 95 % interval of the change, and a change is `real` when that interval leaves out zero. Bots sit
    in the seats, or (`bots` false) people, by name."""
    before, after = figures(old), figures(new)
    rows = []
    for n in sorted(set(before["players"]) & set(after["players"]), key=int):
        rows += _compare_block(f"{n} players", before["players"][n], after["players"][n], bots)
    games = (before["games"], after["games"])
    for verb in sorted(set(before["verbs"]) | set(after["verbs"])):
        times = [side["verbs"].get(verb, {"times": 0})["times"] for side in (before, after)]
        rows.append(_poisson(f"`{verb}` events a game", times, games))
    for verb, field, word in _all_words(before, after):
        times = [_times(side, verb, field, word) for side in (before, after)]
        rows.append(_poisson(f"`{verb}` {field} {word} a game", times, games))
    return rows


def _compare_block(label: str, old: dict, new: dict, bots: bool) -> list:
    rows = [_proportions(f"{label}: ties (shared wins)", old["ties"], new["ties"])]
    for place in range(min(len(old["order"]), len(new["order"]))):
        rows.append(_proportions(f"{label}: wins of the {_ordinal(place + 1)} player in turn order",
                                 old["order"][place]["wins"], new["order"][place]["wins"]))
    for bot in sorted(set(old["bots"]) & set(new["bots"])):
        who = f"the {bot} bot" if bots else bot
        rows.append(_proportions(f"{label}: wins of {who}", old["bots"][bot]["wins"], new["bots"][bot]["wins"]))
    for name, what in (("score", "score"), ("margin", "winning margin"), ("events", "events a game"),
                       ("moves", "players' moves a game")):
        rows.append(_means(f"{label}: mean {what}", old[name], new[name]))
    return rows


def is_rate(row: dict) -> bool:
    """Whether a row of `compare` is a rate (a share of games: its values from 0 to 1), not a mean."""
    return row["what"].endswith(": ties (shared wins)") or ": wins of " in row["what"]


def played_by(data: dict, short: bool = False) -> str:
    """The rules a result's games were played by, as a report names them: `the rules variant goal=25` for a
    variant (`--rule`), else `buccaneer's own rules`; `short`, as a plot's legend does: `goal=25`, `own rules`."""
    settings = data["settings"]
    if short:
        return settings.get("rules") or "own rules"
    return f"the rules variant {settings['rules']}" if settings.get("rules") else f"{settings['game']}'s own rules"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _row(what: str, old: float, new: float, low: float, high: float) -> dict:
    return {"what": what, "old": old, "new": new, "change": new - old, "low": low, "high": high,
            "real": low > 0 or high < 0}


def _proportions(what: str, old: dict, new: dict) -> dict:
    """Newcombe's interval for the difference of two proportions, from their Wilson intervals."""
    p1, p2 = old["rate"], new["rate"]
    (l1, u1), (l2, u2) = (old["low"], old["high"]), (new["low"], new["high"])
    change = p2 - p1
    return _row(what, p1, p2, change - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2),
                change + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def _means(what: str, old: dict, new: dict) -> dict:
    change = new["mean"] - old["mean"]
    spread = Z * math.sqrt(_variance_of_mean(old) + _variance_of_mean(new))
    return _row(what, old["mean"], new["mean"], change - spread, change + spread)


def _variance_of_mean(summary: dict) -> float:
    return summary["sd"] ** 2 / summary["n"] if summary["n"] else 0.0


def _poisson(what: str, times: list, games: tuple) -> dict:
    if not all(games):
        return _row(what, 0.0, 0.0, 0.0, 0.0)
    old, new = times[0] / games[0], times[1] / games[1]
    pooled = (times[0] + times[1]) / (games[0] + games[1])
    spread = Z * math.sqrt(pooled / games[0] + pooled / games[1])
    return _row(what, old, new, new - old - spread, new - old + spread)


def _all_words(before: dict, after: dict) -> list:
    found = set()
    for side in (before, after):
        for verb, fields in side["words"].items():
            found.update((verb, field, word) for field, words in fields.items() for word, _, _ in words)
    return sorted(found)


def _times(side: dict, verb: str, field: str, word: str) -> int:
    words = side["words"].get(verb, {}).get(field, [])
    return next((times for other, times, _ in words if other == word), 0)
