"""`pnp watch`: build a game's kit again on every save, and show it on a page that follows the builds."""
from __future__ import annotations

from pathlib import Path

import click
import reportlab.lib.utils  # noqa: F401  (loaded first, as `pnp build` does: see pnp/commands/build.py)

from pnp.commands import options
from pnp.model.paper import PAPERS


@click.command("watch")
@click.argument("game")
@options.paper
@options.browse(False)
@options.port
@options.lan
@options.rule
@options.out(Path("output"), "The kit goes into DIR/<game>/, as `pnp build` writes it.")
def command(game, paper, browse, port, lan, rules, out):
    """Build GAME's kit with its preview, then again whenever one of its files is saved, and serve a page on this
    computer (or, with --lan, on the local network) that shows the newest build (or what keeps it from building)
    and reloads itself. Ctrl-C stops."""
    from pnp.build.watch import Session, run
    from pnp.read.games import load_game

    if rules:
        load_game(game, rules)  # a variant that is no variant of the game's facts stops here, before the first build

    session = Session(game, {"paper": PAPERS[paper]}, out, say=lambda message: click.echo(message, err=True),
                      rules=rules)
    run(session, lambda message: click.echo(message), port=port, browse=browse, lan=lan)
