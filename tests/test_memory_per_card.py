"""What a build keeps for each card of a big deck: a few small records, not a dict, a PDF object and a copy of the
card's data each (benchmarks/bench_build.py measures the peak memory of whole builds; these tests measure the
structures themselves, which do not depend on the machine)."""
import gc
import hashlib
import io
import operator
import shutil
import sys
import tracemalloc

import pytest

from conftest import TOY
from pnp.build.stages import lay_out, write_pdf
from pnp.render.stated import stated
from pnp.errors import Where
from pnp.layout.changes import CardsAt
from pnp.layout.imposition import GridPages, Placed, Settings, Slot
from pnp.layout.print_order import parts
from pnp.model import game as game_model
from pnp.model.game import Card, Cards, Fields
from pnp.read import games, version
from pnp.read.games import load_game
from pnp.render.faces import KEPT_FACES, FaceMaker
from pnp.render import colourblind, keys
from pnp.render import steps as steps_module
from pnp.render.findings import Findings
from pnp.render.legibility import FAINT, Finding
from pnp.write import cache, pdf

pytestmark = pytest.mark.quick


def _toy_with(tmp_path, cards: int):
    """The toy game with a deck of `cards` different cards, each with a label and a value of its own."""
    folder = tmp_path / f"toy-{cards}"
    shutil.copytree(TOY, folder)
    rows = ["id,count,label,value,back"] + [f"card-{i},1,Card number {i},{i % 10}," for i in range(cards)]
    (folder / "deck.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return load_game(str(folder))


def test_a_card_keeps_its_values_in_a_tuple_and_its_group_the_names_once(tmp_path):
    cards = _toy_with(tmp_path, 300).components["deck"].cards
    first = cards[0]
    assert first.fields == {"label": "Card number 0", "value": 0} and first.fields.get("nothing", 1) == 1
    assert first.context() == {"id": "card-0", "count": 1, "label": "Card number 0", "value": 0}
    assert all(card.fields._names is first.fields._names for card in cards)  # (one tuple of names a group)
    kept = sys.getsizeof(first.fields) + sys.getsizeof(first.fields._values)
    assert kept < sys.getsizeof(dict(first.fields)) / 1.5  # what a dict of its own would take
    # a card made with a dict (as stated texts and reprints make them) keeps it the same way, and is the same card
    made = Card(first.id, first.count, dict(first.fields), first.back, first.where)
    assert type(made.fields) is Fields and made == first


def test_a_kit_version_is_worked_out_a_few_cards_at_a_time(tmp_path, monkeypatch):
    """The game's data is hashed in pieces, a few cards at a time, not made plain and written out whole (a deck's
    text, some 150 bytes a card, and its plain copy, some 500, held at once: the peak of a build)."""
    game = _toy_with(tmp_path, 2000)
    expected = version._hashed(game)
    hashed = []  # the cards each piece hashed names

    class Recorded:
        def __init__(self, data: bytes = b""):
            self.made = real(data)
            hashed.append(data.count(b"'card-"))

        def update(self, data: bytes) -> None:
            self.made.update(data)
            hashed.append(data.count(b"'card-"))

        def hexdigest(self) -> str:
            return self.made.hexdigest()

    real = hashlib.sha256
    monkeypatch.setattr(hashlib, "sha256", Recorded)
    assert version._hashed(game) == expected
    assert sum(hashed) == 2000 and max(hashed) <= 200, max(hashed)


def test_a_pdf_keeps_its_faces_forms_and_its_pages_in_arrays_not_as_objects(tmp_path, monkeypatch):
    """Each face's form is kept in a document as its number, place and name in arrays (FaceForms), some 20 bytes,
    and each page as its number, name and places (SpooledPages), some 40, not as a name, an object and entries in
    reportlab's three tables (some 300 bytes, some 450 a page)."""
    game = _toy_with(tmp_path, 300)
    settings = Settings()
    parts = [part for part in lay_out(game, settings) if part.component.id == "deck"]
    written = []
    monkeypatch.setattr(pdf.Document, "write", lambda self, out: written.append(self))
    write_pdf(game, parts, settings, with_contents=False, out=io.BytesIO())
    document = written[0]
    doc = document.c._doc
    faces = len(document.forms)
    assert faces > 300 and len(document.faces) == faces  # the deck's fronts, and its backs
    pages = len(document.pages)  # (kept alike, in SpooledPages)
    assert pages > 30 and len(doc.Pages.numbers) == pages
    assert dict.__len__(doc.idToObject) < 30 and dict.__len__(doc.idToObjectNumberAndVersion) < 30
    assert len(doc.numberToId.own) < 30  # (the others numbered, not named: no memory an object)
    # the faces' forms and the pages found as reportlab asks for them, by name and by number
    assert len(doc.idToObject) == len(doc.numberToId) == dict.__len__(doc.idToObject) + faces + pages
    for number in range(1, len(doc.numberToId) + 1):
        name = doc.numberToId[number]
        assert doc.idToObjectNumberAndVersion[name] == (number, 0) and name in doc.idToObject
    assert all(type(doc.idToObject[f"FormXob.face{index}"]) is pdf.Spooled for index in range(faces))


def test_a_card_page_keeps_its_faces_in_a_tuple_and_its_grid_the_slots_once(tmp_path):
    """A page of cards keeps its faces in a tuple beside its grid's slots, which all its part's pages share (some
    20 bytes a face), not a (slot, face) pair each in a list of its own (some 75); it reads as that list."""
    game = _toy_with(tmp_path, 300)
    for fold in (False, True):
        deck = next(part for part in parts(game, Settings(fold=fold)) if part.component.id == "deck")
        assert len(deck.pages) > 10 and all(type(page.placed) is Placed for page in deck.pages)
        first, last = deck.pages[0].placed, deck.pages[-1].placed
        assert all(page.placed.slots is first.slots for page in deck.pages if page.side == deck.pages[0].side
                   and len(page.placed) == len(first))
        pairs = list(first)
        assert first == pairs and len(first) == len(pairs) and first[-1] == pairs[-1] and first[1:3] == pairs[1:3]
        assert all(type(slot) is Slot for slot, _ in last) and len(last) <= len(first)


def test_a_build_keeps_how_it_wrote_each_face_as_an_entry_of_arrays(tmp_path):
    """What a build keeps of each face it wrote, to copy it into its other PDFs (Written): the number of an entry
    whose place and shape are in arrays, the shapes (what the face places, its fonts) kept once, some 80 bytes a
    face, not a tuple of four and an object (some 170)."""
    game = _toy_with(tmp_path, 300)
    settings, maker = Settings(), FaceMaker(game, cache.Store())
    deck = [part for part in lay_out(game, settings, maker) if part.component.id == "deck"]
    write_pdf(game, deck, settings, False, maker)
    written = pdf._WRITTEN[maker]
    assert len(written) > 300 and len(written.shapes) < 10  # the deck's fronts and back, in a few shapes
    assert written.numbers is maker.numbers and len(written.places) == len(written)  # (an entry by face number)
    placing, place, used, fonts = written.get(0)  # (by the face's number)
    assert type(place) is pdf.Spooled and (placing, used, fonts) in written.shapes
    assert written.get(len(maker.numbers)) is None


def test_a_build_keeps_a_few_bytes_a_face_its_text_warnings_were_found_on():
    """Legibility findings are summed up as they are noted (pnp/render/findings.py): a big deck whose cards each
    give a warning keeps some 16 bytes a card (its face's and its text's hashes), not the findings and the faces'
    names, some 600; what the warning says is the same."""
    faces = 3000
    made = [(Where("deck.csv", i + 2), {"card": {"id": f"card-{i}"}},
             (Finding("step 3", (3,), FAINT, False, f"Card number {i}", 1.5 + i / faces, "#FBF3DF on #E0A800",
                      "templates/front.yaml.j2", 3),)) for i in range(faces)]
    findings = Findings()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for where, context, notes in made + made[:10]:  # (ten noted again, as another variant of the kit notes them)
            findings.note("front.yaml.j2", where, context, notes, ())
        kept = (tracemalloc.get_traced_memory()[0] - before) / faces
    finally:
        tracemalloc.stop()
    assert kept < 40, kept
    assert findings.report() == ([], [(Where("templates/front.yaml.j2", 3, "step 3"), (
        "text 'Card number 0' (and 2,999 others) has a contrast of 1.5:1 to 2.5:1 with what lies under it "
        "(#FBF3DF on #E0A800), below 3:1, on 3000 cards (card-0, card-1, card-2, card-3, card-4, …); mark the "
        "step `fine: true` if that is meant"))])


def test_a_big_game_keeps_its_cards_compact_and_reads_them_as_they_were(tmp_path, monkeypatch):
    """A game of more than WHOLE different cards keeps them compressed, a few at a time (pnp.model.game.Cards),
    some 20 bytes a card, not as records (some 400: a big deck's cells, fields, places): each card is made again,
    the same, as it is asked for."""
    small = _toy_with(tmp_path, 10)  # (every module it needs loaded)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        small = _toy_with(tmp_path / "again", 10)
        gc.collect()
        middle = tracemalloc.get_traced_memory()[0]
        game = _toy_with(tmp_path, 2000)
        gc.collect()
        kept = ((tracemalloc.get_traced_memory()[0] - middle) - (middle - before)) / 1990
    finally:
        tracemalloc.stop()
    assert kept < 60, kept
    monkeypatch.setattr(games, "WHOLE", 10_000)  # the same game's cards kept as records
    whole = load_game(str(tmp_path / "toy-2000"))
    cards, records = game.components["deck"].cards, whole.components["deck"].cards
    assert cards._whole is None and records._whole is not None and small.components["deck"].cards._whole
    assert len(cards) == len(records) == 2000 and cards.total == records.total == 2000
    assert list(cards) == list(records) and cards == records and repr(cards) == repr(records)
    assert cards[1234] == records[1234] and cards[-1] == records[-1] and cards[5:9] == records[5:9]
    assert cards[70].where == Where(records[70].where.file, 72) and cards[70].fields == {"label": "Card number 70",
                                                                                         "value": 0}
    assert game == whole and version._hashed(game) == version._hashed(whole)


def test_a_big_game_is_read_a_group_at_a_time_never_holding_its_decks_as_records(tmp_path, monkeypatch):
    """A game of more than WHOLE different cards in several groups keeps each group compact as soon as it is read:
    as a group's file is read, the groups before it are compact already once they hold more than WHOLE (reading
    them all as records first peaked the higher, the more cards the game had: some 900 bytes a card)."""
    folder = tmp_path / "groups"
    shutil.copytree(TOY, folder)
    declared = (folder / "game.yaml").read_text(encoding="utf-8")
    deck = declared[declared.index("  deck:\n"):declared.index("  sheet:\n")]
    for n in range(1, 4):
        rows = ["id,count,label,value,back"] + [f"group{n}-card-{i},1,Card {i},{i % 10}," for i in range(40)]
        (folder / f"deck-{n}.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    groups = "".join(deck.replace("  deck:", f"  deck{n}:").replace("deck.csv", f"deck-{n}.csv") for n in range(1, 4))
    (folder / "game.yaml").write_text(declared.replace(deck, deck + groups), encoding="utf-8")
    monkeypatch.setattr(games, "WHOLE", 50)
    read_so_far: dict = {}  # the groups read before the file being read: name -> compact?
    held = []  # that, as each file of cards is read
    load_list, compacted = games.load_list, games._compacted

    def reading(path, *given):
        held.append(dict(read_so_far))
        return load_list(path, *given)

    def compacting(components):
        made = compacted(components)
        read_so_far.update((name, each.cards.is_compact) for name, each in made.items())
        return made

    monkeypatch.setattr(games, "load_list", reading)
    monkeypatch.setattr(games, "_compacted", compacting)
    game = load_game(str(folder))
    assert [len(game.components[f"deck{n}"].cards) for n in range(1, 4)] == [40, 40, 40]
    assert held == [{}, {"deck": False}, {"deck": False, "deck1": False},  # (45 cards: not more than WHOLE)
                    {"deck": True, "deck1": True, "deck2": True}], held
    assert all(game.components[name].cards.is_compact for name in ("deck", "deck1", "deck2", "deck3"))
    monkeypatch.setattr(games, "WHOLE", 10_000)  # the same game, its cards kept as records: read alike
    assert load_game(str(folder)) == game


def test_a_big_deck_laid_out_keeps_neither_its_cards_records_nor_their_places(tmp_path):
    """What a big game and its laid-out pages keep a card: its values compressed (Cards), and its faces' requests,
    which name the card by its place in its group (CardContext), made when asked for with its place in the data
    (some 330 bytes in all, against some 410 with a place a card and some 680 with its record)."""
    def kept(cards: int, copy: str) -> tuple:
        game = _toy_with(tmp_path / copy, cards)
        return game, parts(game, Settings())

    per_card, big = _kept_a_card(kept)
    assert per_card < 370, per_card
    deck = next(part for part in big[1] if part.component.id == "deck")
    front = deck.pages[0].placed[0][1]
    assert front.where == Where(front.where.file, 2) and front.context["card"]["id"] == "card-0"


def _kept_a_card(kept) -> tuple:
    """(the bytes `kept(cards, folder)` keeps a card, what it made of 2,000 cards): what it keeps for 2,000 cards
    less what it keeps for 10, measured with tracemalloc, over the 1,990 cards more."""
    kept(10, "first")  # (every module it needs loaded)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        small = kept(10, "small")
        gc.collect()
        middle = tracemalloc.get_traced_memory()[0]
        big = kept(2000, "big")
        gc.collect()
        per_card = ((tracemalloc.get_traced_memory()[0] - middle) - (middle - before)) / 1990
    finally:
        tracemalloc.stop()
    assert small  # (kept until measured)
    return per_card, big



def test_a_build_keeps_each_face_key_once_as_bytes_and_finds_a_cards_face_by_its_place(tmp_path):
    """Every face key a build meets is numbered once (keys.FaceNumbers: its digest's 32 bytes in an array and a
    slot of a table); what the build keeps of a face, the form a PDF drew it in, how it wrote it and the face a
    card's request made, is kept by that number in arrays (some 60 bytes a face in all), not as the key's string
    (some 110 bytes) and an entry of a dict in each table (some 50 bytes each)."""
    game = _toy_with(tmp_path, 2000)
    settings, maker = Settings(), FaceMaker(game, cache.Store())
    tracemalloc.start()
    try:
        deck = [part for part in lay_out(game, settings, maker) if part.component.id == "deck"]
        document = pdf.Document("deck", maker=maker)
        for page in deck[0].pages:
            document.page(maker.page(page))
        gc.collect()
        made = [n for code in (keys.digest.__code__, keys.digest_before.__code__, keys.FaceNumbers.key.__code__,
                               keys.ByNumber.get.__code__)
                for n in range(code.co_firstlineno, code.co_firstlineno + 6)]
        numbered = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, keys.__file__)]).filter_traces(
            [tracemalloc.Filter(False, keys.__file__, n) for n in made])  # (the keys and numbers made for the faces
        # that hold them, a few at a time, left out; the build's other traces left out first, with one filter)
    finally:
        tracemalloc.stop()
    keys_met = {maker.face(request).key for page in deck[0].pages for _, request in page.placed}
    assert len(keys_met) == 2001 and len(document.forms) == 2001 and len(maker.drawn_keys) < 50  # (by place)
    kept = sum(stat.size for stat in numbered.statistics("filename")) / 2001
    assert kept < 70, kept
    numbers = maker.numbers
    assert all(numbers.key(numbers.number(key)) == key for key in keys_met) and len(numbers) < 2050
    made = numbers.number("a face made of others")  # (a key that is no digest: the next number all the same)
    assert numbers.number("a face made of others") == made == len(numbers) - 1
    assert numbers.key(made) == "a face made of others"


def test_a_manifest_finds_a_big_decks_cards_by_their_lines_in_arrays_not_a_tuple_a_card(tmp_path):
    """The manifest finds the card a face was drawn for by where its data is (changes.CardsAt): three numbers a card
    in arrays, found without a sorted table of tuples (some 180 bytes a card for a moment: a 10,000-card build's
    peak)."""
    game = _toy_with(tmp_path, 2000)
    cards = list(game.components["deck"].cards)
    tracemalloc.start()
    try:
        found = CardsAt(game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 60 * len(cards)
    assert all(found.get(card.where) == ("deck", card.id) for card in cards[::97])


def test_a_big_deck_laid_out_keeps_no_request_nor_page_a_card(tmp_path):
    """A deck's pages keep their faces as a span of their part's cards (imposition.Span), each request made when
    it is asked for and equal to the one made before, not two requests and their card's context a card held the
    build long (some 230 bytes a layout); and the pages are made when they are asked for too (GridPages), each
    equal to the one made before, not a Page and a Spacing for every few cards: what a deck laid out duplex and
    fold keeps a card is its values compressed (some 25 bytes in all, against some 230 with its pages held, and
    some 700 with its requests)."""
    def kept(cards: int, copy: str) -> tuple:
        game = _toy_with(tmp_path / copy, cards)
        return game, parts(game, Settings()), parts(game, Settings(fold=True))

    per_card, big = _kept_a_card(kept)
    assert per_card < 40, per_card
    for laid in big[1:]:
        deck = next(part for part in laid if part.component.id == "deck")
        assert type(deck.pages) is GridPages and len(deck.pages) > 100
        assert deck.pages[3] == deck.pages[3] and deck.pages[3] is not deck.pages[3] and deck.pages[3] != deck.pages[5]
        fronts = [face for page in deck.pages for _, face in page.placed if face.template == "front.yaml.j2"]
        again = [face for page in deck.pages for _, face in page.placed if face.template == "front.yaml.j2"]
        assert len(fronts) == 2000 and fronts == again and fronts[0] is not again[0] and fronts[0] != fronts[1]
        assert len({*fronts, *again}) == 2000 and fronts[1234].context["card"]["id"] == "card-1234"


def test_a_big_deck_of_many_groups_keeps_a_few_pieces_of_cards_made_in_all():
    """A compact group keeps the last pieces of cards it made (a few, as cards are mostly asked for in order); of
    a deck of many groups, read in turn, only the latest groups asked for keep theirs (game.HOLDING), not every
    group (some 80 KB a group)."""
    groups = [Cards([Card(f"card-{group}-{i}", 1, {"label": f"Card number {i} of group {group}", "value": i}, None,
                          Where("deck.csv", i + 2)) for i in range(400)]).compact() for group in range(10)]
    assert all(cards._pieces is not None for cards in groups)

    def read(cards) -> None:
        for index in range(0, len(cards), 16):
            assert cards[index].id.endswith(f"-{index}")

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for cards in groups[:2]:
            read(cards)
        two = tracemalloc.get_traced_memory()[0]
        for cards in groups[2:]:
            read(cards)
        ten = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert two - before > 50_000 and ten - two < 10_000, (two - before, ten - two)
    assert sum(bool(cards._last) for cards in groups) == game_model.HOLDING
    assert groups[0][399].id == "card-0-399" and len(groups[0]._last) == 1  # read again, a piece at a time


def test_the_lines_of_a_decks_faces_are_kept_read_a_few_at_a_time(tmp_path):
    """Each line a template writes is read once while it comes back (the deck's frame on every card), a deck's own
    lines (each card's title) let go with the others once steps.KEPT_LINES are kept: at most some 0.4 MB of
    them at any time (some 0.7 MB here, its lines long), the same for any deck, not four times that."""
    maker = FaceMaker(_toy_with(tmp_path, 10), cache.Store())
    frame = '- rect: {x: 0, y: 0, w: 63, h: 88, fill: "#FBF3DF"}\n'
    faces = [frame + f'- text: {{text: "Card number {i}", x: 3, y: 3, w: 50, h: 7, size: 12}}\n'
             f'- text: {{text: "{i % 10}", x: 5, y: 17, w: 10, h: 6, size: 11, font: bold}}\n' for i in range(3000)]
    maker.steps.read_lines(faces[0], "front.yaml.j2", Where("deck.csv", 2))  # (every module it needs loaded)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for index, text in enumerate(faces):
            steps, quick = maker.steps.read_lines(text, "front.yaml.j2", Where("deck.csv", index + 2))
            assert quick and steps[1][1]["text"] == f"Card number {index}"
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak
    assert len(maker.steps.lines) <= steps_module.KEPT_LINES + 1


def test_the_colour_blind_check_keeps_none_of_the_faces_it_asks_for_once(tmp_path):
    """The colour-blind check draws a few cards of each group once (FaceMaker.face_once): neither their requests,
    which hold their cards and what they were given, nor their faces are kept to be found again (some 700 bytes
    each, some 250 a group of a big deck), but each face is made as any other."""
    game = _toy_with(tmp_path, 2000)
    maker = FaceMaker(game, cache.Store())
    found = colourblind.problems(game, maker.face_once)  # (every face made, and the caches filled)
    asked = []
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        again = colourblind.problems(game, lambda request: asked.append(1) or maker.face_once(request))
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(asked) > 100 and not maker.drawn_keys and kept < 20_000, (len(asked), kept)
    assert found == again == colourblind.problems(game, FaceMaker(game, cache.Store()).face)


def test_a_deck_of_at_most_a_thousand_cards_keeps_its_requests_made_once(tmp_path):
    """Only a game whose cards are kept compact (more than WHOLE different cards) lays its decks out as spans whose
    requests are made again as they are read: a smaller deck's are made once and kept, the same objects at every
    reading, which costs less processor time (some 4 % of the 1,000-card deck's build)."""
    def fronts(cards: int, folder: str) -> tuple:
        game = _toy_with(tmp_path / folder, cards)
        deck = next(part for part in parts(game, Settings()) if part.component.id == "deck")
        read = lambda: [face for page in deck.pages for _, face in page.placed if face.template == "front.yaml.j2"]
        return game.components["deck"].cards.is_compact, read(), read()

    compact, first, again = fronts(100, "small")
    assert not compact and len(first) == 100 and all(map(operator.is_, first, again))
    compact, first, again = fronts(game_model.WHOLE + 1, "big")
    assert compact and first == again and not any(map(operator.is_, first, again))


def test_the_fronts_the_colour_blind_check_compares_keep_their_steps_from_the_render_pass(tmp_path):
    """The fronts the colour-blind check compares (colourblind.sampled: a few of each group, however big) keep the
    steps they were made with, so that the check reads none back from the store; the others keep none, and the
    check finds what it finds without them. A group of more cards than a maker keeps faces keeps none: its faces
    are let go before the check asks for them; nor does a big deck's, whose cards are grouped after the pass."""
    game = stated(_toy_with(tmp_path, 600))
    maker = FaceMaker(game, cache.Store())
    maker.keep_steps_of([(range(KEPT_FACES + 1), "front.yaml.j2", 0)])
    assert not maker.sampled
    maker.keep_steps_of(colourblind.sampled(colourblind.compared(game)))
    assert 10 < len(maker.sampled) <= colourblind.SAMPLE * colourblind.MAX_GROUPS
    lay_out(game, Settings(), maker)
    holding = [face for face in maker.faces.kept.values() if not callable(face._steps)]
    assert 0 < len(holding) <= len(maker.sampled)
    read = []
    fetch = maker.store.fetch
    maker.store.fetch = lambda kind, *rest: read.append(kind) or fetch(kind, *rest)
    found = colourblind.problems(game, maker.face_once)
    assert "face" not in read
    assert found == colourblind.problems(game, FaceMaker(game, cache.Store()).face)
    big = _toy_with(tmp_path, 2000)  # (its cards kept compact: grouped once, by the check, after the render pass)
    assert [fields for _, _, fields in colourblind.compared(big)] == [None, None]
    assert not colourblind.sampled(colourblind.compared(big))
