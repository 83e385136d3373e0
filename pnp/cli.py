"""The `pnp` command: one small module per subcommand under pnp/commands."""
from __future__ import annotations

import os
import sys

import click

from pnp import __version__
from pnp.commands import build, check, listing, simulate, stats


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli():
    """Print-and-play kits from data files, and rules checking of recorded playtests."""


cli.add_command(build.command)
cli.add_command(listing.command)
cli.add_command(check.command)
cli.add_command(simulate.command)
cli.add_command(stats.command)


def main():
    """Run the command line. A fault of our own is reported in one line, not as a traceback,
    unless PNP_DEBUG is set."""
    try:
        cli(prog_name="pnp", standalone_mode=True)
    except Exception as error:  # click has already handled every error the user can fix
        if os.environ.get("PNP_DEBUG"):
            raise
        click.echo(f"pnp: internal error: {type(error).__name__}: {error} "
                   "(please report it; set PNP_DEBUG=1 to see where it happened)", err=True)
        sys.exit(70)
