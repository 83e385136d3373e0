"""`pnp watch`: a game's kit built again whenever one of its files is saved, and shown on a page served on this
computer that follows each build.

The build is `pnp build --preview` (pnp/kit.py), run in one long-lived process: the cache stays open between
builds, so that only the faces whose inputs changed are made again, and only the pages whose pictures changed
are drawn again (pnp/write/preview.py, `page_pictures`). The page at the server's root shows the newest
build's preview, or, when the data is broken, the problems found (each at its file and line, as `pnp build`
says them) while the last good build's files stay as they were. It asks `/status.json` for the build's number
every moment and reloads itself when a new build is done.
"""
from __future__ import annotations

import html
import json
import os
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pnp import resources
from pnp.errors import DataError, PnpError, one_line
from pnp.build.kit import build, read_kit
from pnp.layout.imposition import Settings
from pnp.read.games import game_folder
from pnp.write.html import page as html_page

POLL_MS = 250  # how often the page asks whether a new build is done
QUIET_MS = 200  # a watch with no save for this long says so: the first time, that the files are watched

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
        self.folder = game_folder(name)
        self.lock = threading.Lock()
        self.status = {"build": 0, "ok": False, "good": 0, "problems": [], "seconds": 0.0, "cpu": 0.0,
                       "title": self.folder.name}

    def watched(self) -> list[Path]:
        """The folders a build reads: the game's own, and the shared templates and artwork."""
        folders = [self.folder, resources.resource_dir("templates"), resources.resource_dir("artwork")]
        return [folder for folder in folders if folder.is_dir()]

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


class Handler(SimpleHTTPRequestHandler):
    """`/` the live page, `/status.json` the newest build's status, `/kit/...` the game's built files."""

    session: Session

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            self._send(self.session.page(), "text/html; charset=utf-8")
        elif path == "/status.json":
            self._send(json.dumps(self.session.current()).encode(), "application/json")
        elif path.startswith("/kit/"):
            super().do_GET()
        else:
            self.send_error(404)

    def translate_path(self, path):
        return super().translate_path(path[len("/kit"):])

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def _send(self, data: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # the console says the builds, not every request


def serve(session: Session, port: int = 0) -> ThreadingHTTPServer:
    """A server on 127.0.0.1 (a free port unless `port`) for the session's page, running in a thread."""
    handler = type("SessionHandler", (Handler,), {"session": session})
    folder = session.out / session.folder.name
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="pnp watch server", daemon=True).start()
    return server


def url(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def changes(session: Session, stop: threading.Event | None = None):
    """Each batch of saves to the files a build reads (not to what it writes); an empty batch when none came
    for a while, the first as soon as the files are watched (saves from then on are all seen)."""
    import watchfiles  # only for `pnp watch`

    out = Path(os.path.realpath(session.out))

    class Sources(watchfiles.DefaultFilter):
        def __call__(self, change, path: str) -> bool:
            return super().__call__(change, path) and not Path(path).is_relative_to(out)

    yield from watchfiles.watch(*session.watched(), watch_filter=Sources(), stop_event=stop,
                                raise_interrupt=True, rust_timeout=QUIET_MS, yield_on_timeout=True)


def run(session: Session, say, port: int = 0, browse: bool = False, stop: threading.Event | None = None) -> None:
    """Build, serve the page (its address said through `say`; opened in the browser when `browse`), then build
    again on every save until `stop` is set or Ctrl-C is pressed."""
    server = None
    try:
        saves = changes(session, stop)
        next(saves, None)  # the files are watched before the first build: a save made during it is not lost
        report(session.build(), say)
        server = serve(session, port)
        say(f"watching {session.folder}: the kit's preview is at {url(server)} (Ctrl-C stops)")
        if browse:
            import webbrowser

            webbrowser.open(url(server))
        for batch in saves:
            if batch:
                report(session.build(), say)
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.shutdown()
            server.server_close()
    say("stopped watching")


def report(status: dict, say) -> None:
    """A build's outcome in the console: its time, or its problems as `pnp build` says them."""
    if status["ok"]:
        say(f"build {status['build']} done in {status['seconds']:.2f} s")
    else:
        kept = f"build {status['good']}'s files kept" if status["good"] else "nothing built yet"
        say(f"build {status['build']} failed ({kept}):\n  " + "\n  ".join(status["problems"]))
