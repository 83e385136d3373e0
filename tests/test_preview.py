"""Previews: every kit page as a picture a person can read, captioned, with links to the PDFs; a page for
each game and one index, opened in a headless browser to see that every picture shows."""
import re
import shutil
import subprocess
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from conftest import chromium
from pnp.cli import cli
from pnp.read.games import load_game
from pnp.read.version import kit_version
from pnp.write.preview import PREVIEW_DPI

TOY = Path(__file__).parent / "fixtures" / "toy"
def loaded(page: Path, profile: Path) -> str:
    """The page's DOM once a headless Chromium has loaded it and run its scripts."""
    result = subprocess.run(
        [chromium("the preview test opens pages in a browser"), "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
         "--virtual-time-budget=10000", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_previews_show_every_page_captioned_with_links_to_the_pdfs(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(TOY), "--preview", "--out", str(out)])  # duplex and fold
    assert result.exit_code == 0, result.output
    folder = out / "toy" / "preview"
    kits = {form: PdfReader(out / "toy" / f"toy-kit-a4-{form}.pdf") for form in ("duplex", "fold")}
    pictures = sorted(folder.glob("*-page-*.png"))
    assert len(pictures) == len(kits["duplex"].pages) + len(kits["fold"].pages)
    width = int.from_bytes(pictures[0].read_bytes()[16:20], "big")
    assert width >= 210 / 25.4 * PREVIEW_DPI - 2 >= 900  # A4 at a resolution where card text can be read

    page = (folder / "index.html").read_text(encoding="utf-8")
    captions = re.findall(r"<figcaption>([^<]*)</figcaption>", page)
    assert captions[0] == "Contents · page 1 of %d" % len(kits["duplex"].pages)
    assert "Deck · fronts · page" in " ".join(captions) and "How to play · rules" in page
    assert "Deck · fold-and-glue · page 4 of" in " ".join(captions)
    # grouped by part, in the kit's order; the pages left blank folded away at the end of their kit
    headings = re.findall(r"<h3>([^<]*)</h3>", page)
    assert headings[:3] == ["Contents", "Deck · 11 cards", "Sheet · 3 copies"]
    blanks = re.findall(r"<details>.*?</details>", page, re.S)
    assert blanks and all("Blank back" in folded for folded in blanks)
    assert "Blank back" not in page.replace("".join(blanks), "")
    for link in re.findall(r"href='([^']+\.pdf)'", page):
        assert (folder / link).resolve().is_file(), link
    assert "../toy-kit-a4-fold.pdf" in page and "../deck-a4-fold.pdf" in page

    # the faces as colour-blind players see them, folded away in their own section (pnp/render/colourblind.py)
    views = re.findall(r"<details class='colour-blind'>.*?</details>", page, re.S)
    seen = ["seen-as-printed.png", "seen-with-deuteranopia.png", "seen-with-protanopia.png", "seen-with-tritanopia.png"]
    assert len(views) == 1 and re.findall(r"<img src='(seen-[^']+)'", views[0]) == seen
    assert all((folder / name).is_file() for name in seen)

    dom = loaded(folder / "index.html", tmp_path / "profile")
    shown = len(pictures) + len(seen)
    assert f'data-pictures="{shown} of {shown}"' in dom and 'class="missing"' not in dom

    index = out / "index.html"
    text = index.read_text(encoding="utf-8")
    assert "toy/preview/index.html" in text
    # the game's pictures: one face of each part but the rules, upright and cut at its trim
    faces = re.findall(r"<img src='(toy/preview/face-[^']+)'", text)
    parts = [key for key, part in load_game(str(TOY)).components.items() if part.kind != "rules"]
    assert [face.split("-", 3)[-1] for face in faces] == [f"{part}.png" for part in parts]
    deck = (out / faces[0]).read_bytes()
    w, h = int.from_bytes(deck[16:20], "big"), int.from_bytes(deck[20:24], "big")
    assert abs(w / h - 63.5 / 88.9) < 0.02 and abs(w - 63.5 / 25.4 * PREVIEW_DPI) < 3
    pdfs = re.findall(r"<a href='(toy/[^']+\.pdf)'", text)
    assert pdfs == ["toy/toy-kit-a4-duplex.pdf", "toy/toy-kit-a4-fold.pdf", "toy/duplex-test-a4.pdf"]
    assert f'data-pictures="{len(faces)} of {len(faces)}"' in loaded(index, tmp_path / "profile")
    for link in re.findall(r"(?:href|src)='([^']+)'", text):
        assert (out / link).is_file(), link


def test_a_missing_picture_is_shown_as_missing(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(TOY), "--fold", "--preview", "--out", str(out)])
    assert result.exit_code == 0, result.output
    next((out / "toy" / "preview").glob("*-page-03.png")).unlink()
    dom = loaded(out / "toy" / "preview" / "index.html", tmp_path / "profile")
    assert "1 pictures missing" in dom and 'class="missing"' in dom


def test_a_page_pictured_before_is_kept_and_a_changed_one_drawn_again(tmp_path, monkeypatch):
    """Pictures of pages come from the cache by what each page shows: after a card's text changes, a build with
    the cache of the one before draws the page of that card only (not the contents, which write no version),
    gives the same pictures as a build from nothing, and differs from that one's on that page only. The footer
    line naming the kit's version (which the change changes: pnp/read/version.py) is left out of the pictures
    and shown once on the preview page."""
    from pnp.write.cache import Store

    drawn, keep = [], Store.keep
    monkeypatch.setattr(Store, "keep", lambda self, kind, *rest: drawn.append(kind) or keep(self, kind, *rest))
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)

    def built(cache: str) -> tuple[dict, str]:
        out = tmp_path / f"out-{cache}"
        done = CliRunner(env={"XDG_CACHE_HOME": str(tmp_path / cache)}).invoke(
            cli, ["build", str(game), "--duplex", "--preview", "--out", str(out)])
        assert done.exit_code == 0, done.output
        preview = out / "toy" / "preview"
        return ({path.name: path.read_bytes() for path in sorted(preview.glob("*-page-*.png"))},
                (preview / "index.html").read_text(encoding="utf-8"))

    before, page_before = built("kept")
    version_before = f"kit {kit_version(load_game(str(game)))}"
    (game / "deck.csv").write_text((game / "deck.csv").read_text(encoding="utf-8").replace(
        "Beta,2", "Brigantine,2"), encoding="utf-8")
    drawn.clear()
    after, page_after = built("kept")
    assert drawn.count("page-picture") == 1
    fresh, _ = built("fresh")
    assert after == fresh
    changed = [name for name in before if before[name] != after[name]]
    assert len(changed) == 1 and len(before) > 3, changed
    version_after = f"kit {kit_version(load_game(str(game)))}"
    assert version_before in page_before and version_after in page_after and version_before != version_after


def test_a_preview_build_packs_each_kit_once(tmp_path, monkeypatch):
    """The kit's pages are asked for by its PDF, its pictures' captions, its preview's groups, its gallery face
    and its manifest: they are packed (pnp/layout/packing.py) once, for the parts as planned (each PDF's pages
    are given their faces one at a time as they are written)."""
    from pnp.layout import print_order as layout

    packed = []

    def counted(parts, settings):
        packed.append(settings.fold)
        return pack(parts, settings)

    pack = layout.kit_pages
    monkeypatch.setattr(layout, "kit_pages", counted)
    done = CliRunner(env={"XDG_CACHE_HOME": str(tmp_path / "cache")}).invoke(
        cli, ["build", str(TOY), "--preview", "--out", str(tmp_path / "out")])  # duplex and fold
    assert done.exit_code == 0, done.output
    assert sorted(packed) == [False, True]
