"""What a build keeps in the cache makes the next one faster, never different: a warm build writes the same
bytes as a build from an empty cache, renders no template it rendered before, and notices every change."""
import filecmp
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import edit, run
from pnp.build.stages import lay_out, write_pdf
from pnp.layout.imposition import Settings
from pnp.read.games import load_game
from pnp.render import sandbox, steps
from pnp.render.faces import FaceMaker
from pnp.write import cache, pdf


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


def files_of(folder: Path) -> dict:
    return {path.relative_to(folder): path for path in sorted(folder.rglob("*")) if path.is_file()}


def same_files(one: Path, other: Path) -> bool:
    mine, theirs = files_of(one), files_of(other)
    return mine.keys() == theirs.keys() and all(filecmp.cmp(mine[k], theirs[k], shallow=False) for k in mine)


@pytest.mark.parametrize("game", ["buried-treasure", "cannon-dice"])
def test_a_build_from_the_cache_writes_the_same_bytes_as_one_from_an_empty_cache(game, tmp_path, cache_home,
                                                                                monkeypatch):
    assert run(game, tmp_path / "cold").exit_code == 0
    assert run(game, tmp_path / "warm").exit_code == 0
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another"))
    assert run(game, tmp_path / "fresh").exit_code == 0
    assert same_files(tmp_path / "cold", tmp_path / "warm") and same_files(tmp_path / "cold", tmp_path / "fresh")


def test_compiled_templates_are_kept_in_the_cache_file_and_nothing_beside_it(toy, tmp_path, cache_home):
    """The cache is one file, bounded as a whole: a build's compiled templates are among its entries, each key
    naming the code that compiled it, not files of their own growing in a folder beside it."""
    assert run(toy, tmp_path).exit_code == 0
    kept = [path for path in cache_home.rglob("*") if path.is_file()]
    assert [path.name for path in kept] == ["cache.sqlite"]
    with sqlite3.connect(kept[0]) as db:
        keys = [key for (key,) in db.execute("SELECT key FROM entries WHERE key LIKE '%:compiled-template:%'")]
    assert keys and all(key.startswith(cache.shared().made_by) for key in keys)


def test_the_folder_of_compiled_templates_earlier_versions_kept_goes_when_the_cache_is_made_anew(toy, tmp_path,
                                                                                                 cache_home):
    former = cache_home / "pnp" / cache.__version__ / cache.FORMER_TEMPLATES
    former.mkdir(parents=True)
    (former / "__jinja2_0123.cache").write_bytes(b"compiled by an earlier version")
    assert run(toy, tmp_path).exit_code == 0
    assert not former.exists()


def test_a_warm_build_renders_no_template_and_reads_no_steps(toy, tmp_path, cache_home, monkeypatch):
    assert run(toy, tmp_path).exit_code == 0

    def refuse(*args, **kwargs):
        raise AssertionError("rendered again")

    monkeypatch.setattr(sandbox.Renderer, "render", refuse)
    monkeypatch.setattr(steps.Steps, "read", refuse)
    result = run(toy, tmp_path)
    assert result.exit_code == 0, result.output


def test_a_template_that_never_reads_the_card_is_rendered_once(toy, tmp_path, cache_home, monkeypatch):
    rendered = []
    original = sandbox.Renderer.render

    def counting(self, template, where, **context):
        rendered.append(template)
        return original(self, template, where, **context)

    monkeypatch.setattr(sandbox.Renderer, "render", counting)
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    assert rendered.count("back.yaml.j2") == 1 and rendered.count("front.yaml.j2") == 4  # four different cards


def test_a_changed_template_is_rendered_again(toy, tmp_path, cache_home):
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    edit(toy / "templates/back.yaml.j2", '"BACK"', '"REVERSE"')
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    pages = PdfReader(tmp_path / "out/toy/deck-a4-duplex.pdf").pages
    assert "REVERSE" in pages[1].extract_text() and "BACK" not in pages[1].extract_text()


def test_artwork_that_changes_size_is_drawn_again(toy, tmp_path, cache_home, monkeypatch):
    assert run(toy, tmp_path, "--duplex").exit_code == 0
    svg = toy / "artwork/dot.svg"
    svg.write_text(svg.read_text().replace('width="', 'width="3', 1), encoding="utf-8")
    assert run(toy, tmp_path / "warm", "--duplex").exit_code == 0
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another"))
    assert run(toy, tmp_path / "fresh", "--duplex").exit_code == 0
    assert same_files(tmp_path / "warm/out", tmp_path / "fresh/out")


def test_a_spoilt_cache_file_is_rebuilt_and_a_missing_cache_folder_is_done_without(toy, tmp_path, cache_home,
                                                                                  monkeypatch):
    assert run(toy, tmp_path / "first", "--duplex").exit_code == 0
    (file,) = cache_home.rglob("cache.sqlite")
    file.write_bytes(b"not a database at all" * 100)
    monkeypatch.setattr(cache, "STORES", {})  # as a new process would find it
    assert run(toy, tmp_path / "second", "--duplex").exit_code == 0
    monkeypatch.setattr(cache, "STORES", {})
    assert run(toy, tmp_path / "third", "--duplex").exit_code == 0
    assert sqlite3.connect(file).execute("SELECT count(*) FROM entries").fetchone()[0] > 10  # made anew
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # no folder can be made in it
    assert run(toy, tmp_path / "fourth", "--duplex").exit_code == 0
    for other in ("second", "third", "fourth"):
        assert same_files(tmp_path / "first/out", tmp_path / other / "out")


def test_each_command_imports_only_what_it_needs(tmp_path):
    """`pnp check` and `pnp list` need neither templates nor SVG; a build from a warm cache, in a new process, renders no
    template and draws no SVG (but still checks its artwork, with lxml), and writes the same bytes. A build that
    measures no ink coverage does not load what measures it, nor one of a game without a board what reads one."""
    game = Path(__file__).resolve().parent / "fixtures" / "toy"
    probe = ("import sys, runpy\nsys.argv = ['pnp'] + sys.argv[1:]\ntry:\n    runpy.run_module('pnp', "
             "run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & {'jinja2', 'svglib', 'lxml', "
             "'pypdfium2'} | {'pnp.write.coverage', 'pnp.model.board'} & set(sys.modules))), file=sys.stderr)")
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}

    def loaded(*args) -> str:
        done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env)
        return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""

    log = Path(__file__).resolve().parent.parent / "pnp/games/cannon-dice/examples"
    assert loaded("check", str(next(log.glob("*.log")))) == ""
    assert loaded("list", str(game)) == ""  # lays out, draws nothing
    assert loaded("build", str(game), "--duplex", "--out", str(tmp_path / "cold")) == "jinja2 lxml"  # (plain SVG: read without svglib)
    assert loaded("build", str(game), "--duplex", "--out", str(tmp_path / "warm")) == "lxml"
    assert same_files(tmp_path / "cold", tmp_path / "warm")  # (fonts, too, remade from the cache)


def test_comparing_colours_loads_no_plotting_library():
    """The colour-blind preflight's science, loaded in a new process with matplotlib installed (the stats extra, as
    the tests have it), leaves matplotlib unloaded, and still compares colours."""
    probe = ("import sys\nfrom pnp.render.colourblind import science\ncolour, numpy = science()\n"
             "print(round(float(colour.delta_E(numpy.array([50, 0, 0]), numpy.array([60, 0, 0]))), 1), "
             "'matplotlib' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["9.5", "False"]  # (CIEDE2000 of lightness 50 and 60)


def test_what_an_included_template_reads_counts_too(toy, tmp_path, cache_home):
    (toy / "templates/back-part.yaml.j2").write_text(
        '- text: {text: {{ ("back of " ~ card.id) | tojson }}, x: 3, y: 60, w: 50, size: 9}\n', encoding="utf-8")
    with (toy / "templates/back.yaml.j2").open("a", encoding="utf-8") as back:
        back.write('{% include "back-part.yaml.j2" %}\n')
    for _ in range(2):  # from an empty cache, then a warm one
        assert run(toy, tmp_path, "--duplex", "--print-shop").exit_code == 0
        text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out/toy/deck-shop.pdf").pages)
        assert all(f"back of {card}" in text for card in ("alpha", "beta", "delta"))


def test_a_cache_file_grown_past_its_limit_is_emptied_when_the_next_build_starts(tmp_path, monkeypatch):
    path = tmp_path / "cache.sqlite"
    store = cache.Store(path)
    for index in range(300):
        store.keep("blob", str(index), bytes(range(256)) * 64 + str(index).encode(), lasting=True)
    store.commit()
    store.db.close()
    assert path.stat().st_size > 100_000
    monkeypatch.setenv("PNP_CACHE_MB", "10")
    assert cache.Store(path).fetch("blob", "7") is not None  # within the limit: kept
    monkeypatch.setenv("PNP_CACHE_MB", "0.05")
    emptied = cache.Store(path)
    assert emptied.fetch("blob", "7") is None
    emptied.db.close()
    assert path.stat().st_size < 100_000  # the space is given back


def test_the_cache_file_is_made_of_large_pages_and_keeps_few_in_memory_an_older_file_too_once_emptied(tmp_path,
                                                                                                    monkeypatch):
    """A cache file is made of PAGE-byte pages (a face's entries, 1 to 2 KB each, written to a quarter as many as
    SQLite's 4,096-byte pages, each a call to the system) and keeps CACHED KB of them in memory; a file made with
    other pages, by an earlier version, takes them once it is emptied for new code."""
    def layout(store) -> tuple:
        return store.db.execute("PRAGMA page_size").fetchone()[0], store.db.execute("PRAGMA cache_size").fetchone()[0]

    fresh = cache.Store(tmp_path / "fresh.sqlite")
    fresh.keep("face", "k", b"drawn")
    fresh.commit()
    assert layout(fresh) == (cache.PAGE, -cache.CACHED) and cache.PAGE > 4096
    assert fresh.scratch.execute("PRAGMA page_size").fetchone()[0] == cache.PAGE
    older = tmp_path / "older.sqlite"
    made = sqlite3.connect(older)
    made.execute("PRAGMA page_size = 4096")
    made.execute(f"CREATE TABLE entries {cache.TABLE}")
    made.execute("INSERT INTO entries VALUES ('stamp', ?)", (b"an older version's stamp",))
    made.commit()
    made.close()
    emptied = cache.Store(older)
    assert layout(emptied) == (cache.PAGE, -cache.CACHED) and emptied.fetch("face", "k") is None


def test_the_cache_is_emptied_when_pnp_itself_changes_not_a_games_rules(tmp_path, monkeypatch):
    """Drawings are kept by what they were given; the code that drew them is part of the stamp, so a changed
    pnp (an upgrade, a checkout) never reuses another's drawings. The games' rules draw nothing."""
    package = tmp_path / "pnp"
    (package / "games" / "race").mkdir(parents=True)
    for name in ("cache.py", "draw.py", "games/race/rules.py"):
        (package / name).write_text("# code\n")
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))
    before = cache.stamp()
    (package / "games" / "race" / "rules.py").write_text("# other rules\n")
    assert cache.stamp() == before
    (package / "draw.py").write_text("# drawn otherwise\n")
    assert cache.stamp() != before


def test_faces_made_for_one_build_are_drawn_by_another_whose_cache_lacks_them():
    """A PDF may be written by another maker than the one that made its faces (and the cache file may be
    emptied meanwhile): the faces are drawn again, and what they place is named by its path in the artwork."""
    game = load_game("buried-treasure")
    settings = Settings()
    parts = lay_out(game, settings, FaceMaker(game, cache.Store()))
    assert write_pdf(game, parts, settings, False, FaceMaker(game, cache.Store())).startswith(b"%PDF")


def test_a_build_running_beside_another_pnp_never_takes_what_the_other_code_made(tmp_path, monkeypatch):
    """Two checkouts (or installs) of one version share the cache folder: when one empties the file and fills it
    with its own drawings, the other, already running, must not read them as its own; a spoilt value is a miss."""
    path = tmp_path / "cache.sqlite"
    running = cache.Store(path)
    running.keep("face", "k", b"drawn by this code")
    running.commit()
    monkeypatch.setattr(cache, "stamp", lambda: "other code".ljust(64, "0"))
    other = cache.Store(path)  # finds another stamp: empties the file, and fills it with its own
    other.keep("face", "k", b"drawn by other code")
    other.commit()
    assert running.fetch("face", "k") is None and other.fetch("face", "k") == b"drawn by other code"
    other.put("steps", "k", [1, 2])
    other.commit()
    other.db.execute("UPDATE entries SET value = ? WHERE key LIKE '%steps:k'", (b"\xffspoilt",))
    assert other.get("steps", "k") is None


def test_the_forms_a_build_copies_into_each_of_its_pdfs_wait_on_disk_not_in_memory(toy):
    """Each face's form is compressed once a build and copied into every PDF that prints it: the compressed
    streams wait in a scratch file, so a deck of any size is not held in memory for it."""
    game = load_game(str(toy))
    settings, maker = Settings(), FaceMaker(game, cache.Store())
    parts = lay_out(game, settings, maker)
    one = write_pdf(game, parts, settings, True, maker)
    spilled, written = pdf._ENCODED[maker], pdf._WRITTEN[maker]
    assert len(written) >= 4 and spilled.file.seek(0, 2) == spilled.length > 0  # the toy's fronts and backs
    assert all(type(place) is pdf.Spooled for _, place, _, _ in written.values())  # their places, not their bytes
    assert write_pdf(game, parts, settings, True, maker) == one  # copied from there, the same bytes
