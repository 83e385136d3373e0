"""Every PDF pnp writes carries the fonts it uses, each embedded as a subset, and selects no other: a print
shop's preflight refuses a file that names a font it does not hold (reportlab's own canvas selects its
Helvetica at each page start unless told otherwise). Read as a shop would, with poppler's `pdffonts`, and
with pypdf: no page or form names one of the fourteen fonts a PDF may leave out, and each font a page or form
selects is in its resources."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from conftest import needs
from pnp.cli import cli

GAMES = Path(__file__).resolve().parent.parent / "pnp" / "games"
GOLDEN = Path(__file__).resolve().parent / "fixtures" / "golden"  # a game with a component of every kind
BASE_14 = {"Courier", "Courier-Bold", "Courier-BoldOblique", "Courier-Oblique", "Helvetica", "Helvetica-Bold",
           "Helvetica-BoldOblique", "Helvetica-Oblique", "Symbol", "Times-Bold", "Times-BoldItalic",
           "Times-Italic", "Times-Roman", "ZapfDingbats"}
SELECTED = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s+[-+\d.]+\s+Tf\b")  # a font selected: /name size Tf


def build(*args) -> None:
    result = CliRunner().invoke(cli, ["build", *map(str, args)])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> list[Path]:
    """Every kind of PDF pnp writes: each game's kits and parts (duplex and fold-and-glue, letter paper too),
    rules sheets, the duplex test, the print-shop files, the reprint of what changed since a manifest, and
    `pnp export pdf-shop`'s files."""
    out = tmp_path_factory.mktemp("built")
    build("--print-shop", "--out", out)
    build(GOLDEN, "--print-shop", "--paper", "letter", "--out", out)
    manifest = json.loads((out / "buried-treasure" / "buried-treasure-manifest.json").read_text())
    for entries in manifest["variants"].values():  # half the pieces new since, one of the others changed
        del entries[1::2]
        entries[0]["key"] = "0" * 16
    old = out / "old-manifest.json"
    old.write_text(json.dumps(manifest))
    build("buried-treasure", "--changed-since", old, "--out", out / "changed")
    exported = CliRunner().invoke(cli, ["export", "pdf-shop", "--out", str(out / "export")])
    assert exported.exit_code == 0, exported.output
    found = sorted(out.rglob("*.pdf"))
    kinds = {path.stem.rsplit("-", 1)[-1] for path in found}
    assert {"duplex", "fold", "shop", "a4", "letter"} <= kinds  # kits and parts, print-shop files, duplex tests
    assert any("-changed-" in path.name for path in found)
    assert any(path.parent.name == "pdf-shop" for path in found)
    return found


def test_pdffonts_lists_only_embedded_subset_fonts(written):
    pdffonts = needs("pdffonts", "poppler-utils", "reading the fonts as a print shop does")
    bad = []
    for path in written:
        listing = subprocess.run([pdffonts, str(path)], capture_output=True, text=True, check=True).stdout
        rows = listing.splitlines()[2:]  # under the heading and its rule
        assert rows, f"{path.name}: pdffonts lists no font at all"
        for row in rows:
            # name, type (one or two words), encoding, then emb sub uni and the object's number and generation
            name, *_, emb, sub, _uni, _number, _generation = row.split()
            if (emb, sub) != ("yes", "yes"):
                bad.append(f"{path.name}: {name} (embedded: {emb}, subset: {sub})")
    assert not bad, "\n".join(bad)


def test_no_page_or_form_names_a_font_the_file_does_not_carry(written):
    bad = []
    for path in written:
        reader = PdfReader(path)
        seen: set = set()
        for number, page in enumerate(reader.pages, start=1):
            for problem in _font_problems(page, page.get("/Resources"), seen):
                bad.append(f"{path.name}, page {number}: {problem}")
    assert not bad, "\n".join(bad[:20])


def _font_problems(stream, resources, seen: set):
    """What is wrong with the fonts a page (or form) and the forms it places name: a font of the fourteen a
    PDF may leave out, a font not embedded, or a selected font its resources lack."""
    resources = resources.get_object() if resources is not None else {}
    fonts = resources.get("/Font")
    fonts = fonts.get_object() if fonts is not None else {}
    for name, font in fonts.items():
        font = font.get_object()
        base = str(font.get("/BaseFont", "")).lstrip("/")
        tag, _, plain = base.rpartition("+")
        descriptor = font.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        if plain in BASE_14:
            yield f"{name} is {plain}, a font the file need not carry"
        elif not (len(tag) == 6 and tag.isupper()):
            yield f"{name} ({base}) is not a subset"
        elif not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
            yield f"{name} ({base}) is not embedded"
    data = stream.get_contents().get_data() if hasattr(stream, "get_contents") else stream.get_data()
    for selected in SELECTED.findall(data):
        if "/" + selected.decode("latin-1") not in fonts:
            yield f"selects /{selected.decode('latin-1')}, which its resources lack"
    forms = resources.get("/XObject")
    for reference in (forms.get_object() if forms is not None else {}).values():
        key = reference.idnum if isinstance(reference, IndirectObject) else id(reference)
        form = reference.get_object()
        if key in seen or form.get("/Subtype") != "/Form":
            continue
        seen.add(key)
        yield from _font_problems(form, form.get("/Resources", resources), seen)
