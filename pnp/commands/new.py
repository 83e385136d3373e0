"""`pnp new`: a new game folder to design in, which `pnp build` builds at once: a small kit of our own
(pnp/starter: cards from a CSV list, their templates, an SVG, the players' rules, a score sheet, each file
commented), or a copy of a shipped game's data with its templates and artwork made the folder's own; or, with
`--rules`, a game package to install with pip (pnp/starter_rules: a small race with its kit, its checker and
bots, a test file and two example logs), which pnp then finds by its slug like its own games."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import click

from pnp import resources
from pnp.errors import PnpError
from pnp.read.games import FILE_NAME, game_folder, game_slugs

STARTER = resources.PACKAGE / "starter"
STARTER_RULES = resources.PACKAGE / "starter_rules"  # __NAME__, __SLUG__ and __PACKAGE__ in its names and texts
NAMED = ("game.yaml", "how-to-play.md")  # the starter's files that say the game's name
CHECKER = {"rules", "RULES.md", "examples", "__pycache__"}  # a shipped game's checker, not copied (its rule facts,
# rules.yaml, are: the kit states them)


@click.command("new")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--from", "start", metavar="GAME",
              help="Start from a copy of a shipped game's data, templates and artwork (`pnp list` names them); "
                   "its checker rules are not copied.")
@click.option("--rules", "with_rules", is_flag=True,
              help="Make a game package with its checker and bots (a small race to change into yours), to "
                   "install with pip install -e FOLDER; pnp then finds it by its slug.")
def command(folder: Path, start: str | None, with_rules: bool):
    """Make FOLDER, a new game that `pnp build FOLDER` builds at once: game.yaml, a card list (CSV), the
    cards' templates, an SVG, the players' rules and a score sheet, each commented to be changed."""
    name = folder.name
    if not FILE_NAME.fullmatch(name):
        raise PnpError(f"{name!r}: a game's folder names its PDF files: letters, digits, - and _ only")
    if name in game_slugs():
        raise PnpError(f"{name} is a game pnp ships, which `pnp build {name}` builds: give yours another name")
    if start is not None and with_rules:
        raise PnpError("--from and --rules: choose one (a game's checker is never copied)")
    if start is not None and start not in game_slugs():
        raise PnpError(f"--from: unknown game {start!r} (known games: {', '.join(game_slugs())})")
    if folder.exists() or folder.is_symlink():
        raise PnpError(f"{folder} already exists: pnp new never writes over a folder; name a new one")
    making = folder.parent / f".{name}-{os.getpid()}"  # made aside, moved into place once complete
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(making, ignore_errors=True)
        making.mkdir()
        if with_rules:
            _copy_package(making, name)
        elif start:
            _copy_game(start, making, _title(name))
        else:
            _copy_starter(making, _title(name))
        making.rename(folder)
    except OSError as error:
        raise PnpError(f"{folder}: cannot be made: {error.strerror or error}") from None
    finally:
        shutil.rmtree(making, ignore_errors=True)
    click.echo(f"made {folder}{os.sep}")
    for path in sorted(folder.iterdir()):
        files = sum(1 for inner in path.rglob("*") if inner.is_file()) if path.is_dir() else 0
        click.echo(f"  {path.name}{os.sep} ({files} files)" if path.is_dir() else f"  {path.name}")
    if start:
        click.echo(f"started from {start}: its data, templates (templates/{start}/) and artwork (artwork/{start}/) "
                   f"are this folder's own. Its checker rules are Python and were not copied: `pnp check` "
                   f"cannot check playtest logs of this game.")
    if with_rules:
        click.echo(f"next: pip install -e {folder}   then: pnp build {name}, pnp simulate {name}, pnp check "
                   f"{folder / 'logs'}, pnp stats {name} (see {folder / 'README.md'})")
        return
    click.echo(f"next: pnp build {folder}   (the PDFs go into output/{name}/)")


def _title(name: str) -> str:
    """The game's name made from its folder's: my-game -> My Game."""
    return " ".join(word.capitalize() for word in re.split(r"[-_]+", name) if word) or name


def _copy_starter(target: Path, title: str) -> None:
    shutil.copytree(STARTER, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    for file in NAMED:
        path = target / file
        path.write_text(path.read_text(encoding="utf-8").replace("__NAME__", title), encoding="utf-8")


def _copy_package(target: Path, slug: str) -> None:
    """The race of pnp/starter_rules as the game package `slug`: its package named after the slug
    (sea-race -> sea_race), the names written into every text file."""
    words = {"__NAME__": _title(slug), "__SLUG__": slug, "__PACKAGE__": _package(slug)}
    for source in sorted(STARTER_RULES.rglob("*")):
        if "__pycache__" in source.parts or not source.is_file():
            continue
        path = target / _filled(source.relative_to(STARTER_RULES).as_posix(), words)
        path.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix in (".svg",):
            shutil.copyfile(source, path)
        else:
            path.write_text(_filled(source.read_text(encoding="utf-8"), words), encoding="utf-8")


def _package(slug: str) -> str:
    """The Python package a game's slug names: sea-race -> sea_race (a digit first gets a `game_` before it)."""
    name = re.sub(r"\W", "_", slug.replace("-", "_")).lower()
    return name if name.isidentifier() and not name[0].isdigit() else f"game_{name}"


def _filled(text: str, words: dict) -> str:
    for word, value in words.items():
        text = text.replace(word, value)
    return text


def _copy_game(slug: str, target: Path, title: str) -> None:
    """A shipped game's data files, and its templates and artwork under the same names as before (the game's
    own folders are searched first), so that its data and templates build unchanged."""
    source = game_folder(slug)
    for path in source.iterdir():
        if path.name not in CHECKER and path.is_file():
            shutil.copyfile(path, target / path.name)
    for shared in ("templates", "artwork"):
        if (resources.resource_dir(shared) / slug).is_dir():
            shutil.copytree(resources.resource_dir(shared) / slug, target / shared / slug)
    game = target / "game.yaml"
    text = game.read_text(encoding="utf-8")
    note = (f"# Started from {slug} (`pnp new --from {slug}`): its data, templates and artwork are this folder's "
            f"own.\n# Its checker rules are Python and were not copied: `pnp check` cannot check this game's "
            f"playtest logs.\n")
    named = f"name: {title}"
    if (target / "artwork" / slug / "icons").is_dir() and not re.search(r"^icons:", text, flags=re.M):
        named += f"\nicons: {slug}/icons   # the icons its texts show (:name:), copied with its artwork"
    game.write_text(note + re.sub(r"^name: .*$", named, text, count=1, flags=re.M), encoding="utf-8")
