"""`pnp list`: the games and what each kit holds: every part, its size, and the sheets of paper it takes in each
form the game builds."""
from __future__ import annotations

import click

from pnp.build.stages import read_kit
from pnp.commands import options
from pnp.errors import PnpError, one_line, shown
from pnp.layout import print_order as layout
from pnp.layout.imposition import Settings
from pnp.layout.kinds import LAYOUTS
from pnp.model.kinds import KINDS
from pnp.model.paper import PAPERS
from pnp.read.games import game_slugs, load_game
from pnp.read.rulefacts import FILE, facts, shown_value
from pnp.read.version import kit_version
from pnp.typeset.text import keep_tables_in
from pnp.wording import plural
from pnp.write import cache


@click.command("list")
@click.argument("games", nargs=-1)
@options.paper
@click.option("--rules", "facts", is_flag=True, help="Instead, every rule fact of each game as KEY=VALUE  # what it "
                                                     "means: what --rule takes.")
@click.option("--text", is_flag=True, help="With --rules: instead, the checker's rules (RULES.md) with every fact "
                                           "stated.")
@options.rule
def command(games, paper, facts, text, rules):
    """List GAMES (all when none is named): each part, what it holds, its size, and the sheets of paper it
    takes in each form the game builds (its game.yaml's `forms:`), as `pnp build` lays it out."""
    if text and not facts:
        raise click.BadParameter("lists the checker's rules: give --rules too", param_hint="'--text'")
    names = games or game_slugs()
    if rules and len(names) != 1:
        raise click.BadParameter("a variant's rule facts are a game's own: name one game", param_hint="'--rule'")
    if facts:
        for name in names:
            game = load_game(name, rules)
            for line in _rules_text(game) if text else _facts(game):
                click.echo(line)
        return
    store = cache.shared()
    keep_tables_in(store)  # the fonts' tables, which laying out the rules' text needs: kept as a build keeps them
    for name in names:
        for line in _listed(read_kit(name, rules), PAPERS[paper]):
            click.echo(line)
    store.commit()


def _facts(game) -> list[str]:
    """A line a rule fact: `KEY=VALUE  # what it means`, the variant's values in place."""
    found = facts(game.rules, game.folder)
    if not found:
        return [f"# {game.slug} has no rule facts (no {FILE} in {shown(game.folder)})"]
    return [f"{fact.key}={shown_value(fact.value)}" + (f"  # {fact.means}" if fact.means else "") for fact in found]


def _rules_text(game) -> list[str]:
    """The checker's rules, RULES.md beside its rules package, its facts stated (pnp/render/stated.py)."""
    from pnp.render.stated import stated_file

    path = game.folder / "RULES.md"
    if not path.is_file():
        raise PnpError(f"{game.slug} has no checker's rules ({shown(path)})")
    return stated_file(game, path).splitlines()


def _listed(game, paper) -> list[str]:
    """A game's lines: its forms, then a row for each part and one for the whole kit, the sheets of each form
    in a column of its own; then why a form cannot be laid out, if it cannot."""
    forms = {form: _laid_out(game, Settings(paper=paper, fold=form == "fold")) for form in game.forms}
    built = ", ".join(forms) if len(forms) > 1 else f"{game.forms[0]} only"
    lines = [f"{game.slug}: {game.name} ({game.players_text}); kit {kit_version(game)}; forms: {built}; "
             f"sheets of {paper.title} paper each part takes:"]
    rows = [["", "", "", "", *forms]]
    for component in game.components.values():
        rows.append([component.id, component.title, _holds(component), size(component),
                     *(_sheets(game, laid, component.id) for laid in forms.values())])
    rows.append(["", "the kit, with its contents page", "", "",
                 *(_sheets(game, laid, None) for laid in forms.values())])
    lines += _table(rows)
    failed: dict = {}  # why a form cannot be laid out -> the forms
    for form, laid in forms.items():
        if isinstance(laid, PnpError):
            failed.setdefault(one_line(laid.format_message().splitlines()[-1].strip()), []).append(form)
    return lines + [f"  {', '.join(named)}: cannot be laid out ({why})" for why, named in failed.items()]


def _laid_out(game, settings: Settings):
    """The game's parts laid out in one form (no face drawn), with their settings; or why they cannot be."""
    try:
        return settings, layout.parts(game, settings)
    except PnpError as error:  # `pnp build` reports it with the rest
        return error


def _sheets(game, laid, part_id: str | None) -> str:
    """The sheets one part (or, for None, the whole kit) takes, as a column shows it."""
    if isinstance(laid, PnpError):
        return "?"
    settings, parts = laid
    chosen = [part for part in parts if part.component.id == part_id] if part_id else parts
    return str(layout.sheets(game, chosen, settings, with_contents=part_id is None)) if chosen else "-"


def _table(rows: list) -> list[str]:
    """Rows as lines, each column as wide as its widest cell: text to the left, sheet counts to the right."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(width) if column < 4 else cell.rjust(width)
                             for column, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in rows]


def _holds(component) -> str:
    """How many of it the kit holds."""
    if component.cards:
        count = f"{plural(component.card_total, *KINDS[component.kind].noun)} ({len(component.cards)} different"
        return count + (f", {plural(component.comments, 'row')} left out by #)" if component.comments else ")")
    return f"{component.options.get('count', 1)} × {component.kind}"


def size(component) -> str:
    """Its size; for a die or an envelope also that of its flat net."""
    try:
        footprint = LAYOUTS[component.kind].footprint(component)
    except ValueError as error:  # a net whose data does not hold together: `pnp build` reports where
        return f"unknown size: {error}"
    if footprint is None:
        return "pages of the kit's paper"
    w, h = footprint
    own = component.size
    if own == (0.0, 0.0):  # a net drawn from its panels has no size but its own
        return f"{w:.4g} × {h:.4g} mm flat"
    flat = f" (net {w:.0f} × {h:.0f} mm flat)" if (w, h) != own else ""
    return f"{own[0]:.4g} × {own[1]:.4g} mm{flat}"
