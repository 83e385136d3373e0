"""The build and list commands as a user meets them: options, their errors and their wording."""
import re
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import cli

TOY = Path(__file__).parent / "fixtures" / "toy"


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_paper_names_are_read_in_any_case(tmp_path):
    result = run("build", str(TOY), "--paper", "A4", "--duplex", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "toy" / "toy-kit-a4-duplex.pdf").is_file()


def test_every_build_option_has_help():
    result = run("build", "--help")
    for option in ("--paper", "--fold", "--duplex", "--margin", "--gutter", "--sheets", "--cut-lines"):
        line = next(line for line in result.output.splitlines() if line.strip().startswith(option))
        assert len(line.split(maxsplit=2)) == 3, line  # the option, its value or choices, and a description


def test_a_margin_that_leaves_no_room_blames_the_option(tmp_path):
    result = run("build", "buried-treasure", "--margin", "70mm", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--margin 70mm leaves no room on a4 paper for" in result.output
    assert "game.yaml" not in result.output


def test_a_piece_too_large_for_the_paper_still_blames_the_data(game_copy, tmp_path):
    folder = game_copy("buried-treasure")
    path = folder / "game.yaml"
    path.write_text(path.read_text().replace("size: [190mm, 130mm]", "size: [400mm, 130mm]"))
    result = run("build", str(folder), "--margin", "8mm", "--out", str(tmp_path))
    assert result.exit_code == 2 and "game.yaml" in result.output and "400 × 130 mm" in result.output


def test_sheets_is_refused_for_a_game_without_numbered_sheets(tmp_path):
    result = run("build", "buried-treasure", "--sheets", "3", "--out", str(tmp_path))
    assert result.exit_code == 2 and "buried-treasure has no numbered sheets" in result.output
    assert not (tmp_path / "buried-treasure").exists()
    result = run("build", "cannon-dice", "--sheets", "3", "--fold", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output


def test_fold_and_duplex_together_are_refused(tmp_path):
    result = run("build", str(TOY), "--fold", "--duplex", "--out", str(tmp_path))
    assert result.exit_code == 2 and "--fold and --duplex cannot be used together" in result.output


def test_a_folder_without_game_yaml_says_so(tmp_path):
    result = run("build", str(tmp_path))
    assert result.exit_code == 2 and "has no game.yaml" in result.output


def test_list_shows_a_nets_flat_size():
    result = run("list", "cannon-dice")
    envelope = next(line for line in result.output.splitlines() if "envelope" in line)
    dice = next(line for line in result.output.splitlines() if " dice " in line)
    assert "0 × 0" not in envelope and "63.5 × 88.9 mm (net 88 × 212 mm flat)" in envelope  # holds a map card
    assert "22 × 22 mm (net 96 × 66 mm flat)" in dice
    toy = run("list", str(TOY)).output
    assert "76 × 96 mm flat" in next(line for line in toy.splitlines() if "pouch" in line)


def test_counts_are_worded_in_the_singular_when_single(tmp_path):
    result = run("build", "buried-treasure", "--duplex", "--out", str(tmp_path), "-v")
    assert "score-sheet laid out on 1 page (a4-duplex)" in result.output and "1 pages" not in result.output
    contents = " ".join(PdfReader(tmp_path / "buried-treasure" / "buried-treasure-kit-a4-duplex.pdf")
                        .pages[0].extract_text().split())
    assert re.search(r"Score sheet 2 copies · page \d+ ", contents), contents
    assert re.search(r"Game cards 54 cards · pages \d+–\d+ ", contents), contents


def test_a_negative_gutter_is_refused(tmp_path):
    result = run("build", str(TOY), "--gutter", "-2mm", "--out", str(tmp_path))
    assert result.exit_code == 2 and "'--gutter'" in result.output and "0 or more" in result.output


def test_a_paper_added_to_the_table_is_named_right_everywhere(tmp_path, monkeypatch):
    """A paper is one record (pnp.model.paper.PAPERS): add one, and --paper offers it, the pages have its size,
    the footers its name, the contents page and the duplex test page its name and dimensions."""
    from pnp.model.paper import PAPERS, Paper

    monkeypatch.setitem(PAPERS, "legal", Paper("legal", "US Legal", (215.9, 355.6), "in"))
    assert "legal" in run("build", "--help").output
    result = run("build", str(TOY), "--paper", "legal", "--duplex", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    kit = PdfReader(tmp_path / "toy" / "toy-kit-legal-duplex.pdf")
    assert {(round(float(page.mediabox.width) * 25.4 / 72, 1), round(float(page.mediabox.height) * 25.4 / 72, 1))
            for page in kit.pages} == {(215.9, 355.6)}
    contents, *others = [page.extract_text() for page in kit.pages]
    assert "US Legal (8.5 × 14 in)" in contents
    assert all("US Legal paper · print at 100 %" in text for text in others)
    test = [page.extract_text() for page in PdfReader(tmp_path / "toy" / "duplex-test-legal.pdf").pages]
    assert "US Legal (8.5 × 14 in) · 100 %" in test[0]
    assert "None" not in " ".join([contents, *others, *test])


def test_a_fault_of_the_program_is_not_blamed_on_the_data(tmp_path, monkeypatch):
    """Only what the data gets wrong is reported as the data's fault (exit code 2): a layout that fails with a
    ValueError of its own is a fault of the program."""
    from dataclasses import replace

    from pnp.layout import kinds

    def broken(game, component, settings):
        raise ValueError("a fault of the program")

    monkeypatch.setitem(kinds.LAYOUTS, "cards", replace(kinds.LAYOUTS["cards"], pages=broken))
    result = run("build", str(TOY), "--duplex", "--out", str(tmp_path))
    assert isinstance(result.exception, ValueError) and "game.yaml" not in result.output


def test_list_says_the_forms_a_game_builds_and_the_sheets_each_part_takes(tmp_path):
    """The sheets `pnp list` counts are those the PDFs a build writes print on: a fold-and-glue page a sheet,
    a duplex kit two pages a sheet."""
    assert run("build", str(TOY), "--out", str(tmp_path)).exit_code == 0
    lines = run("list", str(TOY)).output.splitlines()
    assert "forms: duplex, fold" in lines[0] and lines[1].split() == ["duplex", "fold"]
    rows = {line.split()[0]: line.split()[-2:] for line in lines[2:-1]}
    folder = tmp_path / "toy"
    for part, (duplex, fold) in rows.items():
        assert int(fold) == len(PdfReader(folder / f"{part}-a4-fold.pdf").pages), part
        backs = sum("backs" in page.extract_text() for page in PdfReader(folder / f"{part}-a4-duplex.pdf").pages)
        assert int(duplex) == len(PdfReader(folder / f"{part}-a4-duplex.pdf").pages) - backs, part
    kit = lines[-1].split()[-2:]
    assert int(kit[1]) == len(PdfReader(folder / "toy-kit-a4-fold.pdf").pages)
    assert int(kit[0]) == (len(PdfReader(folder / "toy-kit-a4-duplex.pdf").pages) + 1) // 2
    only_fold = run("list", "cannon-dice").output.splitlines()
    assert "forms: fold only" in only_fold[0] and only_fold[1].split() == ["fold"]


def test_a_kit_without_its_rules_is_refused_unless_its_data_says_where_they_are(toy, tmp_path):
    text = (toy / "game.yaml").read_text(encoding="utf-8")
    rules = "  rules:\n    kind: rules\n    title: How to play\n    text: how-to-play.md\n"
    assert rules in text
    (toy / "game.yaml").write_text(text.replace(rules, ""), encoding="utf-8")
    refused = run("build", str(toy), "--duplex", "--out", str(tmp_path / "out"))
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    line = text.replace(rules, "").splitlines().index("components:") + 1
    assert f"game.yaml:{line}: components: the kit has no players' rules" in refused.output
    assert "rules_elsewhere" in refused.output
    assert not (tmp_path / "out").exists()
    (toy / "game.yaml").write_text("rules_elsewhere: in the booklet of the boxed game\n" + text.replace(rules, ""),
                                   encoding="utf-8")
    built = run("build", str(toy), "--duplex", "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    assert "warning" not in built.output
    pages = [page.extract_text() for page in PdfReader(tmp_path / "out" / "toy" / "toy-kit-a4-duplex.pdf").pages]
    assert "not in this kit: in the booklet of the boxed game" in " ".join(pages[0].split())
    # the back of the contents, where the rules would start, holds the rest of the contents: no blank page
    assert "contents · page 2" in pages[1] and "Before you print" in pages[1]
    assert "Before you print" not in pages[0]
    assert "warning" not in run("build", str(TOY), "--duplex", "--out", str(tmp_path / "whole")).output


def test_a_build_says_one_line_a_game_by_default_and_each_part_and_file_with_verbose(tmp_path):
    result = run("build", str(TOY), "--out", str(tmp_path / "plain"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "plain" / "toy"
    duplex = len(PdfReader(folder / "toy-kit-a4-duplex.pdf").pages)  # two pages a sheet, the last maybe alone
    fold = len(PdfReader(folder / "toy-kit-a4-fold.pdf").pages)  # a page a sheet
    assert result.stdout.splitlines() == [f"toy: {(duplex + 1) // 2} sheets A4 duplex, {fold} fold -> {folder}/"]
    [summary] = result.stderr.splitlines()
    assert re.fullmatch(r"built 1 game in [0-9.]+ s", summary), summary
    verbose = run("build", str(TOY), "--out", str(tmp_path / "verbose"), "-v")
    assert verbose.exit_code == 0, verbose.output
    parts = [line for line in verbose.stderr.splitlines() if " laid out on " in line]
    assert "toy: deck laid out on 4 pages (a4-duplex)" in parts
    assert any(line.startswith("toy: deck laid out on ") and line.endswith(" (a4-fold)") for line in parts)
    own = [path for path in (tmp_path / "verbose" / "toy").glob("*-a4-fold.pdf") if "-kit-" not in path.name]
    assert len(parts) == 2 * len(own)  # each part's line in each form
    written = verbose.stdout.splitlines()
    assert sorted(written) == sorted(str(path) for path in (tmp_path / "verbose" / "toy").iterdir())
    assert f"toy: A4 duplex kit on {(duplex + 1) // 2} sheets" in verbose.stderr

