"""Finding games and reading their data files into a checked `Game`.

A game is a folder holding `game.yaml` (what the kit prints), the card lists it names (CSV, TSV, YAML or a
spreadsheet's sheet), its rule facts (`rules.yaml`, pnp/read/rulefacts.py) and, for the checker, its `rules`
package. An installed game is a Python package registered under the entry-point group `pnp.games` by its slug
(`sea-race = "sea_race"`): the package's folder is the game folder. pnp's own games are registered so too, in
its pyproject.toml (pnp/games/__init__.py). Any other game is a folder named by its path, read as data only.
"""
from __future__ import annotations

import importlib
import importlib.util
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from pnp import resources
from pnp.errors import DataError, PnpError, Where, clip, shown
from pnp.model.game import GAME, WHOLE, Card, Component, Game
from pnp.model.kinds import COMMON, FIELD, KINDS, MAX_CARDS, MAX_KIT_CARDS, NO_DEFAULT
from pnp.model.paper import NAMED_SIZES
from pnp.model.specs import REQUIRED, Any_, Bool, Choice, Colour, Int, ListOf, Record, Spec, Text, line_of
from pnp.read.cardlists import load_list
from pnp.read.datafile import load_yaml
from pnp.read.kinds import READERS
from pnp.read.rulefacts import read_rules, varied

FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")  # a component's id: its PDFs' names begin with it
MAX_NAME_BYTES = 100  # an id's length in UTF-8 at most, as it names files (`file_name_problem`): with what an
# export adds (`-front.png`, a folder) well within the 255 bytes any system allows a file's name
FONT_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
BUNDLED_FONTS = ("sans", "bold", "title")  # the fonts pnp brings (pnp/fonts), which a game's own may not rename
MAX_FONT_BYTES = 20 << 20  # a font file's largest size: a whole Unicode font (Noto's, Arial Unicode) is under
# 25 MB and a game's is a few hundred kB; every build reads it whole and hashes it, and reportlab parses it


def find_template(folder: Path, name: str, where: Where, problems: list) -> None:
    """Note at `where` what is wrong with a template's name, unless it names a template of the game's own
    folder or of the shared templates folder."""
    resources.find_file(name, resources.search_path(folder, "templates"), "the templates folders", where,
                        problems, f"no such template: {name}")


def file_name_problem(name: str) -> str | None:
    """Why an id the data gives cannot name a file, or None. Ids name files: a card's and a piece's the pictures
    an export writes (`<component>/<id>-front.png`), a component's its PDFs and folders. So an id may hold
    letters of any script, digits, spaces, dots and marks, but nothing that leads to another folder, no control
    character, nothing a system drops from a name (a space or a dot at either end, a dot first hiding the file),
    and at most MAX_NAME_BYTES bytes (UTF-8)."""
    if not name:
        return "it is empty"
    for mark in ("/", "\\"):
        if mark in name:
            return f"it holds {mark}, which leads into another folder"
    if ".." in name:
        return "it holds .., which names the folder above"
    if not (name.isascii() and name.isprintable()) and \
            any(unicodedata.category(char) in ("Cc", "Zl", "Zp") for char in name):  # (ASCII printable holds none)
        return "it holds a control character (a line break, a tab, an escape ...)"
    if name[0] in " ." or name[-1] in " .":
        return "it begins or ends with a space or a dot, which some systems drop from a file's name or hide"
    size = len(name.encode("utf-8", "surrogatepass"))
    if size > MAX_NAME_BYTES:
        return f"it is {size} bytes long (UTF-8), and an id names files: at most {MAX_NAME_BYTES}"
    return None


class FileNames:
    """The ids of one group (a component's cards or pieces; the components) as they name files: each checked
    (`file_name_problem`), and none the same file as another on a disk that ignores case (Windows', a Mac's)."""

    def __init__(self):
        self.seen: dict = {}  # the id as such a disk compares it -> the id and where it was given

    def check(self, name: str, where: Where, problems: list) -> bool:
        """Whether `name` may name a file; what is wrong noted at `where` otherwise."""
        wrong = file_name_problem(name)
        folded = unicodedata.normalize("NFC", name).casefold()
        first = self.seen.get(folded)
        if wrong is None and first is not None and first[0] != name:
            wrong = (f"it differs from {first[0]!r} ({first[1].lines} {first[1].line}) only in case: on a disk that "
                     "ignores case the two would name one file")
        if wrong is not None:
            problems.append((where, f"{clip(name)!r} cannot name a file: {wrong}"))
            return False
        self.seen.setdefault(folded, (name, where))
        return True


GROUP = "pnp.games"  # the entry-point group an installed game registers itself under, by its slug


@dataclass(frozen=True)
class Installed:
    """An installed game as its entry point registers it: its slug, the package whose folder holds it, and the
    distributions that register that slug (two or more: the slug is claimed twice, and the game unusable)."""
    slug: str
    package: str
    sources: tuple

    def folder(self) -> Path:
        """The game's folder: its package's, found without running the package. PnpError, naming what was
        registered, when the slug is claimed twice or the package is not a game's."""
        if len(self.sources) > 1:
            raise PnpError(f"two installed games have the slug {self.slug!r}: {' and '.join(self.sources)}; "
                           "uninstall one (pip uninstall NAME) to use the other")
        said = f"the game {self.slug!r} (registered by {self.sources[0]} as {self.package!r})"
        parent = self.package.rpartition(".")[0]
        try:
            if parent:  # the package holding it may make it, as pnp.games makes pnp's own
                importlib.import_module(parent)
            spec = importlib.util.find_spec(self.package)
        except Exception as error:  # noqa: BLE001 - an installed package that fails to import: its author's to fix
            raise PnpError(f"{said} cannot be found: {type(error).__name__}: {error}") from None
        places = spec.submodule_search_locations if spec is not None else None
        if not places:
            raise PnpError(f"{said} is not an installed package: an entry point of {GROUP} names the package "
                           "whose folder holds game.yaml")
        folder = Path(list(places)[0])
        if not (folder / "game.yaml").is_file():
            raise PnpError(f"{said}: its folder {folder} holds no game.yaml")
        return folder


_installed: dict = {}  # slug -> Installed, read from the entry points once a run


def installed_games() -> dict:
    """Slug -> `Installed`, for every game registered under GROUP by the installed distributions."""
    if not _installed:
        from importlib.metadata import entry_points  # (some 10 ms to import, and as long to read: a game given
        # as a folder needs neither)

        claims: dict = {}
        for point in entry_points(group=GROUP):
            dist = getattr(point, "dist", None)
            source = f"{dist.metadata['Name']} {dist.version}" if dist is not None else "an unnamed distribution"
            claims.setdefault(point.name, {}).setdefault(f"{source} ({point.value})", point.value)
        _installed.update({slug: Installed(slug, next(iter(found.values())), tuple(sorted(found)))
                           for slug, found in claims.items()})
    return _installed


def game_slugs() -> list[str]:
    """The slugs of the installed games, in order."""
    return sorted(installed_games())


def installed(name: str) -> Installed | None:
    """The installed game `name` is the slug of, or None. A name holding a path's separator is a folder's: a
    slug names the folder its kit is built into (out/<slug>/), so it holds none, and the entry points are not
    read for it."""
    return None if "/" in name or "\\" in name else installed_games().get(name)


def installed_folder(slug: str) -> Path | None:
    """The folder of the installed game of that slug, or None when no installed game has it."""
    found = installed(slug)
    return found.folder() if found is not None else None


def game_folder(name: str) -> Path:
    """The folder of a game named by slug (an installed game's), or given as a path to a folder holding
    game.yaml."""
    folder = installed_folder(name)
    if folder is not None:
        return folder
    path = Path(name)
    if (path / "game.yaml").is_file():
        return path
    if path.is_dir():
        inside = sorted(shown(found.parent) for found in path.glob("*/game.yaml"))
        hint = f" (a game's package is inside: {', '.join(inside)}; name it, or install it: pip install -e {name})" \
            if inside else ""
        raise PnpError(f"{name}: this folder has no game.yaml, which every game folder needs{hint}")
    raise PnpError(f"unknown game {name!r} (known games: {', '.join(game_slugs())})")


def game_slug(name: str) -> str:
    """The slug of the game `name` names: an installed game's own, a folder's name otherwise (its kit goes into
    out/<slug>/)."""
    return name if installed(name) is not None else game_folder(name).name


def rules_file(folder: Path) -> Path | None:
    """The file a game's rules (its checker: pnp/check/loader.py) start from: `rules/__init__.py` of a package,
    else `rules.py`; None if neither."""
    for path in (folder / "rules" / "__init__.py", folder / "rules.py"):
        if path.is_file():
            return path
    return None


def components_where(game: Game) -> Where:
    """Where game.yaml lists the kit's parts (its `components:` line), to name in a problem of the kit as a whole."""
    path = game.folder / "game.yaml"
    raw = load_yaml(path)
    return Where(shown(path), line_of(raw, "components", default=1) if isinstance(raw, dict) else 1, "components")


def load_game(name: str, rules: tuple | list = ()) -> Game:
    """Read and check every data file of a game; raise all problems found at once. `rules`: `KEY=VALUE` texts
    (`--rule`) that change rule facts of its rules.yaml, for a variant (pnp/read/rulefacts.py)."""
    folder, slug = game_folder(name), game_slug(name)
    path = folder / "game.yaml"
    raw = load_yaml(path)
    file = shown(path)
    problems: list = []
    top = GAME.check(raw, Where(file, line_of(raw, default=1)), problems)
    if top is None:
        raise DataError(problems)
    palette = top["palette"] or {}
    if "kit_notes" in (top["vars"] or {}):
        problems.append((Where(file, line_of(raw["vars"], "kit_notes"), "vars.kit_notes"),
                         "the kit's notes are a key of their own: write `kit_notes:` at the top of game.yaml"))
    components, names = {}, FileNames()
    for component_id, block in (top["components"] or {}).items():
        where = Where(file, line_of(raw["components"], component_id), str(component_id))
        if not FILE_NAME.fullmatch(str(component_id)):
            problems.append((where, "a component's id names its PDF files: letters, digits, - and _ only"))
            continue
        if not names.check(str(component_id), where, problems):
            continue
        component = _component(str(component_id), block, where, folder, palette, problems)
        if component is not None:
            components[component.id] = component
            components = _compacted(components)
    _holding(components, raw.get("components") or {}, problems)
    _check_kit_total(components, Where(file, line_of(raw, "components"), "components"), problems)
    players = top["players"]
    if players and players[0] is not None and players[1] is not None and players[0] > players[1]:
        problems.append((Where(file, line_of(raw, "players"), "players"), "the fewest players exceed the most"))
    aliases = _aliases(raw.get("aliases"), top["aliases"] or {}, components, Where(file, 1, "aliases"), problems)
    fonts = _fonts(raw.get("fonts"), top["fonts"] or {}, folder, file, problems)
    icons = (top["icons"] or "").strip("/")
    if icons and not re.fullmatch(r"[\w-]+(/[\w-]+)*", icons):
        problems.append((Where(file, line_of(raw, "icons"), "icons"), f"expected a folder inside artwork/ such as "
                                                                      f"{folder.name}/icons, got {icons!r}"))
    try:
        facts = read_rules(folder)
    except DataError as error:
        problems.extend(error.problems)
    if problems:
        raise DataError(problems)
    facts, variant = varied(facts, list(rules), folder)
    return Game(slug=slug, name=top["name"], folder=folder, players=(players[0], players[1]),
                credits=top["credits"], palette=palette, vars=top["vars"], forms=tuple(top["forms"] or ()),
                components=components, aliases=aliases, kit_notes=tuple(top["kit_notes"] or ()),
                rules_elsewhere=top["rules_elsewhere"],
                printed=_printed(raw, top, components, file), fonts=fonts, icons=icons, rules=facts,
                variant=variant)


def _compacted(components: dict) -> dict:
    """The components read so far, their cards kept compact (pnp.model.game.Cards) once they hold more than WHOLE
    different cards in all: each group as soon as it is read, so that a big deck is never held whole as records
    (its reading peaked higher the more cards it had: some 900 bytes a card)."""
    if sum(len(component.cards) for component in components.values()) <= WHOLE:
        return components
    compacted = {}
    for name, component in components.items():
        cards = component.cards.compact()  # (the same Cards when they are compact already, or cannot be)
        compacted[name] = component if cards is component.cards else replace(component, cards=cards)
    return compacted


def _fonts(raw, given: dict, folder: Path, file: str, problems: list) -> dict:
    """The game's own fonts: name -> (the file, found inside the game folder, and where game.yaml names it).
    Whether the file is a font that can be embedded is seen when the build first sets text (pnp/render)."""
    fonts = {}
    for name, src in given.items():
        where = Where(file, line_of(raw, name), f"fonts.{name}")
        if name in BUNDLED_FONTS or not FONT_NAME.fullmatch(name):
            problems.append((where, f"a font's name is lower-case letters, digits and - (and not one of "
                                    f"{', '.join(BUNDLED_FONTS)}, the fonts pnp brings), got {name!r}"))
        elif not src.lower().endswith((".ttf", ".otf")):
            problems.append((where, f"expected a TrueType font file (.ttf) inside the game folder, got {src!r}"))
        else:
            path = resources.find_file(src, [folder], "the game folder", where, problems,
                                       f"font file not found: {src} (looked for it inside {folder.name}/)")
            if path is not None and _font_size_fits(path, src, where, problems):
                fonts[name] = (path, where)
    return fonts


def _font_size_fits(path: Path, src: str, where: Where, problems: list) -> bool:
    """Whether a font file is within MAX_FONT_BYTES, seen by its size before anything reads it."""
    try:
        size = path.stat().st_size
    except OSError as error:
        problems.append((where, f"font file {src} cannot be read: {error.strerror}"))
        return False
    if size > MAX_FONT_BYTES:
        problems.append((where, f"{src} is too large for a font ({size / 2 ** 20:,.1f} MB; a font file has at most "
                                f"{MAX_FONT_BYTES >> 20} MB): use the font's own file, or a subset of it holding "
                                "the letters the game prints"))
        return False
    return True


def _printed(raw: dict, top: dict, components: dict, file: str) -> tuple:
    """The words of the data that pnp sets in its own fonts (the kit's title, the parts' titles and stocks on
    the contents page and in footers), each with the fonts that set it and where the data gives it."""
    printed = [(top["name"], ("title", "sans"), Where(file, line_of(raw, "name"), "name")),
               (top["credits"] or "", ("sans",), Where(file, line_of(raw, "credits"), "credits"))]
    printed += [(note, ("sans",), Where(file, line_of(raw, "kit_notes"), "kit_notes"))
                for note in top["kit_notes"] or ()]
    if top["rules_elsewhere"]:
        printed.append((top["rules_elsewhere"], ("bold",), Where(file, line_of(raw, "rules_elsewhere"),
                                                                 "rules_elsewhere")))
    for component in components.values():
        block = raw["components"][component.id]
        printed.append((component.title, ("bold", "sans"), component.where.at("title", line_of(block, "title"))))
        printed += [(stock, ("sans",), component.where.at("stock", line_of(block, "stock")))
                    for stock in component.stock.values() if stock]
    return tuple(printed)


def _check_kit_total(components: dict, where: Where, problems: list) -> None:
    """The cards and pieces of every group of the kit, in all, within `MAX_KIT_CARDS`."""
    total = sum(component.card_total for component in components.values())
    if total > MAX_KIT_CARDS:
        largest = sorted(components.values(), key=lambda component: -component.card_total)[:3]
        named = ", ".join(f"{component.id} {component.card_total:,}" for component in largest)
        problems.append((where, f"{total:,} cards and pieces to print in all ({named}, ...): a kit prints at most "
                                f"{MAX_KIT_CARDS:,}"))


def _aliases(raw, given: dict, components: dict, where: Where, problems: list) -> dict:
    """Lower-case word -> the kit's word; an alias may not be a card of the kit, which it would hide."""
    cards = {card.id.lower() for component in components.values() for card in component.cards}
    aliases = {}
    for key, meant in given.items():
        word, meant, spot = str(key).strip().lower(), str(meant).strip(), where.at(str(key), line_of(raw, key))
        if word in cards:
            problems.append((spot, f"{word!r} is a card of the kit: it cannot stand for another word"))
        elif not word or any(mark in word for mark in " ,#:") or not meant:
            problems.append((spot, "an alias is one word of a log (no spaces, commas, # or :) and the kit's word "
                                   "it stands for"))
        else:
            aliases[word] = meant
    return aliases


def _component(component_id, block, where, folder, palette, problems) -> Component | None:
    kind = block.get("kind") if isinstance(block, dict) else None
    if not isinstance(kind, str) or kind not in KINDS:
        spot = where.at("kind", line_of(block, "kind", where.line))
        problems.append((spot, f"expected a kind, one of {', '.join(KINDS)}; got {kind!r}"))
        return None
    kind = KINDS[block["kind"]]
    options = {key: _in_palette(spec, palette) for key, spec in kind.options.items()}
    values = Record({**COMMON, **options}).check(block, where, problems)
    if values is None:
        return None
    if block["kind"] in READERS:
        values = READERS[block["kind"]](values, block, where, folder, problems)
    if kind.templated and "template" not in block:
        problems.append((where.at("template"), "missing required key"))
    for key in ("template", "back", "background"):
        if values.get(key):
            find_template(folder, values[key], where.at(key, line_of(block, key, where.line)), problems)
    size = values["size"]
    if "size" not in block and kind.sized:
        problems.append((where.at("size"), "missing required key"))
    size = NAMED_SIZES[size] if isinstance(size, str) else tuple(size[:2]) if size else (0.0, 0.0)
    cards, comments, listed = (), 0, kind.listed
    if listed and values.get(listed) is not None:
        cards, comments = _cards(block, values, where, folder, palette, problems, listed, kind.backs)
    elif listed and listed in block:  # `pieces:` with nothing after it
        problems.append((where.at(listed, line_of(block, listed, where.line)), f"the list holds no {listed}"))
    common = {"kind", "title", "template", "size", "stock", "cards", "pieces"}
    stock = values["stock"] if isinstance(values["stock"], dict) else {"duplex": values["stock"], "fold": None}
    return Component(id=component_id, kind=values["kind"], title=values["title"], template=values.get("template"),
                     size=size, stock=stock, where=where, cards=cards, comments=comments,
                     options={k: v for k, v in values.items() if k not in common})


def _in_palette(spec, palette: dict):
    """A kind's option spec, its colours allowed to name the game's palette."""
    if isinstance(spec, tuple):
        return (_in_palette(spec[0], palette),) + spec[1:]
    return Colour(palette) if isinstance(spec, Colour) else spec


def _holding(components: dict, raw: dict, problems: list) -> None:
    """A component that `holds` another (an envelope for a card) takes that one's size as its own."""
    for component_id, component in list(components.items()):
        if "holds" not in component.options:
            continue
        held = component.options["holds"]
        if held is None:
            if component.size == (0.0, 0.0):
                problems.append((component.where.at("holds"), f"this {component.kind} needs `holds:` (a component "
                                                              "whose size it takes) or a `size:`"))
        elif held in components and held != component_id:
            components[component_id] = replace(component, size=components[held].size)
        else:
            spot = component.where.at("holds", line_of(raw[component_id], "holds", component.where.line))
            problems.append((spot, f"no other component is called {held!r}"))


def _field_spec(declared: dict, where: Where, palette: dict, problems: list) -> tuple[Spec, object]:
    kind, of = declared["type"], declared["of"]
    if kind is None:  # already reported
        return Any_(), NO_DEFAULT
    if kind == "choice":
        if not isinstance(of, list) or not of:
            problems.append((where, "a choice field needs `of:` with the list of allowed values"))
            return Any_(), NO_DEFAULT
        spec = Choice(*of)
    elif kind == "list":
        spec = ListOf(Int() if of == "int" else Text())
    else:
        spec = {"text": Text(), "int": Int(declared["min"], declared["max"]), "bool": Bool(),
                "colour": Colour(palette)}[kind]
    return spec, declared["default"]


def _cards(block, values, where, folder, palette, problems, listed="cards",
           backs=True) -> tuple[tuple[Card, ...], int]:
    """The list of cards (or other pieces) under `listed`: each row checked against the declared fields;
    with `backs`, every card must have a back. Also the number of rows of a CSV file left out as comments."""
    row_spec = _card_spec(block, values, where, palette, problems)
    found = _card_rows(block, values, where, folder, problems, listed)
    if found is None:
        return (), 0
    rows, base = found
    comments = getattr(rows, "comments", 0)
    if rows.columns is not None and not _columns_fit(rows.columns, row_spec, base, problems):
        return (), comments  # a column missing or misspelt: said once, at the header, rather than on every row
    cards, seen, names, before = [], {}, FileNames(), len(problems)
    for index, row in enumerate(rows):
        spot = base.row(line_of(rows, index, base.line))
        if rows.columns is not None and "count" in rows.columns and "count" not in row:
            named = f" (card {row['id']!r})" if "id" in row else ""
            problems.append((spot.at("count"), f"the count is blank{named}: write how many copies to print "
                                               "(0 to print none)"))
            continue
        checked_row = row_spec.check(row, spot, problems)
        card_id = checked_row and checked_row.pop("id")
        if card_id is None or checked_row["count"] is None:
            continue
        if card_id in seen:
            problems.append((spot.at("id"), f"card id {card_id!r} is used twice (first at {spot.lines} {seen[card_id]})"))
            continue
        seen[card_id] = spot.line
        if not names.check(card_id, spot.at("id"), problems):
            continue
        own_back = checked_row.pop("back")
        back = own_back or values.get("back")
        if own_back:
            find_template(folder, own_back, spot.at("back"), problems)
        elif not back and backs:
            problems.append((spot.at("back"), "this card has no back: give the group a `back:` or the card one"))
        count = checked_row.pop("count")
        cards.append(Card(id=card_id, count=count, fields=checked_row, back=back, where=spot))
    if len(problems) == before:
        _check_total(cards, base, problems, listed)
    return tuple(cards), comments


def _card_spec(block, values, where, palette, problems) -> Record:
    """What a card of this group holds: an id, a count, perhaps its own back, and the declared fields."""
    field_specs = {}
    for name, declaration in (values.get("fields") or {}).items():
        spot = where.at(f"fields.{name}", line_of(block.get("fields"), name, where.line))
        declared = FIELD.check(declaration, spot, problems)
        if declared is not None:
            spec, default = _field_spec(declared, spot, palette, problems)
            field_specs[name] = spec if default is NO_DEFAULT else (spec, default)
    reserved = {"id", "count", "back"} & set(field_specs)
    if reserved:
        problems.append((where.at("fields"), f"{', '.join(sorted(reserved))} is reserved and cannot be a field"))
    return Record({"id": Text(), "count": (Int(0, MAX_CARDS), 1), "back": (Text(), None), **field_specs}, "a card")


LIST_FILE = Record({"file": Text(), "sheet": (Text(), None)}, "a file name, or {file: ..., sheet: ...}")


def _card_rows(block, values, where, folder, problems, listed):
    """The list under `listed` (its rows, and where to report the list as a whole: from a table, its header
    row), or None. A file of the game's folder is named alone, or as {file: ..., sheet: ...} for a sheet of a
    spreadsheet other than its first."""
    source, sheet = values[listed], None
    spot = where.at(listed, line_of(block, listed, where.line))
    if isinstance(source, dict):
        named = LIST_FILE.check(source, spot, problems)
        if named is None or named["file"] is None:
            return None
        source, sheet = named["file"], named["sheet"]
    if isinstance(source, str):
        path = resources.find_file(source, [folder], "the game's folder", spot, problems,
                                   f"no such file: {shown(folder / source)}")
        if path is None:
            return None
        try:
            rows = load_list(path, sheet, MAX_CARDS, spot)
        except DataError as error:
            problems.extend(error.problems)
            return None
        base = getattr(rows, "where", None) or Where(shown(path), line_of(rows, default=1))
    else:
        rows, base = source, spot
    if not isinstance(rows, list):
        problems.append((base, f"expected a list of {listed}"))
        return None
    if len(rows) > MAX_CARDS:
        problems.append((base, f"{len(rows):,} {listed}: a group holds at most {MAX_CARDS:,} different ones"))
        return None
    return rows, base


def _columns_fit(columns: list, spec: Record, where: Where, problems: list) -> bool:
    """Whether a CSV header names every column a card needs and no other; reports what is wrong."""
    known = ", ".join(spec.fields)
    wrong = [(where.at(name), f"unknown column (expected one of: {known})") for name in columns
             if name not in spec.fields]
    wrong += [(where.at(name), "no such column: " + ("every card needs its id" if name == "id" else
                                                     "this field has no default, so every card needs it"))
              for name, (_, default) in spec.fields.items() if default is REQUIRED and name not in columns]
    problems += wrong
    return not wrong


def _check_total(cards: list, where: Where, problems: list, listed: str) -> None:
    total = sum(card.count for card in cards)
    if not cards:
        problems.append((where, f"the list holds no {listed}"))
    elif total == 0:
        problems.append((where, "every count is 0: the group prints nothing"))
    elif total > MAX_CARDS:
        problems.append((where, f"{total:,} {listed} to print: a group prints at most {MAX_CARDS:,}"))
