"""Templates run in jinja2's immutable sandbox: a game folder from a stranger cannot run code through them."""
import pytest

from conftest import edit, run

FRONT = "templates/front.yaml.j2"


def probe(toy, expression: str):
    """Put a text step showing `expression` on the first line of the deck's front template."""
    path = toy / FRONT
    path.write_text(f"- text: {{text: {{{{ ({expression}) | string | tojson }}}}, x: 3, y: 70, w: 50}}\n"
                    + path.read_text(encoding="utf-8"), encoding="utf-8")


ESCAPES = [
    "cycler.__init__.__globals__.os.popen('touch {marker}').read()",
    "joiner.__init__.__globals__.os.popen('touch {marker}').read()",
    "lipsum.__globals__['os'].popen('touch {marker}').read()",
    "namespace.__init__.__globals__",
    "''.__class__.__mro__[1].__subclasses__()",
    "card.__class__.__init__.__globals__",
    "range.__globals__",
    "shuffled.__globals__['random']",
    "game.vars.update({'hacked': 1})",
    "game.players.__len__()",
    "'{0.__class__}'.format(card)",
    "self._TemplateReference__context",
]


@pytest.mark.parametrize("expression", ESCAPES)
def test_a_template_cannot_reach_python(toy, tmp_path, expression):
    marker = tmp_path / "ran"
    probe(toy, expression.replace("{marker}", str(marker)))
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "front.yaml.j2:1: " in result.output  # the template and the line
    assert not marker.exists()
    assert not (tmp_path / "out").exists()


def test_an_escape_is_named_as_not_allowed(toy, tmp_path):
    probe(toy, "''.__class__")
    result = run(toy, tmp_path)
    assert f"{toy / FRONT}:1: not allowed in a template: access to attribute '__class__'" in result.output


@pytest.mark.parametrize("expression,message", [
    ("range(1000000) | length", "Range too big"),
    ("'x' * 1000000000", "repeating str 1000000000 times is too large"),
    ("[1, 2] * 100000", "repeating list 100000 times is too large"),
    ("7 ** 100000000", "too large a number"),
    ("expand({'p': 10 ** 9})", "expand() would make 1,000,000,000 items"),
    ("expand({'p': 10 ** 9, 'q': -10 ** 9})", "expand() would make 1,000,000,000 items"),
])
def test_a_template_cannot_eat_the_memory(toy, tmp_path, expression, message):
    probe(toy, expression)
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "front.yaml.j2:1" in result.output and message in result.output


def test_a_filter_given_the_wrong_kind_of_value_is_a_data_error(toy, tmp_path):
    probe(toy, "'abc' | dictsort")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "front.yaml.j2:1" in result.output


@pytest.mark.parametrize("argument", ["'|'", "[1, 2]", "{'p': 'x'}", "none"])
def test_a_helper_given_the_wrong_kind_of_value_says_so(toy, tmp_path, argument):
    probe(toy, f"expand({argument})")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output and "internal error" not in result.output
    assert "front.yaml.j2:1: expand() takes names with whole counts" in result.output


def test_what_the_documentation_allows_still_works(toy, tmp_path):
    probe(toy, "[range(3) | list, dict(a=1).a, namespace(v=2).v, expand({'p': 2}), shuffled([1, 2], 1) | length,"
               " 'ab' * 3, 2 ** 10, game.name | upper, card.id]")
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output


def test_a_template_calling_itself_is_an_error_not_a_crash(toy, tmp_path):
    edit(toy / FRONT, "- rect:", '{% include "front.yaml.j2" %}\n- rect:')
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "front.yaml.j2:1: the template includes or calls itself without end" in result.output


@pytest.mark.parametrize("included", [False, True])
def test_a_template_that_is_not_utf8_is_named_at_its_line(toy, tmp_path, included):
    """A byte that is not UTF-8 in a template (or in one it includes) is the data's fault: exit 2 at its line."""
    bad = toy / "templates" / ("part.yaml.j2" if included else "front.yaml.j2")
    if included:
        edit(toy / FRONT, "- rect:", '{% include "part.yaml.j2" %}\n- rect:')
        bad.write_text("# a part\n", encoding="utf-8")
    bad.write_bytes(bad.read_bytes().replace(b"\n", b"\n# caf\xe9\n", 1))
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert f"{bad.name}:2: not UTF-8 text" in result.output


# What of jinja2's insides pnp/render/sandbox.py builds on (its code generator, subclassed to note the names a
# template reads); pyproject.toml caps jinja2 below its next major release, and when one is tried, this names what
# it moved.
JINJA_INSIDES = {"jinja2.compiler": ["CodeGenerator", "VAR_LOAD_RESOLVE"],
                 "CodeGenerator": ["visit_Template", "enter_frame", "environment", "name"]}


def test_jinja2_still_has_the_insides_pnp_uses():
    import jinja2
    import jinja2.compiler
    from jinja2.compiler import CodeGenerator

    assert int(jinja2.__version__.split(".")[0]) == 3, "pyproject.toml caps jinja2 below 4"
    missing = [name for name in JINJA_INSIDES["jinja2.compiler"] if not hasattr(jinja2.compiler, name)]
    generator = CodeGenerator(jinja2.Environment(), "t", "t.j2")
    missing += [name for name in JINJA_INSIDES["CodeGenerator"] if not hasattr(generator, name)]
    assert not missing, f"jinja2 {jinja2.__version__} has no {', '.join(missing)}: change pnp/render/sandbox.py"
    seen = jinja2.Environment().compile("{{ a }}{% for x in b %}{{ x }}{% endfor %}", raw=True)
    assert "resolve('a')" in seen, "jinja2 no longer resolves a template's names as sandbox.py notes them"
