"""The lines the rules allow next, as the log writes them: what a page offers as buttons and completes as typed.

At a player's turn: each of `legal_actions`, as each outcome chance may give it (`pnp.check.outcomes.results`);
where the player may leave a line out (None among them), also the lines that may follow once it is left out
(a turn ended without a word, a follow-up declined), DECLINES deep at most. At the table's turn: the outcomes
of its draws (`pnp.check.outcomes.chance_outcomes`). A line is an action (its text `str(action)`) or a `Drawn`
pattern of cards too many to list, which a page builds word by word.
"""
from __future__ import annotations

from pnp.check.engine import TABLE
from pnp.check.outcomes import Drawn, chance_outcomes, results

DECLINES = 3  # lines left out in a row, after which the lines that may follow are still offered


def offers(state, declines: int = DECLINES) -> list:
    """Every line the rules allow next from `state` (never changed): actions and Drawn patterns, each told once,
    in the order the rules give them; none when the state cannot tell (a line is then typed)."""
    try:
        return _offers(state, declines)
    except Exception:  # noqa: BLE001 - a state off the rules (after a line insisted on) may not know its moves
        return []


def _offers(state, declines: int) -> list:
    if state.is_over():
        return []
    found = []
    if state.to_move() is TABLE:
        found = chance_outcomes(state)[0]
    else:
        legal = state.legal_actions()
        for action in legal:
            if action is not None:
                found += results(state, action)
        if None in legal and declines:
            after = state.clone()
            with state.w.aside():
                after.apply(None)
            found += _offers(after, declines - 1)
    return list({str(line): line for line in found}.values())


def verb_of(text: str, players: tuple) -> str:
    """The verb a line is grouped under: the word after the player's name, or a table line's first word."""
    words = text.split()
    if len(words) > 1 and words[0] in players:
        return words[1]
    return words[0] if words else ""


def grouped(lines: list, players: tuple) -> list:
    """The lines offered, grouped by verb in the order each verb first comes: [{"verb", "lines"}]; a group of
    lines drawn from a pile also has "draws": [{"words": the line with None where a card goes, "cards":
    [[word, copies], ...], "ordered": bool}]."""
    groups: dict = {}
    for line in lines:
        text = str(line)
        group = groups.setdefault(verb_of(text, players), {"verb": verb_of(text, players), "lines": []})
        if isinstance(line, Drawn):
            group.setdefault("draws", []).append({"words": list(line.words), "cards": [list(p) for p in line.pool],
                                                  "ordered": line.ordered})
        else:
            group["lines"].append(text)
    return list(groups.values())


def offered(choices: list, text: str) -> bool:
    """Whether the line `text` is among `choices` (a view's "choices"): listed word for word, or drawn by one of
    the patterns."""
    for group in choices:
        if text in group["lines"]:
            return True
        for draw in group.get("draws", ()):
            if Drawn(tuple(draw["words"]), tuple(map(tuple, draw["cards"])), draw["ordered"]).allows(text):
                return True
    return False


def completed(lines: list, prefix: str, limit: int) -> list:
    """The lines among `lines` that start with `prefix` (in any case), in their order; a pattern's lines are
    offered a word further at a time: the prefix's words and each word that may follow."""
    wanted = prefix.lower()
    found: list = []
    for line in lines:
        if len(found) >= limit:
            break
        if isinstance(line, Drawn):
            found += [text for text in _built(line, wanted) if text not in found]
        elif str(line).lower().startswith(wanted):
            found.append(str(line))
    return found[:limit]


def _built(line: Drawn, wanted: str) -> list:
    """The texts a pattern completes `wanted` to: the words typed so far, the last one finished."""
    words = wanted.replace(",", " ").split()
    whole, last = (words, "") if wanted.endswith(" ") or not words else (words[:-1], words[-1])
    fixed = [_exact(word, line) for word in whole]
    if None in fixed:
        return []
    nexts = line.next_words(fixed) if len(fixed) < len(line.words) else []
    return [" ".join([*fixed, word]) for word in nexts if word.lower().startswith(last)]


def _exact(word: str, line: Drawn):
    """`word` as the pattern writes it (its fixed words and cards), or None."""
    for known in [w for w in line.words if w is not None] + [w for w, _ in line.pool]:
        if known.lower() == word:
            return known
    return None
