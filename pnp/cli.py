"""The `pnp` command: one small module per subcommand under pnp/commands, imported only when it runs
(building needs reportlab and jinja2, checking a log needs neither)."""
from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys

import click

from pnp import __version__
from pnp.model import mapped

COMMANDS = {"build": "build", "export": "export", "list": "listing", "new": "new", "check": "check",
            "simulate": "simulate", "stats": "stats", "watch": "watch", "record": "record"}  # name -> module


# Python's cycle collector runs after every 700 new containers by default: a build makes millions (a face's steps,
# its drawing, its layout), few of them in cycles, and the collector's passes took some 7 % of a big deck's build.
# A pass after every 200,000 finds the same garbage: a 1,000-card build makes one pass or none, not the six of
# every 20,000 (some 12 ms of its processor time, each pass walking what the build holds young: its fonts'
# tables, a PDF's pages). A build leaves next to nothing in cycles (the cycles it made, each holding what it kept
# of many faces, peaked a 10,000-card build 3-4 MB higher with passes this rare): its peak is the same either way.
COLLECTION = (200_000, 10, 10)


def _leave_to_the_system() -> None:
    """At exit, what the process made is left to the operating system, which takes back its memory whole: Python's
    last cycle collection, as it stops, walked every object a build made only to free them (some 50 ms of a
    1,000-card build's 800). Frozen, they are outside that pass. Nothing of pnp waits for it: its files and its
    cache are written and closed by then, and what reference counting frees is freed as before."""
    gc.freeze()


class Commands(click.Group):
    """The subcommands, each imported from pnp/commands when it is asked for (or when help lists them)."""

    def list_commands(self, ctx) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx, name: str):
        module = COMMANDS.get(name)
        return importlib.import_module(f"pnp.commands.{module}").command if module else None


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli():
    """Print-and-play kits from data files, and rules checking of recorded playtests."""


def main():
    """Run the command line. A fault of our own is reported in one line, not as a traceback,
    unless PNP_DEBUG is set."""
    gc.set_threshold(*COLLECTION)
    mapped.trim_heap()  # (a process of its own: its heap is a build's, see pnp/model/mapped.py)
    atexit.register(_leave_to_the_system)  # (run after the handlers registered later, as they are run last first)
    try:
        cli(prog_name="pnp", standalone_mode=True)
    except Exception as error:  # click has already handled every error the user can fix
        if os.environ.get("PNP_DEBUG"):
            raise
        click.echo(f"pnp: internal error: {type(error).__name__}: {error} "
                   "(please report it; set PNP_DEBUG=1 to see where it happened)", err=True)
        sys.exit(70)
