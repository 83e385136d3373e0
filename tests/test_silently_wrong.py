"""Data that used to print something other than what it says, without a word: now it prints what it says, or
is refused at its file and line (exit 2)."""
from __future__ import annotations

import re

from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject

from conftest import edit, run
from pnp.cli import cli


def streams(pdf) -> bytes:
    """Every content stream of a PDF (pages and forms), decoded, one after another."""
    reader = PdfReader(pdf)
    found = []
    for number in range(1, len(reader.xref_objStm) + sum(len(s) for s in reader.xref.values()) + 1):
        try:
            thing = reader.get_object(IndirectObject(number, 0, reader))
        except Exception:
            continue
        if isinstance(thing, StreamObject) and thing.get("/Subtype") != "/Image":
            try:
                found.append(thing.get_data())
            except Exception:
                pass
    return b"\n".join(found)


def test_a_three_digit_hex_colour_reads_as_css_does(toy, tmp_path):
    edit(toy / "templates" / "front.yaml.j2", "fill: sea", 'fill: "#f00"')
    result = run(toy, tmp_path)
    assert result.exit_code == 0, result.output
    code = streams(next((tmp_path / "out").rglob("deck-*duplex.pdf")))
    assert re.search(rb"(^|\s)1 0 0 rg", code)  # #f00 is #ff0000, pure red
    assert b".058824" not in code  # not #0f0000 with its digits shifted


def test_a_blank_count_is_an_error_naming_the_card(toy, tmp_path):
    edit(toy / "deck.csv", "beta,2,", "beta,,")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "deck.csv:3: count" in result.output
    assert "beta" in result.output.split("deck.csv:3: count", 1)[1].split("\n")[0]


def test_a_count_of_zero_is_still_allowed(toy, tmp_path):
    edit(toy / "deck.csv", "beta,2,", "beta,0,")
    assert run(toy, tmp_path).exit_code == 0


def test_comment_rows_are_counted_in_the_listing(toy):
    edit(toy / "deck.csv", "beta,2,", "# beta,2,")
    edit(toy / "deck.csv", "delta,1,", "#delta,1,")
    result = CliRunner().invoke(cli, ["list", str(toy)])
    assert result.exit_code == 0, result.output
    deck = next(line for line in result.output.splitlines() if line.strip().startswith("deck "))
    assert "8 cards (2 different, 2 rows left out by #)" in deck


def test_a_listing_without_comment_rows_does_not_mention_them(toy):
    result = CliRunner().invoke(cli, ["list", str(toy)])
    assert "left out" not in result.output


def test_a_spreadsheet_named_as_a_card_list_is_named_so(toy, tmp_path):
    (toy / "deck.csv").write_bytes(b"PK\x03\x04" + bytes(200))
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "deck.csv" in result.output and "spreadsheet" in result.output


def test_a_utf16_card_list_is_named_so(toy, tmp_path):
    text = (toy / "deck.csv").read_text(encoding="utf-8")
    (toy / "deck.csv").write_bytes(text.encode("utf-16"))
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "deck.csv" in result.output and "UTF-16" in result.output


def test_a_card_list_not_in_utf8_names_its_line(toy, tmp_path):
    data = (toy / "deck.csv").read_bytes().replace(b"Delta", b"D\xe9lta")
    (toy / "deck.csv").write_bytes(data)
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "deck.csv:5:" in result.output


def test_a_file_that_is_not_text_from_its_first_byte_is_named_at_line_1(toy, tmp_path):
    (toy / "deck.csv").write_bytes(b"\x00" + (toy / "deck.csv").read_bytes())
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "deck.csv:1: a binary file" in result.output, result.output


def test_a_fifo_named_as_a_card_list_is_refused_unread(toy, tmp_path):
    import os

    (toy / "deck.csv").unlink()
    os.mkfifo(toy / "deck.csv")  # nothing ever writes to it: reading it would block for ever
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "deck.csv" in result.output and "plain file" in result.output
