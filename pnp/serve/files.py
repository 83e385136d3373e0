"""A folder's files served as they are, never anything outside it.

A name is looked up inside the folder and followed to the file it finally is: a `..`, a NUL byte, or a symbolic
link that leads out of the folder (`ln -s /etc/passwd`) finds nothing, and so does a name the system cannot
open. What is not found is a 404; no odd name reaches a traceback.
"""
from __future__ import annotations

import mimetypes
import os
from pathlib import Path, PurePosixPath

from starlette.responses import PlainTextResponse, Response

NOT_FOUND = "Not found."


def inside(root: Path, name: str) -> Path | None:
    """The regular file `name` (a path with `/` between its parts, relative to `root`) finally is, when it lies
    inside `root`; for a folder, its `index.html`. None otherwise."""
    if "\x00" in name or "\\" in name:
        return None
    parts = PurePosixPath(name).parts
    if any(part in ("..", "/") for part in parts):
        return None
    try:
        top = Path(os.path.realpath(root))
        found = Path(os.path.realpath(top.joinpath(*parts)))
        if found.is_dir():
            found = found / "index.html"
            found = Path(os.path.realpath(found))
        if not found.is_relative_to(top) or not found.is_file():
            return None
    except (OSError, ValueError):
        return None
    return found


def file_response(root: Path, name: str, headers: dict | None = None) -> Response:
    """The file `name` inside `root` (`inside`) as a response, or a 404. The file is read whole before answering:
    a build swapping the folder meanwhile gives the old file or a 404, never half of one."""
    found = inside(root, name)
    try:
        data = found.read_bytes() if found else None
    except OSError:
        data = None
    if data is None:
        return PlainTextResponse(NOT_FOUND, status_code=404, headers=headers)
    kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
    return Response(data, media_type=kind, headers=headers)
