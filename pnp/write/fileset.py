"""Writing files safely: a folder's whole content replaced in one step, or not at all (and one file alone).

The new files are written into a fresh folder beside the target (`.NAME.staging-XXXX`; a file the target holds
already with the same bytes is linked there instead), which is renamed `.NAME.ready-XXXX` once complete, then
swapped with the target: in one step where the system can exchange two paths (Linux), else by moving the old folder
aside (`.NAME.old-XXXX`) and the new one in. A process killed at any moment leaves the target holding its complete
old set or its complete new set — or, in the instant between the two moves of the fallback, no target but both
complete sets beside it. The next write first finishes that move and removes whatever else a killed write left.
"""
from __future__ import annotations

import ctypes
import errno
import glob
import os
import secrets
import shutil
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError, shown

STAGING, READY, OLD = "staging", "ready", "old"
# what a build writes, and what a file manager or an older version may have left beside it
OURS = {".pdf", ".png", ".html", ".json", ".part"}
LITTER = {".DS_Store", "Thumbs.db", "desktop.ini"}
WRITE_BUFFER = 1 << 16  # bytes a file waits for in memory before they are written to it: a PDF is written an object
# at a time, thousands of a few KB, and its scratch files likewise (pnp/write/pdf.py): one call to the system
# for 64 KB, not for each 8 KB (some 2,000 calls fewer, 10-17 ms of system time of a 1,000-card build)


class FolderSet:
    """The new content of `folder`, written file by file into a fresh folder beside it as a build makes it
    (so that a big kit never waits whole in memory), then swapped in by `commit`: the folder then holds
    exactly these files. `discard` drops what was not committed. A folder holding anything a build does not
    write (a game's own data, a user's notes) is refused at the commit rather than replaced."""

    def __init__(self, folder: Path, ours: frozenset = frozenset()):
        self.ours = OURS | set(ours)  # the suffixes of the files it writes, which it may replace
        self.folder = Path(folder)
        self.target = Path(os.path.realpath(folder))  # a link to a folder: the folder it leads to is replaced
        recover(self.target)
        self.made = not self.target.parent.exists()  # the folder --out names, made here: removed with a discard
        self.staging = _new_beside(self.target, STAGING)
        self.paths: list[Path] = []  # the files' final paths, in the order they were written

    def _staged(self, name: str | Path) -> Path:
        if Path(name).is_absolute() or ".." in Path(name).parts:
            raise ValueError(f"{name!r} would lie outside the folder")
        return self.staging / name

    def open(self, name: str | Path):
        """A binary file to write the file `name` (a path inside the folder) into."""
        staged = self._staged(name)
        staged.parent.mkdir(parents=True, exist_ok=True)
        stream = open(staged, "xb", buffering=WRITE_BUFFER)
        self.paths.append(self.folder / name)
        _moment(f"staged {len(self.paths)}")
        return stream

    def write(self, name: str | Path, data: bytes) -> None:
        """Write the file `name`; or, when the folder's own file of that name holds these very bytes (most of a
        preview's pictures after a change to one card), link that file into the new set: a link costs the system
        a small part of what making a file does."""
        if not self._linked(name, data):
            with self.open(name) as stream:
                stream.write(data)

    def _linked(self, name: str | Path, data: bytes) -> bool:
        """Whether the folder's own file `name` (a file there, not through a link) held `data`, and is now linked
        into the new set."""
        old, staged = self.target / name, self._staged(name)
        try:
            if os.path.realpath(old) != str(old) or os.stat(old).st_size != len(data) or old.read_bytes() != data:
                return False
            staged.parent.mkdir(parents=True, exist_ok=True)
            os.link(old, staged)
        except OSError:  # no such file, or a system that cannot link: it is written
            return False
        self.paths.append(self.folder / name)
        _moment(f"staged {len(self.paths)}")
        return True

    def read(self, name: str | Path) -> bytes:
        """What was written for `name` so far."""
        return self._staged(name).read_bytes()

    def commit(self) -> None:
        """Swap the new content in, all at once."""
        _refuse_foreign(self.target, self.ours)
        ready = _beside(self.target, READY, self.staging.name.rsplit("-", 1)[1])
        os.rename(self.staging, ready)
        self.staging = None  # complete: from here on, the next write's recover() finishes what this one began
        _moment("ready")
        _swap_in(ready, self.target)
        _moment("done")

    def discard(self) -> None:
        """Remove what was staged, unless it is complete and on its way in (after `commit` began)."""
        if self.staging is not None:
            shutil.rmtree(self.staging, ignore_errors=True)
            if self.made:
                try:
                    os.rmdir(self.target.parent)  # only when it is still empty
                except OSError:
                    pass


def cannot_write(error: OSError, folder: Path) -> PnpError:
    """A write into `folder` that failed, blaming the file it names, else the folder. The folders made beside
    it to swap the new files in are named as the folder: the user knows only the folder they named."""
    target = Path(os.path.realpath(folder))
    place = Path(os.fsdecode(error.filename)) if error.filename else Path(folder)
    if place.is_relative_to(target.parent):
        inner = place.relative_to(target.parent).parts
        if inner and inner[0].startswith(f".{target.name}."):
            place = Path(folder).joinpath(*inner[1:])
    return PnpError(f"cannot write {shown(place)}: {error.strerror or error}")


@contextmanager
def swapped_in(folder: Path, ours: frozenset = frozenset()):
    """A FolderSet for `folder` (writing files of the suffixes `ours` too), committed when the block ends
    without an error, else discarded; a write that fails is reported as `cannot_write` says."""
    try:
        files = FolderSet(folder, ours)
    except OSError as error:
        raise cannot_write(error, folder) from None
    try:
        yield files
        files.commit()
    except OSError as error:
        raise cannot_write(error, folder) from None
    finally:
        files.discard()


def replace_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Make `folder` hold exactly `files` (paths relative to it), all at once."""
    writer = FolderSet(folder)
    try:
        for name, data in files.items():
            writer.write(name, data)
        writer.commit()
    finally:
        writer.discard()


def replace_file(path: Path, data: bytes) -> None:
    """Replace one file in one step: written beside it (`.NAME.part-XXXX`), then moved over it. What a killed
    write left beside it is removed first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.part-*"):
        leftover.unlink(missing_ok=True)
    temp = _beside(path, "part", secrets.token_hex(4))
    try:
        with open(temp, "xb") as stream:
            stream.write(data)
        os.replace(temp, path)
    except OSError:
        temp.unlink(missing_ok=True)
        raise


def recover(folder: Path) -> None:
    """Finish or undo what a killed write left beside `folder`: a complete set whose move was cut short is
    moved in; everything else left over is removed."""
    leftovers = _leftovers(folder)
    if not folder.exists():
        complete = leftovers.get(READY, []) or leftovers.get(OLD, [])  # the new set, else the old one
        if complete:
            os.rename(complete[0], folder)
    for paths in leftovers.values():
        for path in paths:
            if path.exists():
                shutil.rmtree(path, ignore_errors=True)


def _swap_in(ready: Path, folder: Path) -> None:
    if not folder.exists():
        os.rename(ready, folder)
    elif _exchange(ready, folder):
        _moment("swapped")
        shutil.rmtree(ready)  # which now holds the old set
    else:
        old = _beside(folder, OLD, ready.name.rsplit("-", 1)[1])
        os.rename(folder, old)
        _moment("moved aside")
        os.rename(ready, folder)
        _moment("swapped")
        shutil.rmtree(old)


def _leftovers(folder: Path) -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    prefix = f".{folder.name}."
    if folder.parent.is_dir():
        for path in sorted(folder.parent.iterdir()):
            kind, _, tag = path.name[len(prefix):].partition("-")
            if path.name.startswith(prefix) and tag and kind in (STAGING, READY, OLD):
                found.setdefault(kind, []).append(path)
    return found


def _refuse_foreign(folder: Path, ours: set = OURS) -> None:
    if not folder.exists():
        return
    if not folder.is_dir():
        raise PnpError(f"{shown(folder)} is a file, not a folder: build with another --out")
    foreign = [path.relative_to(folder).as_posix() for path in sorted(folder.rglob("*"))
               if not (path.is_dir() or path.suffix in ours or path.name in LITTER)]
    if foreign:
        names = ", ".join(foreign[:3]) + (" ..." if len(foreign) > 3 else "")
        raise PnpError(f"{shown(folder)} holds files a build does not write ({names}); a build replaces the "
                       "whole folder: move them, or build with another --out")


def _beside(folder: Path, kind: str, tag: str) -> Path:
    return folder.parent / f".{folder.name}.{kind}-{tag}"


def _new_beside(folder: Path, kind: str) -> Path:
    folder.parent.mkdir(parents=True, exist_ok=True)
    while True:
        path = _beside(folder, kind, secrets.token_hex(4))
        try:
            path.mkdir()
            return path
        except FileExistsError:
            continue


_RENAME_EXCHANGE, _AT_FDCWD = 2, -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (renameat2 with RENAME_EXCHANGE); False where the system cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError, TypeError):  # not Linux, or an old C library
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _moment(name: str) -> None:
    """For tests of what a killed build leaves: PNP_KILL_AT=<moment> kills the process there, as kill -9 does.
    The moments: `staged N` (N files written), `ready`, `moved aside` (the fallback only), `swapped`, `done`."""
    if os.environ.get("PNP_KILL_AT") == name:
        import signal  # (only here: a build has no other use for it)

        os.kill(os.getpid(), signal.SIGKILL)
