"""The `pnp` command: one small module per subcommand under pnp/commands."""
from __future__ import annotations

import click

from pnp import __version__
from pnp.commands import build, listing


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli():
    """Print-and-play kits from data files, and rules checking of recorded playtests."""


cli.add_command(build.command)
cli.add_command(listing.command)


def main():
    cli(prog_name="pnp")
