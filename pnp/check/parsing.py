"""A game's verbs bound to the kinds of words it reads: each verb's parser and usage line.

A verb's pattern (`pnp.check.verbs.action`) becomes two parsers. The quick one reads the lines almost every
log holds: each word read the quick way (`Kind.quick`), into the action's values, with no dictionary of
fields in between; it gives up (None) at the first word that does not read so, or on a pattern it does not
cover (a choice of shapes, a kind with no quick way). The full one then reads the line again, word by word,
and says what is wrong. Both read a line the same way, so only speed tells them apart.
"""
from __future__ import annotations

from pnp.check.verbs import BUILT_IN, Kind, _Field, _Optional, _walk, _Word

_new = tuple.__new__  # how an action class makes its object (`pnp.check.verbs.action`)

class Verb:
    """One verb of a game's logs, bound to the game's kinds; what `pnp.check.replay` reads events with.

    `parse(words, actor)` reads the words after the verb (a `pnp.check.words.Words`) and returns the
    action; `usage` is shown when a line cannot be read; `by_player` says whether a line starts with the
    acting player's name."""

    def __init__(self, name: str, usage: str, parse, by_player: bool = True):
        self.name, self.usage, self.parse, self.by_player = name, usage, parse, by_player


def bind(actions, kinds: dict, checks: dict | None = None) -> dict:
    """Verb name -> Verb for each action class, reading its fields with `kinds` (kind name -> Kind;
    `player` and `claims` are built in). `checks` (verb -> check(action, words)) vet a whole action for
    what no single word shows, failing through `words` (only the explosion X's out a cannon, say)."""
    kinds = {**BUILT_IN, **kinds}
    verbs = {}
    for cls in actions:
        unknown = {f.kind for f in _walk(cls.tree) if isinstance(f, _Field)} - set(kinds)
        if unknown:
            raise ValueError(f"the pattern of `{cls.verb}` uses kinds no game binds: {', '.join(sorted(unknown))}")
        check = (checks or {}).get(cls.verb)
        parse = _either(_quick(cls, kinds, check), _parser(cls, kinds, check))
        verbs[cls.verb] = Verb(cls.verb, _usage(cls.tree, kinds), parse, cls.by_player)
    return verbs


def _usage(items, kinds: dict) -> str:
    words = []
    for item in items:
        if isinstance(item, _Word):
            words.append(item.choices[0])
        elif isinstance(item, _Field):
            label = kinds[item.kind].label or item.name.upper()
            words.append(f"{label} [{label} ...]" if item.repeat else label)
        elif isinstance(item, _Optional):
            only = item.items[0]
            if len(item.items) == 1 and isinstance(only, _Field) and only.repeat:  # none or more
                words.append(f"[{kinds[only.kind].label or only.name.upper()} ...]")
            else:
                words.append(f"[{_usage(item.items, kinds)}]")
        else:
            words.append("(" + " | ".join(_usage(shape, kinds) for shape in item.shapes) + ")")
    return " ".join(words)


def _parser(cls, kinds: dict, check):
    items = cls.tree[2:] if cls.by_player else cls.tree[1:]  # the words after the verb
    steps = [_step(item, kinds, cls.lists) for item in items]
    lists, by_player = [name for name, is_list in cls.lists.items() if is_list], cls.by_player

    def parse(words, actor):
        got = {"player": actor} if by_player else {}
        for step in steps:
            step(words, got)
        if words.at < len(words.words):
            words.end()  # says what is left over
        for name in lists:
            if name in got:
                got[name] = tuple(got[name])
        made = cls(**got)
        if check is not None:
            check(made, words)
        return made
    return parse


def _step(item, kinds: dict, lists: dict):
    if isinstance(item, _Word):
        return _literal(item)
    if isinstance(item, _Field):
        return _reader(item, kinds[item.kind], lists[item.name])
    if isinstance(item, _Optional):
        return _optional(item, kinds, lists)
    shapes = [(_opens(shape[0], kinds), [_step(part, kinds, lists) for part in shape]) for shape in item.shapes]

    def shape(words, got):
        word = words.words[words.at] if words.more() else None
        chosen = next((steps for opens, steps in shapes if word is not None and opens(word)), shapes[-1][1])
        for step in chosen:
            step(words, got)
    return shape


def _opens(first, kinds: dict):
    """Whether a word can begin a shape that starts with `first`."""
    if isinstance(first, _Word):
        choices = set(first.choices)
        return lambda word: word.lower() in choices
    return kinds[first.kind].accepts


def _optional(item: _Optional, kinds: dict, lists: dict):
    steps = [_step(part, kinds, lists) for part in item.items]
    first = item.items[0]
    if isinstance(first, _Word):
        enters = _opens(first, kinds)
    else:
        later = item.later
        enters = (lambda word: word.lower() not in later) if later else (lambda word: True)

    def optional(words, got):
        if words.at < len(words.words) and enters(words.words[words.at]):
            for step in steps:
                step(words, got)
    return optional


def _literal(item: _Word):
    choices, shown = set(item.choices), item.choices[0]

    def literal(words, got):
        word = words.next(f"`{shown}`")
        if word.lower() not in choices:
            words.fail(f"expected `{shown}`, got {word!r}")
    return literal


def _reader(item: _Field, kind: Kind, is_list: bool):
    name, read, quick, table = item.name, kind.read, kind.quick, kind.table

    def one(words):
        """The next word's value: the quick way when it reads well, else `read`, which says why not."""
        at, line = words.at, words.words
        if at < len(line):
            value = table.get(line[at].lower()) if table is not None else quick(line[at], words) if quick else None
            if value is not None:
                words.at = at + 1
                return value
        return read(words)

    if item.repeat:
        def repeated(words, got):
            values = got.setdefault(name, [])
            values.append(one(words))
            while words.at < len(words.words):
                values.append(one(words))
        return repeated
    if is_list:
        return lambda words, got: got.setdefault(name, []).append(one(words))

    def single(words, got):
        got[name] = one(words)
    return single


# --- the quick parser -------------------------------------------------------------------------------

def _either(quick, full):
    """A parser trying `quick` first, then, where it gives up, `full` from the same word."""
    if quick is None:
        return full

    def parse(words, actor):
        start = words.at
        made = quick(words, actor)
        if made is None:
            words.at = start
            made = full(words, actor)
        return made
    return parse


def _quick(cls, kinds: dict, check):
    """The quick parser of an action class, or None for a pattern it does not cover: one whose words after the
    verb are literal words, fields of kinds with a quick way, and optional groups of one field, led or not by a
    literal word; a field of many words (`...`) only at the end."""
    items = cls.tree[2:] if cls.by_player else cls.tree[1:]
    place = {name: at for at, name in enumerate(cls.fields)}
    steps = []
    for at, item in enumerate(items):
        last = at == len(items) - 1
        if isinstance(item, _Optional):
            inner = [_quick_step(part, kinds, cls.lists, place, last) for part in item.items]
            shape = [type(part) for part in item.items]
            if None in inner or shape not in ([_Field], [_Word, _Field]):
                return None
            steps.append(_quick_optional(item, inner))
        else:
            step = _quick_step(item, kinds, cls.lists, place, last)
            if step is None:
                return None
            steps.append(step)
    empty = [() if cls.lists[name] else None for name in cls.fields]
    # cls(*values) is what its __new__, made by `action`, does: unless a subclass makes its objects otherwise
    direct = cls.__new__ is cls.made and cls.__init__ is object.__init__

    def parse(words, actor):
        line, at, values = words.words, words.at, empty.copy()
        if actor is not None:
            values[0] = actor
        for step in steps:
            at = step(line, at, values, words)
            if at < 0:
                return None
        if at < len(line):
            return None
        made = _new(cls, (cls, *values)) if direct else cls(*values)
        if check is not None:
            words.at = at
            check(made, words)
        return made
    return parse


def _quick_step(item, kinds: dict, lists: dict, place: dict, last: bool):
    """One step of the quick parser: step(line, at, values, words) -> the place after what it read, or -1."""
    if isinstance(item, _Word):
        choices = frozenset(item.choices)
        return lambda line, at, values, words: at + 1 if at < len(line) and line[at].lower() in choices else -1
    if not isinstance(item, _Field) or (item.repeat and not last):
        return None
    quick, slot = kinds[item.kind].quick, place[item.name]
    if quick is None:
        return None
    table = kinds[item.kind].table
    if item.repeat:
        def many(line, at, values, words):
            if at >= len(line):
                return -1
            # a kind of `names` is read by its table, word by word, without a call of ours for each
            read = tuple(map(table.get, map(str.lower, line[at:]))) if table is not None else \
                tuple(quick(word, words) for word in line[at:])
            if None in read:
                return -1
            values[slot] += read
            return len(line)
        return many
    if lists[item.name]:
        def another(line, at, values, words):
            value = quick(line[at], words) if at < len(line) else None
            if value is None:
                return -1
            values[slot] += (value,)
            return at + 1
        return another

    def one(line, at, values, words):
        value = quick(line[at], words) if at < len(line) else None
        if value is None:
            return -1
        values[slot] = value
        return at + 1

    if table is None:
        return one

    def named(line, at, values, words):  # `one` for a kind of `names`, whose quick way is this look-up
        value = table.get(line[at].lower()) if at < len(line) else None
        if value is None:
            return -1
        values[slot] = value
        return at + 1
    return named


def _quick_optional(item: _Optional, steps: list):
    """An optional group, entered as the full parser enters it (`_optional`)."""
    first = item.items[0]
    if isinstance(first, _Word):
        choices = frozenset(first.choices)
        enters = choices.__contains__
    else:
        later = frozenset(item.later)
        enters = lambda word: word not in later  # noqa: E731

    def optional(line, at, values, words):
        if at < len(line) and enters(line[at].lower()):
            for step in steps:
                at = step(line, at, values, words)
                if at < 0:
                    return -1
        return at
    return optional
