"""How text is set in the kit's own fonts: the fonts (embedded DejaVu, registered with reportlab once a
process), lines wrapped to a width, text fitted to a box. Layout measures text with it (the rules sheet, the
contents page, a proof's label); render sets and checks text with it (pnp/render/draw.py, legibility.py).
"""
from __future__ import annotations

import functools
import hashlib
import marshal
import operator
import struct
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from pnp import resources
from pnp.model.units import PT
from pnp.typeset.markup import parse

FONT_FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "title": "DejaVuSerif-Bold.ttf"}
REMADE = ("face", "state", "encoding", "_ttf_data", "_pdfScale", "filename")  # a font's parts not kept, made anew
UNUSED = ("glyphToChar",)  # a face's table reportlab uses only while it reads the font's file: not kept (a quarter
# of what is kept of a font, its lists the most objects)
SHIPPED_TABLES = resources.FONTS / "tables.marshal"  # what reportlab reads from the fonts above, read when they were
# put in the package (tools/font_tables.py writes it): a first build need not read them
TABLES: list = []  # the store (pnp.write.cache.Store) keeping the fonts' tables between runs, once a build says
SMALLEST_TEXT = 6.0  # points: text shrinks to fit its box down to this size, and never prints smaller


def keep_tables_in(store) -> None:
    """Keep the fonts' tables in `store` between runs: a build says so before it sets any text. (The fonts are
    registered once a process, as reportlab's registry is; a font registered before is not read again.)"""
    TABLES[:] = [store]


GAME_FONTS: dict[str, Path] = {}  # the key of a game's own font (`game_font`) -> its file


class KitFont(TTFont):
    """A TrueType font whose subsets every PDF names after the font (`/Fsans+0`), where reportlab numbers them in
    the order a document first uses its fonts (`/F1+0`): a face's drawing then writes the same bytes in every
    PDF of a build, and its form is made once (pnp/write/pdf.py)."""

    def getSubsetInternalName(self, subset: int, doc) -> str:
        state = self._assignState(doc)
        if state.internalName is None:  # as reportlab names it, by another name
            state.internalName = resource_name(self.fontName)
            doc.fontMapping[self.fontName] = "/" + state.internalName
            doc.delayedFonts.append(self)
        return super().getSubsetInternalName(subset, doc)


def resource_name(registered: str) -> str:
    """The name a PDF gives a font registered as `registered`: F and our font's name (`pnp-sans`: Fsans); a game's
    own font, whose key need not be a PDF name, F and a digest of its key."""
    name = registered.removeprefix("pnp-")
    if not (name.isascii() and name.isalnum()):
        name = hashlib.blake2b(registered.encode("utf-8"), digest_size=6).hexdigest()
    return "F" + name


@lru_cache(maxsize=None)
def font(name: str) -> str:
    """The registered reportlab name of one of our embedded fonts (`sans`, `bold`, `title`) or of a game's own
    (by the key `game_font` gave it)."""
    registered = f"pnp-{name}"
    if name not in FONT_FILES:  # ours first: a game's font is the one named apart (_register)
        for ours in FONT_FILES:
            font(ours)
    path = resources.FONTS / FONT_FILES[name] if name in FONT_FILES else GAME_FONTS[name]
    made = truetype(registered, path)
    made.face.makeSubset = _kept(made.face.makeSubset)
    _register(made)
    return registered


def _register(made: TTFont) -> None:
    """Register a font with reportlab. pdfmetrics.registerFont takes a font whose face has the name of one
    registered before for that one, and sets its text in it (a PDF may not hold two fonts of one name): right
    for the same file (a game's `pirate` and `pirate-bold` from one file, a copy of a font pnp brings), wrong
    for another (a game's font file replaced by another version of the same font would print in the old one).
    A face of another file is named apart, after the key it is registered by."""
    before = pdfmetrics._dynFaceNames.get(made.face.name, made)
    if before is not made and getattr(before.face, "_ttf_data", None) != made.face._ttf_data:
        apart = hashlib.blake2b(made.fontName.encode("utf-8"), digest_size=4).hexdigest().encode("ascii")
        made.face.name = TTFNameBytes(bytes(made.face.name) + b"-" + apart)
    pdfmetrics.registerFont(made)


def _kept(make_subset):
    """A font's makeSubset (the font file of a subset of its characters, embedded in a PDF) that makes each subset
    once a process: the PDFs of a kit mostly embed the same ones."""
    made = lru_cache(maxsize=64)(lambda characters: make_subset(list(characters)))
    return lambda subset: made(tuple(subset))


def game_font(name: str, path: Path, bold: str | None = None) -> str:
    """A game's own font, the TrueType file `path` (inside its folder) that game.yaml names `name`: the key
    it is set by, made of its name and its contents (a changed file is another font), registered now. `bold`
    is the key of its bold, when the game has one. A ValueError says why the file cannot be used."""
    from reportlab.pdfbase.ttfonts import TTFError

    key = f"{name}@{hashlib.sha256(path.read_bytes()).hexdigest()[:12]}"
    GAME_FONTS[key] = path
    try:
        font(key)
    except (TTFError, ValueError, KeyError, IndexError, struct.error) as error:  # (a damaged file's tables)
        del GAME_FONTS[key]
        cff = "postscript outlines" in str(error).lower()
        raise ValueError("is an OpenType font with PostScript (CFF) outlines, which cannot be embedded here: "
                         "use its TrueType version (.ttf)" if cff else
                         "is not a TrueType font that can be read") from None
    if bold:  # (a font without one has no bold: **bold** in it is a mistake, pnp/render/steps.py)
        BOLD[key] = BOLD[bold] = bold
    else:  # nor the bold an earlier build of this process named (`pnp watch`, after `-bold` is taken out)
        BOLD.pop(key, None)
    return key


def shown_font(key: str) -> str:
    """A font as its designer names it: `sans`, or the name game.yaml gives one of its own."""
    return key.split("@")[0]


def truetype(name: str, path: Path) -> TTFont:
    """reportlab's TrueType font of a file. Reading a font's tables takes longer than a small build, so what
    reportlab read from them is kept in the cache, plain values only (marshal), and the font remade from them."""
    shipped = _shipped_tables(path.name) if path.parent == resources.FONTS else None
    if shipped is not None and shipped[0] == path.stat().st_size:
        return _remade(path, {**shipped[1], "fontName": name}, *shipped[2:])
    store = TABLES[0] if TABLES else None
    if store is None:
        return KitFont(name, str(path))
    stat = path.stat()
    # (a game's own font is registered by a name holding its contents' digest, game_font: a file replaced by
    # another of the same size and time is not taken for the one it replaced)
    key = f"{path.name}|{stat.st_size}|{stat.st_mtime_ns}|{name.partition('@')[2]}"
    saved = store.fetch("font", key)
    if saved is not None:
        try:
            own, *face = marshal.loads(saved)
            return _remade(path, {**own, "fontName": name}, *face)  # (one file may be two fonts' by name)
        except (ValueError, EOFError, TypeError, KeyError, AttributeError):
            pass  # kept by another version: read the file
    made = KitFont(name, str(path))
    try:
        store.keep("font", key, marshal.dumps(tables(made)))
    except ValueError:  # something marshal cannot write: this font is read from its file every time
        pass
    return made


def tables(made: TTFont) -> tuple[dict, dict, dict]:
    """What reportlab read from a font's file, as plain values (what `_remade` makes it again from): the font's
    own fields, its face's (but the UNUSED), and its face's names (as bytes)."""
    own = {field: value for field, value in vars(made).items() if field not in REMADE}
    face = {field: value for field, value in vars(made.face).items() if field not in REMADE and field not in UNUSED}
    names = {field: bytes(value) for field, value in face.items() if isinstance(value, TTFNameBytes)}
    return own, {field: value for field, value in face.items() if field not in names}, names


def tables_reader() -> str:
    """What reads the fonts' tables: the shipped tables are used only when this read them."""
    import reportlab

    return f"reportlab {reportlab.Version}, marshal {marshal.version}"


@lru_cache(maxsize=None)
def _shipped() -> dict:
    """The tables of the fonts pnp ships (SHIPPED_TABLES): file name -> (the file's size, *`tables`) marshalled,
    each font's apart, to be read when that font is made (`_shipped_tables`); none when another reportlab read
    them, or the file cannot be read. The file is not compressed: it is read in a tenth of the time it took to
    decompress."""
    try:
        reader, fonts = marshal.loads(SHIPPED_TABLES.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return fonts if reader == tables_reader() and type(fonts) is dict else {}


def _shipped_tables(file: str) -> tuple | None:
    """The shipped tables of the font file `file`, as (its size, *`tables`); None when none are shipped for it,
    or they cannot be read."""
    kept = _shipped().get(file)
    try:
        return None if kept is None else marshal.loads(kept)
    except (ValueError, EOFError, TypeError):
        return None


def _remade(path: Path, own: dict, face_fields: dict, names: dict) -> TTFont:
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update(face_fields, **{key: TTFNameBytes(value) for key, value in names.items()})
    face._ttf_data, face.filename = path.read_bytes(), str(path)
    face._pdfScale = functools.partial(operator.mul, 1000 / face.unitsPerEm)
    made = KitFont.__new__(KitFont)
    vars(made).update(own, face=face, state=WeakKeyDictionary(), encoding=TTEncoding())
    return made


@lru_cache(maxsize=1024)  # (a face's texts are checked as it is laid out, then as it is drawn)
def missing_glyphs(text: str, name: str) -> str:
    """The characters of `text` that the font cannot print."""
    if text.isascii() and _ascii_missing(name).isdisjoint(text):  # (most texts)
        return ""
    return _missing(text, name)


@lru_cache(maxsize=None)
def _ascii_missing(name: str) -> frozenset:
    """The characters of ASCII that the font cannot print."""
    return frozenset(_missing("".join(map(chr, range(128))), name))


def _missing(text: str, name: str) -> str:
    glyphs = pdfmetrics.getFont(font(name)).face.charToGlyph
    return "".join(sorted({c for c in set(text) if ord(c) not in glyphs and c not in "\n\t"}))


def glyph_names(missing: str) -> str:
    """Characters a font lacks, as a message names them: U+1F3F4 '🏴'."""
    return ", ".join(f"U+{ord(char):04X} {char!r}" for char in missing)


def quoted(text: str) -> str:
    """A text as a message quotes it, cut short when long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def wrap(text: str, font_name: str, size: float, width: float) -> list[str]:
    """Greedy word wrap to a width in points; explicit newlines are kept."""
    return list(_wrapped(text, font_name, size, width))


@lru_cache(maxsize=4096)  # the contents page measures its entries again as it lays them out
def _wrapped(text: str, font_name: str, size: float, width: float) -> tuple[str, ...]:
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and pdfmetrics.stringWidth(trial, font_name, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


CAP = 0.72  # the height of a capital, as a share of the font size: the box's top lies this far above line 1
DESCENT = 0.24  # how far below its baseline a line's letters may reach, as a share of the size
ICON = 0.8  # an icon's height, as a share of the size of the text round it: it stands on the baseline
SLANT = 0.21  # italic text leans by this much (about 12°): the bundled faces have no italic of their own,
# and DejaVu's own oblique is its upright face slanted so, letter for letter


class Piece(NamedTuple):
    """A run of one style on a set line, or an icon: where it starts (mm from the line's left end), its text
    (an icon's name), font, size (points), colour (None: the step's), whether italic, and its width (mm). (A
    named tuple, not a frozen dataclass: a deck sets thousands, and a tuple is made in a third of the time.)"""

    x: float
    text: str
    font: str
    size: float
    colour: str | None
    italic: bool
    icon: bool
    width: float


class TextLayout(NamedTuple):
    """Where a text step's lines fall in its own box: sizes in points, distances in millimetres. (A named tuple,
    as Piece is: one is made for each text a deck sets.)"""

    lines: tuple[str, ...]  # each line's words, as plain text
    size: float  # after fitting
    baselines: tuple[float, ...]  # from the box's top down to each line's baseline
    widths: tuple[float, ...]  # of each line
    fits: bool  # whether the lines fit the box (at no less than SMALLEST_TEXT when shrunk)
    pieces: tuple = ()  # each line's pieces (Piece)
    smallest: float = 0.0  # the smallest size set, in points
    top: float = 0.0  # from the first line's tallest capital or icon down to its baseline, in mm

    @property
    def first(self) -> float:
        return self.baselines[0]

    @property
    def block(self) -> float:
        """From the top of the first line's capitals down to the last baseline."""
        return self.baselines[-1] - self.baselines[0] + self.top

    def line_x(self, v: dict) -> list[float]:
        """The left end of each line, from the box's left edge."""
        align, room = v["align"], v["w"]
        if align == "left":
            return [0.0 for _ in self.widths]
        if align == "right":
            return [room - w for w in self.widths]
        if align == "center":
            return [(room - w) / 2 for w in self.widths]
        raise KeyError(align)


BOLD = {"sans": "bold", "bold": "bold", "title": "title"}  # each font's bold (a game's own fonts add theirs)


def text_layout(v: dict) -> TextLayout:
    """How a checked `text` step sets its text: wrapped, shrunk to fit when it may, placed as `valign` says.
    Its icons (`icons`, as the step checker found them) are sized by their width over height."""
    icons = tuple((name, aspect) for name, _, aspect in v["icons"]) if v.get("icons") else ()
    return _layout(v["text"], v["font"], v["size"], v["leading"], v["w"], v["h"], v["fit"], v["valign"], icons)


@lru_cache(maxsize=1024)  # a face's text is laid out to check it, then to draw it
def _layout(text: str, font_name: str, size: float, leading: float, w: float, h: float | None, fit: bool,
            valign: str, icons: tuple = ()) -> TextLayout:
    runs, aspects = parse(text), dict(icons)
    height = h * PT if h is not None else None
    smallest, given = min(size, SMALLEST_TEXT), size
    room = w * PT
    while True:
        lines = _set(runs, font_name, size / given if given else 1.0, given, aspects, room)
        # each line's size (for its leading), a line of one piece (most) its piece's, and width
        sizes = [line[0][3] if len(line) == 1 else _line_size(line, size) for line in lines]
        widths = [_width(line) for line in lines]
        tall = sum(sizes) * leading
        fits = max(widths) <= room and (height is None or tall <= height + 0.01)
        if fits or not fit or size <= smallest:
            break
        size = max(smallest, size * 0.92)
    top = max([size * CAP] + [p[3] * (ICON if p[6] else CAP) for p in lines[0]])  # the first line's
    baselines = [top]
    for line_size in sizes[1:]:
        baselines.append(baselines[-1] + line_size * leading)
    free = (height - (baselines[-1] - baselines[0] + top)) if height is not None else 0
    shift = {"top": 0, "middle": free / 2, "bottom": free}[valign]
    pieces = tuple([tuple([Piece(x / PT, t, f, s, c, i, n, wd / PT) for x, t, f, s, c, i, n, wd in line])
                    for line in lines])
    return TextLayout(tuple([_plain(line) for line in pieces]), size, tuple([(b + shift) / PT for b in baselines]),
                      tuple([wide / PT for wide in widths]), fits, pieces,
                      min([p[3] for line in lines for p in line] or [size]), top / PT)


def _plain(line: tuple) -> str:
    """A set line's words as plain text, an icon by its name between colons."""
    if len(line) == 1 and not line[0].icon:  # (a line of one run, as most are)
        return line[0].text
    words = [(f":{p.text}:" if p.icon else p.text, p.x, p.x + p.width) for p in line]
    return "".join(("" if not index or x <= words[index - 1][2] + 1e-6 else " ") + text
                   for index, (text, x, _) in enumerate(words))


def _line_size(line: list, size: float) -> float:
    """The size a line's leading is measured from: its largest text or icon's, the step's size at least when
    it has no pieces (an empty line)."""
    return max((piece[3] for piece in line), default=size)


def _width(line: list) -> float:
    return line[-1][0] + line[-1][7] if line else 0.0


def _set(runs, font_name: str, scale: float, given: float, aspects: dict, width: float) -> list[list]:
    """Greedy word wrap of styled runs to a width in points, each new line in the text kept: lines of pieces
    (x, text, font, size, colour, italic, icon, width), neighbours of one style joined."""
    if len(runs) == 1 and not runs[0].icon:
        plain = _set_plain(runs[0], font_name, scale, given, width)
        if plain is not None:
            return plain
    lines: list[list] = []
    styles: dict = {}  # id(run) -> its (font, size, colour, italic), worked out once

    def style(run) -> tuple:
        found = styles.get(id(run))
        if found is None:
            found = styles[id(run)] = (_font_of(run, font_name), _size_of(run, scale, given), run.colour, run.italic)
        return found

    for paragraph in _paragraphs(runs):
        line: list = []
        end = 0.0  # where the line's last piece ends (_width)
        tail, spaces = 0.0, 0  # the spaces after the line's last piece, before the next word
        joins = None  # the style of the line's last piece, when text (a piece of the same style joins it)
        for space, word in paragraph:
            parts, wide = [], 0
            for run, piece in word:
                face, size, tint, italic = kind = style(run)
                if run.icon:
                    part = (0.0, piece, face, size, tint, italic, True, size * ICON * aspects.get(piece, 1.0))
                else:
                    part = (0.0, piece, face, size, tint, italic, False, _text_width(piece, face, size))
                parts.append((part, None if run.icon else kind))
                wide += part[7]
            gap_face, gap_size = (font_name, given * scale) if space is None else style(space)[:2]
            gap = _text_width(" ", gap_face, gap_size)
            if line and end + tail + gap + wide > width:
                lines.append(line)
                line, end, tail, spaces, joins = [], 0.0, 0.0, 0, None
            elif line:
                tail, spaces = tail + gap, spaces + 1
            for part, kind in parts:
                x = end + tail
                if joins is not None and kind == joins:
                    last = line[-1]
                    line[-1] = (last[0], last[1] + " " * spaces + part[1], *last[2:7], x + part[7] - last[0])
                else:
                    line.append((x, *part[1:]))
                end = line[-1][0] + line[-1][7]
                joins = kind
                tail, spaces = 0.0, 0
        lines.append(line)
    return lines


def _set_plain(run, font_name: str, scale: float, given: float, width: float) -> list[list] | None:
    """`_set` for a text of one run, each word after one space (most texts): each line one piece, its width
    worked out as `_set` works it out. None for a text with a word of no letters (two spaces in a row)."""
    paragraphs = [part.split(" ") for part in run.text.split("\n")]
    if any("" in words for words in paragraphs):
        return None
    face, size = _font_of(run, font_name), _size_of(run, scale, given)
    gap = _text_width(" ", face, size)
    lines: list[list] = []
    for words in paragraphs:
        text, end = None, 0.0
        for word, wide in zip(words, _word_widths(words, face, size)):
            if text is not None and not end + gap + wide > width:
                text, end = text + " " + word, end + gap + wide
                continue
            if text is not None:
                lines.append([(0.0, text, face, size, run.colour, run.italic, False, end)])
            text, end = word, wide
        lines.append([(0.0, text, face, size, run.colour, run.italic, False, end)])
    return lines


def _paragraphs(runs) -> list[list]:
    """The text's paragraphs (split at new lines), each a list of words: (the run whose space comes before the
    word, [(run, text) ...]). Words of no letters (two spaces in a row) are kept, as plain wrapping keeps them,
    but a line never begins with a space."""
    paragraphs: list[list] = [[]]
    word: list = []
    space = runs[0] if runs else None  # (a text of marks alone, `****`, has no runs: one empty line)

    def end_word(next_space) -> None:
        nonlocal word, space
        if word or paragraphs[-1]:
            paragraphs[-1].append((space, word))
        word, space = [], next_space

    for run in runs:
        if run.icon:
            word.append((run, run.text))
            continue
        for index, part in enumerate(run.text.split("\n")):
            if index:
                end_word(run)
                paragraphs.append([])
            for number, piece in enumerate(part.split(" ")):
                if number:
                    end_word(run)
                if piece:
                    word.append((run, piece))
    end_word(None)
    return paragraphs


def _font_of(run, font_name: str) -> str:
    return BOLD.get(font_name, font_name) if run is not None and run.bold else font_name


def _size_of(run, scale: float, given: float) -> float:
    return (run.size if run is not None and run.size is not None else given) * scale


WIDTHS: dict = {}  # (font, size) -> text -> its width: a deck's words recur from card to card, kept in a table a
# font and size so that a text's words are each found without a key made for it (`_word_widths`)


def _text_width(text: str, face: str, size: float) -> float:
    """The width of a word (or a space) in one of the fonts (`font`), in points."""
    known = _widths(face, size)
    width = known.get(text)
    return _measured(known, text, face, size) if width is None else width


def _word_widths(words: list[str], face: str, size: float) -> list[float]:
    """The width of each word (`_text_width`), the table of their font and size looked up once."""
    known = _widths(face, size)
    return [known.get(word) or _measured(known, word, face, size) for word in words]


def _widths(face: str, size: float) -> dict:
    """The table of the widths of the texts met in that font and size (WIDTHS)."""
    known = WIDTHS.get((face, size))
    if known is None:
        if len(WIDTHS) >= 16:
            WIDTHS.clear()
        known = WIDTHS[face, size] = {}
    return known


def _measured(known: dict, text: str, face: str, size: float) -> float:
    """A text's width, measured, and kept in the table of its font and size (`_widths`)."""
    if len(known) >= 1024:  # (a deck's numbers, names and ids need not recur: memory stays flat)
        known.clear()
    known[text] = width = pdfmetrics.stringWidth(text, font(face), size)
    return width


def overflow(v: dict, layout: TextLayout) -> str:
    """What to tell a designer whose text does not fit its box."""
    return f"text {quoted(v['text'])} does not fit its box {unfitted(v, layout)}: shorten it or give it more room"


def unfitted(v: dict, layout: TextLayout) -> str:
    """The box a text does not fit and the size it was tried at: "(57.5 mm wide) even at 6 pt"."""
    box = f"{v['w']:g} × {v['h']:g} mm" if v["h"] is not None else f"{v['w']:g} mm wide"
    return f"({box}) " + (f"even at {layout.size:g} pt" if v["fit"] else f"at {layout.size:g} pt (fit: false)")


