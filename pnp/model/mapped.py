"""Arrays of numbers a build keeps one of for each card, face or PDF object (the faces' digests and numbers, the
places of a PDF's objects, a big deck's cards kept compact): a big deck's would take memory in proportion to
its size. `Mapped` holds one in memory while it is small; past HELD bytes, in a temporary file mapped into
memory, whose pages are the system's to keep or to let go, not the process's. The pages read or written so
far are let go at every page a build writes (`release`): a build then holds the few it is using, at any size
of deck, and the system reads the others from the file again when they are asked for."""
from __future__ import annotations

import functools
import itertools
import mmap
import weakref
from array import array

HELD = 16384  # bytes an array keeps in memory: past them, in a file (each of a build's few dozen arrays then holds
# no more in memory, whatever the size of its deck)
RELEASE = getattr(mmap, "MADV_DONTNEED", None)  # (None where the system has no such advice: pages then stay)
_MAPPED: weakref.WeakSet = weakref.WeakSet()  # the arrays kept in files, to release
TRIMMED = 64  # releases from one giving back of the heap's free pages to the next (see release)
TRIM_FROM = 1 << 17  # bytes the arrays' files take before releases give the heap back at all: those of a deck of
# 1,000 cards take some 40 KB, and its build would pay for the trims (some 2 %) for little; of 2,000 cards, 150 KB
_RELEASES = itertools.count()
_trimming = False  # whether releases give the heap's free pages back (see trim_heap)


class Mapped:
    """An array of numbers of one type (array's typecodes, "B" for bytes), held in memory while it is small, then
    in a file (see the module): read, set, appended to and extended as an array. Its values are an array (a
    bytearray for "B") in memory; in a file, a view of the part in use."""

    __slots__ = ("typecode", "itemsize", "values", "file", "map", "__weakref__")

    def __init__(self, typecode: str, values=()):
        self.typecode, self.itemsize, self.file, self.map = typecode, array(typecode).itemsize, None, None
        self.values = bytearray(values) if typecode == "B" else array(typecode, values)
        if len(self.values) * self.itemsize > HELD:
            self._move(len(self.values))

    @classmethod
    def filled(cls, typecode: str, value: int, count: int) -> "Mapped":
        """`count` values, each `value`."""
        return cls(typecode, array(typecode, [value]) * count)

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, index):
        return self.values[index]

    def __setitem__(self, index: int, value: int) -> None:
        self.values[index] = value

    def __iter__(self):
        return iter(self.values) if self.map is None else self._read()

    def _read(self):
        for start in range(0, len(self.values), 4096):  # (a part at a time: no view held while the file grows)
            yield from self.values[start:start + 4096].tolist()

    def append(self, value: int) -> None:
        if self.map is None and (len(self.values) + 1) * self.itemsize <= HELD:
            self.values.append(value)
        else:
            self._extended(1)[-1] = value

    def extend(self, values) -> None:
        count = len(values)
        if self.typecode != "B" and type(values) is not array:
            values = array(self.typecode, values)
        if self.map is None and (len(self.values) + count) * self.itemsize <= HELD:
            self.values += values
        elif count:
            self._extended(count)[-count:] = values

    def _extended(self, count: int) -> memoryview:
        """The values, `count` more of them (zeros till they are set), in the file."""
        length = len(self.values) + count
        if self.map is None or length * self.itemsize > len(self.map):
            self._move(length)
        self.values = memoryview(self.map).cast(self.typecode)[:length]
        return self.values

    def _move(self, length: int) -> None:
        """The values into a file, or the file grown, with room for `length` of them and as many again: mapped
        anew (a view of the map before, held a moment longer, still reads and writes the same file)."""
        size = -(-max(2 * length * self.itemsize, 2 * HELD) // mmap.PAGESIZE) * mmap.PAGESIZE
        used, kept = len(self.values), None
        if self.file is None:
            import tempfile  # (imported by the first array that grows so big: the command line imports this module)

            kept, self.file = bytes(self.values), tempfile.TemporaryFile(buffering=0)  # (mapped: no buffer)
            _MAPPED.add(self)
        self.file.truncate(size)
        self.map = mmap.mmap(self.file.fileno(), size)
        if kept:
            self.map[:len(kept)] = kept
        self.values = memoryview(self.map).cast(self.typecode)[:used]

    def __reduce__(self):  # (for another process: the values themselves)
        return Mapped, (self.typecode, bytes(self.values) if self.typecode == "B" else self.values.tolist())

    def release(self) -> None:
        """The pages of its file read or written so far let go of (read again when they are asked for)."""
        if self.map is not None and RELEASE is not None:
            self.map.madvise(RELEASE)


def release() -> None:
    """The pages of every array kept in a file let go of (see Mapped.release), and, once their files take
    TRIM_FROM bytes (a big deck's build), every TRIMMED times the heap's free pages given back to the system (see
    trim_heap): a build does so at every page it writes, and every few faces it makes."""
    kept = list(_MAPPED)
    for mapped in kept:
        mapped.release()
    if kept and _trimming and next(_RELEASES) % TRIMMED == 0 and sum(len(m.map) for m in kept) >= TRIM_FROM:
        trim = _trim()
        if trim is not None:
            trim(0)


def trim_heap() -> None:
    """From now on, releases give the heap's free pages back (see release). The command line asks for it: its
    process's heap is a build's, a few MB, walked in a moment; a process that holds far more (a run of the tests,
    hundreds of MB) would walk it each time for little."""
    global _trimming
    _trimming = True


@functools.lru_cache(maxsize=None)
def _trim():
    """The C library's `malloc_trim`, which gives the system back the pages of its heap that nothing uses: left
    held, memory freed among what is still used made a big deck's build take more, the more cards it had. None
    where the library has none (other than GNU's)."""
    try:
        import ctypes

        return ctypes.CDLL(None).malloc_trim
    except (ImportError, OSError, AttributeError, TypeError):
        return None
