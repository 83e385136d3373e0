"""A rules module's data: the game's rule facts (`game.rules`: rules.yaml, a variant's values in place) and the
parts of game.yaml it reads, checked with their lines.

Each rules module declares, with the specs of `pnp.model.specs`, what it reads: the rule facts of rules.yaml
(which the printed kit states too, pnp/read/rulefacts.py) and the keys of game.yaml's `vars` it uses (its
grids, colours). Templates read `vars` too, so keys a module does not declare are left to them. A fact a
`--rule` changed is reported at the option (`--rule: hand-sizes.2: ...`), not at the file's line.
"""
from __future__ import annotations

from pnp.model.specs import LDict, Record, checked, line_of
from pnp.errors import DataError, Where, shown


class RuleData:
    """The game's rules.yaml checked against `spec` (`values`), game.yaml's `vars` against `variables`
    (`vars`, a `Keys`), and the components the rules need, with the places to report a cross-check at."""

    def __init__(self, game, spec: Record, variables: Record | None = None, components: tuple = ()):
        self.game = game
        self.file = shown(game.folder / "rules.yaml")
        self.data = shown(game.folder / "game.yaml")
        self.raw = game.rules
        self.changed = {key for key, _ in game.variant}
        try:
            self.values = checked(spec, self.raw, Where(self.file, 1))
        except DataError as error:
            raise DataError([(self._placed(where), message) for where, message in error.problems]) from None
        missing = [name for name in components if name not in game.components]
        if missing:
            raise DataError([(Where(self.data, 1), f"the rules checker needs the components {', '.join(missing)}")])
        self.vars = {} if variables is None else checked(variables, game.vars or {}, self.in_vars())

    def at(self, key: str) -> Where:
        """Where a key of rules.yaml stands (a fact of the variant: the --rule option)."""
        return self._placed(Where(self.file, line_of(self.raw, key), key))

    def _placed(self, where: Where) -> Where:
        """`where`, in rules.yaml, as the variant's --rule option when it names a fact the option changed."""
        field = where.field
        if where.file == self.file and any(key == field or key.startswith(field + ".") or
                                           field.startswith(key + ".") for key in self.changed):
            return Where("--rule", 0, field)
        return where

    def in_vars(self, key: str | None = None) -> Where:
        """Where game.yaml's `vars` (or one of its keys) stands."""
        if key is None:
            return Where(self.data, line_of(self.game.vars, default=1), "vars")
        return Where(self.data, line_of(self.game.vars, key), f"vars.{key}")


class Keys(Record):
    """A mapping of which the rules read and check the declared keys; any other key is the templates' to
    read (game.yaml's `vars`, a suit's names among its icons), so it is left alone."""

    def check(self, value, where, problems):
        return super().check(_picked(value, self) if isinstance(value, dict) else value, where, problems)


def _picked(values, spec: Record) -> LDict:
    """The keys of `values` that `spec` declares, with their lines; the others are the templates'."""
    out = LDict({key: value for key, value in (values or {}).items() if key in spec.fields})
    out.line, out.key_lines = line_of(values, default=1), {key: line_of(values, key) for key in out}
    return out


def counts(cards) -> dict:
    """Card id -> how many copies the kit prints, for a component's cards."""
    return {card.id: card.count for card in cards}


def ids(items) -> dict:
    """How a log may name each of `items` (ids): in any case. The table a kind of words reads."""
    return {str(item).lower(): item for item in items}


def nicknames(named: dict) -> dict:
    """How a log may name each thing: its id, or the last word of any of its names, in any case (a
    `Gold doubloon` is `doubloon`). `named` maps each thing's id to its names."""
    found = {}
    for item, titles in named.items():
        for word in (item, *titles):
            if word and word.split():
                found[word.split()[-1].lower()] = item
    return found
