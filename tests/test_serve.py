"""The pages pnp serves (pnp/serve/): only to their own address, with the token on the local network; a folder's
files and never anything outside it; `pnp watch`'s routes on them."""
from __future__ import annotations

import os
import socket
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from pnp.errors import PnpError
from pnp.serve.files import inside
from pnp.serve.guard import Access, Guard
from pnp.serve.server import LOCAL, Server, bind

PORT = 8765


def hello(request):
    return PlainTextResponse("hello")


def guarded(access: Access, host: str = f"127.0.0.1:{PORT}") -> TestClient:
    app = Guard(Starlette(routes=[Route("/", hello)]), access)
    return TestClient(app, base_url=f"http://{host}")


@pytest.mark.parametrize("host", [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"LOCALHOST:{PORT}"])
def test_the_page_answers_to_its_own_address(host):
    answer = guarded(Access(PORT), host).get("/")
    assert answer.status_code == 200 and answer.text == "hello"


@pytest.mark.parametrize("host", ["evil.example:8765", f"127.0.0.1:{PORT + 1}", "127.0.0.1", "localhost",
                                  f"192.168.1.20:{PORT}"])
def test_a_request_naming_another_host_is_refused(host):
    """A page elsewhere whose name was pointed at 127.0.0.1 (DNS rebinding) names its own host: refused."""
    answer = guarded(Access(PORT), host).get("/")
    assert answer.status_code == 403 and "hello" not in answer.text


def test_on_the_local_network_the_lan_address_is_let_in_only_with_the_token():
    access = Access(PORT, "192.168.1.20", "s3cret-token")
    lan = guarded(access, f"192.168.1.20:{PORT}")
    assert lan.get("/").status_code == 403
    assert lan.get("/?token=wrong").status_code == 403
    assert lan.get("/", headers={"cookie": f"{access.cookie}=wrong"}).status_code == 403
    first = lan.get("/?token=s3cret-token")
    assert first.status_code == 200 and first.text == "hello"
    # the browser keeps the token for the page's own requests, which name no token
    assert first.cookies.get(access.cookie) == "s3cret-token"
    assert lan.get("/").status_code == 200
    # the token asked of this computer's own address too
    assert guarded(access).get("/").status_code == 403
    assert guarded(access).get("/?token=s3cret-token").status_code == 200
    assert guarded(access, f"192.168.1.21:{PORT}").get("/?token=s3cret-token").status_code == 403


def test_a_cookie_of_another_port_is_no_token():
    access = Access(PORT, "192.168.1.20", "s3cret-token")
    other = Access(PORT + 1, "192.168.1.20", "s3cret-token")
    answer = guarded(access, f"192.168.1.20:{PORT}").get("/", headers={"cookie": f"{other.cookie}=s3cret-token"})
    assert answer.status_code == 403


@pytest.fixture
def folder(tmp_path):
    served = tmp_path / "served"
    (served / "preview").mkdir(parents=True)
    (served / "kit.pdf").write_bytes(b"%PDF-1.7 kit")
    (served / "preview" / "index.html").write_text("<p>pages</p>")
    (tmp_path / "secret.txt").write_text("not yours")
    return served


def test_a_folder_serves_its_files_and_nothing_outside_it(folder, tmp_path):
    assert inside(folder, "kit.pdf") == (folder / "kit.pdf").resolve()
    assert inside(folder, "preview") == (folder / "preview" / "index.html").resolve()
    assert inside(folder, "preview/") == (folder / "preview" / "index.html").resolve()
    for name in ["../secret.txt", "preview/../../secret.txt", str(tmp_path / "secret.txt"), "\x00", "kit.pdf\x00",
                 "missing.pdf", "", "a" * 5000, "preview\\..\\..\\secret.txt"]:
        assert inside(folder, name) is None, name


def test_a_link_leading_out_of_the_folder_is_not_followed(folder, tmp_path):
    os.symlink(tmp_path / "secret.txt", folder / "pw.txt")
    os.symlink("/etc", folder / "system")
    os.symlink(folder / "kit.pdf", folder / "same-kit.pdf")  # a link that stays inside is a file of the folder
    os.symlink("loop", folder / "loop")
    assert inside(folder, "pw.txt") is None
    assert inside(folder, "system/hostname") is None and inside(folder, "system") is None
    assert inside(folder, "loop") is None
    assert inside(folder, "same-kit.pdf") == (folder / "kit.pdf").resolve()


def watch_client(session, host=f"127.0.0.1:{PORT}", access=None) -> TestClient:
    from pnp.build.watch import app

    return TestClient(Guard(app(session), access or Access(PORT)), base_url=f"http://{host}")


@pytest.fixture
def session(tmp_path, toy):
    from pnp.build.watch import Session

    made = Session(str(toy), {}, tmp_path / "out")
    kit = tmp_path / "out" / "toy"
    (kit / "preview").mkdir(parents=True)
    (kit / "preview" / "index.html").write_text("<img src='page-1.png'>")
    (kit / "toy-kit-a4-duplex.pdf").write_bytes(b"%PDF-1.7")
    (tmp_path / "out" / "elsewhere.txt").write_text("another game's")
    return made


def test_watch_serves_the_kit_and_refuses_what_lies_outside_it(session, tmp_path):
    kit = tmp_path / "out" / "toy"
    os.symlink("/etc/passwd", kit / "pw.txt")
    client = watch_client(session)
    assert client.get("/").status_code == 200 and "Building" in client.get("/").text
    assert client.get("/status.json").json()["build"] == 0
    found = client.get("/kit/preview/index.html")
    assert found.status_code == 200 and "page-1.png" in found.text and found.headers["cache-control"] == "no-store"
    assert client.get("/kit/toy-kit-a4-duplex.pdf").headers["content-type"] == "application/pdf"
    assert client.get("/kit/pw.txt").status_code == 404
    assert client.get("/kit/../elsewhere.txt").status_code == 404
    assert client.get("/kit/%2e%2e/elsewhere.txt").status_code == 404
    assert client.get("/kit/..%2felsewhere.txt").status_code == 404


@pytest.mark.parametrize("path", ["/kit/%00", "/kit/preview/%00index.html", "/kit/%ff%fe", "/%00", "/kit/" + "x" * 4000])
def test_an_odd_path_is_a_clean_refusal(session, path):
    answer = watch_client(session).get(path)
    assert 400 <= answer.status_code < 500, (path, answer.status_code)


def test_watch_answers_only_to_its_own_address(session):
    assert watch_client(session, "rebound.example:8765").get("/status.json").status_code == 403
    lan = Access(PORT, "10.0.0.7", "tok")
    assert watch_client(session, f"10.0.0.7:{PORT}", lan).get("/status.json").status_code == 403
    assert watch_client(session, f"10.0.0.7:{PORT}", lan).get("/status.json?token=tok").status_code == 200


def test_a_game_folder_holding_a_link_to_the_root_is_watched_without_walking_it(tmp_path, toy):
    from pnp.build.watch import Session, changes

    os.symlink("/", toy / "root")
    os.symlink("/usr", toy / "usr")
    (toy / "art" / "ships").mkdir(parents=True)
    session = Session(str(toy), {}, toy / "out")
    (toy / "out" / "toy").mkdir(parents=True)
    folders = session.watched()
    assert toy in folders and toy / "art" / "ships" in folders
    assert not any(folder.is_relative_to(toy / "root") or folder.is_relative_to(toy / "usr") for folder in folders)
    assert not any(folder.is_relative_to(toy / "out") for folder in folders)  # what a build writes is not watched
    stop = threading.Event()
    saves = changes(session, stop)
    assert next(saves) is not None  # watching began, without a walk of the disk or a crash
    stop.set()
    assert list(saves) in ([], [set()])


def test_a_folder_made_while_watching_is_watched(tmp_path, toy):
    """A new folder's files are seen: the list of folders is walked again when one is added."""
    from pnp.build.watch import Session, changes

    session = Session(str(toy), {}, tmp_path / "out")
    stop = threading.Event()
    saves = changes(session, stop)
    next(saves)
    (toy / "art").mkdir()
    seen = set()
    while not any(path.endswith("art") for _, path in seen):
        seen |= next(saves)
    (toy / "art" / "flag.svg").write_text("<svg/>")
    while not any(path.endswith("flag.svg") for _, path in seen):
        seen |= next(saves)
    stop.set()
    assert any(path == str(toy / "art" / "flag.svg") for _, path in seen)


def test_a_server_runs_in_a_thread_and_stops(tmp_path):
    server = Server().start(Starlette(routes=[Route("/", hello)]))
    try:
        assert server.url == f"http://127.0.0.1:{server.access.port}/"
        with urllib.request.urlopen(server.url) as answer:
            assert answer.read() == b"hello"
    finally:
        server.stop()
    with pytest.raises(OSError):
        urllib.request.urlopen(server.url)


def test_each_connection_sends_at_once_without_waiting_for_acknowledgements():
    """Nagle's algorithm is off (TCP_NODELAY) on the connections the server accepts: with it on, an answer's body,
    written after its headers, waited for the browser's delayed acknowledgement of them, some 40 ms a request."""
    server = Server().start(Starlette(routes=[Route("/", hello)]))
    try:
        with socket.create_connection((LOCAL, server.access.port)) as browser:
            browser.sendall(f"GET / HTTP/1.1\r\nHost: {LOCAL}:{server.access.port}\r\n\r\n".encode())
            answer = b""
            while not answer.endswith(b"hello"):
                answer += browser.recv(4096)
            accepted = [connection.transport.get_extra_info("socket")
                        for connection in server._server.server_state.connections]
            assert [sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for sock in accepted] == [1]
    finally:
        server.stop()


def test_a_port_in_use_is_a_clear_error():
    taken = bind("127.0.0.1", 0)
    try:
        with pytest.raises(PnpError, match=str(taken.getsockname()[1])):
            Server(taken.getsockname()[1])
    finally:
        taken.close()
