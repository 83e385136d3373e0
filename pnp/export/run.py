"""Running an export: a game's pieces (pnp/layout/piece_list.py) made into faces by the build's own render pass,
then handed to a target (pnp/export/<target>.py), which writes its files into a fresh folder swapped in once
all are written (pnp/write/fileset.py), or not at all."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import DataError, told
from pnp.build.stages import maker_for
from pnp.export import name_of, written
from pnp.layout import piece_list as layout
from pnp.write.fileset import FolderSet, swapped_in
from pnp.write.rasters import Pictures


@dataclass
class Job:
    """What a target is given: the game, its groups of pieces with their faces made (each piece's `front` and
    `back` a render Face), the render pass that made them (`maker`, which draws them into a PDF too:
    pnp.write.pdf.Document(..., maker=job.maker)), the pictures maker, the files to write (`files.write(name,
    data)`, `files.open(name)`), the options asked for (dpi, bleed, base_url), and `say` for progress lines."""

    game: object
    groups: list
    maker: object
    pictures: Pictures
    files: FolderSet
    options: dict
    say: object
    said: float = field(default=0.0)  # when the last progress line was said

    def progress(self, done: int, total: int, what: str = "faces") -> None:
        """A progress line now and then on long work: every second at most, and at the end."""
        now = time.monotonic()
        if done == total or now - self.said >= 1.0:
            self.said = now
            self.say(f"{self.game.slug}: {done} of {total} {what}")


def made(game, maker, kinds) -> list:
    """The game's groups of pieces of `kinds`, each piece's faces made (a DataError with every face's
    problems)."""
    groups = []
    for group in layout.groups(game):
        if group.component.kind not in kinds:
            continue
        pieces = [layout.Piece(piece.id, piece.title, piece.copies, maker.face(piece.front),
                               piece.back and maker.face(piece.back)) for piece in group.pieces]
        groups.append(layout.Group(group.component, group.shape, pieces, group.form))
    errors, _ = maker.report()
    if errors:
        raise DataError(errors)
    return groups


def export(game, target, out_dir: Path, options: dict, progress=None, verbose: bool = False) -> list[Path]:
    """Export `game` for `target` (a module of pnp/export) into out_dir, which then holds those files and no
    others; returns them."""
    say = progress or (lambda message: None)
    soft: list = []
    maker = maker_for(game, warn=lambda *warning: soft.append(warning))
    groups = made(game, maker, target.KINDS)
    for component in game.components.values():
        if component.kind not in target.KINDS:
            say(f"{game.slug}: {component.id} left out: {name_of(target)} writes {written(target)} only "
                f"(`pnp build` prints {component.kind} components)")
    try:
        with swapped_in(out_dir, frozenset({".csv"})) as files:  # (quantities.csv)
            target.export(Job(game, groups, maker, Pictures(maker), files, options, say))
    finally:
        maker.store.commit()
    say(f"{game.slug}: wrote {len(files.paths)} files to {out_dir}")
    for line in told(soft, verbose):
        say(line)
    return files.paths
