"""The arrays a build keeps one number of for each card or face: read and written as an array, in memory while
small, then in a file whose pages are let go at every page a build writes (pnp/model/mapped.py)."""
import bisect
import pickle
import platform
import random
import weakref
from array import array
from pathlib import Path

import pytest

from pnp.model import mapped
from pnp.model.mapped import HELD, Mapped, release

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("typecode", ["i", "q", "H", "B"])
def test_an_array_reads_as_one_before_and_after_it_moves_to_a_file(typecode):
    chance = random.Random(typecode)
    top = 2 ** (8 * array(typecode).itemsize - (0 if typecode in "HB" else 1)) - 1
    low = 0 if typecode in "HB" else -top - 1
    kept, same = Mapped(typecode), array(typecode)
    for step in range(3 * HELD // array(typecode).itemsize):
        if step % 5 == 4:
            values = array(typecode, [chance.randint(low, top) for _ in range(chance.randint(0, 40))])
            kept.extend(values if typecode != "B" else bytes(values))
            same.extend(values)
        else:
            value = chance.randint(low, top)
            kept.append(value)
            same.append(value)
        if step % 997 == 0:
            at = chance.randrange(len(same))
            kept[at] = same[at] = chance.randint(low, top)
            release()
    assert kept.map is not None  # (moved: past HELD bytes)
    assert len(kept) == len(same) and list(kept) == list(same)
    assert all(kept[at] == same[at] for at in range(0, len(same), 13)) and kept[-1] == same[-1]
    assert bytes(kept[10:50]) == bytes(same[10:50])


def test_a_small_array_stays_in_memory_and_one_filled_reads_its_value():
    small = Mapped("i", range(100))
    assert small.map is None and list(small) == list(range(100)) and bisect.bisect_left(small, 42) == 42
    table = Mapped.filled("i", -1, HELD)  # (four bytes each: in a file)
    assert table.map is not None and len(table) == HELD and table[0] == table[HELD - 1] == -1
    digests = Mapped("B")
    digests.extend(bytes(range(32)) * (HELD // 16))
    assert digests[32:64] == bytes(range(32)) and digests[32:64].hex() == bytes(range(32)).hex()


def test_an_array_in_a_file_goes_to_another_process_as_its_values():
    kept = Mapped("q", range(0, 4 * HELD, 3))
    again = pickle.loads(pickle.dumps(kept))
    assert kept.map is not None and list(again) == list(kept)


def _resident() -> int:
    """The bytes of this process in memory."""
    return int(Path("/proc/self/statm").read_text().split()[1]) * mapped.mmap.PAGESIZE


@pytest.mark.skipif(not Path("/proc/self/statm").exists() or mapped.RELEASE is None,
                    reason="tells the memory a process holds only where the system says it in /proc")
def test_an_array_in_a_file_lets_go_of_the_pages_it_used():
    big = Mapped("q")
    big.extend(array("q", range(1_000_000)))  # 8 MB
    assert sum(big[at] for at in range(0, len(big), 512)) == sum(range(0, 1_000_000, 512))  # (every page read)
    holding = _resident()
    release()
    assert holding - _resident() > 6_000_000
    assert big[999_999] == 999_999 and big[4096] == 4096  # (read again from the file)


def test_every_so_many_releases_the_heap_gives_its_free_pages_back(monkeypatch):
    trimmed = []
    monkeypatch.setattr(mapped, "_trim", lambda: trimmed.append)
    monkeypatch.setattr(mapped, "_MAPPED", weakref.WeakSet())
    monkeypatch.setattr(mapped, "_trimming", True)  # (as the command line's process does: trim_heap)
    for _ in range(3 * mapped.TRIMMED):
        release()
    assert trimmed == []  # (no array in a file: no big deck's build, whose heap would be worth it)
    small = Mapped("q", range(HELD // 4))  # (twice HELD bytes)
    for _ in range(3 * mapped.TRIMMED):
        release()
    assert small.map is not None and len(small.map) < mapped.TRIM_FROM and trimmed == []  # (a file, but small)
    big = Mapped("q", range(mapped.TRIM_FROM // 8))
    for _ in range(3 * mapped.TRIMMED):
        release()
    assert trimmed == [0, 0, 0]  # (malloc_trim(0): every free page, none kept at the top)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is the GNU C library's")
def test_the_gnu_c_library_gives_its_heap_back():
    mapped._trim.cache_clear()
    assert mapped._trim() is not None and mapped._trim()(0) in (0, 1)


def test_an_array_grows_while_a_view_of_it_is_held():
    kept = Mapped("i", range(2 * HELD))
    held = kept.values  # (as a reader holds it a moment: ByNumber.get)
    kept.extend(array("i", range(8 * HELD)))  # (its file grown)
    held[5] = -5  # (the same file, written through the view held)
    assert len(held) == 2 * HELD and kept[5] == -5 and kept[-1] == 8 * HELD - 1 and len(kept) == 10 * HELD


def test_a_big_deck_s_numbers_by_face_move_to_a_file_and_read_the_same():
    from pnp.render.keys import ByNumber, FaceNumbers, digest

    forms, numbers = ByNumber(), FaceNumbers()
    keys = [digest("face", n) for n in range(3 * HELD // 4)]  # (their digests: 32 bytes each, past HELD)
    for n, key in enumerate(keys):
        assert numbers.number(key) == n
        if n % 3:
            forms[n] = n // 3
    assert numbers.digests.map is not None and forms.kept.map is not None  # (both in files)
    release()
    assert [numbers.number(key) for key in keys[::97]] == list(range(0, len(keys), 97))
    assert numbers.key(len(keys) - 1) == keys[-1] and len(numbers) == len(keys)
    assert [forms.get(n) for n in range(6)] == [None, 0, 0, None, 1, 1] and forms.get(len(keys) + 5) is None
    assert len(forms) == sum(1 for n in range(len(keys)) if n % 3)
