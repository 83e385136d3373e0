"""What one process keeps from build to build (`pnp watch`, a rule tweaked): a data file read, a template parsed,
is not read or parsed again while its text is the same, and a build from what was kept writes the same bytes."""
import jinja2
import pytest

from conftest import edit, run
from pnp.model.specs import line_of
from pnp.read import datafile
from pnp.read.games import load_game
from tests.test_cache import same_files


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """A cache folder of its own for each build (see `fresh`), so that every build compiles its templates."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def fresh(tmp_path, monkeypatch, name: str):
    """The next build's own empty cache: its faces drawn and its templates compiled anew."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache" / name))


def counted(monkeypatch, owner, name: str) -> list:
    """Each call of `owner.name` noted in the list returned."""
    calls, original = [], getattr(owner, name)

    def noting(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, noting)
    return calls


def test_a_data_file_read_again_is_not_parsed_again_and_its_lines_are_kept(monkeypatch):
    text = "a: 1\nb:\n  - x\n  - {c: 2}\n"
    first = datafile.parse_yaml(text, "kept.yaml")
    parsed = counted(monkeypatch, datafile, "_parsed")
    again = datafile.parse_yaml(text, "kept.yaml")
    assert parsed == []
    assert again == first == {"a": 1, "b": ["x", {"c": 2}]}
    assert line_of(again, "b") == 2 and line_of(again["b"], 1) == 4 and line_of(again["b"][1], "c") == 4


def test_a_data_file_kept_is_not_changed_by_what_its_reader_does_to_it():
    text = "a: 1\nb: [x, y]\n"
    first = datafile.parse_yaml(text, "changed.yaml")
    first["a"] = 2
    first["b"].append("z")
    first.key_lines["a"] = 9
    again = datafile.parse_yaml(text, "changed.yaml")
    assert again == {"a": 1, "b": ["x", "y"]} and line_of(again, "a") == 1


def test_a_changed_data_file_is_parsed_again(monkeypatch):
    datafile.parse_yaml("a: 1\n", "edited.yaml")
    parsed = counted(monkeypatch, datafile, "_parsed")
    assert datafile.parse_yaml("a: 2\n", "edited.yaml") == {"a": 2}
    assert len(parsed) == 1


def test_an_alias_read_again_is_one_value_placed_twice():
    text = "a: &same [1, 2]\nb: *same\n"
    datafile.parse_yaml(text, "alias.yaml", lines=False)
    again = datafile.parse_yaml(text, "alias.yaml", lines=False)
    assert again == {"a": [1, 2], "b": [1, 2]} and again["a"] is again["b"]


def test_a_game_loaded_again_reads_no_yaml_and_is_the_same(monkeypatch):
    first = load_game("buried-treasure")
    parsed = counted(monkeypatch, datafile, "_parsed")
    again = load_game("buried-treasure")
    assert parsed == []
    assert again == first


def test_a_second_build_parses_no_template_and_writes_the_same_bytes(toy, tmp_path, cache_home, monkeypatch):
    fresh(tmp_path, monkeypatch, "one")
    assert run(toy, tmp_path / "one").exit_code == 0
    parsed = counted(monkeypatch, jinja2.Environment, "_parse")
    fresh(tmp_path, monkeypatch, "two")
    result = run(toy, tmp_path / "two")
    assert result.exit_code == 0, result.output
    assert parsed == []
    assert same_files(tmp_path / "one" / "out", tmp_path / "two" / "out")


def test_a_changed_template_is_parsed_again_and_drawn_as_it_now_is(toy, tmp_path, cache_home, monkeypatch):
    fresh(tmp_path, monkeypatch, "one")
    assert run(toy, tmp_path / "one").exit_code == 0
    edit(toy / "templates" / "front.yaml.j2", '("F:" ~ card.id)', '("G:" ~ card.id)')
    parsed = counted(monkeypatch, jinja2.Environment, "_parse")
    fresh(tmp_path, monkeypatch, "two")
    result = run(toy, tmp_path / "two")
    assert result.exit_code == 0, result.output
    assert [args[2] for args in parsed if args[2]] == ["front.yaml.j2"]
    assert not same_files(tmp_path / "one" / "out", tmp_path / "two" / "out")
    edit(toy / "templates" / "front.yaml.j2", '("G:" ~ card.id)', '("F:" ~ card.id)')
    fresh(tmp_path, monkeypatch, "three")
    assert run(toy, tmp_path / "three").exit_code == 0
    assert same_files(tmp_path / "one" / "out", tmp_path / "three" / "out")


def test_artwork_checked_again_is_not_read_again_unless_it_changed(tmp_path, monkeypatch):
    from pnp.render import artwork

    art = tmp_path / "dot.svg"
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
                   encoding="utf-8")
    first = artwork.checked(art, tmp_path)
    read = counted(monkeypatch, artwork, "_check_tree")
    assert artwork.checked(art, tmp_path) is first and read == []
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="3"/></svg>',
                   encoding="utf-8")
    changed = artwork.checked(art, tmp_path)
    assert len(read) == 1 and changed.content != first.content
