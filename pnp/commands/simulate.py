"""`pnp simulate`: bots play complete games through a game's rules engine; each game is written as a log."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.check.loader import rules_for
from pnp.check.replay import check_text
from pnp.check.report import as_text
from pnp.check.simulate import fouls_reported, simulate
from pnp.commands import options
from pnp.errors import PnpError, shown
from pnp.read.rulefacts import variant_text
from pnp.wording import plural


@click.command("simulate")
@click.argument("game")
@options.games(default=10)
@options.players
@options.bots("seat by seat: the first at the first seat, the next at the next, round again")
@options.seed
@options.header
@options.rule
@options.out(Path("output/simulated"), "The folder the logs are written to.")
@click.option("--check/--no-check", default=True, show_default=True, help="Check each log as it is written.")
def command(game, count, players, bots, seed, header, rules, out, check):
    """Play N games of GAME with bots and write each as a playtest log into DIR (each checked as it is
    written). With --rule, the bots play that variant, and each log names it in its header (`rules:`, and
    `kit:` the variant kit's version), so that `pnp check` judges it by the variant."""
    header = options.header_options(header)
    variant = rules
    rules = rules_for(game, variant)  # an unknown fact, or a variant the rules cannot play: said before any log
    slug = rules.game.slug
    width = max(4, len(str(count)))
    problems = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        with fouls_reported():
            for number, text in simulate(game, count, seed, players, bots, header, variant):
                path = out / f"{slug}-{number:0{width}d}.log"
                path.write_text(text, encoding="utf-8")
                outcome = check_text(text, shown(path), rules=rules) if check else None
                if outcome and outcome.violations:
                    problems += as_text([outcome])
    except OSError as error:
        raise PnpError(f"cannot write to {shown(out)}: {error.strerror or error}") from None
    played = f", rules {variant_text(rules.game.variant)}" if rules.game.variant else ""
    click.echo(f"wrote {plural(count, 'log')} to {shown(out)} (seed {seed}{played})"
               + (", all valid" if check and not problems else ""))
    for line in problems:
        click.echo(line)
    if problems:
        raise SystemExit(1)
