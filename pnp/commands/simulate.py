"""`pnp simulate`: bots play complete games through a game's rules engine; each game is written as a log."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.check.bots import BOTS
from pnp.check.loader import rules_for
from pnp.check.replay import check_text
from pnp.check.report import as_text
from pnp.check.simulate import fouls_reported, simulate
from pnp.errors import PnpError, shown
from pnp.wording import plural


def header_options(values) -> dict:
    """KEY=VALUE texts given on the command line as header values: key -> value."""
    options = {}
    for value in values:
        key, sep, text = value.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"expected KEY=VALUE such as advanced=yes, got {value!r}")
        options[key.strip().lower()] = text.strip()
    return options


@click.command("simulate")
@click.argument("game")
@click.option("--games", "count", type=click.IntRange(1), default=10, show_default=True, help="How many games.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed writes the same logs.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output/simulated"),
              show_default=True, help="The folder the logs are written to.")
@click.option("--players", type=click.IntRange(1), default=None, help="Players per game (default: varies).")
@click.option("--bot", "bots", multiple=True, default=("random",), show_default=True,
              help=f"The bot of each seat in turn ({', '.join(BOTS)}, or one of the game's own); repeat to mix bots.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A header value for every game, such as advanced=yes (default: varies).")
@click.option("--check/--no-check", default=True, show_default=True, help="Check each log as it is written.")
def command(game, count, seed, out, players, bots, options, check):
    """Play COUNT games of GAME with bots and write each as a playtest log in OUT."""
    options = header_options(options)
    rules = rules_for(game)
    slug = rules.game.slug
    width = max(4, len(str(count)))
    problems = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        with fouls_reported():
            for number, text in simulate(game, count, seed, players, bots, options):
                path = out / f"{slug}-{number:0{width}d}.log"
                path.write_text(text, encoding="utf-8")
                outcome = check_text(text, shown(path), rules=rules) if check else None
                if outcome and outcome.violations:
                    problems += as_text([outcome])
    except OSError as error:
        raise PnpError(f"cannot write to {shown(out)}: {error.strerror or error}") from None
    click.echo(f"wrote {plural(count, 'log')} to {shown(out)} (seed {seed})"
               + (", all valid" if check and not problems else ""))
    for line in problems:
        click.echo(line)
    if problems:
        raise SystemExit(1)
