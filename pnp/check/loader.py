"""Finding a game's rules: its checked data (`pnp.read.games.load_game`) and its rules module.

A game's rules are a package, `rules/` in the game's folder, one module for each part of its rulebook and
`bots.py`, or a single module, `rules.py` (a first checker, a test's made-up game); they are asked for
`rules(game)`. An installed game's rules are imported as the `rules` subpackage of the package its entry point
names (`sea_race.rules`, `pnp.games.pete_the_pirate.rules`: pnp/read/games.py), the one way for pnp's games and
a designer's. A game folder named on the command line is no package: its rules are loaded from the folder by
path, once per run, under a name of their own; its modules import one another relatively
(`from .verbs import Roll`), as an installed game's do.

Rules are Python: loading them runs them. So a log, which may come from anyone, names only an installed
game, by its slug (`installed_rules`): running its code was the act of installing it. A game folder's rules
are loaded only when the person running the command names the folder (`rules_for`, for
`pnp check --game FOLDER` and `pnp simulate FOLDER`).
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import zlib
from pathlib import Path

from pnp.errors import PnpError, clip, shown
from pnp.read.games import game_slugs, installed_folder, installed_games, load_game, rules_file

_loaded: dict = {}


def checked_games() -> list[str]:
    """The slugs of the installed games that have rules to check their logs with, in order."""
    return [slug for slug in game_slugs() if rules_file(installed_folder(slug))]


_installed: set = set()  # the slugs of installed games met so far: the folder is listed again only for another


def installed_rules(slug: str):
    """The `Rules` of an installed game named by its slug, as a log's `game:` line names it; never a folder's."""
    if slug not in _installed:
        _installed.update(game_slugs())
    if slug not in _installed:
        known = ", ".join(game_slugs())
        if any(mark in slug for mark in "/\\."):
            raise PnpError(f"{clip(slug)!r} is not a game's slug: a log names an installed game ({known}); "
                           "a game folder's rules run only when you name it: pnp check --game FOLDER LOG...")
        raise PnpError(f"unknown game {clip(slug)!r} (known games: {known})")
    return rules_for(slug)


VARIANTS = 64  # the variants' rules kept loaded at most (a log names its own: a folder of logs may name many)


def rules_for(name: str, rule: tuple = ()):
    """The `Rules` of a game named on the command line, by slug or by folder, with the rule facts `rule`
    changes (`--rule KEY=VALUE` texts); raises PnpError when it has none."""
    key = (name, tuple(rule))
    if key not in _loaded:
        while key[1] and sum(1 for _, given in _loaded if given) >= VARIANTS:
            del _loaded[next(each for each in _loaded if each[1])]  # the variant loaded first
        _loaded[key] = rules_of(load_game(name, rule))
    return _loaded[key]


def variant_rules(rules, rule):
    """The `Rules` of the game of `rules`, found as they were (a slug, or the folder named on the command line),
    with the rule facts `rule` changes (`KEY=VALUE` texts: --rule's, or a log's `rules:` header): PnpError, as
    for `rules_for`, naming the key, when one is not a fact of the game or the rules cannot play the variant."""
    game = rules.game
    return rules_for(game.slug if _found_by_slug(game) else str(game.folder), tuple(rule))


def _found_by_slug(game) -> bool:
    """Whether a game read is an installed game's, found by its slug (not a folder named on the command line)."""
    return game.slug in game_slugs() and installed_folder(game.slug).resolve() == game.folder.resolve()


def rules_of(game):
    """The `Rules` of a game read (its variant's, when `--rule` changed its facts); PnpError when it has none,
    or when its rules refuse its data (a variant the rules cannot play: hands larger than the deck ...)."""
    path = rules_file(game.folder)
    if path is None:
        raise PnpError(f"the game {game.slug!r} has no rules module yet ({shown(game.folder / 'rules')}/ or "
                       f"{shown(game.folder / 'rules.py')}), so its logs cannot be checked")
    module = _imported(game.slug, path) if _found_by_slug(game) else _module(path, game.slug)
    factory = getattr(module, "rules", None)
    if not callable(factory):
        raise PnpError(f"{shown(path)} defines no `rules(game)` function")
    try:
        return factory(game)
    except PnpError:
        raise
    except (Exception, SystemExit) as error:  # noqa: BLE001 - a game's own code failing: its author's to fix
        raise PnpError(f"{shown(path)}: `rules(game)` failed{_at(error, path)}: "
                       f"{type(error).__name__}: {error}") from None


def playable(game) -> None:
    """Raise what an installed game's checker finds wrong with its rule facts (a variant's too), so that a kit
    never prints rules its checker cannot play; a game folder's rules never run unless named (`rules_for`)."""
    if _found_by_slug(game) and rules_file(game.folder) is not None:
        rules_of(game)


def _imported(slug: str, path: Path):
    """The rules of an installed game: the `rules` module of the package its entry point names, imported once."""
    name = f"{installed_games()[slug].package}.rules"
    return _loaded_once(name, path, lambda: importlib.import_module(name))


def _module(path: Path, slug: str):
    """The module of a game's rules file, loaded once: a package's `__init__.py` with its folder to import from."""
    # One module name per file, so that two folders of the same game (a test's modified copy) never mix.
    digest = f"{zlib.crc32(str(path.resolve()).encode()):08x}"
    name = f"pnp_rules_{slug.replace('-', '_')}_{digest}"

    def load():
        folder = [str(path.parent)] if path.name == "__init__.py" else None
        spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=folder)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the file runs
        spec.loader.exec_module(module)
    return _loaded_once(name, path, load)


def _loaded_once(name: str, path: Path, load):
    """The module `name`, made by `load()` unless a run made it before; a failure of the game's code is a
    PnpError naming where it arose, and nothing of it is kept."""
    if name not in sys.modules:
        try:
            load()
        except (Exception, SystemExit) as error:  # noqa: BLE001 - a game's own code failing: its author's to fix
            _forget(name)
            raise PnpError(f"{shown(path)} cannot be loaded{_at(error, path)}: "
                           f"{type(error).__name__}: {error}") from None
        except BaseException:
            _forget(name)
            raise
    return sys.modules[name]


def _forget(name: str) -> None:
    """A package that failed to load, and whichever of its modules did load, are loaded again next time."""
    for loaded in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
        del sys.modules[loaded]


def _at(error: BaseException, path: Path) -> str:
    """Where among a package's other modules an error arose (` at .../rules/bots.py:12`), else ""."""
    if path.name != "__init__.py":
        return ""
    import traceback  # only a failing game pays for it

    places = [(frame.filename, frame.lineno) for frame in traceback.extract_tb(error.__traceback__)]
    if isinstance(error, SyntaxError) and error.filename:
        places.append((error.filename, error.lineno))
    folder = path.parent.resolve()
    inside = [(Path(file).resolve(), line) for file, line in places if Path(file).resolve().parent == folder]
    return f" at {shown(inside[-1][0])}:{inside[-1][1]}" if inside and inside[-1][0].name != path.name else ""
