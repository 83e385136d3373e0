"""A page served with uvicorn in a thread: on 127.0.0.1, or with `lan` on every address of this computer with its
address on the local network printed (token included) and drawn as a QR code for a phone.

The socket is bound before the page is made, so that its port is known to the guard (a free one when 0 is
asked). `stop` ends the server and waits for it: Ctrl-C in the main thread ends a command cleanly.
"""
from __future__ import annotations

import os
import socket
import sys
import threading
from io import StringIO

from pnp.errors import PnpError
from pnp.serve.guard import Access, Guard, new_token

LOCAL = "127.0.0.1"
EVERY = "0.0.0.0"
GRACE = 2  # seconds a request still being answered is given when the server stops
PROBE = ("192.0.2.1", 9)  # an address kept for documentation (RFC 5737): a UDP socket "connected" to it finds the
# interface the system would route by, without sending anything


def lan_address() -> str:
    """This computer's address on the local network; a PnpError when it is on none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = probe.getsockname()[0]
    except OSError:
        address = ""
    if not address or address.startswith("127.") or address == EVERY:
        raise PnpError("--lan: this computer is on no local network (no address to serve the page on)")
    return address


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (0: a free port); a PnpError when the port is taken or not allowed."""
    # Its protocol named, not left 0: the connections it accepts carry it, and asyncio turns Nagle's algorithm off
    # (TCP_NODELAY) only on a socket naming it. Else an answer's body, sent after its headers, waited for the
    # browser's delayed acknowledgement of them: some 40 ms for each line a table enters.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise PnpError(f"cannot serve the page on port {port}: {error.strerror or error}") from None
    return sock


class Server:
    """A page's socket, bound at once (`access` says its port, its LAN address and token), served by `start` in a
    thread until `stop`."""

    def __init__(self, port: int = 0, lan: bool = False):
        address = lan_address() if lan else None
        self.socket = bind(EVERY if lan else LOCAL, port)
        self.access = Access(self.socket.getsockname()[1], address, new_token() if lan else None)
        self._server = self._thread = None

    @property
    def url(self) -> str:
        """The address to open the page at: on the local network, token included, when it is served there."""
        if self.access.lan:
            return f"http://{self.access.lan}:{self.access.port}/?token={self.access.token}"
        return f"http://{LOCAL}:{self.access.port}/"

    def start(self, app) -> "Server":
        """Serve `app`, guarded, in a thread; return at once."""
        import uvicorn

        config = uvicorn.Config(Guard(app, self.access), log_level="warning", access_log=False, lifespan="off",
                                server_header=False, timeout_graceful_shutdown=GRACE)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self.socket]},
                                        name="pnp page server", daemon=True)
        self._thread.start()
        return self

    def wait(self) -> None:
        """Wait until Ctrl-C (or the server ends); then stop it."""
        try:
            while self._thread.is_alive():
                self._thread.join(timeout=0.5)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()

    def stop(self) -> None:
        """End the server, its open connections with it, and wait for its thread."""
        if self._server is not None:
            self._server.should_exit = True
            self._thread.join()
        self.socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def qr_code(text: str) -> str:
    """`text` drawn as a QR code in characters, for a terminal (a phone's camera reads it off the screen)."""
    import segno  # only for --lan

    drawn = StringIO()
    segno.make(text, error="m").terminal(out=drawn, compact=True)
    return drawn.getvalue()


def announce(server: Server, what: str, say) -> None:
    """Say where the page is (`what` says what it is), with the QR code of its address on the local network."""
    say(f"{what} is at {server.url} (Ctrl-C stops)")
    if server.access.lan:
        say(qr_code(server.url))
        say("A phone or tablet on the same network opens it from the address or the QR code above; "
            "a request without the token is refused.")


def can_browse() -> bool:
    """Whether this computer has a screen a browser can open on: not under CI, and on Linux and the like only
    with an X or Wayland display."""
    if os.environ.get("CI", "").lower() == "true":
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_in_browser(url: str) -> bool:
    """Open `url` in the web browser where there is a screen; whether it was opened."""
    if not can_browse():
        return False
    import webbrowser

    return webbrowser.open(url)
