"""Faults around a build: an output folder that cannot be written is named as such, and a cache that cannot be
written is done without, never blamed on the output folder."""
import errno
import os
from pathlib import Path

import pytest

from conftest import run
from pnp.write import cache


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr(cache, "STORES", {})  # as a new process would find it
    return home


def refuse_writes_under(folder: Path, monkeypatch, code=errno.EACCES):
    """Every folder or file made below `folder` fails as the system fails it (as chmod would, even for root)."""
    real_mkdir, real_open = os.mkdir, os.open

    def inside(path) -> bool:
        return Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve())

    def mkdir(path, *args, **kwargs):
        if inside(path):
            raise OSError(code, os.strerror(code), os.fsdecode(path))
        return real_mkdir(path, *args, **kwargs)

    def opened(path, flags, *args, **kwargs):
        if inside(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(code, os.strerror(code), os.fsdecode(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(os, "open", opened)


def test_an_output_folder_that_may_not_be_written_is_named_and_keeps_its_old_files(toy, tmp_path, cache_home,
                                                                                   monkeypatch):
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    before = sorted(path.name for path in (tmp_path / "out" / "toy").iterdir())
    refuse_writes_under(tmp_path / "out", monkeypatch)
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 2, result.output
    assert f"cannot write {tmp_path / 'out' / 'toy'}" in result.output
    assert ".staging" not in result.output  # the folder the user named, not one of our own beside it
    assert sorted(path.name for path in (tmp_path / "out" / "toy").iterdir()) == before


def test_an_output_folder_that_may_not_be_written_is_refused_as_an_ordinary_user_too(toy, tmp_path, cache_home):
    if os.geteuid() == 0:
        pytest.skip("chmod does not keep root out: the test above simulates it")
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        result = run(toy, tmp_path, "--duplex")
    finally:
        out.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert "cannot write" in result.output and str(out) in result.output


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_a_cache_that_cannot_be_written_is_done_without(toy, tmp_path, cache_home, monkeypatch, code):
    refuse_writes_under(cache_home, monkeypatch, code)
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "toy" / "toy-kit-a4-duplex.pdf").is_file()


def test_a_full_disk_under_the_compiled_templates_is_never_blamed_on_the_output_folder(toy, tmp_path, cache_home,
                                                                                       monkeypatch):
    import jinja2.bccache

    def full(self, bucket):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as a write into a full disk fails: no file named

    monkeypatch.setattr(jinja2.bccache.FileSystemBytecodeCache, "dump_bytecode", full)  # what jinja2 itself does
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output
    assert "cannot write" not in result.output


def test_a_full_disk_under_the_cache_file_is_done_without(toy, tmp_path, cache_home, monkeypatch):
    real = cache.Store._open

    def opened_then_full(path, made_by):
        db = real(path, made_by)
        if db is not None:  # SQLite's own "database or disk is full", as on a disk with no space left
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(cache.Store, "_open", staticmethod(opened_then_full))
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "toy" / "toy-kit-a4-duplex.pdf").is_file()


def test_a_full_temporary_folder_is_named_as_such(toy, tmp_path, cache_home, monkeypatch):
    real = cache.Store.__init__

    def full_scratch(self, path=None):
        real(self, path)
        self.scratch.execute("PRAGMA max_page_count = 2")  # SQLite's "database or disk is full"

    monkeypatch.setattr(cache.Store, "__init__", full_scratch)
    monkeypatch.setattr(cache, "BATCH", 1)
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 2, result.output
    assert "temporary" in result.output and str(tmp_path / "out") not in result.output
