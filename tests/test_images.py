"""The `image` step: a PNG or JPEG picture stored once in each PDF, as the file holds it where PDF can read it so,
drawn fitted into its box; a picture that would print soft is warned of, one that cannot be printed refused."""
import re
import struct

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from conftest import edit, run

from pnp.build.stages import build, read_kit
from pnp.cli import cli
from pnp.layout.imposition import Settings

SEA = (0x1F, 0x5F, 0xA8)  # the toy front's background


def picture(path, colour="red", size=(600, 300), mode="RGB", kind="PNG", **options):
    Image.new(mode, size, colour).save(path, format=kind, **options)
    return path


def show(toy, *steps: str):
    """The toy deck's fronts also draw `steps` (YAML lines of the template)."""
    front = toy / "templates/front.yaml.j2"
    front.write_text(front.read_text(encoding="utf-8") + "".join(f"{step}\n" for step in steps), encoding="utf-8")


def images_of(path) -> list:
    """The image XObjects a PDF holds, each once."""
    reader = PdfReader(path)
    found = {}
    for page in reader.pages:
        for form in page["/Resources"].get("/XObject", {}).values():
            for inner in form.get_object()["/Resources"].get("/XObject", {}).values():
                if inner.get_object()["/Subtype"] == "/Image":
                    found[inner.idnum] = inner.get_object()
    return list(found.values())


def colour_at(pdf_path, page: int, x_mm: float, y_mm: float) -> tuple:
    """The colour printed at (x, y) mm from the top-left corner of a page."""
    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        image = document[page].render(scale=2).to_pil().convert("RGB")
    finally:
        document.close()
    return image.getpixel((round(x_mm / 25.4 * 144), round(y_mm / 25.4 * 144)))


def idat(path) -> bytes:
    data, at, found = path.read_bytes(), 8, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            found.append(data[at + 8:at + 8 + length])
        at += 12 + length
    return b"".join(found)


def test_each_picture_is_stored_once_a_pdf_as_the_file_holds_it(toy, tmp_path):
    art = toy / "artwork"
    png = picture(art / "flag.png")
    jpeg = picture(art / "photo.jpg", "blue", kind="JPEG")
    show(toy, "- image: {src: flag.png, x: 5, y: 5, w: 20, h: 10}",
         "- image: {src: photo.jpg, x: 30, y: 5, w: 20, h: 10}")
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output
    for pdf in ("deck-a4-duplex.pdf", "toy-kit-a4-duplex.pdf"):
        stored = images_of(tmp_path / "out/toy" / pdf)
        assert len(stored) == 2  # shown on every card, each stored once
        by_filter = {image["/Filter"]: image for image in stored}
        assert by_filter["/DCTDecode"].get_data() == jpeg.read_bytes()
        flate = by_filter["/FlateDecode"]
        assert flate["/DecodeParms"]["/Predictor"] == 15 and flate._data == idat(png)


def test_a_picture_is_drawn_fitted_into_its_box_and_its_transparency_kept(toy, tmp_path):
    art = toy / "artwork"
    picture(art / "red.png")  # 2:1, in a 20 x 20 box: a band 10 mm high across its middle
    halves = Image.new("RGBA", (200, 100), (0, 160, 0, 255))
    halves.paste((0, 0, 0, 0), (100, 0, 200, 100))  # its right half transparent
    halves.save(art / "half.png")
    picture(art / "palette.png", "yellow", mode="P")
    show(toy, "- image: {src: red.png, x: 5, y: 30, w: 20, h: 20}",
         "- image: {src: half.png, x: 30, y: 30, w: 20, h: 10}",
         "- image: {src: palette.png, x: 5, y: 60, w: 20, h: 10}")
    assert run(toy, tmp_path, "--duplex", "--print-shop").exit_code == 0
    shop = tmp_path / "out/toy/deck-shop.pdf"  # one card a page, with its 3 mm bleed
    at = lambda x, y: colour_at(shop, 0, x + 3, y + 3)  # noqa: E731 (in the card's own coordinates)
    assert _near(at(15, 40), (255, 0, 0)) and _near(at(15, 32), SEA)  # the band, and above it the background
    assert _near(at(35, 35), (0, 160, 0)) and _near(at(45, 35), SEA)  # the transparent half shows what is under
    assert _near(at(15, 65), (255, 255, 0))
    assert any("/SMask" in image for image in images_of(tmp_path / "out/toy/deck-a4-duplex.pdf"))


def _near(colour, expected, by=40) -> bool:
    return all(abs(a - b) <= by for a, b in zip(colour, expected))


def test_a_picture_too_small_for_its_box_is_warned_of_on_every_build(toy, tmp_path):
    picture(toy / "artwork/small.png", size=(40, 20))  # 40 pixels over 20 mm: 51 dpi
    picture(toy / "artwork/sharp.png", size=(600, 300))  # 762 dpi
    show(toy, "- image: {src: small.png, x: 5, y: 5, w: 20, h: 10}",
         "- image: {src: sharp.png, x: 30, y: 5, w: 20, h: 10}")
    for _ in range(2):  # from an empty cache, then from a warm one
        result = run(toy, tmp_path, "--duplex")
        assert result.exit_code == 0
        warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
        assert len(warnings) == 1 and "deck.csv:2" in warnings[0]
        assert "image small.png (40 × 20 pixels) prints at 51 dpi; 300 dpi or more prints sharp" in warnings[0]


@pytest.mark.parametrize("src, make, message", [
    ("nowhere.png", None, "picture not found: artwork/nowhere.png"),
    ("flag.gif", lambda path: picture(path, kind="GIF"), "image flag.gif must be a PNG or JPEG file"),
    ("fake.png", lambda path: path.write_bytes(b"not a picture"), "image fake.png is not a picture that can be read"),
    ("lying.png", lambda path: picture(path, kind="BMP"), "image lying.png is a BMP picture: use PNG or JPEG"),
    ("../deck.csv", None, "../deck.csv leads outside the artwork folders"),
])
def test_a_picture_that_cannot_be_printed_is_an_error_naming_the_card_and_step(toy, tmp_path, src, make, message):
    if make:
        make(toy / "artwork" / src)
    show(toy, f"- image: {{src: {src}, x: 5, y: 5, w: 20, h: 10}}")
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"deck.csv:2 (template front.yaml.j2): step 5.image.src: {message}" in result.output


def test_a_picture_changed_between_builds_is_printed_as_it_is_now(toy, tmp_path):
    path = picture(toy / "artwork/flag.png", "red")
    show(toy, "- image: {src: flag.png, x: 5, y: 30, w: 20, h: 20}")
    assert run(toy, tmp_path, "--duplex", "--print-shop").exit_code == 0
    shop = tmp_path / "out/toy/deck-shop.pdf"
    assert _near(colour_at(shop, 0, 3 + 15, 3 + 40), (255, 0, 0)) and _near(colour_at(shop, 0, 18, 35), SEA)
    picture(path, "blue", size=(300, 300))  # another colour and shape: drawn anew
    assert run(toy, tmp_path, "--duplex", "--print-shop").exit_code == 0
    assert _near(colour_at(shop, 0, 3 + 15, 3 + 40), (0, 0, 255)) and _near(colour_at(shop, 0, 18, 35), (0, 0, 255))
    edit(toy / "templates/front.yaml.j2", "flag.png", "flag.png, opacity: 0")
    assert run(toy, tmp_path, "--duplex", "--print-shop").exit_code == 0
    assert _near(colour_at(shop, 0, 3 + 15, 3 + 40), SEA)


def test_many_soft_pictures_are_counted_by_default_listed_with_verbose_and_summed_up_for_watch(toy, tmp_path):
    sizes = [40 + 4 * n for n in range(7)]  # each over 20 mm: 51 to 81 dpi
    for n, width in enumerate(sizes):
        picture(toy / f"artwork/small-{n}.png", size=(width, width // 2))
    show(toy, *(f"- image: {{src: small-{n}.png, x: 5, y: {5 + 10 * n}, w: 20, h: 10}}" for n in range(len(sizes))))
    plain = CliRunner().invoke(cli, ["build", str(toy), "--duplex", "--out", str(tmp_path / "plain")])
    assert plain.exit_code == 0, plain.output
    assert plain.stdout.splitlines() == [f"toy: 6 sheets A4 duplex -> {tmp_path / 'plain' / 'toy'}/ (7 warnings)"]
    assert "7 warnings: add -v to see them" in plain.stderr and "small-" not in plain.output
    verbose = run(toy, tmp_path, "--duplex")  # -v
    listed = [line for line in verbose.output.splitlines() if line.startswith("warning:")]
    assert len(listed) == 7 and all("deck.csv:2" in line for line in listed)
    assert {re.search(r"image (small-\d)\.png", line).group(1) for line in listed} == {f"small-{n}" for n in range(7)}
    said: list = []  # pnp watch's console: many alike summed up in one line, naming the first few
    build(read_kit(str(toy)), [Settings()], tmp_path / "watched", progress=said.append)
    warnings = [line for line in said if line.startswith("warning:")]
    assert len(warnings) == 1 and "7 pictures" in warnings[0] and "-v" in warnings[0]
    assert all(f"small-{n}.png" in warnings[0] for n in range(5)) and "small-6.png" not in warnings[0]
    strict = run(toy, tmp_path / "strict", "--duplex", "--warnings-as-errors")
    assert strict.exit_code == 2 and all(f"small-{n}.png" in strict.output for n in range(7))


def test_a_build_that_fails_says_its_warnings_in_full_before_its_errors(toy, tmp_path):
    show(toy, '- rect: {x: 5, y: 70, w: 50, h: 8, fill: "#FFFFFF"}',  # grey on white: a warning, hard to read
         '- text: {text: "faint", x: 5, y: 71, w: 50, size: 8, colour: "#999999"}')
    sheet = toy / "templates/sheet.yaml.j2"  # and an error on another face
    sheet.write_text(sheet.read_text(encoding="utf-8") + "- image: {src: nowhere.png, x: 5, y: 30, w: 20, h: 10}\n",
                     encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(toy), "--duplex", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.output.splitlines()
    warned = next(n for n, line in enumerate(lines) if line.startswith("warning:") and "'faint'" in line)
    failed = next(n for n, line in enumerate(lines) if "picture not found: artwork/nowhere.png" in line)
    assert warned < failed and not (tmp_path / "out").exists()


def placed(path) -> tuple[dict, list]:
    """What a PDF's pages place, forms within forms included: its image XObjects (object number -> image), and
    the content streams of its pages and forms."""
    found, contents = {}, []

    def look(resources):
        for thing in resources.get("/XObject", {}).values():
            made = thing.get_object()
            if made["/Subtype"] == "/Image":
                found[thing.idnum] = made
            elif thing.idnum not in found:
                found[thing.idnum] = None
                contents.append(made.get_data())
                look(made.get("/Resources", {}))

    for page in PdfReader(path).pages:
        contents.append(page.get_contents().get_data())
        look(page["/Resources"])
    return {number: made for number, made in found.items() if made is not None}, contents


def wrapped(href: str, size=(600, 300)) -> str:
    """An SVG file of 20 × 10 mm holding just an <image> of `href`."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20mm" '
            f'height="10mm" viewBox="0 0 {size[0]} {size[1]}"><image width="{size[0]}" height="{size[1]}" '
            f'xlink:href="{href}"/></svg>')


def test_a_picture_an_svg_draws_is_stored_once_a_pdf_like_an_image_steps(toy, tmp_path, monkeypatch):
    import base64

    from PIL import ImageFile

    art = toy / "artwork"
    png = picture(art / "flag.png")
    (art / "flag.svg").write_text(wrapped("flag.png"))
    (art / "framed.svg").write_text(wrapped("flag.png").replace("<image", '<rect width="9" height="9"/><image'))
    held = picture(tmp_path / "held.png", "green", size=(40, 20))
    (art / "held.svg").write_text(wrapped("data:image/png;base64," + base64.b64encode(held.read_bytes()).decode(),
                                          (40, 20)))
    show(toy, "- art: {src: flag.svg, x: 5, y: 5, w: 20, h: 10}", "- art: {src: framed.svg, x: 30, y: 5, w: 20, h: 10}",
         "- image: {src: flag.png, x: 5, y: 20, w: 20, h: 10}", "- art: {src: held.svg, x: 30, y: 20, w: 20, h: 10}")
    decoded = []
    load = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda self: decoded.append(self) or load(self))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    builds = []
    for _ in range(2):  # an empty cache, then a warm one
        result = run(toy, tmp_path, "--duplex")
        assert result.exit_code == 0, result.output
        builds.append({pdf.name: pdf.read_bytes() for pdf in (tmp_path / "out/toy").iterdir()})
    assert builds[0] == builds[1]
    assert decoded == []  # each picture passed through as its file holds it, never decoded
    for pdf in ("deck-a4-duplex.pdf", "toy-kit-a4-duplex.pdf"):
        stored, contents = placed(tmp_path / "out/toy" / pdf)
        assert len(stored) == 2  # flag.png, drawn by two SVG files and a step on every card, once; held.png once
        assert sorted(image._data for image in stored.values()) == sorted([idat(png), idat(held)])
        assert contents and not any(re.search(rb"(^|\s)BI\s", data) for data in contents)  # no inline picture


def test_a_picture_an_svg_draws_keeps_its_transparency_and_fills_its_box(toy, tmp_path):
    halves = Image.new("RGBA", (200, 100), (0, 160, 0, 255))
    halves.paste((0, 0, 0, 0), (100, 0, 200, 100))  # its right half transparent
    halves.paste((255, 255, 0, 255), (0, 50, 100, 100))  # its lower left quarter yellow
    halves.save(toy / "artwork/half.png")
    (toy / "artwork/half.svg").write_text(wrapped("half.png", (200, 100)))
    show(toy, "- art: {src: half.svg, x: 30, y: 30, w: 20, h: 10}")
    assert run(toy, tmp_path, "--duplex", "--print-shop").exit_code == 0
    shop = tmp_path / "out/toy/deck-shop.pdf"
    at = lambda x, y: colour_at(shop, 0, x + 3, y + 3)  # noqa: E731 (in the card's own coordinates)
    assert _near(at(35, 32), (0, 160, 0)) and _near(at(35, 38), (255, 255, 0)) and _near(at(45, 35), SEA)
    assert _near(at(35, 28), SEA) and _near(at(35, 42), SEA)  # above and below its box
    stored, _ = placed(tmp_path / "out/toy/deck-a4-duplex.pdf")
    assert [("/SMask" in image) for image in stored.values()] == [True]
