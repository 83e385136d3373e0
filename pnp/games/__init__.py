"""The games pnp ships, each a package by the name its entry point gives (pyproject.toml, `pnp.games`).

A game installed with pip is a package whose folder holds its data and its `rules` subpackage: the entry point
`sea-race = "sea_race"` names it. pnp's own games are found the same way, but their folders are named by their
slugs (`games/pete-the-pirate/`), which hold hyphens, and a hyphen cannot be imported: so each folder here that
holds a game.yaml is made the package `pnp.games.<slug with _ for ->` (`pnp.games.pete_the_pirate`), its folder
that one, its rules `pnp.games.pete_the_pirate.rules`. Nothing of a game runs until its rules are imported.
"""
from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def _package(folder: Path) -> ModuleType:
    """The package whose folder is a game folder here, made and registered under its importable name."""
    name = f"{__name__}.{folder.name.replace('-', '_')}"
    spec = ModuleSpec(name, None, is_package=True)
    spec.submodule_search_locations = [str(folder)]
    package = ModuleType(name, f"The game in {folder.name}/, a package of pnp's own.")
    package.__spec__, package.__path__, package.__package__ = spec, [str(folder)], name
    sys.modules.setdefault(name, package)
    return sys.modules[name]


for _folder in sorted(HERE.glob("*/game.yaml")):
    globals()[_folder.parent.name.replace("-", "_")] = _package(_folder.parent)
