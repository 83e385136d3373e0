"""`pnp build`: lay out and write the print-ready PDFs of one or more games."""
from __future__ import annotations

import time
from pathlib import Path

import click

from pnp.render.images import pillow_when_asked

pillow_when_asked()
# reportlab's utilities loaded first, near the top of the call stack: loaded deep in the stages' import chain,
# their module body makes CPython 3.11 map and unmap a frame-stack chunk on thousands of calls (some 20 ms a run)
import reportlab.lib.utils  # noqa: F401

from pnp.commands import options
from pnp.errors import PnpError, shown
from pnp.build.stages import build, read_kit
from pnp.layout.imposition import Settings
from pnp.model.paper import PAPERS
from pnp.model.units import parse_length
from pnp.read.games import game_slugs
from pnp.wording import plural


def _length(value: str | None, option: str) -> float | None:
    if value is None:
        return None
    try:
        length = parse_length(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint=f"'{option}'") from None
    if length < 0:
        raise click.BadParameter(f"expected a length of 0 or more, got {value}", param_hint=f"'{option}'")
    return length


def _offset(value: str) -> tuple[float, float]:
    try:
        x, y = (parse_length(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y such as 0.5,-1 (millimetres), got {value!r}") from None
    return x, y


@click.command("build")
@click.argument("games", nargs=-1)
@options.paper
@click.option("--fold", is_flag=True, help="Only fold-and-glue sheets (fronts beside their backs, one-sided).")
@click.option("--duplex", is_flag=True, help="Only double-sided pages. Default: the forms the game's data names "
                                             "(both, unless it says otherwise).")
@click.option("--short-edge", is_flag=True, help="Mirror back pages for a short-edge flip (default: long edge).")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Shift back pages by X,Y mm to correct a printer that does not align its two sides.")
@click.option("--margin", default=None, metavar="LENGTH",
              help="The unprinted margin at each paper edge. Default: the usual margin of the paper.")
@click.option("--gutter", default=None, metavar="shared|bleed|LENGTH",
              help="Space between neighbouring cards and tokens. shared (0): neighbours share their cut lines, nine "
                   "poker cards on A4; bleed: twice the bleed, each card its own (eight on A4). Default: the data's, "
                   "else shared where the paper keeps room for crop marks on every cut, else bleed.")
@click.option("--cut-lines", is_flag=True, help="Also draw thin dotted cut lines across the sheet.")
@click.option("--sheets", type=click.IntRange(1, 1000), default=None,
              help="How many numbered sheets to print (for games whose sheets differ one from another).")
@click.option("--print-shop", "shop", is_flag=True,
              help="Also write each card group for a print shop: one card a page, bleed and trim box set.")
@click.option("--proof", is_flag=True, help="Print each card's id at its foot, to check the kit against its data.")
@click.option("--preview", is_flag=True, help="Also write a PNG of every kit page and OUT/<game>/preview/index.html.")
@click.option("--warnings-as-errors", "strict", is_flag=True,
              help="Treat warnings (text hard to read, pictures that print soft, a kit without its rules) as "
                   "errors: report them all and write nothing.")
@click.option("-v", "--verbose", is_flag=True,
              help="Print each part as it is laid out, every file written and every warning in full (by default "
                   "a game's build is one line, its warnings counted).")
@click.option("--changed-since", "old_manifest", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="MANIFEST", help="Also write <game>-changed-<variant>.pdf: only the pieces that differ from "
                                       "the kit an earlier build's <game>-manifest.json describes (of a card "
                                       "whose count alone changed, only the copies added), a checklist of what "
                                       "to throw away, add or take out of the deck first.")
@click.option("--ink", type=click.Choice(["normal", "low", "both"]), default="normal", show_default=True,
              help="low: print large fills (card backgrounds, full-bleed backs, a board's sea) as light tints, keeping "
                   "every cut line, text and symbol; files named -low-ink. both: the normal kit and the low-ink "
                   "one. A low-ink build reports each page's ink coverage.")
@click.option("--coverage", is_flag=True, help="Report the ink coverage of every kit page: the share of the page "
                                               "ink covers, weighted by how dark it is.")
@options.rule
@options.out(Path("output"), "Each game goes into DIR/<game>/.")
def command(games, paper, fold, duplex, short_edge, back_offset, margin, gutter, cut_lines, sheets, shop, proof,
            preview, strict, verbose, old_manifest, ink, coverage, rules, out):
    """Build the kits of GAMES (all games when none is named) into DIR/<game>/."""
    if fold and duplex:
        raise click.UsageError("--fold and --duplex cannot be used together; leave both out to build every form "
                               "the game's data names")
    margin_mm = _length(margin, "--margin")
    gutter_mm = {"shared": 0.0, "bleed": "bleed"}.get(gutter) if gutter in ("shared", "bleed") else _length(
        gutter, "--gutter")
    common = dict(paper=PAPERS[paper], margin=margin_mm, gutter=gutter_mm, short_edge=short_edge,
                  back_offset=_offset(back_offset), cut_lines=cut_lines, sheets=sheets, proof=proof)
    names = games or game_slugs()
    if not names:
        raise PnpError("no games found")
    if rules and len(names) != 1:
        raise click.BadParameter("a variant's rule facts are a game's own: name one game", param_hint="'--rule'")
    loaded = [read_kit(name, rules) for name in names]  # every game's data is checked before anything is built
    if sheets is not None:
        _check_sheets(loaded, named=bool(games))
    old = _manifest(old_manifest, [game.slug for game in loaded]) if old_manifest else None
    start, warned = time.perf_counter(), 0
    for game in loaded:
        forms = ("fold",) if fold else ("duplex",) if duplex else game.forms
        inks = ("normal", "low") if ink == "both" else (ink,)
        variants = [Settings(fold=form == "fold", ink=each, **common) for each in inks for form in forms]
        variants += [Settings(shop=True, ink=each, **common) for each in inks] if shop else []
        told = _Told(verbose)
        try:
            files = build(game, variants, out / game.slug, progress=told, preview=preview, strict=strict,
                          verbose=True, changed_since=old if old and old["game"] == game.slug else None,
                          coverage=coverage)
        except PnpError:
            told.flush()  # a build that fails says its warnings in full, before its errors
            raise
        if verbose:
            for path in files:
                if path.suffix != ".png":  # the pictures are many: index.html lists them
                    click.echo(str(path))
        else:
            click.echo(told.line(game.slug, shop=shop, preview=preview))
        warned += len(told.warnings)
    if preview:
        from pnp.write.preview import write_index

        click.echo(str(write_index(out, {game.slug: game.name for game in loaded})))
    hint = f"; {plural(warned, 'warning')}: add -v to see them" if warned and not verbose else ""
    click.echo(f"built {plural(len(loaded), 'game')} in {time.perf_counter() - start:.2f} s{hint}", err=True)


class _Told:
    """What a game's build says (pnp/build/said.py): each line at once with -v; else the warnings counted (kept,
    to be said in full if the build fails), each kit's sheets kept for the game's line, the parts' lines left
    out, and any other line (coverage, reprints: asked for) said at once."""

    def __init__(self, verbose: bool):
        self.verbose, self.warnings, self.kits, self.folder = verbose, [], [], None

    def __call__(self, line: str) -> None:
        kind = getattr(line, "kind", None)
        if kind == "warning":
            self.warnings.append(line)
        elif kind == "kit":
            self.kits.append((line.sheets, line.paper, line.form))
        elif kind == "done":
            self.folder = line.folder
        if self.verbose or kind not in ("part", "warning", "kit", "done"):
            click.echo(line, err=True)

    def flush(self) -> None:
        if not self.verbose:
            for line in self.warnings:
                click.echo(line, err=True)

    def line(self, slug: str, shop: bool, preview: bool) -> str:
        """The game's line: `buried-treasure: 11 sheets A4 duplex, 23 fold -> output/buried-treasure/ (2
        warnings)`; a paper named once for the kits that share it."""
        made, paper = [], None
        for sheets, size, form in self.kits:
            unit = f" {'sheet' if sheets == 1 else 'sheets'}" if not made else ""
            made.append(f"{sheets}{unit} {form if size == paper else f'{size} {form}'}")
            paper = size
        made += ["print-shop files"] if shop else []
        made += ["a preview"] if preview else []
        warned = f" ({plural(len(self.warnings), 'warning')})" if self.warnings else ""
        return f"{slug}: {', '.join(made) or 'no kit'} -> {self.folder}/{warned}"


def _check_sheets(games, named: bool) -> None:
    """--sheets is for games with numbered sheets: refuse it for a game named without them (or when no game
    has them), rather than ignore it."""
    def numbered(game) -> bool:
        return any(component.options.get("numbered") for component in game.components.values())

    without = [game.slug for game in games if not numbered(game)]
    if without and (named or len(without) == len(games)):
        having = [game.slug for game in games if numbered(game)]
        also = f" (only {', '.join(having)} has them)" if having else ""
        raise click.BadParameter(f"{', '.join(without)} has no numbered sheets{also}", param_hint="'--sheets'")


def _manifest(path: Path, slugs: list) -> dict:
    """An earlier build's manifest, read before the build replaces the folder it may lie in; it must be one of
    the games built."""
    manifest = options.manifest(path, "--changed-since")
    if manifest["game"] not in slugs:
        raise click.BadParameter(f"{shown(path)} is the manifest of {manifest['game']!r}, which is not built here",
                                 param_hint="'--changed-since'")
    return manifest
