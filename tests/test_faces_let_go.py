"""A big deck's faces are let go once others have been asked for since, and made again from their keys when asked
for again (pnp/render/faces.py, pnp.memo.Recent): memory bounded, whatever the deck's size, and the same kit printed."""
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import cli
from pnp.render import faces
from pnp.memo import Recent


def test_a_memo_keeps_what_was_put_in_or_asked_for_last_and_lets_the_rest_go():
    memo = Recent(2)
    memo["a"], memo["b"] = 1, 2
    assert memo.get("a") == 1  # asked for again: let go after b
    memo["c"] = 3  # one more than it holds: b goes
    assert "b" not in memo and memo.get("b") is None
    assert memo.get("a") == 1 and memo.get("c") == 3
    memo["d"] = 4  # a, asked for before c, goes
    assert "a" not in memo and memo.get("c") == 3 and memo.get("d") == 4
    assert memo.setdefault("d", 5) == 4 and memo.setdefault("e", 6) == 6 and "c" not in memo
    for key in range(100):
        memo[key] = key
    assert len(memo.kept) == 2  # never more than its size, however many go through it


def _built(folder: Path) -> dict:
    done = CliRunner(env={"XDG_CACHE_HOME": str(folder / "cache")}).invoke(
        cli, ["build", "buried-treasure", "--out", str(folder / "out")])  # duplex and fold
    assert done.exit_code == 0, done.output
    return {path.relative_to(folder): path.read_bytes() for path in (folder / "out").rglob("*") if path.is_file()}


def test_a_kit_whose_faces_are_let_go_prints_as_one_that_keeps_them(tmp_path, monkeypatch):
    kept = _built(tmp_path / "kept")
    monkeypatch.setattr(faces, "KEPT_FACES", 2)  # every face let go almost at once, and made again when asked for
    let_go = _built(tmp_path / "let-go")
    assert len(kept) > 10 and let_go == kept
