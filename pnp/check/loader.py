"""Finding a game's rules: its checked data (`pnp.games.load_game`) and its rules module, loaded by path.

Slugs hold hyphens, so `pnp/games/<slug>/rules.py` cannot be imported by name; it is loaded from its file
once per run and asked for `rules(game)`.
"""
from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

from pnp.errors import PnpError, shown
from pnp.games import load_game

_loaded: dict = {}


def rules_for(name: str):
    """The `Rules` of a game named by slug (or by folder); raises PnpError when it has none."""
    if name not in _loaded:
        game = load_game(name)
        module = _module(game.folder / "rules.py", game.slug)
        factory = getattr(module, "rules", None)
        if not callable(factory):
            raise PnpError(f"{shown(game.folder / 'rules.py')} defines no `rules(game)` function")
        _loaded[name] = factory(game)
    return _loaded[name]


def _module(path: Path, slug: str):
    if not path.is_file():
        raise PnpError(f"the game {slug!r} has no rules module yet ({shown(path)}), so its logs cannot be checked")
    # One module name per file, so that two folders of the same game (a test's modified copy) never mix.
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
    name = f"pnp_rules_{slug.replace('-', '_')}_{digest}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the file runs
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]
