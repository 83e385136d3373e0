"""Where the package's templates, artwork, fonts and games live, installed or in a source checkout."""
from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from pnp.errors import clip

PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """`templates` and `artwork` sit inside the installed package, or beside it in a source checkout."""
    for folder in (PACKAGE / name, PACKAGE.parent / name):
        if folder.is_dir():
            return folder
    return PACKAGE / name


FONTS = PACKAGE / "fonts"
NAME_MAX = 255  # bytes in one file's name, on the systems pnp runs on
GAMES = PACKAGE / "games"


def search_path(game_folder: Path, name: str) -> list[Path]:
    """Where a game's templates or artwork are looked up: its own folder first, then the shared one."""
    return [game_folder / name, resource_dir(name)]


def find_file(name: str, roots: list[Path], label: str, where, problems: list, missing: str | None) -> Path | None:
    """The file a game's data (or a template, or a piece of artwork) names: `name`, looked up in each of `roots`
    in turn. None when it cannot be had, what is wrong noted in `problems` at `where`: the name leads outside
    the roots (`label` names them), or, unless `missing` is None, no root holds it (`missing` says so)."""
    try:
        path = _inside(name, roots, label)
    except ValueError as error:
        problems.append((where, str(error)))
        return None
    if path is None and missing is not None:
        problems.append((where, missing))
    return path


def _inside(name: str, roots: list[Path], label: str) -> Path | None:
    """The file `name` names, looked up in each of `roots` in turn, resolved; None when no root holds it.

    A game folder may come from a stranger, so a name reaches only files inside its roots: an absolute
    path, a URL, a `..` that climbs out, or a symbolic link pointing out of the root that holds it raise
    ValueError saying so (`label` names the roots in that message)."""
    pure = PurePosixPath(name)
    if not pure.parts or pure.is_absolute() or ":" in pure.parts[0]:
        raise ValueError(f"{name!r} is not a relative path: name a file inside {label}")
    depth = 0
    for part in pure.parts:
        depth += -1 if part == ".." else 0 if part == "." else 1
        if depth < 0:
            raise ValueError(f"{name} leads outside {label}")
        if len(os.fsencode(part)) > NAME_MAX:
            raise ValueError(f"{clip(name)} is not a file name: a name of {len(part)} characters, where a "
                             f"file's name has at most {NAME_MAX} bytes")
    for root in roots:
        candidate = root / pure
        try:
            if not candidate.is_file() and candidate.exists() and not candidate.is_dir():  # reading could block
                raise ValueError(f"{name} is not a plain file (a pipe, a device or a socket): name a file")
            if not candidate.is_file():
                continue
            real, top = candidate.resolve(strict=True), root.resolve(strict=True)
        except (OSError, RuntimeError):  # a loop of links, a path longer than the system holds
            continue
        if not real.is_relative_to(top):
            raise ValueError(f"{name} is a link to a file outside {label}")
        return real
    return None
