"""`pnp export`: a game's pieces for a target other than a home printer (pnp/export)."""
from __future__ import annotations

import time
from pathlib import Path

import click
from click.core import ParameterSource
import reportlab.lib.utils  # noqa: F401  (loaded near the top of the stack, as `pnp build` does)

from pnp.commands import options
from pnp.errors import PnpError
from pnp.export import TARGETS, left_out, target
from pnp.read.games import game_slugs
from pnp.wording import plural

MAX_DPI = 1200  # a poker card at 1,200 dpi is 3,000 × 4,200 pixels: more than any screen or shop asks for


class _Export(click.Command):
    """`pnp export`, whose help lists the targets: what each writes, and what it leaves out."""

    def format_help_text(self, ctx, formatter):
        super().format_help_text(ctx, formatter)
        with formatter.section("Targets"):
            formatter.write_dl([(name, described(name)) for name in sorted(TARGETS)])


def described(name: str) -> str:
    """A target as the help lists it: what it writes, and what it leaves out."""
    module = target(name)
    out = left_out(module)
    return module.SUMMARY + (f"; leaves out {out}" if out else "") + "."


@click.command("export", cls=_Export)
@click.argument("target_name", metavar="TARGET", type=click.Choice(sorted(TARGETS), case_sensitive=False))
@click.argument("games", nargs=-1)
@click.option("--dpi", type=click.IntRange(50, MAX_DPI), default=300, show_default=True,
              help="Pictures' resolution (png).")
@click.option("--bleed/--no-bleed", default=True, show_default=True,
              help="Pictures with the bleed round each face, or trimmed (png).")
@click.option("--base-url", default=None, metavar="URL",
              help="Where the pictures will be served from (tts): the Saved Object names them URL/<file> rather "
                   "than as files on this computer.")
@click.option("-v", "--verbose", is_flag=True, help="Print every warning in full.")
@options.rule
@options.out(Path("export"), "Each game goes into DIR/<game>/<target>/.")
def command(target_name, games, dpi, bleed, base_url, verbose, rules, out):
    """Export the pieces of GAMES (all games when none is named) for TARGET into DIR/<game>/<target>/."""
    from pnp.export.run import export

    name = target_name.lower()
    module = target(name)
    context = click.get_current_context()
    for option in ("dpi", "bleed", "base_url"):
        if option not in module.OPTIONS and context.get_parameter_source(option) != ParameterSource.DEFAULT:
            flags = next(param.opts + param.secondary_opts for param in command.params if param.name == option)
            raise click.BadParameter(f"{name} does not use it ({name} writes {module.SUMMARY})",
                                     param_hint=" / ".join(f"'{flag}'" for flag in flags))
    if base_url is not None:
        from urllib.parse import urlparse

        address = urlparse(base_url)
        if address.scheme not in ("http", "https") or not address.netloc:
            raise click.BadParameter(f"expected a web address such as https://example.org/my-game/, got "
                                     f"{base_url!r}", param_hint="'--base-url'")
    names = games or game_slugs()
    if not names:
        raise PnpError("no games found")
    if rules and len(names) != 1:
        raise click.BadParameter("a variant's rule facts are a game's own: name one game", param_hint="'--rule'")
    from pnp.build.stages import read_kit

    loaded = [read_kit(game, rules) for game in names]  # every game's data is checked before anything is written
    start = time.perf_counter()
    for game in loaded:
        export(game, module, out / game.slug / name,
               {"dpi": dpi, "bleed": bleed, "base_url": base_url and base_url.rstrip("/")},
               progress=lambda message: click.echo(message, err=True), verbose=verbose)
        click.echo(str(out / game.slug / name))
    click.echo(f"exported {plural(len(loaded), 'game')} for {name} in {time.perf_counter() - start:.2f} s",
               err=True)

