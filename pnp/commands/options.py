"""Options that more than one command takes, defined once: the same idea has the same name, value and help
wherever it is asked for (`pnp simulate` and `pnp stats` play games alike; `pnp build` and `pnp list` lay out
on the same papers)."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.errors import clip, shown
from pnp.model.paper import PAPERS
from pnp.textfile import NotText, read_json

MANIFEST_BYTES = 256 * 1024 * 1024  # a manifest of the largest kit a build allows is a few tens of megabytes
ENTRY = {"key": str, "component": str, "side": str, "page": int, "slot": int}  # a printed face's, and its `card`


def manifest(path: Path, option: str) -> dict:
    """A manifest a build wrote (`<game>-manifest.json`, pnp/layout/changes.py), named by `option`; a usage error
    when it is none."""
    try:
        read = read_json(path, MANIFEST_BYTES)
        problem = _manifest_problem(read)
    except (OSError, NotText, ValueError) as error:
        problem = str(error)
    if problem:
        raise click.BadParameter(f"{shown(path)} is not a manifest a build wrote ({clip(problem)})",
                                 param_hint=f"'{option}'") from None
    return read


def _manifest_problem(read) -> str:
    """What keeps a JSON value from being a manifest, as much of one as is used: its game, kit, variants (each
    face's entry) and card digests; "" when nothing does."""
    if not isinstance(read, dict) or not all(isinstance(read.get(name), str) for name in ("game", "kit")):
        return "no game or kit named"
    variants, cards = read.get("variants"), read.get("cards", {})
    if not isinstance(variants, dict) or not all(isinstance(entries, list) and all(map(_entry, entries))
                                                 for entries in variants.values()):
        return "its variants are not lists of printed faces"
    if not isinstance(cards, dict) or not all(isinstance(digests, dict) and all(
            isinstance(digest, str) for digest in digests.values()) for digests in cards.values()):
        return "its cards are not digests by component and card"
    return ""


def _entry(entry) -> bool:
    """Whether a value is a printed face's entry in a manifest."""
    return isinstance(entry, dict) and isinstance(entry.get("card"), (str, type(None))) and all(
        type(entry.get(name)) is kind for name, kind in ENTRY.items())


class Option(click.Option):
    """An option that still reads an older spelling (`old`), shown nowhere, so that scripts written for it
    keep working."""

    def __init__(self, param_decls, old: tuple = (), **kwargs):
        super().__init__([*param_decls, *old], **kwargs)
        self.old = tuple(old)

    def get_help_record(self, ctx):
        spelled = self.opts
        self.opts = [name for name in spelled if name not in self.old]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = spelled


class PaperName(click.Choice):
    """--paper's values: the papers of pnp.model.paper.PAPERS, as it is when the option is read."""

    def __init__(self):
        super().__init__((), case_sensitive=False)

    @property
    def choices(self):
        return tuple(sorted(PAPERS))

    @choices.setter
    def choices(self, value):
        pass  # always PAPERS'


def _bots(ctx, param, values) -> tuple:
    """The bots named, each value a name or several separated by commas."""
    bots = tuple(name.strip() for value in values for name in value.split(",") if name.strip())
    if not bots:
        raise click.BadParameter("name one bot or more, separated by commas")
    return bots


def header_options(values) -> dict:
    """KEY=VALUE texts given on the command line as header values: key -> value."""
    options = {}
    for value in values:
        key, sep, text = value.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"expected KEY=VALUE such as advanced=yes, got {value!r}")
        if key.strip().lower() == "rules":
            raise click.BadParameter(f"a variant is played with --rule KEY=VALUE, which writes the `rules:` "
                                     f"header itself, not with --option {clip(value)!r}", param_hint="'--option'")
        options[key.strip().lower()] = text.strip()
    return options


paper = click.option("--paper", type=PaperName(), default="a4", show_default=True,
                     help="The paper the kit is printed on.")


def games(default: int):
    return click.option("--games", "count", type=click.IntRange(1), default=default, show_default=True,
                        metavar="N", help="How many games to play.")


def out(default: Path, what: str):
    return click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=default,
                        show_default=True, metavar="DIR", help=what)


players = click.option("--players", type=click.IntRange(1), default=None, metavar="N",
                       help="Players a game (default: drawn game by game, within the game's range).")


def bots(seated: str):
    """--bots, `seated` saying how the bots named take the seats. Given without a value (`--bots` followed by
    another option, or last) it names the random bot, so that `--playtests DIR --bots --out X` asks for bots'
    games beside the playtests rather than reading `--out` as a bot."""
    from pnp.check.bots import BOTS  # only for the commands that play

    return click.option("--bots", cls=Option, old=("--bot",), multiple=True, default=("random",),
                        is_flag=False, flag_value="random", show_default=True, callback=_bots, metavar="BOT,BOT,...",
                        help=f"The bots ({', '.join(BOTS)}, or the game's own), {seated}; --bots alone: random.")


seed = click.option("--seed", type=int, default=0, show_default=True, metavar="N",
                    help="The same seed plays the same games.")
header = click.option("--option", "header", multiple=True, metavar="KEY=VALUE",
                      help="A header value for every game, such as advanced=yes (default: drawn game by game).")


rule = click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
                    help="A variant: this rule fact set to VALUE for this run, such as goal=25 (pnp list GAME "
                         "--rules lists the facts and their values); repeat it for more.")


port = click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
                    help="The port the page is served on (0: a free one).")
lan = click.option("--lan", is_flag=True,
                   help="Serve the page on the local network too (for a phone or tablet), its address holding a "
                        "token without which it is refused; by default only this computer can open it.")


def browse(default: bool):
    """--open/--no-open: whether a command serving a page opens it in the web browser (where there is a screen)."""
    return click.option("--open/--no-open", "browse", default=default, show_default=True,
                        help="Open the page in the web browser, where this computer has a screen.")
