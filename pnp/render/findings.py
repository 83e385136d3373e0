"""What keeps a game's faces from being made or read, gathered as they are made and told once for all the faces
each was found on.

A face that cannot be made does not stop the others: what is wrong with each is noted (`note`), and `report`
gives every problem and warning of the faces made so far: what keeps text from being read once for each
template step, with the faces it was found on ("on 72 cards (alpha, beta, ...)"); another problem the same on
many faces, once, at the first.
"""
from __future__ import annotations

from pnp.errors import Where, clip
from pnp.model.mapped import Mapped
from pnp.render import legibility

SHOWN = 5  # the faces a message names at most


class Findings:
    def __init__(self):
        self.unread: dict = {}  # (template file, line, error, kind) -> the findings (Found) and the faces they were on
        self.failed: dict = {}  # (template, field, message) -> for whom -> where: what keeps faces from being made

    def note(self, template: str, where: Where, context: dict, notes: tuple, failures: tuple) -> None:
        """Note what a face `template` made for `context` found: legibility findings, and other problems."""
        who = _who(where, context)
        grouped: dict = {}
        for note in notes:
            grouped.setdefault((note.file, note.line, note.error, note.kind), []).append(note)
        for group, found in grouped.items():
            if group not in self.unread:
                self.unread[group] = Found()
            self.unread[group].add(who, found)
        for place, message in failures:
            self.failed.setdefault((template, place.field, message), {}).setdefault(who, place)

    def report(self) -> tuple[list, list]:
        """(errors, warnings) of the faces made so far, as (where, message)."""
        steps: dict = {}  # (file, line, error) -> [(findings of a kind, the faces they were found on)]
        for (file, line, error, _), found in self.unread.items():
            steps.setdefault((file, line, error), []).append((found, _on(found.shown, count=found.count(),
                                                                        nouns=found.nouns)))
        errors, warnings = [], []
        for (file, line, error), kinds in steps.items():
            labels = list(dict.fromkeys(label for found, _ in kinds for label in found.summary.labels))
            step = ", ".join(labels[:3]) + (", …" if len(labels) > 3 else "")
            faces = {on for _, on in kinds}
            shared = faces.pop() if len(faces) == 1 else ""
            message = legibility.describe([(found.summary, "" if shared else on) for found, on in kinds], shared)
            (errors if error else warnings).append((Where(file, line, step), message))
        for (_, _, message), found in self.failed.items():
            first = next(iter(found.values()))
            others = list(found)[1:]
            errors.append((first, message + (f" (also {_on(others, 'more ')})" if others else "")))
        return errors, warnings


class Found:
    """One kind of legibility finding of one template line, on every face it was found on, summed up as each face
    is noted (a big deck's cards each give theirs): the findings (legibility.Summary), the first SHOWN faces, what
    they are, and each face as its hash, eight bytes, so that one noted again (in another variant of the kit) is
    counted once (`count`)."""

    __slots__ = ("summary", "faces", "shown", "nouns")

    def __init__(self):
        self.summary = legibility.Summary()
        self.faces = Mapped("q")  # each face noted, for whom (see _who), as its hash
        self.shown: list = []  # the first SHOWN faces, for whom
        self.nouns: set = set()  # what each face is: "card", "sheet" ...

    def add(self, who: tuple, notes: list) -> None:
        """The findings `notes` of the face made for `who` (the same again, for a face noted before)."""
        self.faces.append(hash(who))
        if len(self.shown) < SHOWN and who not in self.shown:
            self.shown.append(who)
        self.nouns.add(who[0])
        for note in notes:
            self.summary.add(note)

    def count(self) -> int:
        """The faces noted, each once."""
        return len(set(self.faces))


def _who(where: Where, context: dict) -> tuple[str, str, str]:
    """For whom a face is made, as a message names it: (what it is, its name, where its data is)."""
    for name in ("card", "piece"):
        if isinstance(context.get(name), dict) and "id" in context[name]:
            return name, str(context[name]["id"]), str(where)
    if isinstance(context.get("sheet"), dict):
        return "sheet", str(context["sheet"].get("number")), str(where)
    if isinstance(context.get("face"), dict):
        return "die face", str(context["face"].get("value")), str(where)
    return "", where.field or str(where), str(where)


def _on(found, more: str = "", count: int | None = None, nouns: set | None = None) -> str:
    """The faces something was found on, said for a message: "on card beta (deck.csv:3)", "on 72 cards (alpha,
    beta, ...)"; `more` comes before a count ("on 3 more cards"). `found`: each face, for whom (see _who); or
    the first SHOWN of `count` faces, whose nouns are `nouns`."""
    found = list(found)
    count = len(found) if count is None else count
    nouns = {noun for noun, _, _ in found} if nouns is None else set(nouns)
    noun = nouns.pop() if len(nouns) == 1 and "" not in nouns else "face"
    if count == 1:
        kind, name, where = found[0]
        return f"on {kind} {name} ({where})" if kind else f"on {name}"
    names = ", ".join(clip(name, 30) for _, name, _ in found[:SHOWN]) + (", …" if count > SHOWN else "")
    return f"on {count} {more}{noun}s ({names})"
