"""Templates that only write text and values, rendered without jinja2's machinery (pnp/render/sandbox.py).

Most card templates are one step a line with a few values in each: `{{ card.title | tojson }}`, `{{ w - 7 }}`.
Such a template has no tags (no loops, conditions, blocks, includes, macros or assignments); each value is a name
it is given, a key of a dict (`card.title`), a number or text written in it, a number's sign, the sum, difference,
product or quotient of two numbers, or one of those through the filter `tojson` or `string`. Its text is worked
out here as the sandbox's compiled code works it out: the same values, the same text (`str` of each), the same
work charged against the build's budget (`string` counts what it is handed). A template is read from jinja2's
own tree of it, so its text is split where jinja2 splits it.

Anything else, or a value this is unsure of (a name it is not given, a key a dict also has as a method, a
value that is not a dict or not a number where one is asked for, a division by zero, any other failure),
leaves the rendering to jinja2, which then writes the same text or says what is wrong, and where.
"""
from __future__ import annotations

import operator

from jinja2 import nodes
from jinja2.utils import _PassArg

SPECIAL = {"self", "loop", "caller", "varargs", "kwargs", "super"}  # names jinja2 gives a meaning of its own
FILTERS = ("tojson", "string")
NUMBER = (int, float)  # (not bool: `type(x) in NUMBER`)
SIGNS = {nodes.Neg: operator.neg, nodes.Pos: operator.pos}
ARITHMETIC = {nodes.Add: operator.add, nodes.Sub: operator.sub, nodes.Mul: operator.mul,
              nodes.Div: operator.truediv}
SCALARS = (int, float, str, bool)  # values of names whose values' text a template's pieces keep (see Pieces)
KEPT_FIXED = 64  # sets of those values kept at once: a template's faces come in a few sizes


class Unsure(Exception):
    """A value this module does not work out as jinja2 would: jinja2 renders the face."""


def pieces(tree: nodes.Template, filters: dict) -> list | None:
    """A template's text, as pieces: text as written, and functions of (the context, the environment) giving
    each value (written as `str` writes it); None when the template is not one of those (see above). `filters`
    are the environment's."""
    found: list = []
    for output in tree.body:
        if type(output) is not nodes.Output:
            return None
        for node in output.nodes:
            if type(node) is nodes.TemplateData:
                found.append(node.data)
                continue
            value = _value(node, filters)
            if value is None:
                return None
            found.append(value)
    return Pieces(found)


class Pieces(list):
    """A template's pieces (see `pieces`), and the text of those of its values that read only names it is given
    (`w - 7`, `-bleed`: alike on every face of a size), kept for each set of those names' values (`_fixed`)."""

    def __init__(self, found: list):
        super().__init__(found)
        self.values = [piece for piece in found if type(piece) is not str]
        pure = [piece.reads for piece in self.values if getattr(piece, "reads", None) is not None]
        self.names = tuple(sorted({name for reads in pure for name in reads})) if pure else None
        self.fixed: dict = {}  # repr of those names' values -> each value's text (None: one that reads more)


def render(found: list, context: dict, env) -> str:
    """The text of a template's `pieces` for `context`; Unsure when a value is not worked out here."""
    texts = iter(values(found, context, env))
    return "".join([piece if type(piece) is str else next(texts) for piece in found])


def values(found: list, context: dict, env) -> list[str]:
    """The text of each value of a template's `pieces` for `context`, in order; Unsure when one is not worked out
    here."""
    try:
        fixed = _fixed(found, context, env) if getattr(found, "names", None) is not None else None
        if fixed is None:
            return [str(piece(context, env)) for piece in found if type(piece) is not str]
        return [text if text is not None else str(piece(context, env)) for piece, text in zip(found.values, fixed)]
    except Unsure:
        raise
    except Exception:  # (jinja2 says what is wrong: a division by zero, a value JSON cannot write, ...)
        raise Unsure from None


def _fixed(found: Pieces, context: dict, env) -> list | None:
    """The text of each value of `found` that reads only names, as worked out before for the same values of those
    names (None for a value that reads more); None when they are not all given as numbers or text (whose `repr`
    tells 1 from 1.0, True and "1", and 0.0 from -0.0)."""
    given = [context.get(name, found) for name in found.names]  # (`found` for a name not given)
    if not all([type(value) in SCALARS for value in given]):
        return None
    key = repr(given)
    texts = found.fixed.get(key)
    if texts is None:
        texts = [None if getattr(piece, "reads", None) is None else str(piece(context, env))
                 for piece in found.values]
        if len(found.fixed) >= KEPT_FIXED:
            found.fixed.clear()
        found.fixed[key] = texts
    return texts


def _value(node, filters: dict):
    """A function of (context, environment) giving the value of an expression, or None when it is not one of
    those worked out here."""
    kind = type(node)
    if kind is nodes.Const and type(node.value) in (int, float, str):
        constant = node.value
        return _reading(lambda context, env: constant, ())
    if _given(node):
        return _reading(_name(node.name), (node.name,))
    if kind is nodes.Getattr and node.ctx == "load" and not hasattr(dict, node.attr):
        if _given(node.node):  # (`card.title`, most values: one step, not two)
            return _named_key(node.node.name, node.attr)
        inner = _value(node.node, filters)
        return None if inner is None else _key(inner, node.attr)
    if kind in SIGNS:
        inner = _value(node.node, filters)
        return None if inner is None else _reading(_numeric(SIGNS[kind], inner), _reads(inner))
    if kind in ARITHMETIC:
        left, right = _value(node.left, filters), _value(node.right, filters)
        return None if left is None or right is None else _reading(_numeric(ARITHMETIC[kind], left, right),
                                                                   _reads(left, right))
    if kind is nodes.Filter and node.node is not None and not (node.args or node.kwargs or node.dyn_args or
                                                               node.dyn_kwargs):
        inner = _value(node.node, filters)
        if inner is None:
            return None
        function = filters.get(node.name) if node.name in FILTERS else None
        given = _PassArg.from_obj(function) if function is not None else None
        if function is not None and given in (None, _PassArg.environment):  # (as jinja2's code calls it)
            return _filtered(inner, function, given is _PassArg.environment)
    return None


def _reading(value, reads: tuple | None):
    """A value function marked with the names it reads, when it reads nothing else (see Pieces); None: more."""
    value.reads = reads
    return value


def _reads(*operands) -> tuple | None:
    """The names values read, when each reads only names (`_reading`)."""
    reads = [getattr(operand, "reads", None) for operand in operands]
    return None if None in reads else tuple(name for names in reads for name in names)


def _given(node) -> bool:
    """Whether a node reads a name the template is given (not one jinja2 gives a meaning of its own)."""
    return type(node) is nodes.Name and node.ctx == "load" and node.name not in SPECIAL


def _name(name: str):
    def value(context, env):
        if name not in context:
            raise Unsure
        return context[name]
    return value


def _key(inner, key: str):
    def value(context, env):
        found = inner(context, env)
        if type(found) is not dict or key not in found:  # (the sandbox looks for an attribute first)
            raise Unsure
        return found[key]
    return value


def _named_key(name: str, key: str):
    """`_key(_name(name), key)` in one function: a value asked for on every face."""
    def value(context, env):
        found = context.get(name, value)  # (the function itself: no dict, so not given is Unsure too)
        if type(found) is not dict or key not in found:
            raise Unsure
        return found[key]
    return value


def _numeric(apply, *operands):
    """`apply` of the values of `operands` (one or two), each a number (not a bool), worked out in turn before
    any is looked at."""
    if len(operands) == 1:
        (only,) = operands

        def value(context, env):
            number = only(context, env)
            if type(number) not in NUMBER:
                raise Unsure
            return apply(number)
        return value
    left, right = operands

    def both(context, env):
        one, other = left(context, env), right(context, env)
        if type(one) not in NUMBER or type(other) not in NUMBER:
            raise Unsure
        return apply(one, other)
    return both


def _filtered(inner, function, with_environment: bool):
    if with_environment:
        return lambda context, env: function(env, inner(context, env))
    return lambda context, env: function(inner(context, env))
