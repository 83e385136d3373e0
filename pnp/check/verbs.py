"""A log verb declared once, by a pattern that gives its parser, its usage line and its printed form.

    Take = action("take", "{player} take {column:column} {card:card} [to {to:player}]")

makes an action class `Take` whose objects print as their log line (`Mia take 3 map to Tom`), and whose
pattern, bound to the word kinds of a game (`pnp.check.parsing.bind`), reads such a line back, or says
`write PLAYER take COLUMN CARD [to PLAYER]` when it cannot. The pattern's parts:

- a literal word (`take`, `to`); `one|many` accepts either and prints `one` before a field holding one
  item, `many` before any other (`lose ball C`, `lose balls C D`);
- `{name:kind}` one word read by the game's kind `kind`, kept as the action's `name` (`{name}` alone: the
  kind of that name); in the usage line, the kind's label, or the name in capitals (numbers);
- `{player}` first: the line starts with the acting player's name, kept as `player`;
- `{name:kind}...` one or more words up to the end of the line, kept as a tuple; a name written twice
  collects into a tuple too (`roll {faces:face} [{faces:face}]`);
- `[ ... ]` optional: read when a word is left; led by a field, only when that word is no literal that
  comes later in the pattern (in `fire {face:face} [{row:row}] [at {target:row}]`, `at` skips the row);
- `( A | B )` one of several shapes: the first whose first word fits is read, else the last one (whose
  reading then says what is wrong). An action prints with the shape whose fields it fills.

Actions are immutable and compare by value, so bots can list them and a state can look them up.
"""
from __future__ import annotations

import re
from operator import itemgetter

from pnp.check.violations import LOG_CARD

_TOKEN = re.compile(r"\{(\w+)(?::([\w-]+))?\}(\.\.\.)?|[\[\]()]|\|(?=\s)|[^\s\[\]()]+")


class Kind:
    """How one word of a log line is read: `read(words)` returns its value, or fails through `words`
    (`pnp.check.words.Words`); `accepts(word)` says whether a word can be one, to choose among shapes;
    `label` names it in usage lines (None: the field's name in capitals). `quick(word, words)`, when
    given, is a shortcut for a word that reads well: its value, or None to let `read` say what is wrong."""

    table: dict | None = None  # for a kind of `names`: its table, looked up without a call

    def __init__(self, read, label: str | None = None, accepts=None, quick=None):
        self.read, self.label, self.quick = read, label, quick
        self.accepts = accepts or (lambda word: True)


def names(table: dict, what: str, label: str, rule: str = LOG_CARD) -> Kind:
    """A word from a table of names (lower case -> value), such as a game's cards; `what` says in an
    error what was expected (`a game card`), `rule` is the code of an unknown name."""
    kind = Kind(lambda words: words.name(table, what, rule), label, lambda word: word.lower() in table,
                lambda word, words: table.get(word.lower()))
    kind.table = table
    return kind


def number(what: str, low: int = 0, high: int | None = None, beyond: str = "") -> Kind:
    """A whole number from `low`; one above `high` fails with `beyond`, formatted with the number."""
    def read(words):
        value = words.number(what, low)
        if high is not None and value > high:
            words.fail(beyond.format(value))
        return value

    def quick(word, words):
        value = int(word) if word.isdecimal() else -1
        return value if low <= value and (high is None or value <= high) else None
    return Kind(read, None, str.isdecimal, quick)


BUILT_IN = {
    "player": Kind(lambda words: words.player(), "PLAYER", None, lambda word, words: words.players.get(word.lower())),
    "claims": Kind(lambda words: tuple(words.claims().items()), "PLAYER POINTS PLAYER POINTS ..."),
}


# --- the pattern read into a tree ------------------------------------------------------------------

class _Word:
    def __init__(self, text: str):
        self.choices = tuple(text.split("|"))


class _Field:
    def __init__(self, name: str, kind: str, repeat: bool):
        self.name, self.kind, self.repeat = name, kind, repeat


class _Optional:
    def __init__(self, items: list):
        self.items = items
        self.later: set = set()  # the literal words after the group, which leave it unread


class _Shapes:
    def __init__(self, shapes: list):
        self.shapes = shapes
        self.names = [{f.name for f in _walk(shape) if isinstance(f, _Field)} for shape in shapes]
        self.all = set().union(*self.names)


def _tree(pattern: str) -> list:
    tokens = [m.group(0) for m in _TOKEN.finditer(pattern)]
    items, at = _sequence(tokens, 0, pattern)
    if at != len(tokens):
        raise ValueError(f"unbalanced {tokens[at]!r} in the pattern {pattern!r}")
    words: list = []
    for item in reversed(list(_walk(items, groups=True))):
        if isinstance(item, _Optional):
            item.later = set(words)
        elif isinstance(item, _Word):
            words += item.choices
    return items


def _sequence(tokens: list, at: int, pattern: str) -> tuple:
    items = []
    while at < len(tokens) and tokens[at] not in ("]", ")", "|"):
        token = tokens[at]
        if token in ("[", "("):
            parts = []
            while True:
                inner, at = _sequence(tokens, at + 1, pattern)
                parts.append(inner)
                if token == "[" or at >= len(tokens) or tokens[at] != "|":
                    break
            closing = "]" if token == "[" else ")"
            if at >= len(tokens) or tokens[at] != closing:
                raise ValueError(f"missing {closing!r} in the pattern {pattern!r}")
            items.append(_Optional(parts[0]) if token == "[" else _Shapes(parts))
        else:
            field = _TOKEN.fullmatch(token)
            items.append(_Field(field.group(1), field.group(2) or field.group(1), bool(field.group(3)))
                         if field.group(1) else _Word(token))
        at += 1
    return items, at


def _walk(items, groups: bool = False):
    """Every word and field of a tree in pattern order; with `groups`, each optional group after its items."""
    for item in items:
        if isinstance(item, _Optional):
            yield from _walk(item.items, groups)
            if groups:
                yield item
        elif isinstance(item, _Shapes):
            for shape in item.shapes:
                yield from _walk(shape, groups)
        else:
            yield item


def _counts(items) -> dict:
    """How many values each field takes at most (2 standing for many): a tuple field takes more than one."""
    counts: dict = {}
    for item in items:
        if isinstance(item, _Field):
            found = {item.name: 2 if item.repeat else 1}
        elif isinstance(item, _Optional):
            found = _counts(item.items)
        elif isinstance(item, _Shapes):
            found = {}
            for shape in map(_counts, item.shapes):
                found.update({name: max(count, found.get(name, 0)) for name, count in shape.items()})
        else:
            continue
        for name, count in found.items():
            counts[name] = counts.get(name, 0) + count
    return counts


# --- action classes: fields and printed form ----------------------------------------------------------

class Action(tuple):
    """An event of a log, made by `action`: `str()` is its log line.

    A tuple of its class and its values, so that comparing and hashing actions, which bots and the
    checker do for every move, run at the speed of tuples; the class first keeps two verbs with the
    same values apart."""

    __slots__ = ()
    verb: str = ""
    fields: tuple = ()   # its values' names, in pattern order
    kinds: dict = {}     # field name -> the kind of words it is read with
    by_player: bool = False

    def values(self) -> tuple:
        return self[1:]

    def __getnewargs__(self):
        return self[1:]  # a copy is made from the values

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.fields)})"

    def __str__(self):
        out: list = []
        self._print(self, {}, out)
        return " ".join(out)

    def __setattr__(self, name, value):
        raise AttributeError(f"a {self.verb} action cannot change")


_RESERVED = frozenset(("verb", "pattern", "fields", "kinds", "by_player", "tree", "lists", "values", "made"))


def action(verb: str, pattern: str) -> type:
    """The action class of a log verb. Its fields are named by the pattern and given in pattern order; one
    left out is None, or () for a tuple."""
    tree = _tree(pattern)
    lists = {name: count > 1 for name, count in _counts(tree).items()}
    by_player = bool(tree) and isinstance(tree[0], _Field) and tree[0].name == tree[0].kind == "player"
    named = tree[1 if by_player else 0] if len(tree) > by_player else None
    if not isinstance(named, _Word) or named.choices != (verb,):
        raise ValueError(f"the pattern {pattern!r} does not name its verb {verb!r} first (after `{{player}}`)")
    fields = tuple(lists)
    taken = set(fields) & _RESERVED
    if taken:
        raise ValueError(f"the pattern {pattern!r} names a field {', '.join(sorted(taken))}: a name actions keep for themselves")
    arguments = "".join(f", {name}={'()' if lists[name] else 'None'}" for name in fields)
    values = "".join(f" {name}," for name in fields)
    scope: dict = {"_new": tuple.__new__}
    exec(f"def __new__(cls{arguments}):\n    return _new(cls, (cls,{values}))", scope)  # as namedtuple does
    kinds = {item.name: item.kind for item in _walk(tree) if isinstance(item, _Field)}
    # `made`: the __new__ made here, by which the quick parser knows a subclass that makes its objects otherwise
    namespace = {"__slots__": (), "__new__": scope["__new__"], "made": scope["__new__"], "verb": verb,
                 "pattern": pattern, "fields": fields, "kinds": kinds, "by_player": by_player, "tree": tree, "lists": lists,
                 "_print": staticmethod(_printer(tree, lists)),
                 **{name: property(itemgetter(at), doc=f"the action's {name}") for at, name in enumerate(fields, 1)}}
    return type(verb.title().replace("-", ""), (Action,), namespace)


def _printer(items: list, lists: dict):
    """A function appending an action's words to `out`; `used` counts the tuple items printed so far."""
    parts = []
    for at, item in enumerate(items):
        if isinstance(item, _Word):
            following = items[at + 1] if at + 1 < len(items) else None
            parts.append(_print_word(item, following if isinstance(following, _Field) else None))
        elif isinstance(item, _Field):
            parts.append(_print_field(item, lists[item.name]))
        elif isinstance(item, _Optional):
            parts.append(_print_optional(item, lists))
        else:
            parts.append(_print_shapes(item, lists))

    def print_all(act, used, out):
        for part in parts:
            part(act, used, out)
    return print_all


def _print_word(item: _Word, field: _Field | None):
    if len(item.choices) == 2 and field is not None:
        one, many = item.choices
        return lambda act, used, out: out.append(one if len(getattr(act, field.name)) == 1 else many)
    word = item.choices[0]
    return lambda act, used, out: out.append(word)


def _print_field(item: _Field, is_list: bool):
    name = item.name
    if not is_list:
        def single(act, used, out):
            value = getattr(act, name)
            if value is not None:
                out.append(written(value))
        return single

    def items(act, used, out):
        start = used.get(name, 0)
        values = getattr(act, name)[start:] if item.repeat else getattr(act, name)[start:start + 1]
        used[name] = start + len(values)
        out.extend(map(written, values))
    return items


def _print_optional(item: _Optional, lists: dict):
    first = next((f for f in _walk(item.items) if isinstance(f, _Field)), None)
    inner = _printer(item.items, lists)

    def optional(act, used, out):
        value = getattr(act, first.name)
        if len(value) > used.get(first.name, 0) if lists[first.name] else value is not None:
            inner(act, used, out)
    return optional


def _print_shapes(item: _Shapes, lists: dict):
    printers = [_printer(shape, lists) for shape in item.shapes]

    def shapes(act, used, out):
        filled = {name for name in item.all if getattr(act, name) not in (None, ())}
        chosen = next((p for p, names in zip(printers, item.names) if names == filled), printers[-1])
        chosen(act, used, out)
    return shapes


def written(value) -> str:
    """A value as a log writes it: a plain tuple (a pair, say) as its items, anything else as str()."""
    return " ".join(map(written, value)) if type(value) is tuple else str(value)
