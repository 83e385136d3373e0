"""Finding a game's rules: its checked data (`pnp.games.load_game`) and its rules module, loaded by path.

Slugs hold hyphens, so `pnp/games/<slug>/rules.py` cannot be imported by name; it is loaded from its file
once per run and asked for `rules(game)`.

A rules module is Python: loading it runs it. So a log, which may come from anyone, names only an
installed game, by its slug (`installed_rules`); a game folder's rules are loaded only when the person
running the command names the folder (`rules_for`, for `pnp check --game FOLDER` and `pnp simulate FOLDER`).
"""
from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

from pnp.errors import PnpError, clip, shown
from pnp.read.games import game_slugs, load_game

_loaded: dict = {}


def installed_rules(slug: str):
    """The `Rules` of an installed game named by its slug, as a log's `game:` line names it; never a folder's."""
    if slug not in game_slugs():
        known = ", ".join(game_slugs())
        if any(mark in slug for mark in "/\\."):
            raise PnpError(f"{clip(slug)!r} is not a game's slug: a log names an installed game ({known}); "
                           "a game folder's rules run only when you name it: pnp check --game FOLDER LOG...")
        raise PnpError(f"unknown game {clip(slug)!r} (known games: {known})")
    return rules_for(slug)


def rules_for(name: str):
    """The `Rules` of a game named on the command line, by slug or by folder; raises PnpError when it has none."""
    if name not in _loaded:
        game = load_game(name)
        path = game.folder / "rules.py"
        module = _module(path, game.slug)
        factory = getattr(module, "rules", None)
        if not callable(factory):
            raise PnpError(f"{shown(path)} defines no `rules(game)` function")
        try:
            _loaded[name] = factory(game)
        except PnpError:
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - a game's own code failing: its author's to fix
            raise PnpError(f"{shown(path)}: `rules(game)` failed: {type(error).__name__}: {error}") from None
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
        except (Exception, SystemExit) as error:  # noqa: BLE001 - a game's own code failing: its author's to fix
            del sys.modules[name]
            raise PnpError(f"{shown(path)} cannot be loaded: {type(error).__name__}: {error}") from None
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]
