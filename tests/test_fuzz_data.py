"""The data fuzzer, a few cases of each game in the normal run (`python tests/fuzz_data.py --long` for 10,000)."""
import pytest

import fuzz_data

CASES = 4  # of each game: some 10 seconds (the long run: `python tests/fuzz_data.py --long`)
HANG = 300.0  # seconds: a guard against a build that never ends, far beyond any build's time


def test_mutated_games_build_or_say_what_is_wrong():
    failures = []
    summary = fuzz_data.fuzz(fuzz_data.GAME_SLUGS, seed=1, first=0, cases=CASES, timeout=HANG,
                             report=failures.append)
    assert summary["cases"] == CASES * len(fuzz_data.GAME_SLUGS)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("kind,slug,file", [("svg path", "cannon-dice", ".svg"),
                                            ("markup", "buried-treasure", ".md"),
                                            ("markup cell", "pirates-gold", ".csv"),
                                            ("size", "pete-the-pirate", ".yaml")])
def test_a_mutant_of_each_new_kind_builds_or_says_what_is_wrong(kind, slug, file, tmp_path):
    files = fuzz_data.game_files(slug)
    number = next(n for n in range(1000) for name, description, _ in [fuzz_data.mutant(slug, files, 1, n)]
                  if name.endswith(file) and description.startswith(kind))
    name, description, outcome = fuzz_data.run_case(slug, files, 1, number, HANG, tmp_path, {})
    assert outcome.verdict == "ok", f"{name}: {description}: {outcome.output}"


def test_the_same_seed_makes_the_same_mutant():
    files = fuzz_data.game_files("buried-treasure")
    assert fuzz_data.mutant("buried-treasure", files, 3, 17) == fuzz_data.mutant("buried-treasure", files, 3, 17)
    assert len({fuzz_data.mutant("buried-treasure", files, 3, n)[1] for n in range(20)}) > 10


def test_the_fuzzer_tells_a_clean_refusal_from_a_failure():
    assert fuzz_data.judge(0, "built 1 game") == "ok"
    assert fuzz_data.judge(2, "Error: 1 problem in the data files:\n  g/deck.csv:3: count: expected ...") == "ok"
    assert fuzz_data.judge(2, "Error: 1 problem in the data files:\n  count: expected ...") == "unclear message"
    assert fuzz_data.judge(70, "internal error: KeyError") == "internal error"
    assert fuzz_data.judge(2, "Traceback (most recent call last):") == "traceback"
    assert fuzz_data.in_child(lambda: [1, 2], timeout=None) == ([1, 2], None)
    assert fuzz_data.in_child(lambda: bytearray(2 ** 31), timeout=None)[1].startswith("crash: MemoryError")
    # asleep: no answer within WALL times its time on the clock (0.1 s of it: 0.4 s waited out doing nothing, not 2 s)
    assert fuzz_data.in_child(lambda: __import__("time").sleep(60), timeout=0.1) == (None, "hang")
    assert fuzz_data.in_child(lambda: sum(iter(int, 1)), timeout=1) == (None, "hang")  # past its processor time


def test_the_differential_check_sees_a_card_list_printed_other_than_it_says():
    game = "components:\n  deck: {kind: cards, cards: deck.csv}\n"
    listed = "id,count\na,3\nb,4\n"
    assert fuzz_data.expected_cards(listed) == (7, "")
    assert fuzz_data.differs(game, "deck.csv", listed, {"deck": 7}, "built") == ("ok", "built")
    assert fuzz_data.differs(game, "deck.csv", listed, {"deck": 4}, "built")[0] == "silently wrong"
    for silent in ("id,count\na,\nb,4\n", "id,count\n#a,3\nb,4\n"):  # a blank count, a row that reads as a comment
        verdict, why = fuzz_data.differs(game, "deck.csv", silent, {"deck": 5}, "built")
        assert verdict == "silently wrong" and "row 2" in why


def test_the_fuzzer_mutates_svg_numbers_and_paths_csv_cells_colours_markup_and_sizes():
    files = fuzz_data.game_files("cannon-dice")
    made = " ".join(fuzz_data.mutant("cannon-dice", files, 0, number)[1] for number in range(400))
    for kind in ("svg number", "svg path", "odd cell", "count cell", "hash row", "markup cell", "colour",
                 fuzz_data.SAME_COLOUR, "markup", "size"):
        assert kind in made, kind


def test_each_kind_of_path_data_change_is_drawn_and_changes_only_a_path_s_data():
    rng = __import__("random").Random(0)
    text = fuzz_data.game_files("cannon-dice")["artwork/cannon-dice/kraken.svg"]
    paths = fuzz_data.PATH_DATA.findall(text)
    kinds = {description.split(" at ")[0]: changed for description, changed in
             (fuzz_data.path_mutation(rng, text) for _ in range(300))}
    assert set(kinds) == {f"svg path {kind}" for kind in ("drop command", "double command", "replace command",
                                                          "drop number", "double number", "replace number",
                                                          "line first", "odd letter", "huge number", "empty")}
    for kind, changed in kinds.items():
        new_paths = fuzz_data.PATH_DATA.findall(changed)
        assert len(new_paths) == len(paths) and sum(a != b for a, b in zip(paths, new_paths)) == 1, kind
        assert fuzz_data.PATH_DATA.sub("", changed) == fuzz_data.PATH_DATA.sub("", text), kind  # nothing else
    started = next(new for new in fuzz_data.PATH_DATA.findall(kinds["svg path line first"]) if new not in paths)
    assert started.lstrip()[0] not in "Mm"


def test_each_kind_of_markup_change_is_drawn_and_made_in_the_rules_text():
    rng = __import__("random").Random(0)
    text = fuzz_data.game_files("pete-the-pirate")["how-to-play.md"]
    kinds = {" ".join(description.split()[:2]): (description, changed) for description, changed in
             (fuzz_data.markup_mutation(rng, text) for _ in range(300))}
    assert set(kinds) == {f"markup {kind}" for kind in ("open", "nested", "crossed", "backtick", "icon", "jinja",
                                                        "markdown")}
    for kind, (description, changed) in kinds.items():
        assert changed != text and len(changed) > len(text), description  # a mark or a piece added, none lost


def test_each_kind_of_size_change_is_drawn_and_changes_one_size_line():
    rng = __import__("random").Random(0)
    text = fuzz_data.game_files("buccaneer")["game.yaml"]
    kinds: dict = {}
    for _ in range(300):
        description, changed = fuzz_data.size_mutation(rng, text)
        kinds.setdefault(description.split(" at line")[0], (description, changed))
    assert set(kinds) == {f"size {kind}" for kind in [*fuzz_data.SIZES, "swapped"]}
    for kind, (description, changed) in kinds.items():
        line = int(description.split(" at line ")[1].split(":")[0])
        old, new = text.splitlines(), changed.splitlines()
        assert [n for n, (a, b) in enumerate(zip(old, new), start=1) if a != b] == [line], description
        assert new[line - 1].lstrip().startswith("size:")


def test_the_differential_check_sees_a_colour_printed_otherwise_when_written_another_way(monkeypatch, tmp_path):
    import re

    from reportlab.lib.colors import HexColor

    from pnp.render import draw

    slug = "pete-the-pirate"
    files = fuzz_data.game_files(slug)
    short = re.compile(r"#[0-9A-Fa-f]{3}\b")
    number = next(n for n in range(1000) if fuzz_data.mutant(slug, files, 0, n)[1].startswith(fuzz_data.SAME_COLOUR)
                  and len(short.findall(str(fuzz_data.mutant(slug, files, 0, n)[2])))
                  > len(short.findall(files[fuzz_data.mutant(slug, files, 0, n)[0]])))
    assert fuzz_data.run_case(slug, files, 0, number, 300.0, tmp_path, {})[2].verdict == "ok"
    # the bug the check is there for: #rgb read as one hex number, not as CSS reads it (the builds are forked)
    monkeypatch.setattr(draw, "colour", lambda value, palette: None if value == "none" else HexColor(
        dict(palette).get(value, value)))
    outcome = fuzz_data.run_case(slug, files, 0, number, 300.0, tmp_path, {})[2]
    assert outcome.verdict == "silently wrong" and "written another way" in outcome.output


def test_a_colour_written_another_way_means_the_same():
    rng = __import__("random").Random(0)
    for colour, same in (("#FFFFFF", {"#ffffff", "#FFF"}), ("#f00", {"#F00", "#ff0000"}), ("#12AB9C", {"#12ab9c"})):
        assert {fuzz_data.same_colour(rng, colour) for _ in range(40)} == same
    assert fuzz_data.same_colour(rng, "red") is None and fuzz_data.same_colour(rng, "#123") == "#112233"


def _kit(folder, form: str, colour: str, manifest: str = "{}"):
    """An output folder holding one PDF page that draws a square in `colour` from a form named `form` (the name
    is the PDF's own, never printed), and a manifest."""
    from reportlab.pdfgen.canvas import Canvas

    folder.mkdir()
    canvas = Canvas(str(folder / "deck.pdf"), pagesize=(200, 200), invariant=1)
    canvas.beginForm(form)
    canvas.setFillColor(colour)
    canvas.rect(20, 20, 100, 100, fill=1)
    canvas.endForm()
    canvas.doForm(form)
    canvas.showPage()
    canvas.save()
    (folder / "manifest.json").write_text(manifest)
    return folder


def test_the_differential_check_compares_what_prints_not_a_pdf_s_names(tmp_path):
    original = _kit(tmp_path / "original", "face-1", "#aabbcc")
    renamed = _kit(tmp_path / "renamed", "face-2-longer", "#aabbcc", manifest='{"key": "#ABC"}')
    assert (original / "deck.pdf").read_bytes() != (renamed / "deck.pdf").read_bytes()
    assert fuzz_data.print_differences(original, renamed) == []
    misread = _kit(tmp_path / "misread", "face-1", "#000abc")  # #abc read as one hex number
    assert fuzz_data.print_differences(original, misread) == ["deck.pdf page 1"]
    (misread / "extra.pdf").write_bytes((misread / "deck.pdf").read_bytes())
    assert fuzz_data.print_differences(original, misread) == ["deck.pdf page 1", "extra.pdf: written by one build only"]


def test_artwork_whose_colours_are_written_another_way_prints_the_same(tmp_path):
    """(Pete's skull with every colour written another way: its build's PDFs differ in their bytes, not in print;
    comparing bytes called it silently wrong.)"""
    slug = "pete-the-pirate"
    files = fuzz_data.game_files(slug)
    name, description, _ = fuzz_data.mutant(slug, files, 3, 94)
    assert name.startswith("artwork/") and description.startswith(fuzz_data.SAME_COLOUR)
    assert fuzz_data.run_case(slug, files, 3, 94, 300.0, tmp_path, {})[2].verdict == "ok"
