"""`pnp watch`: a game's kit built again whenever one of its files is saved, and shown on a page served on this
computer that follows each build.

The build is `pnp build --preview` (pnp/build/stages.py), run in one long-lived process: the cache stays open
between builds, so that only the faces whose inputs changed are made again, and only the pages whose pictures
changed are drawn again (pnp/write/preview.py, `page_pictures`); what a change to a card's text leaves as it was is
kept in memory from one build to the next (how the kit's pieces are packed, each board's plan, the code of the
data's texts), and the files a build writes as they were are linked, not written (pnp/write/fileset.py). The page
at the server's root shows the newest build's preview, or, when the data is broken, the problems found (each at its
file and line, as `pnp build` says them) while the last good build's files stay as they were. It asks
`/status.json` for the build's number every moment and reloads itself when a new build is done. The page is served
by pnp/serve/ (on 127.0.0.1, or the local network with a token); the kit's files from the game's output folder,
never from outside it.

The folders watched are the game's own and the shared templates and artwork, each with its subfolders, walked
without following links (a link to `/` in a game folder is not a way into the whole disk): each folder is watched
alone, and the list walked again when a save adds or removes one.
"""
from __future__ import annotations

import gc
import html
import os
import threading
import time
from pathlib import Path

from pnp import resources
from pnp.errors import DataError, PnpError, one_line
from pnp.build.stages import build, read_kit
from pnp.layout.imposition import Settings
from pnp.read.games import game_folder, game_slug
from pnp.write.html import page as html_page

POLL_MS = 250  # how often the page asks whether a new build is done
QUIET_MS = 200  # a watch with no save for this long says so: the first time, that the files are watched
SETTLE_MS = 20  # a save is built once the files have been quiet this long (an editor may save in several writes,
# a file written aside and then renamed, each within a millisecond or two): soon enough not to be felt

FOLLOW = """<script>
(function () {
  var shown = %d;
  setInterval(function () {
    fetch("/status.json", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (s) {
      if (s.build !== shown) { location.reload(); }
    }).catch(function () {});
  }, %d);
})();
</script>"""


class Session:
    """The builds of one game into `out` (its folder, out/<slug>/), and what the page shows of the newest."""

    def __init__(self, name: str, settings: dict, out: Path, say=lambda message: None, rules: tuple = ()):
        self.name, self.settings, self.out, self.say, self.rules = name, settings, Path(out), say, tuple(rules)
        self.folder, self.slug = game_folder(name), game_slug(name)
        self.lock = threading.Lock()
        self.status = {"build": 0, "ok": False, "good": 0, "problems": [], "seconds": 0.0, "cpu": 0.0,
                       "title": self.folder.name}

    def watched(self) -> list[Path]:
        """The folders a build reads: the game's own, and the shared templates and artwork, with their subfolders
        (links not followed, the output folder left out)."""
        tops = [self.folder, resources.resource_dir("templates"), resources.resource_dir("artwork")]
        out = Path(os.path.realpath(self.out))
        return [folder for top in tops if top.is_dir() for folder in folders_within(top, out)]

    def build(self) -> dict:
        """Build the kit once; the status after it (a copy)."""
        start, cpu = time.perf_counter(), time.process_time()
        problems, title = [], self.status["title"]
        try:
            game = read_kit(self.name, self.rules)
            title = game.name
            variants = [Settings(fold=form == "fold", **self.settings) for form in game.forms]
            build(game, variants, self.out / game.slug, progress=self.say, preview=True)
        except DataError as error:
            problems = [one_line(f"{where}: {message}") for where, message in error.problems]
        except PnpError as error:
            problems = [error.format_message()]
        except Exception as error:  # a fault of our own: said, and the next save builds again
            problems = [f"internal error: {type(error).__name__}: {error}"]
        with self.lock:
            number = self.status["build"] + 1
            self.status = {"build": number, "ok": not problems, "good": self.status["good"] if problems else number,
                           "problems": problems, "seconds": round(time.perf_counter() - start, 3),
                           "cpu": round(time.process_time() - cpu, 3), "title": title}
            return dict(self.status)

    def current(self) -> dict:
        with self.lock:
            return dict(self.status)

    def page(self) -> bytes:
        """The page at the server's root: the newest build's preview, or what keeps the data from building."""
        status = self.current()
        title = f"{status['title']}: build {status['build']}"
        if status["ok"]:
            body = [f"<p id='state' class='ok'>Build {status['build']} ({status['seconds']:.2f} s)</p>",
                    "<iframe id='kit' src='/kit/preview/index.html' style='width:100%;height:90vh;border:0'>"
                    "</iframe>"]
        elif status["build"]:
            kept = (f"the files of build {status['good']} are kept" if status["good"]
                    else "nothing was built yet")
            items = "".join(f"<li>{html.escape(line)}</li>" for line in status["problems"])
            body = [f"<p id='state' class='problems'>Build {status['build']} failed: {kept}. "
                    f"Fix the data and save: it builds again.</p><ul id='problems'>{items}</ul>"]
        else:
            body = ["<p id='state'>Building…</p>"]
        return html_page(title, body, after=[FOLLOW % (status["build"], POLL_MS)]).encode("utf-8")


def folders_within(top: Path, out: Path) -> list[Path]:
    """`top` and every folder under it, in a stable order, not through links and not into `out`."""
    found = []
    for folder, subfolders, _ in os.walk(top, followlinks=False, onerror=lambda error: None):
        if Path(os.path.realpath(folder)).is_relative_to(out):
            subfolders.clear()
            continue
        found.append(Path(folder))
        subfolders.sort()
    return found


def app(session: Session):
    """The page's routes: `/` the live page, `/status.json` the newest build's status, `/kit/...` the files of the
    game's output folder."""
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route

    from pnp.serve.files import file_response

    fresh = {"Cache-Control": "no-store"}  # every answer is the newest build's

    def live(request):
        return HTMLResponse(session.page(), headers=fresh)

    def status(request):
        return JSONResponse(session.current(), headers=fresh)

    def kit(request):
        return file_response(session.out / session.slug, request.path_params["path"], fresh)

    return Starlette(routes=[Route("/", live), Route("/index.html", live), Route("/status.json", status),
                             Route("/kit/{path:path}", kit)])


def changes(session: Session, stop: threading.Event | None = None):
    """Each batch of saves to the files a build reads (not to what it writes); an empty batch when none came
    for a while, the first as soon as the files are watched (saves from then on are all seen). A batch that
    adds or removes a folder is yielded once the new list of folders is watched."""
    folders = session.watched()
    batches = _saves(session, folders, stop)
    while (batch := next(batches, None)) is not None:
        if batch and (now := session.watched()) != folders:
            batches.close()
            folders, batches = now, _saves(session, now, stop)
            batch = batch | (next(batches, None) or set())
        yield batch


def _saves(session: Session, folders: list[Path], stop):
    """watchfiles' batches of changes to the files right inside `folders` (each watched alone)."""
    import watchfiles  # only for `pnp watch`

    out = Path(os.path.realpath(session.out))

    class Sources(watchfiles.DefaultFilter):
        def __call__(self, change, path: str) -> bool:
            return super().__call__(change, path) and not Path(path).is_relative_to(out)

    yield from watchfiles.watch(*folders, watch_filter=Sources(), stop_event=stop, raise_interrupt=True,
                                step=SETTLE_MS, rust_timeout=QUIET_MS, yield_on_timeout=True, recursive=False,
                                ignore_permission_denied=True)


def run(session: Session, say, port: int = 0, browse: bool = False, stop: threading.Event | None = None,
        lan: bool = False) -> None:
    """Build, serve the page (its address said through `say`; opened in the browser when `browse`; on the local
    network with a token when `lan`), then build again on every save until `stop` is set or Ctrl-C is pressed."""
    from pnp.serve.server import Server, announce, open_in_browser

    server = Server(port, lan)
    try:
        saves = changes(session, stop)
        next(saves, None)  # the files are watched before the first build: a save made during it is not lost
        report(session.build(), say)
        set_aside_from_collection()
        server.start(app(session))
        announce(server, f"watching {session.folder}: the kit's preview", say)
        if browse:
            open_in_browser(server.url)
        for batch in saves:
            if batch:
                report(session.build(), say)
    except KeyboardInterrupt:
        pass
    finally:
        gc.unfreeze()
        server.stop()
    say("stopped watching")


def set_aside_from_collection() -> None:
    """What the first build leaves (modules, fonts, the program's caches) lives as long as the watch: it is set
    aside from the garbage collector's passes (`gc.freeze`, undone when the watch stops), whose full pass, every
    third build or so, would otherwise walk it all (some 150,000 objects once Buccaneer is built: 0.14 s, 0.02 s
    without them). The collector is not run between builds: a Ctrl-C heard in a weak reference's callback it runs
    would be lost, and the watch would not stop."""
    gc.collect()
    gc.freeze()


def report(status: dict, say) -> None:
    """A build's outcome in the console: its time, or its problems as `pnp build` says them."""
    if status["ok"]:
        say(f"build {status['build']} done in {status['seconds']:.2f} s")
    else:
        kept = f"build {status['good']}'s files kept" if status["good"] else "nothing built yet"
        say(f"build {status['build']} failed ({kept}):\n  " + "\n  ".join(status["problems"]))
