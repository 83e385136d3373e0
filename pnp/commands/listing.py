"""`pnp list`: the games and what each kit holds."""
from __future__ import annotations

import click

from pnp.games import game_slugs, load_game


@click.command("list")
@click.argument("games", nargs=-1)
def command(games):
    """List GAMES (all when none is named) with their components and counts."""
    for name in games or game_slugs():
        game = load_game(name)
        click.echo(f"{game.slug}: {game.name} ({game.players_text})")
        for component in game.components.values():
            w, h = component.size
            if component.cards:
                count = f"{component.card_total} cards ({len(component.cards)} different)"
            else:
                count = f"{component.options.get('count', 1)} × {component.kind}"
            click.echo(f"  {component.id:<16} {component.title:<30} {count:<28} {w:g} × {h:g} mm")
