"""`pnp record`: a game recorded at the table on a page served on this computer (or a phone on the local network),
line by line as it is played, each line checked by the game's rules and written to the log at once."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click

from pnp.commands import options
from pnp.errors import PnpError, shown


@click.command("record")
@click.argument("game")
@click.option("--players", "names", default=None, metavar='"NAME NAME ..."',
              help="The players' names in seat order, separated by spaces or commas (a log resumed keeps its "
                   "own).")
@click.option("--option", "header", multiple=True, metavar="KEY=VALUE",
              help="A value of the log's header, such as advanced=yes (repeat it for more; the game's others are "
                   "drawn as pnp simulate draws them).")
@options.rule
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="The log's file; one that already holds this game's log is resumed where it stopped "
                   "(default: playtests/<game>/<date>-<time>.log in the current folder).")
@options.port
@options.lan
@options.browse(True)
def command(game, names, header, rules, out, port, lan, browse):
    """Record a game of GAME as it is played: serve a page showing the game as the rules know it, the next line's
    choices as buttons, a line typed with completion, undo, notes, and the log so far; each line is written to
    the log's file as it is entered. Ctrl-C stops; running it again with the same --out goes on."""
    path = out or default_log(game, datetime.now())
    if not names and not (path.is_file() and path.stat().st_size):
        raise click.UsageError('name the players in seat order, such as --players "Ann Bob"')
    from pnp.record.table import Refused, Table
    from pnp.serve.server import Server, announce, open_in_browser
    from pnp.serve.table_page import app

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PnpError(f"cannot write the log into {shown(path.parent)}: {error.strerror or error}") from None
    table = Table.open(path, game, players(names), options.header_options(header), tuple(rules))
    say = click.echo
    with Server(port, lan) as server:
        server.start(app(table, Refused, say=lambda message: click.echo(message, err=True)))
        announce(server, f"recording {table.view()['game']} into {shown(table.path)}: the page", say)
        if browse:
            open_in_browser(server.url)
        server.wait()
    say(f"stopped recording; the log is {shown(table.path)}")


def players(names: str | None) -> tuple:
    """The players' names as given (spaces or commas between them); empty when none are."""
    return tuple(name for name in (names or "").replace(",", " ").split() if name)


def default_log(game: str, now: datetime) -> Path:
    """Where a recording goes unless --out says: playtests/<game>/<date>-<time>.log in the current folder (not in
    output/<game>/, which a build replaces whole)."""
    from pnp.read.games import game_slug

    return Path("playtests") / game_slug(game) / f"{now:%Y-%m-%d-%H%M}.log"
