"""The JSON files a person hands pnp (a build's manifest to `pnp build --changed-since` and `pnp check
--manifest`, a stats result to `pnp stats --compare` and `pnp stats merge`) are read with a cap on their size
and on their nesting (pnp/textfile.py read_json): a file past either is a usage error naming it (exit 2), never
an internal error."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.commands import options
from pnp.stats import results
from pnp.textfile import JSON_DEPTH, NotText, nests_deeper, read_json

LOG = Path(__file__).resolve().parent.parent / "pnp" / "games" / "buried-treasure" / "examples" / \
    "basic-two-players.log"
DEEP = "[" * 100_000 + "]" * 100_000  # deeper than Python's stack lets its parser go


def commands(tmp_path: Path, given: Path) -> dict:
    """Each command that reads a JSON file from a person, given `given` as that file: name -> its arguments."""
    out = str(tmp_path / "out")
    return {"build --changed-since": ["build", "buried-treasure", "--duplex", "--out", out, "--changed-since",
                                      str(given)],
            "check --manifest": ["check", "--manifest", str(given), str(LOG)],
            "stats --compare": ["stats", "buried-treasure", "--games", "2", "--no-html", "--out", out, "--compare",
                                str(given)],
            "stats merge": ["stats", "merge", str(given), "--no-html", "--out", out]}


def refused(arguments: list) -> str:
    """The output of a command that must stop on its input file, as a person sees it: exit 2, no traceback."""
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize("command", ["build --changed-since", "check --manifest", "stats --compare",
                                     "stats merge"])
def test_a_file_nested_too_deep_is_refused_naming_it(tmp_path, command):
    deep = tmp_path / "deep-input.json"
    deep.write_text(DEEP)
    output = refused(commands(tmp_path, deep)[command])
    assert "deep-input.json" in output and f"nested deeper than {JSON_DEPTH} levels" in output
    assert not (tmp_path / "out").exists()  # nothing built or played


@pytest.mark.parametrize("command", ["build --changed-since", "check --manifest", "stats --compare",
                                     "stats merge"])
def test_a_file_past_its_size_is_refused_naming_it(tmp_path, monkeypatch, command):
    monkeypatch.setattr(options, "MANIFEST_BYTES", 1000)
    monkeypatch.setattr(results, "RESULT_BYTES", 1000)
    large = tmp_path / "large-input.json"
    large.write_text(json.dumps({"game": "buried-treasure", "kit": "0" * 8, "variants": {}, "padding": "x" * 1000}))
    output = refused(commands(tmp_path, large)[command])
    assert "large-input.json" in output and "larger than the 1,000 bytes" in output
    assert not (tmp_path / "out").exists()


def test_a_manifest_whose_faces_are_not_entries_is_refused(tmp_path):
    """Deep enough and small enough, but not what a build writes: said so, before any face is compared."""
    for number, variants in enumerate(({"a4-duplex": [1]}, {"a4-duplex": [{"key": "0"}]}, {"a4-duplex": {}})):
        bad = tmp_path / f"bad-{number}.json"
        bad.write_text(json.dumps({"game": "buried-treasure", "kit": "0" * 8, "variants": variants}))
        output = refused(commands(tmp_path, bad)["build --changed-since"])
        assert bad.name in output and "not lists of printed faces" in output


def test_depth_is_counted_in_arrays_and_objects_but_not_in_strings():
    assert not nests_deeper("[" * JSON_DEPTH + "]" * JSON_DEPTH, JSON_DEPTH)
    assert nests_deeper("[" * (JSON_DEPTH + 1) + "]" * (JSON_DEPTH + 1), JSON_DEPTH)
    assert nests_deeper('{"a": ' * (JSON_DEPTH + 1) + "1" + "}" * (JSON_DEPTH + 1), JSON_DEPTH)
    assert nests_deeper('{"a": [{"b": [1]}]}', 3) and not nests_deeper('{"a": [{"b": [1]}]}', 4)
    brackets = json.dumps(["[[[{{{ \" \\ " * 100])  # brackets, an escaped quote and a backslash inside a string
    assert not nests_deeper(brackets, 1)
    assert not nests_deeper("[1]" * 1000, 1)  # side by side is not inside


def test_a_file_exactly_as_deep_as_allowed_is_read(tmp_path):
    path = tmp_path / "deepest.json"
    value: list = []
    for _ in range(JSON_DEPTH - 1):
        value = [value]
    path.write_text(json.dumps(value))
    assert read_json(path, 10_000) == value
    with pytest.raises(ValueError, match=f"deeper than {JSON_DEPTH - 1} levels"):
        read_json(path, 10_000, JSON_DEPTH - 1)
    with pytest.raises(NotText, match="larger than"):
        read_json(path, 100)

