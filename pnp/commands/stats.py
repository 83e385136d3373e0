"""`pnp stats`: bots play many games of a game through its rules, and a report says who wins, by how much,
how long games last and what comes up; `pnp stats merge` adds up the shards of a run played apart."""
from __future__ import annotations

import importlib.util
import re
import sys
from contextlib import nullcontext
from pathlib import Path

import click

from pnp.check.loader import rules_for
from pnp.check.simulate import fouls_reported
from pnp.commands import options
from pnp.errors import PnpError, shown
from pnp.wording import plural
from pnp.stats import results
from pnp.stats.figures import compare, figures, is_rate, percent, played_by, rate_text
from pnp.stats.cluster import dask_executor
from pnp.stats.run import Plan, cores, run, shard as shard_range

OUT = Path("output/stats")


class _Stats(click.Group):
    """`pnp stats GAME ...` is short for `pnp stats play GAME ...`, and its help says so: the options of
    playing, then the subcommands."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["play", *args]
        return super().parse_args(ctx, args)

    def format_usage(self, ctx, formatter):
        formatter.write_usage(ctx.command_path, "GAME [OPTIONS]")
        formatter.write_usage(ctx.command_path, "merge FILES... [OPTIONS]", prefix="   or: ")

    def format_options(self, ctx, formatter):
        play = self.commands["play"]
        sub = click.Context(play, info_name="play", parent=ctx)
        with formatter.section("Options of playing (pnp stats GAME, the same as pnp stats play GAME)"):
            formatter.write_dl([record for param in play.get_params(sub)
                                if isinstance(param, click.Option) and (record := param.get_help_record(sub))])
        self.format_commands(ctx, formatter)


@click.group("stats", cls=_Stats)
def command():
    """Balance statistics: bots play N games of GAME through its rules, and a report says who wins (by seat,
    turn order and bot, with 95 % intervals), by how much, how long games last and what comes up. `pnp stats
    merge FILES` adds up the shards of a run played apart (see `pnp stats merge --help`)."""


def _shard(ctx, param, value):
    match = re.fullmatch(r"(\d+)/(\d+)", value or "")
    if value is None:
        return None
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise click.BadParameter(f"expected I/N with 1 ≤ I ≤ N, such as 3/10, got {value!r}")
    return int(match.group(1)), int(match.group(2))


_out = options.out(OUT, "The folder the result file and the report are written to.")
_compare = click.option("--compare", "old", type=click.Path(dir_okay=False, path_type=Path), metavar="OLD.json",
                        help="An earlier result file (.json): the report shows what changed, with intervals; a "
                             "variant's figures (--rule) beside those of the rules the file was played by.")
_html = click.option("--html/--no-html", default=True, show_default=True, help="Write the HTML report too.")


@command.command("play")
@click.argument("game")
@options.games(default=10_000)
@options.players
@options.bots("seat by seat, turned round the seats game by game so that each plays every seat as often")
@options.seed
@options.header
@options.rule
@click.option("--workers", type=click.IntRange(1), default=None, metavar="N",
              help="Processes playing games (default: every core).")
@click.option("--chunk", type=click.IntRange(1), default=None, metavar="N",
              help="Games a task (default: 1,000–10,000, enough tasks for every worker).")
@click.option("--shard", callback=_shard, metavar="I/N",
              help="Play only the I-th of N equal parts of the games, into a file for `pnp stats merge`.")
@click.option("--dask", metavar="ADDRESS", help="Play on the Dask cluster whose scheduler is at ADDRESS "
              "(needs pip install 'pnp-press[cluster]').")
@click.option("--logs", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Also write every game's log into this folder (slow for many games).")
@click.option("--playtests", multiple=True, type=click.Path(exists=True, path_type=Path), metavar="FOLDER",
              help="Count the logs of games people played (every *.log below FOLDER; repeat for more) instead of "
                   "bots' games: those that pass `pnp check` give the same figures; with --bots, bots play too, "
                   "and the report sets the two side by side.")
@_out
@_compare
@_html
@click.pass_context
def play_command(ctx, game, count, players, bots, seed, header, rules, workers, chunk, shard, dask, logs, playtests,
                 out, old, html):
    """Play N games of GAME with bots through its rules and report who wins (by seat, turn order and bot,
    with 95 % intervals), scores and margins, game lengths, ties, and how often each card, space or face
    comes up. The same seed gives the same figures whatever the number of workers. With --rule, the bots play
    that variant; with --compare too (a result of the game's own rules), the report sets the variant's figures
    beside those. With --playtests, the same report of the games people played and recorded."""
    plan = Plan(game, seed, players, bots, tuple(options.header_options(header).items()), str(logs) if logs else None,
                tuple(rules))
    settings = plan.settings()  # the game is found, its data read, before anything is played
    _can_plot(html and shard is None)
    if playtests:
        if shard is not None or old is not None:
            raise PnpError("--playtests reports on the logs given, in one go: --shard and --compare are for bots' runs "
                           "(a report of playtests compares their printings itself)")
        played = ctx.get_parameter_source("bots") is not click.core.ParameterSource.DEFAULT
        _playtests(plan, playtests, (count, workers, chunk, dask) if played else None, out, html)
        return
    earlier = _earlier(old, settings["game"])
    first, last = (1, count) if shard is None else shard_range(count, *shard)
    with fouls_reported():
        run(plan, first, first)  # one game here: wrong options are reported before workers start
        counts = _played(plan, (first, last), workers or cores(), chunk, dask)
    data = results.result(settings, count, [(first, last)] if first <= last else [], counts)
    if shard is not None:
        path = out / f"{settings['game']}-stats-shard-{shard[0]}-of-{shard[1]}.json"
        results.write(path, data)
        click.echo(f"wrote games {first:,}–{last:,} of {count:,} to {shown(path)}; "
                   f"when every shard is done: pnp stats merge {shown(out)}/*.json")
        return
    _report(data, out, earlier, html)


def _played(plan: Plan, games: tuple, workers: int, chunk, dask) -> dict:
    """The counts of the games, a progress bar on a terminal."""
    first, last = games
    shown_bar = sys.stderr.isatty()
    bar = click.progressbar(length=last - first + 1, label=f"{plan.game}: {plural(last - first + 1, 'game')}", file=sys.stderr)
    with (dask_executor(dask) if dask else nullcontext()) as executor, (bar if shown_bar else nullcontext()):
        return run(plan, first, last, workers, chunk, executor, bar.update if shown_bar else None)


def _playtests(plan: Plan, folders, bots, out: Path, html: bool) -> None:
    """Count the playtests below `folders` (with bots' games when `bots` gives (count, workers, chunk, dask))
    and write their result and page."""
    from pnp.stats.playtests import gather, result

    rules = rules_for(plan.game, plan.rules)
    counts = gather(plan.game, folders, cores(), plan.rules)
    if not counts["logs"]:
        raise PnpError(f"no *.log files in {', '.join(shown(folder) for folder in folders)}")
    data = None
    if bots:
        count, workers, chunk, dask = bots
        with fouls_reported():
            data = results.result(plan.settings(), count, [(1, count)],
                                  _played(plan, (1, count), workers or cores(), chunk, dask))
    doc = result(rules, [shown(folder) for folder in folders], counts, data)
    path = out / f"{doc['game']}-playtests.json"
    results.write(path, doc)
    written = [path]
    if html:
        from pnp.stats.playtest_report import page

        written.append(out / f"{doc['game']}-playtests.html")
        results.write_text(written[-1], page(doc, out))
    for problem in doc["broken"]:
        click.echo(f"left out: {problem['file']}:{problem['line']}: {problem['rule']} {problem['message']}")
    click.echo(f"{plural(doc['logs'], 'log')}: {doc['valid']:,} valid and counted, {len(doc['broken']):,} left out")
    for line in _variant_lines(doc):
        click.echo(line)
    for line in _block_lines(doc["figures"]["players"], "player"):
        click.echo(line)
    if data:
        real = [row for row in doc["humans_vs_bots"] if row["real"]]
        click.echo(f"beside the bots' {plural(count, 'game')}: {len(real)} of {len(doc['humans_vs_bots'])} figures differ for real")
    click.echo("wrote " + " and ".join(shown(p) for p in written))


@command.command("merge")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@_out
@_compare
@_html
def merge_command(files, out, old, html):
    """Add up result FILES of one run (its shards, each played with --shard I/N) and report on them."""
    _can_plot(html)
    data = results.merge(list(files))
    _report(data, out, _earlier(old, data["settings"]["game"]), html)


def _can_plot(html: bool) -> None:
    """The HTML report's plots need matplotlib, an optional extra: said before any game is played."""
    if html and importlib.util.find_spec("matplotlib") is None:
        raise PnpError("the HTML report's plots need matplotlib, which is not installed: "
                       "pip install 'pnp-press[stats]', or leave the page out with --no-html")


def _earlier(path: Path | None, slug: str):
    """(path, result) of the earlier run to compare with, read before anything is played; or None."""
    if path is None:
        return None
    old = results.read(path)
    if old["settings"]["game"] != slug:
        raise PnpError(f"{shown(path)} holds figures of {old['settings']['game']}, not of {slug}: "
                       "compare a game with itself, before and after a change")
    return path, old


def _variant_lines(doc: dict) -> list:
    """The variants the valid logs were played by (their `rules:` header, or --rule): none said for the game's
    own rules alone; a variant's games are counted with the others, but never silently."""
    variants = doc["variants"]
    if set(variants) <= {""}:
        return []
    if len(variants) == 1:
        return [f"every game was played by the rules variant {next(iter(variants))}"]
    lines = [f"{plural(games, 'game')} played by " + (f"the rules variant {text}" if text else
                                                     f"{doc['game']}'s own rules")
             for text, games in sorted(variants.items())]
    return lines + ["  the figures below count them together; the printings (By printing on the page) keep each "
                    "variant's games apart"]


def _report(data: dict, out: Path, earlier, html: bool) -> None:
    """Write the result with its figures, and the HTML page; say the main figures."""
    old_path, old = earlier or (None, None)
    slug = data["settings"]["game"]
    path = out / f"{slug}-stats.json"
    results.write(path, {**data, "figures": figures(data), **({"changes": compare(old, data)} if old else {})})
    written = [path]
    if html:
        from pnp.stats.report import page  # matplotlib is imported only for the page

        written.append(out / f"{slug}-stats.html")
        results.write_text(written[-1], page(data, old))
    for line in _summary(data, old, old_path):
        click.echo(line)
    click.echo("wrote " + " and ".join(shown(p) for p in written))


def _summary(data: dict, old: dict | None, old_path: Path | None) -> list:
    lines = [f"played by {played_by(data)}"] if data["settings"].get("rules") else []
    lacking = results.missing(data)
    if lacking:
        lines.append(f"{lacking:,} of the run's {plural(data['games'], 'game')} are not counted yet (shards still to merge)")
    blocks = figures(data)["players"]
    lines += _block_lines(blocks, "bot")
    if blocks and all(block["unsettled"]["count"] == block["games"] for block in blocks.values()):
        lines.append(f"no game had a winner (bots: {', '.join(data['settings']['bots'])}), so the win rates say "
                     "nothing; try other bots: --bots greedy, or the game's own")
    if old:
        rows = compare(old, data)
        real = [row for row in rows if row["real"]]
        if not (data["settings"].get("rules") or old["settings"].get("rules")):
            lines.append(f"compared with {shown(old_path)}: {len(real)} of {len(rows)} figures changed for real")
            lines += [f"  {row['what']}: {row['old']:.3g} -> {row['new']:.3g} ({row['low']:+.3g} to {row['high']:+.3g})"
                      for row in real if not row["what"].startswith("`")]
            return lines
        lines.append(f"compared with {shown(old_path)}, played by {played_by(old)}: {len(real)} of {len(rows)} "
                     "figures changed for real")
        lines.append(f"  side by side, {played_by(old)} -> {played_by(data)} (the change's 95 % interval; "
                     "* where it is real):")
        lines += [f"  {_side_by_side(row)}" for row in rows if not row["what"].startswith("`")]
    return lines


def _side_by_side(row: dict) -> str:
    """A figure of two runs and its change: a rate in percent (its change in points), a mean as it is."""
    mark = " *" if row["real"] else ""
    if is_rate(row):
        return (f"{row['what']}: {percent(row['old'])} -> {percent(row['new'])} ({100 * row['low']:+.1f} to "
                f"{100 * row['high']:+.1f} points){mark}")
    return f"{row['what']}: {row['old']:.3g} -> {row['new']:.3g} ({row['low']:+.3g} to {row['high']:+.3g}){mark}"


def _block_lines(blocks: dict, who: str) -> list:
    """A line for each number of players, and one of the wins by `who` sits in the seats (bot or player)."""
    lines = []
    for players, block in blocks.items():
        first, ties, unsettled = block["first_player"]["wins"], block["ties"], block["unsettled"]
        no_winner = f"; no winner {rate_text(unsettled)}" if unsettled["count"] else ""
        lines.append(f"{plural(int(players), 'player')}, {plural(block['games'], 'game')}: the first player wins {rate_text(first)} "
                     f"(fair share {percent(block['fair_share'])}); ties {rate_text(ties)}{no_winner}; "
                     f"mean score {block['score']['mean']:.1f}, margin {block['margin']['mean']:.1f}, "
                     f"{block['events']['mean']:.0f} events a game")
        if len(block["bots"]) > 1:
            lines.append(f"  wins by {who}: " + ", ".join(f"{name} {rate_text(figure['wins'])}"
                                                         for name, figure in block["bots"].items()))
    return lines
