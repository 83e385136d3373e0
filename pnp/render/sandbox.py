"""Templates rendered in jinja2's immutable sandbox, with their own files and lines named in every error.

Imported only when a template must be rendered: a build whose faces are all in the cache never loads jinja2.
"""
from __future__ import annotations

import bisect
import contextlib
import functools
import json
import pickle
import time
from pathlib import Path

import jinja2
from jinja2.compiler import VAR_LOAD_RESOLVE, CodeGenerator
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from pnp import chance, resources, wording
from pnp.errors import DataError, OverLimit, Where, shown
from pnp.memo import Memo
from pnp.read.datafile import read_text
from pnp.render import quickrender


WORK = 20_000_000  # a build's templates' work: loop turns, calls, and the items each call or filter is handed.
# The five kits use under 25,000 each; 20 million takes 10 to 30 seconds of the slowest kinds (a loop turn
# that writes text), so no build spends a minute in its templates before it stops and says which line did it.
SECONDS = 30.0  # of template work a build, whatever is counted: a backstop for work that counting misses (a
# comparison of two long lists each loop turn), checked at each count, so that a build stops well inside a minute
OUTPUT = 2_000_000  # characters one rendering may write: a face of 20,000 steps (see steps.MAX_STEPS) written
# at 100 characters a step; the largest face of the five kits writes under 32,000. Checked as the text is
# written, so a runaway template stops at 2 MB, not when the text is gigabytes.


# filters that state a number in words, for card texts and the players' rules alike (docs/designing.md):
# `{{ rules.rounds | words }}` three, `| ordinal` third, `| nth` 3rd, `| plural("point")` 2 points (`spelt=true`:
# two points), `| listed` 6, 5, 4 and 3
WORDING = {"words": wording.words, "ordinal": wording.ordinal, "nth": wording.nth, "plural": wording.plural,
           "listed": wording.listed}


class TooLong(Exception):
    """A rendering past `OUTPUT` characters, at the template line that wrote the piece that crossed it."""

    def __init__(self, where: Where):
        super().__init__(str(where))
        self.where = where


class OverBudget(SecurityError):
    """A template that does too much work or writes too much, raised at the template's own line."""


def _size(value) -> int:
    """What a value costs to handle: its length when it has one."""
    return len(value) if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset, range)) else 0


class NotingGenerator(CodeGenerator):
    """jinja2's code generator, noting as it compiles a template the names the template reads from what it is
    given (`Sandbox.reads`, once the whole template is compiled): what jinja2.meta finds by generating the same
    code a second time."""

    def visit_Template(self, node, frame=None) -> None:
        self.reads: set = set()
        super().visit_Template(node, frame)
        self.environment.reads[self.name] = self.reads

    def enter_frame(self, frame) -> None:
        super().enter_frame(frame)
        self.reads.update(param for action, param in frame.symbols.loads.values()
                          if action == VAR_LOAD_RESOLVE and param not in self.environment.globals)


class Sandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox: a template reads the data it is given and writes text. It cannot reach
    Python's insides (no `__class__`, `__globals__`, ...), change its data, or build something huge: jinja2
    caps `range`, and repeating a text or list, joining texts or adding them, or raising to a power, is capped
    here. Every loop turn and call is counted against the build's `WORK` (see `charge`): counting, not a
    clock, so that a template stops at the same line on every machine, however busy, and a test can show it."""

    intercepted_binops = frozenset(["*", "**", "+"])
    LARGEST = 100_000  # items or characters, as jinja2's range
    code_generator_class = NotingGenerator

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reads: dict[str, set] = {}  # template compiled in this build -> the names it reads from its context
        self.references: dict[str, list] = {}  # template parsed in this build -> the templates it names (None:
        # one named by a variable)
        self.trees: dict = {}  # template parsed in this build -> its tree (as budgeted)
        self.work = 0  # done so far in this build
        self.spent = 0.0  # seconds spent rendering in this build, but the rendering under way
        self.started: float | None = None  # when the rendering under way started
        self.filters = {name: _charged(function) for name, function in {**self.filters, **WORDING}.items()}
        self.filters.update(counted=_counted, joined=_joined)

    def charge(self, amount: int) -> None:
        """Count work against the build's budget; stop the template past it."""
        self.work += amount
        if self.work > WORK:
            raise OverBudget(f"the templates of this build did more than {WORK:,} loop turns, calls and items "
                             "handled: a loop that runs on too long")
        if self.started is not None and self.spent + time.monotonic() - self.started > SECONDS:
            raise OverBudget(f"the templates of this build ran for more than {SECONDS:.0f} seconds: a loop that "
                             "runs on too long")

    @contextlib.contextmanager
    def rendering(self):
        """A rendering under way: its seconds count against the build's (`spent`) as it runs and once it ends."""
        self.started = time.monotonic()
        try:
            yield
        finally:
            self.spent += time.monotonic() - self.started
            self.started = None

    def getitem(self, obj, argument):
        if isinstance(argument, slice):
            self.charge(1 + _size(obj))
        return super().getitem(obj, argument)

    def _parse(self, source, name, filename):
        """The template's tree, with every loop counted and every `~` joined with a check of its size; the
        templates it names noted. A text parsed before is not parsed again (see `TREES`)."""
        from jinja2 import meta

        key = (source, name, filename)
        kept = TREES.get(key)
        if kept is None:
            tree = super()._parse(source, name, filename)
            every = _budgeted(tree)
            kept = TREES.keep(key, (tree, tuple(meta.find_referenced_templates(_Found(every)))))
        else:
            kept[0].set_environment(self)  # (jinja2.meta reads the environment's globals from the tree)
        tree, references = kept
        if name is not None:
            self.references[name] = list(references)
            self.trees[name] = tree
        return tree

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja2's own signature)
        bound = getattr(__obj, "__self__", None)
        __self.charge(1 + _size(bound) + sum(_size(arg) for arg in args) + sum(_size(v) for v in kwargs.values()))
        if isinstance(bound, str) and getattr(__obj, "__name__", "") in GROWING:
            _check_growth(__self, bound, __obj.__name__, args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(right, int) and isinstance(left, int) and right > 1000:
            raise SecurityError(f"{left} ** {right} is too large a number for a template")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > self.LARGEST:
                    raise SecurityError(f"repeating {type(seq).__name__} {times} times is too large for a template")
        if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)) \
                and len(left) + len(right) > self.LARGEST:
            raise SecurityError(f"adding {type(left).__name__}s of {len(left) + len(right):,} items in all is "
                                "too large for a template")
        return super().call_binop(context, operator, left, right)


TREES = Memo(512)  # (a template's text, name, file) -> (its tree as budgeted, the templates it names): kept while
# the program runs, so that a build again (`pnp watch`, a rule tweaked) parses only the templates that changed.
# jinja2 compiles a tree without changing it, and the work a template does is counted as it runs, against the
# build's own sandbox: a kept tree is only pointed at the sandbox that parses it again, whose globals it reads.
NAMES = Memo(512)  # (a template's text, the names every template is given) -> (the names it reads from what it is
# given, the templates it names): what `Renderer.variables` finds in a template not compiled in this build


GROWING = {"replace", "center", "ljust", "rjust", "zfill", "expandtabs", "join", "format"}  # str methods whose
# result may be far longer than what they are given


def _check_growth(env: Sandbox, text: str, method: str, args, kwargs) -> None:
    """Refuse a text method whose result would pass `Sandbox.LARGEST` characters, before it is made."""
    if method == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        count = text.count(args[0]) if args[0] else len(text) + 1
        longest = len(text) + count * max(0, len(args[1]) - len(args[0]))
    elif method in ("center", "ljust", "rjust", "zfill") and args and isinstance(args[0], int):
        longest = max(len(text), args[0])
    elif method == "expandtabs":
        longest = len(text) + text.count("\t") * (args[0] if args and isinstance(args[0], int) else 8)
    elif method == "join" and args:
        items = list(args[0]) if not isinstance(args[0], (list, tuple)) else args[0]
        longest = sum(len(str(item)) for item in items) + len(text) * len(items)
    else:
        longest = len(text) + sum(len(str(arg)) for arg in args) + sum(len(str(v)) for v in kwargs.values())
    if longest > env.LARGEST:
        raise SecurityError(f"str.{method} would make a text of {longest:,} characters: too large for a template")


@functools.cache
def _charged(function):
    """A filter that counts the items it is handed against the build's work (see `Sandbox.charge`): made once
    for each filter, every sandbox's (it finds its sandbox in what it is handed)."""
    given = 1 if getattr(function, "jinja_pass_arg", None) else 0  # the context or environment comes first

    @functools.wraps(function)
    def charged(*args, **kwargs):
        env = args[0] if given and isinstance(args[0], Sandbox) else getattr(args[0], "environment", None) \
            if given else None
        if isinstance(env, Sandbox) and len(args) > given:
            env.charge(1 + _size(args[given]))
        return function(*args, **kwargs)

    if not given:  # no way to the environment: hand it over
        charged = jinja2.pass_environment(_charged_plain(function))
    return charged


def _charged_plain(function):
    @functools.wraps(function)
    def charged(env, *args, **kwargs):
        env.charge(1 + (_size(args[0]) if args else 0))
        return function(*args, **kwargs)
    return charged


@jinja2.pass_environment
def _counted(env: Sandbox, items):
    """What a `{% for %}` loops over, each turn counted (every loop of a template is made to go through it)."""
    for item in items:
        env.charge(1)
        yield item


@jinja2.pass_environment
def _joined(env: Sandbox, pieces) -> str:
    """A `~` join, refused past `Sandbox.LARGEST` characters (a text doubled in a loop grows without end)."""
    text = "".join(map(str, pieces))
    if len(text) > env.LARGEST:
        raise SecurityError(f"joining texts with ~ into {len(text):,} characters is too large for a template")
    return text


def _budgeted(tree) -> list:
    """Each loop's items in a template's tree taken through `counted`, and each `~` through `joined`; returns
    the nodes the tree held (each loop and join as it was found, now changed)."""
    from jinja2 import nodes

    every = list(tree.find_all(nodes.Node))
    for parent in every:
        for field in parent.fields:
            value = getattr(parent, field)
            if isinstance(value, nodes.Concat):
                setattr(parent, field, _joining(value))
            elif isinstance(value, list):
                setattr(parent, field, [_joining(item) if isinstance(item, nodes.Concat) else item for item in value])
    for loop in every:
        if isinstance(loop, nodes.For):
            loop.iter = nodes.Filter(loop.iter, "counted", [], [], None, None, lineno=loop.lineno)
    return every


class _Found:
    """Nodes found in a tree, searched as the tree would be (`find_all`), without walking it again."""

    def __init__(self, found: list):
        self.found = found

    def find_all(self, kinds):
        return (node for node in self.found if isinstance(node, kinds))


def _joining(concat):
    from jinja2 import nodes

    return nodes.Filter(nodes.List(concat.nodes, lineno=concat.lineno), "joined", [], [], None, None,
                        lineno=concat.lineno)


class FolderLoader(jinja2.BaseLoader):
    """Templates looked up in folders, never outside them: the names in `{% include %}`, `{% import %}` and
    `{% extends %}` are resolved like every other path a game names (see `resources.find_file`)."""

    def __init__(self, roots: list[Path]):
        self.roots = roots
        self.files: set[str] = set()  # every template read, to find a template's lines in a traceback

    def get_source(self, environment, template):
        problems: list = []
        path = resources.find_file(template, self.roots, "the templates folders", None, problems, None)
        if problems:
            raise SecurityError(problems[0][1])
        if path is None:
            raise jinja2.TemplateNotFound(template)
        mtime = path.stat().st_mtime
        self.files.add(str(path))
        return read_text(path), str(path), lambda: path.stat().st_mtime == mtime  # read as any data file is


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept in the build's cache (pnp/write/cache.py): within its bound and emptied with it, and
    never taken by other code, as every entry's key names the code that made it (a folder of files of their own
    grew without bound, and could hand a template compiled by an older sandbox to a newer one). A compiled template
    that cannot be read is compiled again, and the build goes on."""

    def __init__(self, store):
        self.store = store

    def load_bytecode(self, bucket) -> None:
        data = self.store.fetch("compiled-template", bucket.key)
        if data is not None:
            try:
                bucket.bytecode_from_string(data)  # (jinja2 compares the source's checksum: an edited one is reset)
            except (pickle.UnpicklingError, EOFError, ValueError, TypeError):  # bytes not of this program's writing
                bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        self.store.keep("compiled-template", bucket.key, bucket.bytecode_to_string())


def _fault(error: Exception) -> str:
    """What a template did wrong, by itself, whatever the data."""
    if isinstance(error, jinja2.TemplateNotFound):
        return f"no such template: {error.name}"
    if isinstance(error, RecursionError):
        return "the template includes or calls itself without end"
    if isinstance(error, NameError):  # jinja2 works out `1e400` (or `-1e400`) as it compiles, to a Python `inf`
        return "a number too large for any template (such as 1e400): numbers are at most 1e308, and drawn at most 1e9"
    return f"not allowed in a template: {error}"


class _Source:
    """A template as `Renderer.origins` reads it: its file, its text, and its lines by those of its code."""

    def __init__(self, made):
        self.file = shown(made.filename or made.name)
        pairs = sorted((code, line) for line, code in made.debug_info)
        self.code_lines, self.lines = [code for code, _ in pairs], [line for _, line in pairs]
        try:
            self.text = Path(made.filename).read_text(encoding="utf-8") if made.filename else ""
        except OSError:
            self.text = ""
        self.starts = [0] + [index + 1 for index, char in enumerate(self.text) if char == "\n"]

    def line(self, frame, piece: str) -> tuple[str, int]:
        """The file and line where `piece`, written by the template code running in `frame`, starts. jinja2
        notes the line of each tag and expression, not of the text between them: such text (a constant of the
        code) is found in the file, from the line noted last on."""
        found = bisect.bisect_right(self.code_lines, frame.f_lineno) - 1
        line = self.lines[found] if found >= 0 else 1
        if "\n" in piece and piece in frame.f_code.co_consts and line <= len(self.starts):
            at = self.text.find(piece, self.starts[line - 1])
            if at >= 0:
                line = bisect.bisect_right(self.starts, at)
        return self.file, line


def _writer(pieces):
    """The frame of the template code that wrote the piece `pieces` (a template's generator) gave last: the
    innermost generator, through those of an extended or included template."""
    generator = pieces
    while True:
        inner = generator.gi_yieldfrom
        if inner is None and "gen" in generator.gi_frame.f_code.co_varnames:  # an include's
            inner = generator.gi_frame.f_locals.get("gen")
        if getattr(inner, "gi_frame", None) is None:
            return generator.gi_frame
        generator = inner


_JSON = json.JSONEncoder(ensure_ascii=False)  # json.dumps(value, ensure_ascii=False), without making an encoder
# for every value (a deck's templates write thousands)


def _tojson(value) -> str:
    """JSON text, which YAML reads as the same value; an undefined name fails here, by its name."""
    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    return _JSON.encode(value)


class Renderer:
    """A game's templates, rendered to text; a template's fault is reported at its own line, a fault that
    depends on the data against the card (or sheet) that asked for it."""

    def __init__(self, roots: list[Path], store=None):
        """`store`: the cache (pnp/write/cache.py Store) that keeps compiled templates between runs, when given
        (sandboxed templates compile to other code than plain ones: it holds only these)."""
        self.loader = FolderLoader(roots)
        # optimized=False: jinja2's optimizer works out the constant parts of a template as it compiles it
        # (calling filters of constant arguments then), a seventh of compiling's cost, for templates that
        # mostly write text and names: every part is worked out as the template runs, as a card asks.
        # auto_reload=False: a renderer serves one build (pnp/render/faces.py keys its faces by the template files
        # as the build found them), so a template read once is not looked at again on disk for every card
        self.env = Sandbox(loader=self.loader, undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                           autoescape=False, optimized=False, auto_reload=False,
                           bytecode_cache=CompiledTemplates(store) if store is not None else None)
        self.env.filters["tojson"] = _tojson
        for unused in ("cycler", "joiner", "lipsum"):  # jinja2's globals that no template needs
            del self.env.globals[unused]
        self.env.globals.update(shuffled=chance.shuffled, expand=chance.expand_checked)
        self.sources: dict = {}  # a template (jinja2's, compiled) -> its _Source, read once a build
        self.quick: dict = {}  # a template (jinja2's, compiled) -> its pieces (quickrender.py), or None
        self.asked: set = set()  # templates compiled before this build, asked for once so far
        self.lines: dict = {}  # a template of such pieces -> `origins` of a rendering whose values are each one line
        self.templates: dict = {}  # a template's name -> jinja2's compiled template (see `_template`)

    def render(self, template: str, where: Where, **context) -> str:
        try:
            made = self._template(template)
            quick = self._quick(template, made)
            text = self._quickly(quick, context) if quick is not None else None
            return text if text is not None else self._written(made, context)
        except jinja2.TemplateSyntaxError as error:
            file = shown(error.filename) if error.filename else f"templates/{error.name or template}"
            raise DataError([(Where(file, error.lineno), f"template syntax: {error.message}")]) from None
        except TooLong as error:
            raise OverLimit([(error.where, f"the template writes more than {OUTPUT:,} characters for one face "
                                           "(a loop that runs on too long?)")]) from None
        except (SecurityError, jinja2.TemplateNotFound, RecursionError, NameError) as error:
            # the template reaches for what it may not have: report the template's line
            raise DataError([(self._line(error) or where, _fault(error))]) from None
        except (jinja2.TemplateError, ArithmeticError, AttributeError, TypeError, ValueError, LookupError) as error:
            # a designer's template failing on this card's data: report it against the card
            raise DataError([(where, f"template {self._line(error) or template}: {error}")]) from None

    def _template(self, name: str):
        """jinja2's compiled template of that name, looked up once a build: with auto_reload off, jinja2 gives the
        same one every time, after a search of its cache (a lock, a weak reference) that a deck repeats for every
        card."""
        made = self.templates.get(name)
        if made is None:
            made = self.templates[name] = self.env.get_template(name)
        return made

    def _quick(self, template: str, made) -> list | None:
        """A template's pieces as pnp/render/quickrender.py renders them, when it is one of those; read once a
        build, from jinja2's own tree of it: the one compiled in this build, else (a template compiled before,
        kept in the cache) parsed again once it is asked for a second time (one rendered once gains nothing)."""
        if made not in self.quick:
            tree = self.env.trees.get(template)
            if tree is None and made not in self.asked:
                self.asked.add(made)
                return None
            if tree is None:
                tree = self.env.parse(self.loader.get_source(self.env, template)[0])
            self.quick[made] = quickrender.pieces(tree, self.env.filters)
        return self.quick[made]

    def _quickly(self, quick: list, context: dict) -> str | None:
        """What a template of `quick` pieces writes (quickrender.py), its work counted as jinja2's is; None when
        that is not worked out there, or it writes more than OUTPUT characters: then jinja2 renders it, or says
        what is wrong, where (the work counted here uncounted)."""
        env, work = self.env, self.env.work
        with env.rendering():
            try:
                text = quickrender.render(quick, context, env)
            except quickrender.Unsure:
                text = None
        if text is None or len(text) > OUTPUT:
            env.work = work
            return None
        return text

    def _written(self, made, context: dict) -> str:
        """What a template writes, stopped at the line that takes it past `OUTPUT` characters."""
        pieces, size, written = made.root_render_func(made.new_context(context)), 0, []
        with self.env.rendering():
            try:
                for piece in pieces:
                    size += len(piece)
                    if size > OUTPUT:
                        frame = _writer(pieces)
                        raise TooLong(Where(*_Source(frame.f_globals["__jinja_template__"]).line(frame, piece)))
                    written.append(piece)
            except TooLong:
                raise
            except Exception:
                self.env.handle_exception()  # the traceback rewritten to the templates' own lines, as jinja2 does
        return "".join(written)

    def origins(self, template: str, needed: int | None = None, /, **context) -> list[tuple[str, int]]:
        """Where each line of what `template` renders for `context` starts: (template file, line), in order; the
        first `needed` lines at least, when given. Rendered again, piece by piece, each piece traced to the
        template code that wrote it (a macro's text to the line that calls it); asked only of a rendering that
        has worked before."""
        made = self._template(template)
        quick = self._quick(template, made)
        if quick is not None and self._one_line_values(quick, context):  # each line where any rendering has it
            if made not in self.lines:
                self.lines[made] = self._traced(made, None, context)
            return list(self.lines[made])
        return self._traced(made, needed, context)

    def _one_line_values(self, quick: list, context: dict) -> bool:
        """Whether each value a template of `quick` pieces writes for `context` is text of one line, not empty:
        then each line of what it writes is written where it is for any such context (the text between the
        values is the template's own), and `origins` are the same."""
        work = self.env.work
        try:
            return all(text and "\n" not in text for text in quickrender.values(quick, context, self.env))
        except quickrender.Unsure:
            return False
        finally:
            self.env.work = work  # (counted once, when first rendered)

    def _traced(self, made, needed: int | None, context: dict) -> list[tuple[str, int]]:
        """`origins`, found by rendering the template again, each piece traced to the code that wrote it."""
        pieces = made.root_render_func(made.new_context(context))
        origins, at_start, sources, work = [], True, self.sources, self.env.work  # (counted once, when first rendered)
        for piece in pieces:
            if needed is not None and len(origins) >= needed:
                break
            if not piece:
                continue
            frame = _writer(pieces)
            template_made = frame.f_globals["__jinja_template__"]
            if template_made not in sources:
                sources[template_made] = _Source(template_made)
            file, line = sources[template_made].line(frame, piece)
            if at_start:
                origins.append((file, line))
            breaks = [index for index, char in enumerate(piece) if char == "\n"]
            origins += [(file, line + count) for count, index in enumerate(breaks, start=1) if index + 1 < len(piece)]
            at_start = piece.endswith("\n")  # the next line starts with the next piece, where that was written
        self.env.work = work
        return origins

    def variables(self, template: str) -> list[str] | None:
        """The names `template` and the templates it includes, imports or extends may read from what they are
        given; None when that cannot be told (a template named by a variable, one that does not parse). A
        template compiled in this build was read as it was compiled; any other is parsed and read here."""
        from jinja2 import meta

        names: set = set()
        seen, waiting = set(), [template]
        try:
            while waiting:
                name = waiting.pop()
                if name not in seen:
                    seen.add(name)
                    if name in self.env.reads and name in self.env.references:
                        names |= self.env.reads[name]
                        others = self.env.references[name]
                    else:
                        source = self.loader.get_source(self.env, name)[0]
                        key = (source, frozenset(self.env.globals))
                        found = NAMES.get(key)
                        if found is None:
                            tree = self.env.parse(source)
                            found = NAMES.keep(key, (frozenset(meta.find_undeclared_variables(tree)),
                                                     tuple(meta.find_referenced_templates(tree))))
                        names |= found[0]
                        others = found[1]
                    for other in others:
                        if other is None:
                            return None
                        waiting.append(other)
        except (jinja2.TemplateError, SecurityError, RecursionError):
            return None  # rendering reports it
        return sorted(names)

    def _line(self, error: Exception) -> Where | None:
        """The template file and line an error was raised at: the innermost template in its traceback
        (jinja2 rewrites a traceback so that a template's frames carry its own file and line)."""
        found, trace = None, error.__traceback__
        while trace is not None:
            if trace.tb_frame.f_code.co_filename in self.loader.files:
                found = Where(shown(trace.tb_frame.f_code.co_filename), trace.tb_lineno)
            trace = trace.tb_next
        return found
