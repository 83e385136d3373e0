"""The counts of a run as figures people read: rates with 95 % intervals, distributions, frequencies; and
two runs compared, each change with its 95 % interval, a p-value, and whether it is real.

A change is estimated once, and both its interval and its p-value come from that estimate:

- a rate (ties, wins): Newcombe's interval for a difference of proportions, built from the two Wilson
  intervals; its p-value is the level at which that interval just reaches zero, so p < 0.05 exactly when
  the 95 % interval leaves zero out;
- a mean (score, winning margin, events and moves a game, and how often each verb and each word comes up a
  game): Welch's t, with Satterthwaite's degrees of freedom and Student's distribution rather than the
  normal, which trusts the spread of a few games too much, most of all in the far tail that the procedure
  below leans on. A verb or a word is a mean over games, from the sum of each game's times squared that the
  tally keeps: events come in bunches (a card only dealt in advanced games), far from the Poisson counts
  they were once taken for, which made most reruns of the same games look different somewhere. A result
  that does not hold those squares (written before they were kept) shows the Poisson interval and is not
  judged.

A spread of zero must not make a zero-width interval that calls any difference real: one game, games that
all came out alike, or a word that never came up show none, and a word seen once in a few games shows far
too little. So each side's variance is raised, where it is smaller, to the variance of both samples put
together: the spread both sides share if nothing differs, which the two estimate best, enlarged by their
difference of means, so that it errs towards calling a change noise. It costs a little power where a change
truly narrows a figure's spread; declining to judge instead would lose most figures of a small sample, and a
floor for a spread of exactly zero alone would let a spread of nearly zero call noise real.

Some figures are not judged at all (p is None): those of fewer than MIN_GAMES games on either side (and, for
a bot's or a player's wins, seats), where no approximation behind an interval holds and no difference is
worth acting on; and a rate unless each side, at the rate of both together, expects MIN_EXPECTED hits and as
many misses (Cochran's rule), since a rare event in a small sample (a tie in ten games) is where Newcombe's
interval is far too narrow.

A report compares many figures, and about one in twenty intervals leaves out zero by chance alone. So a
change is `real` when it holds up with all the judged figures of the report taken together: the
Benjamini–Hochberg procedure at a false-discovery rate of FDR, which keeps the share of chance among the
changes called real at one in twenty at most, and, when nothing differs at all, the chance of calling
anything real (for figures that vary independently or together, as a game's do). On two samples of the same
games, 200 reports of all sizes from 12 to 400 games a side called something real in 2
(tests/test_stats_calibration.py).
"""
from __future__ import annotations

import math

from pnp.memo import Memo

Z = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
MIN_GAMES = 10  # a figure of fewer games on either side (or seats, for a bot's or a player's wins) is not judged
MIN_EXPECTED = 5  # nor a rate unless each side, at both sides' rate together, expects this many of each outcome
FDR = 0.05  # the share of the real differences of a report that may be chance, at most (Benjamini–Hochberg)
NORMAL_PAST = 100_000  # degrees of freedom past which Student's t is the normal distribution, to 5 digits
BISECTION_TOP = 40.0  # a normal quantile past every p a float holds (erfc(40/√2) is 0)
QUANTILES = Memo(4_096)  # degrees of freedom -> `t_quantile`, kept while the program runs


def wilson(hits: int, n: int, z: float = Z) -> tuple:
    """The Wilson score interval of a proportion hits/n: 95 %, or of the normal quantile `z`."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = hits / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
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
    """Rows {what, old, new, change, low, high, p, real} for every figure both results have, judged together
    (`judge`): `low`..`high` is the 95 % interval of the change, `p` the chance of a change at least as large
    if nothing differed (None: not judged), `real` whether it holds up among all the rows. Bots sit in the
    seats, or (`bots` false) people, by name."""
    before, after = figures(old), figures(new)
    rows = []
    for n in sorted(set(before["players"]) & set(after["players"]), key=int):
        rows += _compare_block(f"{n} players", before["players"][n], after["players"][n], bots)
    rows += _compare_events(old["counts"], new["counts"])
    judge(rows)
    return rows


def judge(*comparisons) -> int:
    """Mark `real` the rows of all the comparisons (lists of rows) of one report whose difference holds up
    when they are judged together, by the Benjamini–Hochberg procedure at the false-discovery rate FDR: the
    judged rows ranked by p, every row up to the last of rank k with p ≤ FDR·k/m is real (m: the rows
    judged). A row with no p (`judged` false) is never real. Returns m."""
    rows = [row for comparison in comparisons for row in comparison]
    ranked = sorted((row for row in rows if row["p"] is not None), key=lambda row: row["p"])
    passed = max((k for k, row in enumerate(ranked, 1) if row["p"] <= FDR * k / len(ranked)), default=0)
    for row in rows:
        row["real"] = False
    for row in ranked[:passed]:
        row["real"] = True
    return len(ranked)


def judged(rows: list) -> int:
    """How many rows of a comparison were judged (have a p); the others are shown but never real."""
    return sum(row["p"] is not None for row in rows)


def _compare_block(label: str, old: dict, new: dict, bots: bool) -> list:
    games = (old["games"], new["games"])
    rows = [_rates(f"{label}: ties (shared wins)", old["ties"], new["ties"], games)]
    for place in range(min(len(old["order"]), len(new["order"]))):
        rows.append(_rates(f"{label}: wins of the {_ordinal(place + 1)} player in turn order",
                           old["order"][place]["wins"], new["order"][place]["wins"], games))
    for bot in sorted(set(old["bots"]) & set(new["bots"])):
        who = f"the {bot} bot" if bots else bot
        rows.append(_rates(f"{label}: wins of {who}", old["bots"][bot]["wins"], new["bots"][bot]["wins"], games))
    for name, what in (("score", "score"), ("margin", "winning margin"), ("events", "events a game"),
                       ("moves", "players' moves a game")):
        rows.append(_means(f"{label}: mean {what}", _sample(old[name]), _sample(new[name]), games))
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


def _row(what: str, old: float, new: float, low: float, high: float, p: float | None) -> dict:
    return {"what": what, "old": old, "new": new, "change": new - old, "low": low, "high": high, "p": p,
            "real": False}


# --- rates: Newcombe's interval, and the p-value that is its inverse

def _rates(what: str, old: dict, new: dict, games: tuple) -> dict:
    """A change of rate: Newcombe's interval, and as p the level at which that interval just reaches zero;
    judged when `games` (each side's, of which the rate counts games or seats) are MIN_GAMES or more too."""
    (h1, n1), (h2, n2) = (old["count"], old["of"]), (new["count"], new["of"])
    low, high = newcombe(h1, n1, h2, n2)
    p = newcombe_p(h1, n1, h2, n2) if min(games) >= MIN_GAMES and rates_judged(h1, n1, h2, n2) else None
    return _row(what, old["rate"], new["rate"], low, high, p)


def rates_judged(h1: int, n1: int, h2: int, n2: int) -> bool:
    """Whether a change of rate h1/n1 -> h2/n2 is judged: MIN_GAMES or more a side, and (Cochran's rule) at
    the rate of both sides together each side expects MIN_EXPECTED hits and as many misses."""
    if min(n1, n2) < MIN_GAMES:
        return False
    pooled = (h1 + h2) / (n1 + n2)
    return min(n1, n2) * min(pooled, 1 - pooled) >= MIN_EXPECTED


def newcombe(h1: int, n1: int, h2: int, n2: int, z: float = Z) -> tuple:
    """Newcombe's interval (1998, method 10) of h2/n2 − h1/n1, from the Wilson intervals at `z`."""
    p1, p2 = h1 / n1 if n1 else 0.0, h2 / n2 if n2 else 0.0
    (l1, u1), (l2, u2) = wilson(h1, n1, z), wilson(h2, n2, z)
    change = p2 - p1
    return change - math.hypot(p2 - l2, u1 - p1), change + math.hypot(u2 - p2, p1 - l1)


def newcombe_p(h1: int, n1: int, h2: int, n2: int) -> float:
    """The two-sided p of the change h2/n2 − h1/n1: the p whose Newcombe interval (of level 1 − p) just reaches
    zero, so that p < 0.05 exactly when the 95 % interval leaves zero out. Found by bisection on z, since the
    interval widens as z grows."""
    def leaves_out_zero(z: float) -> bool:
        low, high = newcombe(h1, n1, h2, n2, z)
        return low > 0 or high < 0
    if not leaves_out_zero(1e-9):
        return 1.0
    inside, outside = BISECTION_TOP, 1e-9
    if leaves_out_zero(inside):
        return _normal_p(inside)
    for _ in range(60):
        middle = (inside + outside) / 2
        inside, outside = (inside, middle) if leaves_out_zero(middle) else (middle, outside)
    return _normal_p((inside + outside) / 2)


def _normal_p(z: float) -> float:
    """The two-sided tail of the standard normal distribution beyond ±z."""
    return math.erfc(abs(z) / math.sqrt(2))


# --- means: Welch's t, each side's variance never below what no difference would give

def _sample(summary: dict) -> tuple:
    """(n, mean, variance) of a distribution (`distribution`)."""
    return summary["n"], summary["mean"], summary["sd"] ** 2


def _means(what: str, old: tuple, new: tuple, games: tuple, judge_it: bool = True) -> dict:
    """A change of mean between samples (n, mean, variance), judged when both sides hold MIN_GAMES games or
    more (`games`: a mean score is of every seat of the games) and `judge_it`."""
    if not old[0] or not new[0]:
        return _row(what, old[1], new[1], 0.0, 0.0, None)
    low, high, p = welch(old, new)
    return _row(what, old[1], new[1], low, high, p if judge_it and min(games) >= MIN_GAMES else None)


def welch(old: tuple, new: tuple) -> tuple:
    """(low, high, p) of the change new − old of two means, samples (n, mean, variance): Welch's t with
    Satterthwaite's degrees of freedom, each side's variance raised to that of both samples put together when
    it is smaller (so a side of one game, or of games all alike, is never taken for one that cannot vary)."""
    (n1, m1, v1), (n2, m2, v2) = old, new
    floor = _together(old, new)
    e1, e2 = max(v1, floor) / n1, max(v2, floor) / n2
    change = m2 - m1
    if e1 + e2 == 0:  # every game of both sides the same value: no change, and nothing to doubt
        return change, change, 1.0
    spread = math.sqrt(e1 + e2)
    df = (e1 + e2) ** 2 / (e1 ** 2 / max(n1 - 1, 1) + e2 ** 2 / max(n2 - 1, 1))
    half = t_quantile(df) * spread
    return change - half, change + half, t_p(change / spread, df)


def _together(old: tuple, new: tuple) -> float:
    """The variance of two samples (n, mean, variance) put together as one: what each side's would be if
    nothing differed, their difference of means included (so it errs towards noise)."""
    (n1, m1, v1), (n2, m2, v2) = old, new
    n = n1 + n2
    if n < 2:
        return 0.0
    return ((n1 - 1) * v1 + (n2 - 1) * v2 + n1 * n2 / n * (m1 - m2) ** 2) / (n - 1)


# --- how often a verb or a word comes up a game

def _compare_events(old: dict, new: dict) -> list:
    """A row for each verb and each word either result counts: its times a game, a mean over games."""
    before, after = _events(old), _events(new)
    games = (old.get("games", 0), new.get("games", 0))
    rows = []
    for key in sorted(set(before) | set(after), key=lambda key: (len(key) > 1, key)):
        what = f"`{key[0]}` events a game" if len(key) == 1 else f"`{key[0]}` {key[1]} {key[2]} a game"
        counted = [side.get(key, (0, 0)) for side in (before, after)]  # never counted: 0 in every game, squares too
        samples = [_times_a_game(times, n) for times, n in zip(counted, games)]
        rows.append(_means(what, *samples, games, judge_it=all(squares is not None for _, squares in counted)))
    return rows


def spread_known(counts: dict) -> bool:
    """Whether counts hold, for every game they count, the squares that give how much verbs and words vary
    from game to game (pnp.stats.tally): not those of a result written before they were kept."""
    return counts.get("squares", {}).get("games") == counts.get("games", 0)


def _events(counts: dict) -> dict:
    """(verb,) and (verb, field, word) -> (times, the sum over games of the times in a game squared); the
    squares None unless `spread_known`."""
    squares = counts.get("squares", {})
    known = spread_known(counts)
    out = {}
    for verb, times in counts.get("verbs", {}).items():
        out[verb,] = times, squares.get("verbs", {}).get(verb) if known else None
    for verb, fields in counts.get("words", {}).items():
        for field, words in fields.items():
            square = squares.get("words", {}).get(verb, {}).get(field, {}) if known else {}
            for word, times in words.items():
                out[verb, field, word] = times, square.get(word)
    return out


def _times_a_game(counted: tuple, games: int) -> tuple:
    """(n, mean, variance) of a thing's times a game from (times, squares) over `games` games; without the
    squares, the variance of Poisson counts (the mean), for the interval shown: such a row is not judged."""
    times, squares = counted
    if not games:
        return 0, 0.0, 0.0
    mean = times / games
    if squares is None:
        return games, mean, mean
    return games, mean, (games * squares - times * times) / (games * (games - 1)) if games > 1 else 0.0


# --- Student's t distribution, without scipy

def t_p(t: float, df: float) -> float:
    """The two-sided tail of Student's t distribution with `df` degrees of freedom beyond ±t."""
    if df > NORMAL_PAST:
        return _normal_p(t)
    return _beta_regularized(df / (df + t * t), df / 2, 0.5)


def t_quantile(df: float) -> float:
    """The t whose ± leave 2.5 % of Student's t distribution with `df` degrees of freedom on each side (2.262
    for 9): Newton's method from the Cornish–Fisher expansion; the tail is convex and falling in t, so every
    step lands short of the root, and the steps close in on it from there. Kept by `df` (QUANTILES): a
    report's figures of the same games, or of variances both raised to the same floor, share theirs."""
    t = QUANTILES.get(df)
    return QUANTILES.keep(df, _t_quantile(df)) if t is None else t


def _t_quantile(df: float) -> float:
    if df > NORMAL_PAST:
        return Z
    t = Z + (Z ** 3 + Z) / (4 * df) + (5 * Z ** 5 + 16 * Z ** 3 + 3 * Z) / (96 * df ** 2)
    density = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    for _ in range(100):
        step = (t_p(t, df) - 0.05) / (2 * density * (1 + t * t / df) ** (-(df + 1) / 2))
        t = max(t + step, t / 2)
        if abs(step) < 1e-12 * t:
            break
    return t


def _beta_regularized(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz's method)."""
    if x <= 0.0 or x >= 1.0:
        return max(0.0, min(1.0, x))
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(x, a, b) / a
    return 1.0 - front * _beta_fraction(1.0 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    """The continued fraction of I_x(a, b), two terms a step (an even one, then an odd one); a value within
    `tiny` of zero is taken as `tiny`, so that no step divides by zero."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if d > tiny or d < -tiny else tiny)
    fraction = d
    for m in range(1, 10_000):
        twice = a + 2 * m
        for numerator in (m * (b - m) * x / ((twice - 1) * twice), -(a + m) * (a + b + m) * x / (twice * (twice + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if d > tiny or d < -tiny else tiny)
            c = 1.0 + numerator / c
            c = c if c > tiny or c < -tiny else tiny
            fraction *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return fraction
