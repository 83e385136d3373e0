"""What a build keeps between runs and what it puts aside while it runs: one SQLite file.

`~/.cache/pnp/<version>/cache.sqlite` (or under `$XDG_CACHE_HOME`) holds what the templates rendered, the faces
read from that and checked, the faces' drawings and artwork turned into PDF operators. Everything in it can be
rebuilt from the sources, so it is emptied when the libraries that make it change, and a file that cannot be
read, written or locked is simply not used. It never grows past `$PNP_CACHE_MB` megabytes (default 1,024):
a file larger than that when a build starts is emptied, and the build fills it again. A build also puts aside, in a temporary database of its own, the
drawings no later run can reuse: so a deck of any size is kept on disk, not in memory.
"""
from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

from pnp import __version__
from pnp.errors import PnpError

LIBRARIES = ("jinja2", "reportlab", "svglib", "yaml")  # what renders, reads and draws what the cache holds
LAYOUT = 3  # of what the cache holds: a change to it empties the caches made before
BATCH = 500  # writes a transaction: short ones, so that two builds at once take turns
LIMIT_MB = 1024  # the cache file's largest size, unless $PNP_CACHE_MB says otherwise
WRITTEN_BITS = 1 << 21  # a fresh cache file's keys this store wrote, a bit each by their hash: 256 KB whatever the
# size of the deck (a set of them grew some 300 bytes a card); a bit another key set too only costs a search of the
# file (one in a hundred at 30,000 keys)
# kinds of value kept apart by a prefix of the key. A table with row numbers: its values (1 to 2 KB a face, some 30 KB a
# font) lie in pages of their own, the keys in the index; kept in the index themselves (WITHOUT ROWID), they
# filled twice the room and took twice as long to write and to read
TABLE = "(key TEXT PRIMARY KEY, value BLOB)"
PAGE = 16384  # bytes of a page of the file (SQLite's default is 4,096): a cold build writes its faces (1 to 2 KB
# each) to a quarter as many pages, some 1,500 calls to the system fewer for 1,000 cards (15 ms to 12 for 3,000
# entries), and reads one as fast; a file made before keeps its pages until it is next emptied
CACHED = 512  # KB of the file's pages kept in memory (SQLite's default is 2,000): a build reads each entry once or
# twice, mostly soon after writing it
FORMER_TEMPLATES = "budgeted-templates"  # where earlier versions kept compiled templates, a file each and without
# bound (some 600 MB seen): now entries of the file, the folder is taken away when the file is emptied for new code


def folder() -> Path | None:
    """The cache's folder, when it can be written; else None."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp" / __version__
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return root if os.access(root, os.W_OK) else None


def stamp() -> str:
    """Which code made what the cache holds: pnp's own modules (but the games' rules, which draw nothing) and
    the libraries', by their files' places, sizes and times, found without importing them. A drawing made by
    other code is never taken for this code's."""
    parts = [__version__, str(LAYOUT), sys.version]
    own = os.path.dirname(os.path.dirname(__file__))  # the package
    for place, inside, names in os.walk(own):  # (not Path.rglob, which took 6 ms of every build to this one's 2)
        inside[:] = sorted(name for name in inside if name not in ("games", "__pycache__"))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(place, name)
                stat = os.stat(path)
                parts.append(f"{path}:{stat.st_size}:{stat.st_mtime_ns}")
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec and spec.origin else ""
        try:
            parts.append(f"{origin}:{os.stat(origin).st_mtime_ns}")
        except OSError:
            parts.append(origin)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _limit() -> int:
    """The cache file's largest size in bytes."""
    try:
        return int(float(os.environ.get("PNP_CACHE_MB", LIMIT_MB)) * 1024 * 1024)
    except ValueError:
        return LIMIT_MB * 1024 * 1024


class Store:
    """Keys to plain values (see `put`): `lasting` ones in the cache file, the others in a temporary database on disk of
    this process's own (where everything goes when there is no cache file to use). Writes wait in memory and
    go in together, a few hundred at a time."""

    def __init__(self, path: Path | None = None):
        made_by = stamp()  # (worked out once: it reads the place, size and time of every module of pnp)
        self.db = self._open(path, made_by) if path else None
        self.fresh = self.db is not None and _empty(self.db)  # whether the cache file was empty when opened
        self.written = bytearray(WRITTEN_BITS // 8)  # the keys of a fresh cache file that this store wrote (see
        # `_bit`): it holds no others, or only what another build wrote meanwhile, which this one makes again rather
        # than look for each time
        # each key starts with the stamp: another build with other code may empty the file and fill it while
        # this one runs, and what that code made must never be taken for this code's
        self.made_by = made_by[:16]
        self.scratch = sqlite3.connect("", isolation_level=None)  # a private file, deleted on close
        self.scratch.execute(f"PRAGMA page_size = {PAGE}")
        self.scratch.execute(f"CREATE TABLE entries {TABLE}")
        self.waiting: dict = {self.scratch: {}, self.db: {}}  # connection -> key -> bytes

    @staticmethod
    def _open(path: Path, made_by: str) -> sqlite3.Connection | None:
        try:
            db = sqlite3.connect(str(path), timeout=2.0, isolation_level=None)
            db.execute("PRAGMA synchronous = OFF")  # a cache: a file spoilt by a crash is found and emptied
            db.execute(f"PRAGMA page_size = {PAGE}")  # (for a new file, or once VACUUM empties this one)
            db.execute(f"PRAGMA cache_size = -{CACHED}")
            db.execute(f"CREATE TABLE IF NOT EXISTS entries {TABLE}")
            found = db.execute("SELECT value FROM entries WHERE key = 'stamp'").fetchone()
            if found is None or found[0] != made_by.encode() or path.stat().st_size > _limit():
                db.execute("DROP TABLE entries")  # (made again as this code makes it: its layout may differ)
                db.execute(f"CREATE TABLE entries {TABLE}")
                db.execute("VACUUM")  # gives the space back
                db.execute("INSERT INTO entries VALUES ('stamp', ?)", (made_by.encode(),))
                shutil.rmtree(path.parent / FORMER_TEMPLATES, ignore_errors=True)
            return db
        except sqlite3.OperationalError:  # locked too long by another build, a folder that cannot be written
            return None
        except sqlite3.DatabaseError:  # not a database, or one spoilt
            try:
                path.unlink()  # a spoilt file is rebuilt next time
            except OSError:
                pass
            return None

    def _db(self, lasting: bool) -> sqlite3.Connection:
        return self.db if lasting and self.db is not None else self.scratch

    def get(self, kind: str, key: str, lasting: bool = True):
        """The value stored under `key`, or None."""
        data = self.fetch(kind, key, lasting)
        try:
            return marshal.loads(data) if data is not None else None
        except (ValueError, EOFError, TypeError):  # not written by this program
            return None

    def fetch(self, kind: str, key: str, lasting: bool = True) -> bytes | None:
        """The bytes stored under `key`, or None."""
        db, key = self._db(lasting), f"{self.made_by}:{kind}:{key}"
        found = self.waiting[db].get(key)
        if found is None and not self._absent(db, key):
            try:
                row = db.execute("SELECT value FROM entries WHERE key = ?", (key,)).fetchone()
            except sqlite3.DatabaseError:
                return None
            found = row[0] if row else None
        return found

    def has(self, kind: str, key: str) -> bool:
        """Whether a lasting value is stored under `key`."""
        db, key = self._db(True), f"{self.made_by}:{kind}:{key}"
        if key in self.waiting[db]:
            return True
        if self._absent(db, key):
            return False
        try:
            return db.execute("SELECT 1 FROM entries WHERE key = ?", (key,)).fetchone() is not None
        except sqlite3.DatabaseError:
            return False

    def _absent(self, db, key: str) -> bool:
        """Whether a key is surely not in the cache file: it was fresh, and this store never wrote the key."""
        if db is not self.db or not self.fresh:
            return False
        byte, bit = _bit(key)
        return not self.written[byte] & bit

    def put(self, kind: str, key: str, value, lasting: bool = True) -> None:
        """Store a plain value: numbers, text, bytes, None, and lists, tuples and dicts of them (written with
        marshal, much faster than JSON; the stamp ties the file to this Python)."""
        self.keep(kind, key, marshal.dumps(value), lasting)

    def keep(self, kind: str, key: str, data: bytes, lasting: bool = True) -> None:
        """Store bytes, as they are: compressed, the cache took a quarter of the room, but compressing and
        expanding took a tenth of a cold build's time."""
        db, key = self._db(lasting), f"{self.made_by}:{kind}:{key}"
        self.waiting[db][key] = data
        if db is self.db and self.fresh:
            byte, bit = _bit(key)
            self.written[byte] |= bit
        if len(self.waiting[db]) >= BATCH:
            self._write(db)

    def commit(self) -> None:
        """Write what waits for the cache file (a build ends with this)."""
        self._write(self.db)

    def _write(self, db) -> None:
        """Write what waits for `db` in one transaction. A cache file that cannot be written is passed over;
        the temporary database, this process's own, always can be."""
        # in the order of their keys: each of the file's pages is then read and written once a batch, not again
        # and again as keys at random fall on it
        rows, self.waiting[db] = sorted(self.waiting[db].items()), {}
        if not rows or db is None:
            return
        try:
            db.execute("BEGIN")
            db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?)", rows)
            db.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            if db.in_transaction:
                db.rollback()
            if db is self.scratch:  # the build cannot go on without it: name its folder, not the output's
                raise PnpError(f"cannot write the build's temporary database in {tempfile.gettempdir()} "
                               f"(set TMPDIR to another folder): {error}") from None


def _bit(key: str) -> tuple[int, int]:
    """Where a key's bit lies in Store.written: its byte and the bit's value there."""
    at = hash(key) & (WRITTEN_BITS - 1)
    return at >> 3, 1 << (at & 7)


def _empty(db: sqlite3.Connection) -> bool:
    """Whether a cache file holds nothing but its stamp."""
    try:
        return db.execute("SELECT 1 FROM entries WHERE key != 'stamp' LIMIT 1").fetchone() is None
    except sqlite3.DatabaseError:
        return False


STORES: dict = {}  # cache file (None: none) -> the Store of this process


def shared() -> Store:
    """This process's store for the user's cache folder (or a temporary one when that cannot be used): one
    connection, so that each build in the process sees what the others wrote."""
    root = folder()
    path = root / "cache.sqlite" if root else None
    if path not in STORES:
        STORES[path] = Store(path)
    return STORES[path]
