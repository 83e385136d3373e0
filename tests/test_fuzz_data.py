"""The data fuzzer, a few cases of each game in the normal run (`python tests/fuzz_data.py --long` for 10,000)."""
import fuzz_data

CASES = 10  # of each game: some 20 seconds (the long run: `python tests/fuzz_data.py --long`)
HANG = 300.0  # seconds: a guard against a build that never ends, far beyond any build's time


def test_mutated_games_build_or_say_what_is_wrong():
    failures = []
    summary = fuzz_data.fuzz(fuzz_data.GAME_SLUGS, seed=1, first=0, cases=CASES, timeout=HANG,
                             report=failures.append)
    assert summary["cases"] == CASES * len(fuzz_data.GAME_SLUGS)
    assert not failures, "\n".join(failures)


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
    assert fuzz_data.in_child(lambda: __import__("time").sleep(60), timeout=0.5) == (None, "hang")
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


def test_the_fuzzer_mutates_svg_numbers_csv_cells_and_colours():
    files = fuzz_data.game_files("cannon-dice")
    made = " ".join(fuzz_data.mutant("cannon-dice", files, 0, number)[1] for number in range(400))
    for kind in ("svg number", "odd cell", "count cell", "hash row", "colour", fuzz_data.SAME_COLOUR):
        assert kind in made, kind


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
