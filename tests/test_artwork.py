"""Artwork is checked before it is drawn: what the renderer would print wrongly, and whatever reaches outside
the artwork folder, is an error naming the file and line; pictures the artwork draws key the cache."""
import base64
import io

import pytest
from PIL import Image

from conftest import edit, run

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="20" height="10" viewBox="0 0 20 10">\n')


def picture(colour="red", size=(40, 20), mode="RGB", kind="PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, colour).save(buffer, format=kind)
    return buffer.getvalue()


def draw(toy, body: str):
    """The toy deck's artwork becomes an SVG with `body` on its second line."""
    (toy / "artwork/dot.svg").write_text(HEAD + body + "\n</svg>\n", encoding="utf-8")


REFUSED = [
    # (body, the element, what the message says)
    ('<image width="20" height="10" xlink:href="file:///etc/passwd"/>', "image", "may not reach other files"),
    ('<image width="20" height="10" href="https://example.com/a.png"/>', "image", "may not reach other files"),
    ('<image width="20" height="10" href="/etc/a.png"/>', "image", "may not reach other files"),
    ('<image width="20" height="10" href="../../elsewhere.png"/>', "image", "leads outside the artwork folder"),
    ('<image width="20" height="10" href="linked.png"/>', "image", "is a link to a file outside the artwork folder"),
    ('<image width="20" height="10" href="missing.png"/>', "image", "no such picture: missing.png"),
    ('<image width="20" height="10" href="other.svg"/>', "image", "an image must be a PNG or JPEG file"),
    ('<use href="other.svg#shape"/>', "use", "may only repeat a shape of the same file"),
    ('<rect width="5" height="5" style="fill: url(http://example.com/x.svg#g)"/>', "rect",
     "may not reach other files"),
    ('<style>@import url(https://example.com/look.css);</style>', "style", "may not @import"),
    ('<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>', "linearGradient",
     "gradients and patterns do not print"),
    ('<defs><radialGradient id="g"/></defs>', "radialGradient", "gradients and patterns do not print"),
    ('<rect width="5" height="5" fill="url(#g)"/>', "rect", "gradients and patterns do not print"),
    ('<defs><pattern id="p"/></defs>', "pattern", "gradients and patterns do not print"),
    ('<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs>', "filter", "filters"),
    ('<rect width="5" height="5" filter="url(#f)"/>', "rect", "filter: url(#f) is ignored by the renderer"),
    ('<defs><mask id="m"/></defs>', "mask", "masks do not print"),
    ('<rect width="5" height="5" style="mask: url(#m)"/>', "rect", "mask: url(#m) is ignored"),
    ('<text x="1" y="8">Ahoy</text>', "text", "a font the kit does not embed"),
    ('<g opacity="0.5"><rect width="5" height="5"/></g>', "g", "opacity: 0.5 is ignored by the renderer"),
    ('<style>.a { opacity: .4 }</style>', "style", "opacity: .4 is ignored"),
    ('<rect width="5" height="5" clip-path="url(#nowhere)"/>', "rect", "not a clipPath of this file"),
    ('<foreignObject width="5" height="5"/>', "foreignObject", "is not drawn by the renderer"),
    ('<image width="20" height="20" href="pic.png"/>', "image", "would be stretched"),
    ('<image width="20" height="10" href="gif.png"/>', "image", "gif.png is a GIF picture"),
    # path data begins with a move (the SVG specification): a line, a close or a number first is an error
    ('<path d="L10 10 L 5 5 Z" fill="red"/>', "path", "the path's data begins with 'L10 10 L 5 5 Z'"),
    ('<path d="  l10 10" fill="red"/>', "path", "must begin with a move (M or m)"),
    ('<path d="Z"/>', "path", "must begin with a move (M or m)"),
    ('<path d="10 10 L 5 5"/>', "path", "must begin with a move (M or m)"),
    ('<defs><clipPath id="c"><path d="H 5 V 5"/></clipPath></defs>', "path", "must begin with a move"),
]


@pytest.mark.parametrize("body,element,message", REFUSED, ids=[f"{r[1]}-{r[2][:30]}" for r in REFUSED])
def test_what_would_not_print_as_drawn_is_refused(toy, tmp_path, body, element, message):
    (tmp_path / "elsewhere.png").write_bytes(picture())
    (toy / "artwork/linked.png").symlink_to(tmp_path / "elsewhere.png")
    (toy / "artwork/pic.png").write_bytes(picture())
    (toy / "artwork/gif.png").write_bytes(picture(kind="GIF"))
    (toy / "artwork/other.svg").write_text(HEAD + '<rect id="shape" width="5" height="5"/></svg>')
    draw(toy, body)
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"artwork/dot.svg:2: {element}: " in result.output and message in result.output


def test_an_svg_cannot_declare_entities(toy, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the treasure is under the palm tree")
    (toy / "artwork/dot.svg").write_text(
        '<?xml version="1.0"?>\n'
        f'<!DOCTYPE svg [<!ENTITY secret SYSTEM "file://{secret}">]>\n'
        + HEAD + '<desc>&secret;</desc></svg>\n')
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "artwork/dot.svg:2: declares entities or a DTD of its own" in result.output
    assert "palm tree" not in result.output


@pytest.mark.parametrize("text,message", [
    (HEAD + '<g><rect width="5" height="5"/>\n', "dot.svg:3: not an SVG file that can be read: Premature end"),
    (HEAD + '<rect width="5" height="5"\n', "dot.svg:3: not an SVG file that can be read"),
    ('<html><body/></html>', "dot.svg:1: not an SVG file: its root element is not <svg>"),
    ("", "dot.svg:1: not an SVG file that can be read"),
])
def test_a_broken_svg_is_refused_not_repaired(toy, tmp_path, text, message):
    (toy / "artwork/dot.svg").write_text(text)
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert message in result.output


def test_what_prints_as_drawn_is_accepted(toy, tmp_path):
    (toy / "artwork/pics").mkdir()
    (toy / "artwork/pics/pic.png").write_bytes(picture())
    (toy / "artwork/photo.jpg").write_bytes(picture("blue", kind="JPEG"))
    (toy / "artwork/clear.png").write_bytes(picture((0, 0, 0, 0), mode="RGBA"))  # transparency prints
    embedded = base64.b64encode(picture((0, 90, 0, 100), (10, 10), mode="RGBA")).decode()
    draw(toy, '<style>.sea { fill: #1F5FA8; stroke-dasharray: 1 1 }</style>'
              '<defs><clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath>'
              '<circle id="dot" cx="1" cy="1" r="1" fill-opacity="0.5"/></defs>'
              '<rect class="sea" width="20" height="10" opacity="1"/><use href="#dot"/>'
              '<g clip-path="url(#c)" style="stroke-opacity: 0.35"><path d="M0 0 L10 10" stroke="black"/></g>'
              '<image width="4" height="2" href="pics/pic.png"/><image x="5" width="4" height="2" href="photo.jpg"/>'
              '<image x="15" width="4" height="2" href="clear.png"/>'
              f'<image x="10" width="2" height="4" preserveAspectRatio="none" href="data:image/png;base64,{embedded}"/>'
              '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>')
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output


def test_the_cache_notices_a_changed_picture(toy, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (toy / "artwork/pic.png").write_bytes(picture("red"))
    draw(toy, '<image width="20" height="10" href="pic.png"/>')
    deck = tmp_path / "out/toy/deck-a4-duplex.pdf"
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    red = deck.read_bytes()
    (toy / "artwork/pic.png").write_bytes(picture("blue"))
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    blue = deck.read_bytes()
    assert blue != red
    (toy / "artwork/pic.png").write_bytes(picture("red"))
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    assert deck.read_bytes() == red


def test_text_that_cannot_fit_even_at_6_pt_names_the_card(toy, tmp_path):
    edit(toy / "deck.csv", "beta,2,Beta,", "beta,2," + "Treasure" * 12 + ",")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "front.yaml.j2:4: step 4: text 'TreasureTreasure" in result.output  # the template's line and step
    assert "does not fit its box (57.5 mm wide) even at 6 pt, on card beta (" in result.output
    assert "deck.csv:3)" in result.output  # the card's line


def test_text_in_a_box_shrinks_to_6_pt_and_no_further(toy, tmp_path):
    front = toy / "templates/front.yaml.j2"
    edit(front, "size: 9,", "h: 7, size: 9,")
    edit(toy / "deck.csv", "beta,2,Beta,", "beta,2,The ship sails at dawn with every cannon loaded,")
    assert run(toy, tmp_path, "--duplex").exit_code == 0  # shrunk onto two lines, above 6 pt
    edit(toy / "deck.csv", "with every cannon loaded", "with every cannon loaded and the flag at the top of the mast "
                                                          "and the whole crew singing on the deck")
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 2
    assert "front.yaml.j2:4: step 4: text 'The ship sails" in result.output
    assert "(57.5 × 7 mm) even at 6 pt, on card beta" in result.output


def test_text_that_may_not_shrink_must_fit_at_its_size(toy, tmp_path):
    edit(toy / "templates/front.yaml.j2", "size: 9,", "size: 9, fit: false,")
    edit(toy / "deck.csv", "beta,2,Beta,", "beta,2," + "Treasure" * 5 + ",")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "at 9 pt (fit: false)" in result.output


def test_artwork_is_hashed_by_its_content_and_equal_artwork_hashes_alike(tmp_path):
    """Artwork is looked up by its hash (of its content alone): artwork equal in every field must hash alike, or a
    face would not find the artwork it places."""
    from pnp.render.artwork import Artwork

    one = Artwork(tmp_path / "a.svg", tmp_path, "abc123")
    same = Artwork(tmp_path / "a.svg", tmp_path, "abc123")
    moved = Artwork(tmp_path / "b.svg", tmp_path, "abc123")
    assert one == same and hash(one) == hash(same) and {one: 1}[same] == 1
    assert one != moved  # (the same content in another file is other artwork, whatever its hash)
    assert {one: 1}.get(moved) is None
