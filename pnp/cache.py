"""A cache between runs, in the user's cache folder: compiled templates and artwork turned into PDF operators.
Everything in it can be rebuilt from the sources; when the folder cannot be written, nothing is cached."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pnp import __version__


def folder(kind: str) -> Path | None:
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp" / __version__ / kind
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return root if os.access(root, os.W_OK) else None


def read_json(kind: str, key: str):
    root = folder(kind)
    try:
        return json.loads((root / f"{key}.json").read_text(encoding="utf-8")) if root else None
    except (OSError, ValueError):
        return None


def write_json(kind: str, key: str, value) -> None:
    root = folder(kind)
    if root is None:
        return
    try:
        handle, temp = tempfile.mkstemp(dir=root, suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(value, stream)
        os.replace(temp, root / f"{key}.json")
    except OSError:
        pass
