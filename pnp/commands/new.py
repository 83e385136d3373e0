"""`pnp new`: a new game folder to design in, which `pnp build` builds at once: a small kit of our own
(pnp/starter: cards from a CSV list, their templates, an SVG, the players' rules, a score sheet, each file
commented), or a copy of a shipped game's data with its templates and artwork made the folder's own."""
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
NAMED = ("game.yaml", "how-to-play.md")  # the starter's files that say the game's name
CHECKER = {"rules", "RULES.md", "examples", "__pycache__"}  # a shipped game's checker, not copied (its rule facts,
# rules.yaml, are: the kit states them)


@click.command("new")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--from", "start", metavar="GAME",
              help="Start from a copy of a shipped game's data, templates and artwork (`pnp list` names them); "
                   "its checker rules are not copied.")
def command(folder: Path, start: str | None):
    """Make FOLDER, a new game that `pnp build FOLDER` builds at once: game.yaml, a card list (CSV), the
    cards' templates, an SVG, the players' rules and a score sheet, each commented to be changed."""
    name = folder.name
    if not FILE_NAME.fullmatch(name):
        raise PnpError(f"{name!r}: a game's folder names its PDF files: letters, digits, - and _ only")
    if name in game_slugs():
        raise PnpError(f"{name} is a game pnp ships, which `pnp build {name}` builds: give yours another name")
    if start is not None and start not in game_slugs():
        raise PnpError(f"--from: unknown game {start!r} (known games: {', '.join(game_slugs())})")
    if folder.exists() or folder.is_symlink():
        raise PnpError(f"{folder} already exists: pnp new never writes over a folder; name a new one")
    making = folder.parent / f".{name}-{os.getpid()}"  # made aside, moved into place once complete
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(making, ignore_errors=True)
        making.mkdir()
        _copy_game(start, making, _title(name)) if start else _copy_starter(making, _title(name))
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
    click.echo(f"next: pnp build {folder}   (the PDFs go into output/{name}/)")


def _title(name: str) -> str:
    """The game's name made from its folder's: my-game -> My Game."""
    return " ".join(word.capitalize() for word in re.split(r"[-_]+", name) if word) or name


def _copy_starter(target: Path, title: str) -> None:
    shutil.copytree(STARTER, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    for file in NAMED:
        path = target / file
        path.write_text(path.read_text(encoding="utf-8").replace("__NAME__", title), encoding="utf-8")


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
