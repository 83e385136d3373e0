"""`pnp check`: replay recorded playtests against their game's rules and report every problem."""
from __future__ import annotations

import click

from pnp.check.replay import Outcome, check_path, log_paths
from pnp.check.report import as_json, as_text, exit_code
from pnp.check.violations import LOG_INTERNAL, READ, Violation
from pnp.errors import shown


@click.command("check")
@click.argument("logs", nargs=-1, required=True)
@click.option("--strict", is_flag=True, help="Stop at the first problem instead of reporting them all.")
@click.option("--format", "form", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: a list of {file, line, rule, message, kind}.")
@click.option("-q", "--quiet", is_flag=True, help="Print problems only, nothing for valid logs.")
@click.pass_context
def command(ctx, logs, strict, form, quiet):
    """Check playtest LOGS (files, or folders of *.log files) against their game's rules.

    Problems are printed as `file:line: RULE message`. Exit code 0: every log is valid; 1: a rule is
    broken; 2: a log cannot be read."""
    outcomes = []
    for path in log_paths(logs):
        outcomes.append(_checked(path, strict))
        if strict and outcomes[-1].violations:
            break
    if form == "json":
        click.echo(as_json(outcomes))
    else:
        for line in as_text(outcomes, quiet):
            click.echo(line)
    ctx.exit(exit_code(outcomes))


def _checked(path, strict: bool) -> Outcome:
    """Any failure of the checker itself is reported as a problem of the file, never as a traceback."""
    try:
        return check_path(path, strict)
    except Exception as error:  # noqa: BLE001 - the command's promise: a report line, whatever happens
        file = shown(path)
        message = f"the checker failed on this file ({type(error).__name__}: {error}); please report it"
        return Outcome(file, [Violation(file, 1, LOG_INTERNAL, message, READ)])
