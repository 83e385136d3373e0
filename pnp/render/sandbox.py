"""Templates rendered in jinja2's immutable sandbox, with their own files and lines named in every error.

Imported only when a template must be rendered: a build whose faces are all in the cache never loads jinja2.
"""
from __future__ import annotations

import bisect
import json
from pathlib import Path

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from pnp import chance, resources
from pnp.errors import DataError, Where, shown


class Sandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox: a template reads the data it is given and writes text. It cannot reach
    Python's insides (no `__class__`, `__globals__`, ...), change its data, or build something huge: jinja2
    caps `range`, and repeating a text or list, or raising to a power, is capped here."""

    intercepted_binops = frozenset(["*", "**"])
    LARGEST = 100_000  # items or characters, as jinja2's range

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(right, int) and isinstance(left, int) and right > 1000:
            raise SecurityError(f"{left} ** {right} is too large a number for a template")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > self.LARGEST:
                    raise SecurityError(f"repeating {type(seq).__name__} {times} times is too large for a template")
        return super().call_binop(context, operator, left, right)


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
        return path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


def _fault(error: Exception) -> str:
    """What a template did wrong, by itself, whatever the data."""
    if isinstance(error, jinja2.TemplateNotFound):
        return f"no such template: {error.name}"
    if isinstance(error, RecursionError):
        return "the template includes or calls itself without end"
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


def _tojson(value) -> str:
    """JSON text, which YAML reads as the same value; an undefined name fails here, by its name."""
    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    return json.dumps(value, ensure_ascii=False)


class Renderer:
    """A game's templates, rendered to text; a template's fault is reported at its own line, a fault that
    depends on the data against the card (or sheet) that asked for it."""

    def __init__(self, roots: list[Path], compiled: Path | None = None):
        """`compiled`: a folder to keep compiled templates in between runs (sandboxed templates compile to
        other code than plain ones: it holds only these), when there is one to write."""
        self.loader = FolderLoader(roots)
        self.env = Sandbox(loader=self.loader, undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                           autoescape=False,
                           bytecode_cache=jinja2.FileSystemBytecodeCache(str(compiled)) if compiled else None)
        self.env.filters["tojson"] = _tojson
        for unused in ("cycler", "joiner", "lipsum"):  # jinja2's globals that no template needs
            del self.env.globals[unused]
        self.env.globals.update(shuffled=chance.shuffled, expand=chance.expand_checked)

    def render(self, template: str, where: Where, **context) -> str:
        try:
            return self.env.get_template(template).render(**context)
        except jinja2.TemplateSyntaxError as error:
            file = shown(error.filename) if error.filename else f"templates/{error.name or template}"
            raise DataError([(Where(file, error.lineno), f"template syntax: {error.message}")]) from None
        except (SecurityError, jinja2.TemplateNotFound, RecursionError) as error:
            # the template reaches for what it may not have: report the template's line
            raise DataError([(self._line(error) or where, _fault(error))]) from None
        except (jinja2.TemplateError, ArithmeticError, AttributeError, TypeError, ValueError, LookupError) as error:
            # a designer's template failing on this card's data: report it against the card
            raise DataError([(where, f"template {self._line(error) or template}: {error}")]) from None

    def origins(self, template: str, **context) -> list[tuple[str, int]]:
        """Where each line of what `template` renders for `context` starts: (template file, line), in order.
        Rendered again, piece by piece, each piece traced to the template code that wrote it (a macro's text to
        the line that calls it); asked only of a rendering that has worked before."""
        made = self.env.get_template(template)
        pieces = made.root_render_func(made.new_context(context))
        origins, at_start, sources = [], True, {}
        for piece in pieces:
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
        return origins

    def variables(self, template: str) -> list[str] | None:
        """The names `template` and the templates it includes, imports or extends may read from what they are
        given; None when that cannot be told (a template named by a variable, one that does not parse)."""
        from jinja2 import meta

        names: set = set()
        seen, waiting = set(), [template]
        try:
            while waiting:
                name = waiting.pop()
                if name not in seen:
                    seen.add(name)
                    tree = self.env.parse(self.loader.get_source(self.env, name)[0])
                    names |= meta.find_undeclared_variables(tree)
                    for other in meta.find_referenced_templates(tree):
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
