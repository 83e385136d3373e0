"""The render pass checks a few dozen faces, then draws them together (pnp/render/faces.py, DRAWN_TOGETHER): each
stage's code stays in the processor's caches from one face to the next. What it reports and what it prints are the
same as when each face was drawn as soon as it was checked."""
import itertools

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.layout.imposition import Settings
from pnp.read.games import load_game
from pnp.render import faces
from pnp.render.faces import DRAWN_TOGETHER, FaceMaker
from pnp.render.stated import stated
from pnp.build.stages import lay_out
from pnp.write import cache

pytestmark = pytest.mark.quick


def _deck(toy, labels: list[str]) -> None:
    rows = ["id,count,label,value,back"] + [f"card-{i},1,{label},{i % 10}," for i, label in enumerate(labels)]
    (toy / "deck.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def test_faces_are_checked_some_dozens_at_a_time_then_drawn_together_and_every_one_is_stored(toy, monkeypatch):
    _deck(toy, [f"Card number {i}" for i in range(150)])
    game = stated(load_game(str(toy)))
    maker = FaceMaker(game, cache.Store())
    events = []
    make, record = maker._make, maker.drawings.painter.record
    monkeypatch.setattr(maker, "_make", lambda *given: events.append("checked") or make(*given))
    monkeypatch.setattr(maker.drawings.painter, "record", lambda face: events.append("drawn") or record(face))
    lay_out(game, Settings(), maker)
    runs = [(kind, len(list(run))) for kind, run in itertools.groupby(events)]
    assert runs[:2] == [("checked", DRAWN_TOGETHER), ("drawn", DRAWN_TOGETHER)]
    assert events.count("drawn") > 150 and not maker.undrawn  # every face drawn once the pass ends
    assert all(maker.store.has("drawing", key) and maker.store.has("face", key) for key in maker.faces.kept)


def test_a_face_that_cannot_be_drawn_is_told_to_every_card_that_asks_for_it(toy, monkeypatch):
    _deck(toy, ["宝"] * 3 + [f"Card number {i}" for i in range(5)])  # (a character none of the fonts has)
    for together in (DRAWN_TOGETHER, 1):  # drawn with others, or as soon as checked: told alike
        monkeypatch.setattr(faces, "DRAWN_TOGETHER", together)
        result = CliRunner(env={"XDG_CACHE_HOME": str(toy / f"cache-{together}")}).invoke(
            cli, ["build", str(toy), "--out", str(toy / "out")])
        assert result.exit_code == 2 and "no glyph for U+5B9D" in result.output and "Traceback" not in result.output
        assert "deck.csv:2:" in result.output and "card-1" in result.output and "card-2" in result.output
