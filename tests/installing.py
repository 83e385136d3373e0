"""Games installed for a test as pip installs them: a distribution's metadata (`<name>.dist-info/`, its
`entry_points.txt` naming the games under `pnp.games`) in a folder put on sys.path, beside the packages it
registers. pnp finds them through importlib.metadata, the one way it finds every installed game."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from pnp.check import loader
from pnp.read import games


def registered(root: Path, name: str, entries: dict) -> Path:
    """`root` holding the metadata of a distribution `name` that registers `entries` (slug -> package)."""
    info = root / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    points = "".join(f"{slug} = {package}\n" for slug, package in entries.items())
    (info / "entry_points.txt").write_text(f"[{games.GROUP}]\n{points}")
    return root


def forget_installed() -> None:
    """pnp reads the entry points again, and loads every game's rules again, from the next use on."""
    games._installed.clear()
    loader._installed.clear()
    loader._loaded.clear()


@contextmanager
def installed(*roots: Path):
    """The distributions and packages in `roots` installed while the block runs; uninstalled after it (the
    packages it imported forgotten too)."""
    before, modules = list(sys.path), set(sys.modules)
    sys.path[:0] = [str(root) for root in roots]
    forget_installed()
    try:
        yield
    finally:
        sys.path[:] = before
        for name in set(sys.modules) - modules:
            if any(Path(getattr(sys.modules[name], "__file__", None) or "/").is_relative_to(root) for root in roots):
                del sys.modules[name]
        forget_installed()
