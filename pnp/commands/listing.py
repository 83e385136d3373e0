"""`pnp list`: the games and what each kit holds."""
from __future__ import annotations

import click

from pnp.layout.kinds import LAYOUTS
from pnp.model.kinds import KINDS
from pnp.read.games import game_slugs, load_game
from pnp.wording import plural


@click.command("list")
@click.argument("games", nargs=-1)
def command(games):
    """List GAMES (all when none is named) with their components and counts."""
    for name in games or game_slugs():
        game = load_game(name)
        click.echo(f"{game.slug}: {game.name} ({game.players_text})")
        for component in game.components.values():
            if component.cards:
                count = f"{plural(component.card_total, *KINDS[component.kind].noun)} ({len(component.cards)} different"
                count += f", {plural(component.comments, 'row')} left out by #)" if component.comments else ")"
            else:
                count = f"{component.options.get('count', 1)} × {component.kind}"
            click.echo(f"  {component.id:<16} {component.title:<30} {count:<28} {size(component)}")


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
