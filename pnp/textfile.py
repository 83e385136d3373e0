"""Files a person hands pnp as text (a playtest log, a data file, a manifest or result file in JSON): read with
a cap, told apart from what is not text.

Only regular files are read, or standard input for `-`: a pipe or a device named as a file could block
forever or never end, so it is refused before a byte is read. At most `limit` bytes are read from any of
them. What is not UTF-8 text is named for what it most likely is (UTF-16 text, a spreadsheet, a PDF), so
the person knows how to save it instead. JSON is also held to a depth (`read_json`): its parser goes one
level of Python's stack deeper for each level of nesting, and runs out of stack long before it runs out of
bytes.
"""
from __future__ import annotations

import os
import re
import stat
import sys

STDIN = "-"
JSON_DEPTH = 64  # levels of arrays and objects a JSON file pnp reads may nest: pnp writes at most 9 (a stats result)


class NotText(Exception):
    """A file that cannot be read as text; `offset` is the byte where the trouble is, when one is."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message)
        self.message, self.offset = message, offset


def read_bytes(path, limit: int) -> bytes:
    """The bytes of a regular file, or of standard input when `path` is `-`, at most `limit` of them. Raises
    NotText for anything else or anything longer, FileNotFoundError and other OSErrors as they come."""
    if str(path) == STDIN:
        data = sys.stdin.buffer.read(limit + 1)
    else:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once, and is refused below
        try:
            info = os.fstat(handle)
            if stat.S_ISDIR(info.st_mode):
                raise NotText("is a folder, not a file")
            if not stat.S_ISREG(info.st_mode):
                raise NotText("is not a plain file (a pipe, a device or a socket): name a file, or `-` to read "
                              "standard input")
            if info.st_size > limit:
                raise NotText(too_long(info.st_size, limit))
            data = _read_all(handle, info.st_size, limit + 1)
        finally:
            os.close(handle)
    if len(data) > limit:
        raise NotText(too_long(len(data), limit))
    return data


def _read_all(handle: int, size: int, most: int) -> bytes:
    """Up to `most` bytes of an open file, to its end; `size`, what the file said it holds, is read at once
    (a file may have grown since, or, as some system files do, say it holds nothing)."""
    parts, total = [], 0
    while total < most:
        part = os.read(handle, min(most - total, max(size + 1 - total, 1 << 16)))
        if not part:
            break
        parts.append(part)
        total += len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def too_long(size: int, limit: int) -> str:
    more = "more than " if size == limit + 1 else ""  # read from a stream: its end is not known
    most = f"{limit // 1024 // 1024} MB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
    return f"{more}{size:,} bytes: larger than the {most} such a file may hold"


def read_json(path, limit: int, depth: int = JSON_DEPTH):
    """The value of a JSON file (or of standard input for `-`), at most `limit` bytes of UTF-8 text whose arrays
    and objects nest at most `depth` levels deep, its depth found before it is parsed. Raises NotText for what
    cannot be read as text or is longer, ValueError for text that is not JSON or nests deeper, OSErrors as
    they come."""
    import json  # only where JSON is read: the commands that read none start without it

    text = decoded(read_bytes(path, limit))
    if nests_deeper(text, depth):
        raise ValueError(f"nested deeper than {depth} levels")
    return json.loads(text)


# a JSON string, whose brackets nest nothing (run to the end of the text when it is never closed)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nests_deeper(text: str, depth: int) -> bool:
    """Whether JSON text opens more than `depth` arrays and objects one inside another. (Its strings and all
    but its brackets are dropped by regular expressions first: a long file costs a loop over its brackets.)"""
    level = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        if level > depth:
            return True
    return False


def decoded(data: bytes) -> str:
    """The text of UTF-8 bytes (with or without a byte-order mark); NotText naming what they are otherwise."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise NotText("UTF-16 text: save it as UTF-8", 0)
    if data.startswith(b"PK\x03\x04"):
        raise NotText("a zip file (a spreadsheet such as .xlsx or .ods?), not text: save it as plain text "
                      "(CSV, UTF-8)", 0)
    if data.startswith(b"%PDF"):
        raise NotText("a PDF, not text", 0)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if _utf16_without_mark(data):
            raise NotText("UTF-16 text: save it as UTF-8", 0) from None
        raise NotText(_not_utf8(data, error.start), error.start) from None
    if "\x00" in text:
        if _utf16_without_mark(data):
            raise NotText("UTF-16 text: save it as UTF-8", 0)
        raise NotText("a binary file (it holds NUL bytes), not text", data.index(b"\x00"))
    return text


def _not_utf8(data: bytes, start: int) -> str:
    """What to say of bytes that are not UTF-8 from byte `start`: saved as Windows-1252 (as Excel and Notepad
    save text on Windows) when they read as that, their characters past ASCII all printable; else in
    another encoding."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        text = "\x81"
    if all(c.isprintable() for c in text if ord(c) > 127):
        return (f"not UTF-8 text (byte {start} is {data[start:start + 1].decode('cp1252')!r} in Windows-1252: "
                "saved as Windows-1252?): save it as UTF-8 (Excel calls it CSV UTF-8)")
    return f"not UTF-8 text (byte {start}; saved in another encoding?): save it as UTF-8"


def _utf16_without_mark(data: bytes) -> bool:
    """Mostly-ASCII UTF-16: every other byte of its start is NUL."""
    start = data[:200]
    return len(start) >= 4 and (start[1::2].count(0) > 0.8 * len(start[1::2]) or
                                start[0::2].count(0) > 0.8 * len(start[0::2]))


def line_at(data: bytes, offset: int) -> int:
    """The line of a byte offset, counting CR, LF and CR LF line ends alike."""
    before = data[:offset]
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1
