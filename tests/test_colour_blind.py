"""The colour-blind preflight (pnp/render/colourblind.py): groups of cards told apart by colours alone that a
colour-blind player cannot tell apart are warned of at their component's data; a symbol of their own, or
colours far enough apart, keeps them from it; the five games pass; the preview shows the faces as seen."""
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image

from conftest import edit, run
from pnp.read.games import game_slugs, load_game
from pnp.render import colourblind
from pnp.render.faces import FaceMaker
from pnp.write import cache
from pnp.write.preview import simulated_views

FIXTURE = Path(__file__).parent / "fixtures" / "colour-blind"


def found(folder) -> list:
    game = load_game(str(folder))
    return colourblind.problems(game, FaceMaker(game, cache.Store()).face)


def test_red_and_green_suits_without_symbols_are_flagged_at_their_component():
    problems = found(FIXTURE)
    assert len(problems) == 1
    where, message = problems[0]
    assert (where.file, where.field) == ("tests/fixtures/colour-blind/game.yaml", "plain-deck.fields.suit")
    lines = (FIXTURE / "game.yaml").read_text().splitlines()
    assert lines[where.line - 1] == "  plain-deck:"
    assert "red" in message and "green" in message and "deuteranopia" in message and "protanopia" in message
    assert "tritanopia" not in message  # red and green stay far apart for a tritanope


def test_a_symbol_of_its_own_or_far_colours_keep_a_group_from_being_flagged(tmp_path):
    # the marked deck (a symbol per suit) and the far deck (red and blue) are the ones not flagged above;
    # without its symbols the marked deck is flagged too
    folder = tmp_path / "game"
    shutil.copytree(FIXTURE, folder)
    assert [where.field for where, _ in found(folder)] == ["plain-deck.fields.suit"]  # (its faces' marks kept)
    marked = folder / "templates" / "marked.yaml.j2"
    marked.write_text(marked.read_text().replace("game.vars.symbols[card.suit]", "'anchor.svg'"))
    flagged = sorted(where.field for where, _ in found(folder))
    assert flagged == ["marked-deck.fields.suit", "plain-deck.fields.suit"]


def test_the_distance_is_measured_as_a_colour_blind_player_sees():
    red, green, blue = (0.753, 0.224, 0.169), (0.180, 0.545, 0.341), (0.122, 0.373, 0.659)
    red_green = colourblind.apart({red}, {green})
    assert red_green["deuteranopia"] < colourblind.DISTANCE and red_green["protanopia"] < colourblind.DISTANCE
    assert red_green["tritanopia"] > colourblind.DISTANCE
    assert min(colourblind.apart({red}, {blue}).values()) > colourblind.DISTANCE
    assert max(colourblind.apart({red}, {red}).values()) == pytest.approx(0, abs=1e-6)


@pytest.mark.parametrize("slug", game_slugs())
def test_every_game_passes(slug):
    assert found(slug) == []


def test_the_build_warns_and_strict_stops(tmp_path):
    result = run(FIXTURE, tmp_path, "--duplex")
    assert result.exit_code == 0
    assert "warning: tests/fixtures/colour-blind/game.yaml:" in result.output and "plain-deck" in result.output
    assert run(FIXTURE, tmp_path, "--duplex", "--warnings-as-errors").exit_code != 0


def test_simulated_views_turn_red_and_green_alike():
    def face(colour) -> bytes:
        buffer = io.BytesIO()
        Image.new("RGB", (20, 30), colour).save(buffer, format="PNG")
        return buffer.getvalue()

    views = {name: Image.open(io.BytesIO(picture)).convert("RGB")
             for name, _, picture in simulated_views([face((192, 57, 43)), face((46, 139, 87))], cache.Store(), gap=4)}
    assert sorted(views) == ["seen-as-printed.png", "seen-with-deuteranopia.png", "seen-with-protanopia.png",
                             "seen-with-tritanopia.png"]

    def spread(picture) -> int:  # how far apart the two faces' middles are, summed over red, green and blue
        one, other = picture.getpixel((14, 19)), picture.getpixel((38, 19))
        return sum(abs(a - b) for a, b in zip(one, other))

    assert spread(views["seen-as-printed.png"]) > 2 * spread(views["seen-with-deuteranopia.png"])
    assert views["seen-with-tritanopia.png"].size == views["seen-as-printed.png"].size


def png(picture) -> bytes:
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()


def test_each_colour_simulated_once_gives_every_pixel_as_if_simulated_alone():
    pixels = [(x * 37 % 256, y * 91 % 256, (x * y) % 256) for y in range(40) for x in range(30)]
    picture = Image.new("RGB", (30, 40))
    picture.putdata(pixels)
    colour, numpy = colourblind.science()
    for deficiency in colourblind.DEFICIENCIES:
        whole = colourblind.simulated(colour, numpy, numpy.asarray(picture, dtype=numpy.float64) / 255, deficiency)
        assert (colourblind.seen(numpy.asarray(picture), deficiency) == numpy.round(whole * 255)).all()
        assert (colourblind.seen(numpy.full((1, 1, 3), 255, numpy.uint8), deficiency) == 255).all()  # white


def test_a_row_of_faces_is_seen_as_the_faces_seen_one_by_one():
    faces = [Image.new("RGB", (20, 30), (192, 57, 43)), Image.new("RGB", (16, 24), (31, 95, 168))]
    faces[1].paste((46, 139, 87), (4, 4, 12, 12))
    views = simulated_views([png(face) for face in faces], cache.Store(), gap=4)
    printed = Image.open(io.BytesIO(views[0][2])).convert("RGB")
    colour, numpy = colourblind.science()
    for (name, _, picture), deficiency in zip(views[1:], colourblind.DEFICIENCIES):
        whole = colourblind.simulated(colour, numpy, numpy.asarray(printed, dtype=numpy.float64) / 255, deficiency)
        assert (numpy.asarray(Image.open(io.BytesIO(picture)).convert("RGB")) == numpy.round(whole * 255)).all(), name


def test_a_warm_preview_build_simulates_only_the_faces_that_changed(toy, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    simulated = []

    def counted(pixels, deficiency):
        simulated.append((pixels.shape, deficiency))
        return seen(pixels, deficiency)

    seen = colourblind.seen
    monkeypatch.setattr(colourblind, "seen", counted)
    assert run(toy, tmp_path, "--preview").exit_code == 0
    faces = len(list((tmp_path / "out" / "toy" / "preview").glob("face-*.png")))
    assert faces >= 2 and len(simulated) == faces * len(colourblind.DEFICIENCIES)
    views = {path.name: path.read_bytes() for path in (tmp_path / "out" / "toy" / "preview").glob("seen-*.png")}
    simulated.clear()
    assert run(toy, tmp_path, "--preview").exit_code == 0
    assert simulated == []  # every face and row taken from the cache, the same pictures
    assert {path.name: path.read_bytes() for path in (tmp_path / "out" / "toy" / "preview").glob("seen-*.png")} == views
    edit(toy / "deck.csv", "Île de la Tortue ☠", "Île de la Tortue")  # the first card: the deck's face shown
    assert run(toy, tmp_path, "--preview").exit_code == 0
    assert len(simulated) == len(colourblind.DEFICIENCIES)  # that one face, once for each deficiency


def test_what_a_face_shows_is_found_without_leaving_garbage_for_the_cycle_collector():
    """A face's marks (its colours and symbols, its groups' too) are found without a cycle of objects: what finding
    them made is freed as soon as it is done with, not held until the cycle collector passes (a big deck's check
    reads hundreds of faces)."""
    import gc

    shapes = (("rect", {"x": 0.0, "y": 0.0, "w": 10.0, "h": 10.0, "r": 0.0, "fill": "#FF0000", "stroke": "none"}),
              ("text", {"text": "Ahoy", "colour": "#000000"}))
    steps = (*shapes, ("group", {"steps": shapes}), ("art", {"src": "ship.svg"}))
    gc.collect()
    gc.disable()
    try:
        colours, symbols = colourblind._marks(steps, ())
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert colours == {(1.0, 0.0, 0.0), (0.0, 0.0, 0.0)}
    assert symbols == {("rect", (0.0, 0.0, 10.0, 10.0, 0.0)), ("text", "ahoy"), ("art", "ship.svg")}


@pytest.mark.quick
def test_a_groups_fields_are_found_in_one_reading_of_its_cards_and_a_field_of_a_value_a_card_is_let_go():
    """A group's fields of 2 to MAX_GROUPS values, each value with the places of the few cards compared, are found by
    reading the cards in turn (a big deck's are made as they are read, not held as records): a field of more
    values than that (a title, a value a card) is let go, and one of a single value is no group."""
    from pnp.errors import Where
    from pnp.model.game import Card, Cards

    suits = "red green blue".split()
    rows = [Card(f"c{i}", 1, {"suit": suits[i % 3], "title": f"Card {i}", "kind": "crew"}, "back",
                 Where("deck.csv", i)) for i in range(100)]
    read = []

    class Counted(Cards):  # (the cards as read, in turn, and how often)
        def __iter__(self):
            read.append(1)
            return super().__iter__()

        def __getitem__(self, index):
            raise AssertionError("a card asked for by its place: the group read whole, not in turn")

    fields = colourblind._fields(Counted(rows))
    assert list(fields) == ["suit"] and len(read) == 2
    assert {value: len(places) for value, places in fields["suit"].items()} == {suit: colourblind.SAMPLE
                                                                                for suit in suits}
    assert fields["suit"]["green"][:3] == [1, 4, 7] and all(rows[place].fields["suit"] == "green"
                                                            for place in fields["suit"]["green"])
