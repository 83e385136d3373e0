"""A build's files change all together: a build killed at any moment leaves the old set or the new one."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.errors import PnpError
from pnp.write import fileset

TOY = Path(__file__).parent / "fixtures" / "toy"
OLD = ["--duplex", "--preview"]  # the earlier build: with pictures of its pages
NEW = ["--duplex", "--cut-lines"]  # the later one: other bytes, and no preview to leave behind


def pnp_build(out: Path, args: list[str], kill_at: str | None = None) -> int:
    """A real `pnp build` of the toy game in a process of its own; PNP_KILL_AT kills it with SIGKILL there."""
    env = {**os.environ, "PNP_KILL_AT": kill_at or ""}
    command = [sys.executable, "-m", "pnp", "build", str(TOY), "--out", str(out), *args]
    return subprocess.run(command, env=env, capture_output=True).returncode


def contents(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Where the complete old and new sets were built, each alone (builds are byte-identical)."""
    root = tmp_path_factory.mktemp("sets")
    assert pnp_build(root / "old", OLD) == 0 and pnp_build(root / "new", NEW) == 0
    return root


@pytest.fixture
def sets(built):
    old, new = contents(built / "old" / "toy"), contents(built / "new" / "toy")
    assert any(name.startswith("preview/") for name in old) and not any(n.startswith("preview/") for n in new)
    return old, new


@pytest.mark.parametrize("moment", ["staged 1", "staged 7", "ready", "swapped", "done"])
def test_a_build_killed_at_any_moment_leaves_a_complete_set(tmp_path, built, sets, moment):
    old, new = sets
    out = tmp_path / "out"
    shutil.copytree(built / "old", out)  # as the earlier build left it
    assert pnp_build(out, NEW, kill_at=moment) == -9  # killed, as kill -9 does
    assert contents(out / "toy") in (old, new)
    assert pnp_build(out, NEW) == 0
    assert contents(out / "toy") == new
    assert [path.name for path in out.iterdir() if path.name.startswith(".")] == []  # nothing staged or set aside


def test_a_later_build_leaves_no_preview_of_an_earlier_one(tmp_path, sets):
    out = tmp_path / "out"
    assert pnp_build(out, OLD) == 0 and pnp_build(out, NEW) == 0
    assert not (out / "toy" / "preview").exists()
    assert contents(out / "toy") == sets[1]


class Killed(BaseException):
    """A kill simulated in-process: no handler of the program catches it, as none runs on SIGKILL."""


def killing_at(moment):
    def stop(name):
        if name == moment:
            raise Killed(name)
    return stop


@pytest.mark.parametrize("moment,survivor", [("ready", "old"), ("moved aside", None), ("swapped", "new")])
def test_without_a_one_step_swap_the_next_write_finishes_the_move(tmp_path, monkeypatch, moment, survivor):
    folder = tmp_path / "game"
    fileset.replace_folder(folder, {"a.pdf": b"old", "preview/p.png": b"old"})
    monkeypatch.setattr(fileset, "_exchange", lambda a, b: False)  # as where paths cannot be exchanged
    monkeypatch.setattr(fileset, "_moment", killing_at(moment))
    with pytest.raises(Killed):
        fileset.replace_folder(folder, {"a.pdf": b"new", "b.pdf": b"new"})
    expected = {"old": {"a.pdf": b"old", "preview/p.png": b"old"}, "new": {"a.pdf": b"new", "b.pdf": b"new"}}
    if survivor:
        assert contents(folder) == expected[survivor]
    else:  # between the two moves: no folder, but both complete sets beside it
        assert not folder.exists()
    fileset.recover(folder)
    assert contents(folder) == expected[survivor or "new"]
    assert [path.name for path in tmp_path.iterdir()] == ["game"]


def test_a_failed_write_leaves_the_old_set_and_nothing_else(tmp_path, monkeypatch):
    folder = tmp_path / "game"
    fileset.replace_folder(folder, {"a.pdf": b"old"})

    def disk_full(name):
        if name == "staged 2":
            raise OSError(28, "No space left on device")
    monkeypatch.setattr(fileset, "_moment", disk_full)
    with pytest.raises(OSError):
        fileset.replace_folder(folder, {"a.pdf": b"new", "b.pdf": b"new", "c.pdf": b"new"})
    assert contents(folder) == {"a.pdf": b"old"}
    assert [path.name for path in tmp_path.iterdir()] == ["game"]


def test_a_file_written_as_the_folder_holds_it_is_linked_not_made_again(tmp_path):
    """A file whose bytes the folder's own file of that name holds already is linked into the new set (a build
    after a change to one card writes most of its preview's pictures as they were): the same file, not a copy.
    A file whose bytes differ, or one the folder reaches through a link, is written anew."""
    folder, outside = tmp_path / "game", tmp_path / "elsewhere.png"
    outside.write_bytes(b"same")
    fileset.replace_folder(folder, {"preview/a.png": b"same", "b.png": b"old"})
    (folder / "c.png").symlink_to(outside)
    kept = (folder / "preview" / "a.png").stat().st_ino
    fileset.replace_folder(folder, {"preview/a.png": b"same", "b.png": b"new", "c.png": b"same"})
    assert contents(folder) == {"preview/a.png": b"same", "b.png": b"new", "c.png": b"same"}
    assert (folder / "preview" / "a.png").stat().st_ino == kept
    assert not (folder / "c.png").is_symlink() and (folder / "c.png").stat().st_ino != outside.stat().st_ino


def test_a_folder_with_files_a_build_does_not_write_is_not_replaced(tmp_path):
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    with pytest.raises(PnpError, match=r"holds files a build does not write \(artwork/dot.svg, deck.csv, game.yaml ...\)"):
        fileset.replace_folder(game, {"a.pdf": b"new"})
    assert (game / "game.yaml").is_file() and not (game / "a.pdf").exists()
    result = subprocess.run([sys.executable, "-m", "pnp", "build", str(game), "--out", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "another --out" in result.stderr
    assert (game / "game.yaml").is_file()


def test_one_file_is_replaced_in_one_step_and_leftovers_go(tmp_path):
    (tmp_path / ".index.html.part-0badf00d").write_bytes(b"left by a killed write")
    fileset.replace_file(tmp_path / "index.html", b"old")
    fileset.replace_file(tmp_path / "index.html", b"new")
    assert contents(tmp_path) == {"index.html": b"new"}


def _calls() -> tuple[int, int]:
    """This process's calls to the system to read and to write, so far (Linux's count)."""
    counts = dict(line.split(": ") for line in Path("/proc/self/io").read_text().splitlines())
    return int(counts["syscr"]), int(counts["syscw"])


@pytest.mark.quick
def test_a_file_written_an_object_at_a_time_and_a_scratch_file_reach_the_system_in_large_pieces(tmp_path):
    """A file of a build (a PDF, written an object of a few KB at a time) and the PDF writer's scratch files are
    written, and read back, some 64 KB a call to the system (WRITE_BUFFER), not one call each 8 KB: a 1,000-card
    build made some 2,000 calls fewer, 10 to 17 ms of its system time."""
    from pnp.write.pdf import Scratch

    pieces = [bytes([n % 251]) * 1500 for n in range(1000)]  # (1.5 MB, as a deck's forms)
    files = fileset.FolderSet(tmp_path / "out")
    _, writes = _calls()
    with files.open("deck.pdf") as out:
        for piece in pieces:
            out.write(piece)
    written = _calls()[1] - writes
    assert (files.staging / "deck.pdf").read_bytes() == b"".join(pieces)
    scratch = Scratch()
    reads, writes = _calls()
    places = [scratch.add(piece) for piece in pieces]
    assert [scratch.read(place) for place in places] == pieces
    read, spooled = _calls()[0] - reads, _calls()[1] - writes
    scratch.close()
    files.discard()
    least = len(b"".join(pieces)) // fileset.WRITE_BUFFER
    assert least <= written <= 2 * least + 2 and spooled <= 2 * least + 2 and read <= 2 * least + 4, \
        (written, spooled, read)
