"""`pnp check`: replay recorded playtests against their game's rules and report every problem."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.check.loader import rules_for
from pnp.check.replay import Outcome, check_path, log_paths
from pnp.check.report import as_json, as_text, exit_code
from pnp.check.violations import LOG_INTERNAL, READ, Violation
from pnp.commands import options
from pnp.errors import clip, shown_all


@click.command("check")
@click.argument("logs", nargs=-1, required=True)
@click.option("--game", metavar="GAME", help="Check against this game: an installed game's slug, or the folder of a "
              "game you trust (its rules run). The logs' `game:` must name it.")
@click.option("--strict", is_flag=True, help="Stop at the first problem instead of reporting them all.")
@click.option("--format", "form", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: a list of {file, line, rule, message, kind}.")
@click.option("-q", "--quiet", is_flag=True, help="Print problems only, nothing for valid logs.")
@click.option("--manifest", "manifests", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              metavar="MANIFEST", help="An earlier build's <game>-manifest.json: a log played with that kit (its "
                                       "`kit:` header) is told which cards have changed since.")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="The variant of the logs whose header names none (no `rules:` line): this rule fact set to "
                   "VALUE, such as goal=25; repeat it for more. A log naming another variant is reported.")
@click.pass_context
def command(ctx, logs, game, strict, form, quiet, manifests, rules):
    """Check playtest LOGS (files, or folders of *.log files) against their game's rules.

    A log names an installed game in its header (`game: buried-treasure`); a game folder's rules are
    used only when named with --game, since its rules are Python and run. A log of a variant names it
    (`rules: goal=25`, as `pnp simulate --rule` writes it) and is judged by the variant's rules.

    Problems are printed as `file:line: RULE message`. Exit code 0: every log is valid; 1: a rule is
    broken; 2: a log cannot be read."""
    variant = rules
    rules = rules_for(game) if game else None
    if rules and variant:
        rules_for(game, variant)  # an unknown fact, or a variant the rules cannot play: said before any log
    kits = {}
    for path in manifests:
        read = options.manifest(path, "--manifest")
        kits[(read["game"], read["kit"])] = read
    outcomes = []
    paths = log_paths(logs)
    told = form == "text" and not quiet  # whether the report says what each valid log was
    for path, file in zip(paths, shown_all(paths)):
        outcomes.append(_checked(path, file, strict, rules, kits, told, variant))
        if strict and outcomes[-1].violations:
            break
    if form == "json":
        click.echo(as_json(outcomes))
    else:
        lines = as_text(outcomes, quiet)
        if lines:
            click.echo("\n".join(lines))
    ctx.exit(exit_code(outcomes))


def _checked(path, file: str, strict: bool, rules, manifests: dict, summary: bool, variant: tuple) -> Outcome:
    """Any failure of the checker itself is reported as a problem of the file, never as a traceback."""
    try:
        return check_path(path, strict, rules, manifests, file, summary=summary, rule=variant)
    except Exception as error:  # noqa: BLE001 - the command's promise: a report line, whatever happens
        message = f"the checker failed on this file ({type(error).__name__}: {clip(str(error))}); please report it"
        return Outcome(file, [Violation(file, 1, LOG_INTERNAL, message, READ)])
