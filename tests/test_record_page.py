"""The record page (pnp/serve/table_page.py, static/record.*): its routes over a recording session, and the page
itself in a real browser at a phone's width. The session here is a small stand-in with the Table's interface
(pnp/record/table.py), so that the page is tested on its own."""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnp.errors import PnpError
from pnp.serve.guard import Access, Guard
from pnp.serve.table_page import STATIC, app

PORT = 8766
HOST = f"http://127.0.0.1:{PORT}"


class Refused(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(f"{code} {message}")
        self.code, self.message = code, message


class Table:
    """A stand-in game: Ann and Bob in turn take 1, 2 or 3 stones from a heap of 7; whoever takes the last wins."""

    def __init__(self, path: Path):
        self.path, self.lines, self.calls, self.busy = path, [], [], threading.Lock()
        self.pause = 0.0  # seconds a view takes: a window two calls made at once would overlap in

    def heap(self) -> int:
        return 7 - sum(int(text.split()[2]) for text, kind in self.lines if kind in ("event", "insisted"))

    def mover(self) -> str:
        return ("Ann", "Bob")[sum(kind in ("event", "insisted") for _, kind in self.lines) % 2]

    def allowed(self) -> list[str]:
        return [f"{self.mover()} takes {n}" for n in (1, 2, 3) if n <= self.heap()]

    def view(self) -> dict:
        assert self.busy.acquire(blocking=False), "two calls into the session at once"
        try:
            time.sleep(self.pause)
            over = self.heap() <= 0
            return {"game": "Stones", "slug": "stones", "players": ["Ann", "Bob"],
                    "turn": None if over else self.mover(), "over": over, "scores": {"Ann": 0, "Bob": 0},
                    "public": [{"title": "Heap", "lines": [f"{self.heap()} stones"]}],
                    "choices": [] if over else [{"verb": "takes", "lines": self.allowed()}],
                    "log": [{"line": 1, "text": "game: stones", "kind": "header"}] + [
                        {"line": n, "text": text, "kind": kind} for n, (text, kind) in enumerate(self.lines, 2)],
                    "started": "19:05", "ended": None}
        finally:
            self.busy.release()

    def enter(self, text: str, insist: bool = False) -> dict:
        self.calls.append(("enter", text, insist))
        if text == "explode":
            raise PnpError("the session broke")
        if text not in self.allowed():
            if not insist:
                raise Refused("ST-TAKE", "take 1, 2 or 3 stones, no more than the heap holds")
            self.lines.append((f"{text}  # insisted: ST-TAKE", "insisted"))
        else:
            self.lines.append((text, "event"))
        return self.view()

    def undo(self) -> dict:
        while self.lines and self.lines[-1][1] == "note":
            self.lines.pop()
        if self.lines:
            self.lines.pop()
        return self.view()

    def note(self, text: str) -> dict:
        self.calls.append(("note", text))
        self.lines.append((f"# 19:30 note: {text}", "note"))
        return self.view()

    def completions(self, prefix: str, limit: int = 20) -> list[str]:
        return [line for line in self.allowed() if line.lower().startswith(prefix.lower())][:limit]


@pytest.fixture
def table(tmp_path):
    return Table(tmp_path / "stones.log")


@pytest.fixture
def client(table):
    return TestClient(Guard(app(table, Refused), Access(PORT)), base_url=HOST)


def test_the_page_and_its_files_are_served_by_pnp(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in ("record.css", "record.js"):
        assert f"static/{name}" in page.text
        assert client.get(f"/static/{name}").status_code == 200
    assert "http" not in page.text.replace("http-equiv", "")  # nothing fetched from elsewhere
    assert client.get("/static/../table_page.py").status_code == 404
    assert client.get("/static/%00").status_code == 404


def test_the_view_is_the_sessions_with_its_file(client, table):
    view = client.get("/view").json()
    assert view["turn"] == "Ann" and view["choices"] == [{"verb": "takes", "lines": ["Ann takes 1", "Ann takes 2",
                                                                                     "Ann takes 3"]}]
    assert view["file"].endswith("stones.log")


def test_a_line_entered_is_played_and_the_new_view_returned(client, table):
    view = client.post("/enter", json={"text": "Ann takes 2"}).json()
    assert view["log"][-1] == {"line": 2, "text": "Ann takes 2", "kind": "event"}
    assert view["turn"] == "Bob" and view["public"] == [{"title": "Heap", "lines": ["5 stones"]}]


def test_a_refused_line_is_a_409_with_the_rules_code_and_the_table_may_insist(client, table):
    refused = client.post("/enter", json={"text": "Ann takes 5"})
    assert refused.status_code == 409
    assert refused.json() == {"code": "ST-TAKE", "message": "take 1, 2 or 3 stones, no more than the heap holds"}
    assert table.lines == []
    insisted = client.post("/enter", json={"text": "Ann takes 5", "insist": True})
    assert insisted.status_code == 200 and insisted.json()["log"][-1]["kind"] == "insisted"
    assert table.calls[-1] == ("enter", "Ann takes 5", True)


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'{"text": 3}', b'{"text": "  "}', b"{}",
                                  b'{"text": "Ann takes 1\\nBob takes 3"}', b'{"text": "' + b"x" * 3000 + b'"}'])
def test_a_body_that_is_no_line_is_a_400_that_never_reaches_the_session(client, table, body):
    answer = client.post("/enter", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["message"]
    assert table.calls == []


def test_only_true_insists(client, table):
    assert client.post("/enter", json={"text": "Ann takes 9", "insist": "yes"}).status_code == 409


def test_a_session_error_is_said_without_a_traceback(client):
    answer = client.post("/enter", json={"text": "explode"})
    assert answer.status_code == 400 and "the session broke" in answer.json()["message"]


def test_undo_note_and_completions(client, table):
    client.post("/enter", json={"text": "Ann takes 1"})
    noted = client.post("/note", json={"text": "Bob thinks hard"}).json()
    assert noted["log"][-1]["kind"] == "note" and "Bob thinks hard" in noted["log"][-1]["text"]
    assert client.get("/complete", params={"prefix": "bob takes "}).json() == {
        "lines": ["Bob takes 1", "Bob takes 2", "Bob takes 3"]}
    undone = client.post("/undo").json()
    assert [line["text"] for line in undone["log"]] == ["game: stones"] and undone["turn"] == "Ann"
    assert client.get("/enter").status_code == 405


def test_the_routes_answer_only_to_the_pages_address(table):
    elsewhere = TestClient(Guard(app(table, Refused), Access(PORT)), base_url="http://rebound.example:8766")
    assert elsewhere.post("/enter", json={"text": "Ann takes 1"}).status_code == 403
    assert table.calls == []


def test_calls_into_the_session_are_made_one_at_a_time(client, table):
    """Many requests at once: the stand-in fails any call made while another is running."""
    table.pause = 0.01
    results = []
    threads = [threading.Thread(target=lambda: results.append(client.get("/view").status_code)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [200] * 8


def test_the_page_weighs_under_300_kb():
    weight = sum(path.stat().st_size for path in STATIC.iterdir())
    assert weight < 300 * 1024


# -- in a browser ---------------------------------------------------------------------------------------------------


def test_at_a_phones_width_a_choice_pressed_grows_the_log_and_undo_takes_it_back(browser, table):
    from pnp.serve.server import Server

    with Server() as server:
        server.start(app(table, Refused))
        page = browser.new_page(viewport={"width": 375, "height": 740}, has_touch=True)
        page.goto(server.url)
        log = page.locator("#log li")
        page.wait_for_function("document.querySelectorAll('#log li').length === 1")
        assert page.locator("#turn").inner_text() == "Ann to play"

        choice = page.get_by_role("button", name="Ann takes 2")
        box = choice.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
        assert page.evaluate("document.documentElement.scrollWidth") <= 375  # nothing wider than the phone
        header = log.first.element_handle()
        choice.click()
        page.wait_for_function("document.querySelectorAll('#log li').length === 2")
        assert log.last.inner_text() == "Ann takes 2"
        assert header.evaluate("item => item.isConnected")  # the line shown before is kept, not made again
        assert page.locator("#turn").inner_text() == "Bob to play"
        assert "5 stones" in page.locator("#public").inner_text()

        page.get_by_role("button", name="Undo the last line").click()
        page.wait_for_function("document.querySelectorAll('#log li').length === 1")
        assert page.locator("#turn").inner_text() == "Ann to play"
        assert table.lines == []


@contextmanager
def suggesting(browser, table, typed: str):
    """A wide page of the stand-in game's session, `typed` typed on the keyboard in the line box (the `/` key
    goes to it) and the suggestions for it shown."""
    from pnp.serve.server import Server

    with Server() as server:
        server.start(app(table, Refused))
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(server.url)
        page.wait_for_function("document.querySelectorAll('#log li').length === 1")
        page.keyboard.press("/")
        page.keyboard.type(typed)
        page.wait_for_function("document.querySelectorAll('#suggestions button').length === 3")
        yield page


def test_a_suggestion_chosen_with_the_arrow_keys_stays_chosen_when_the_list_comes_again(browser, table):
    """The suggestions are asked for again at each key typed, and an answer may come after the arrow key that
    chose one of the list before it: the new list's suggestion at the same place is chosen, and Enter takes it."""
    with suggesting(browser, table, "ann takes") as page:
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.evaluate("""() => { window.before = document.querySelector('#suggestions button');
                                 document.getElementById('line').dispatchEvent(new Event('input')); }""")
        page.wait_for_function("!window.before.isConnected && document.querySelectorAll('#suggestions button').length")
        assert page.evaluate("document.activeElement.closest('#suggestions') !== null")
        page.keyboard.press("Enter")
        assert page.locator("#line").input_value() == "Ann takes 2"


def test_a_refused_line_typed_with_the_keyboard_can_be_insisted(browser, table):
    with suggesting(browser, table, "ann takes") as page:
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")  # the first suggestion fills the line
        assert page.locator("#line").input_value() == "Ann takes 1"
        page.locator("#line").fill("Ann takes 6")
        page.keyboard.press("Enter")
        page.wait_for_selector("#refused:not([hidden])")
        assert page.locator("#refused-code").inner_text() == "ST-TAKE"
        assert table.lines == []
        page.get_by_role("button", name="We played it so").click()
        page.wait_for_function("document.querySelectorAll('#log li.insisted').length === 1")
        assert page.locator("#refused").is_hidden()

        page.keyboard.press("n")
        page.keyboard.type("Bob asks for a recount")
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelectorAll('#log li.note').length === 1")
        assert table.calls[-1] == ("note", "Bob asks for a recount")


# -- the command ----------------------------------------------------------------------------------------------------

def test_pnp_record_asks_for_the_players_of_a_new_log(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import cli

    result = CliRunner().invoke(cli, ["record", "cannon-dice", "--out", str(tmp_path / "new.log"), "--no-open"])
    assert result.exit_code == 2 and "--players" in result.output
    assert not (tmp_path / "new.log").exists()


def test_players_are_named_by_spaces_or_commas_and_the_log_goes_beside_the_other_playtests():
    from datetime import datetime

    from pnp.commands.record import default_log, players

    assert players("Ann Bob") == players("Ann, Bob") == players(" Ann,Bob ") == ("Ann", "Bob")
    assert players(None) == ()
    assert default_log("cannon-dice", datetime(2025, 3, 14, 19, 5)) == Path(
        "playtests/cannon-dice/2025-03-14-1905.log")


def test_the_routes_over_a_real_recording_session(tmp_path):
    """The page's routes over pnp.record's Table: a choice it offers played, the file written, undone."""
    from datetime import datetime

    from pnp.record.table import Refused as RulesRefused, Table as RulesTable

    session = RulesTable.open(tmp_path / "game.log", "cannon-dice", ("Ann", "Bob"),
                              clock=lambda: datetime(2025, 3, 14, 19, 5))
    client = TestClient(Guard(app(session, RulesRefused), Access(PORT)), base_url=HOST)
    first = client.get("/view").json()
    line = first["choices"][0]["lines"][0]
    played = client.post("/enter", json={"text": line}).json()
    assert len(played["log"]) == len(first["log"]) + 1 and line in played["log"][-1]["text"]
    assert line in (tmp_path / "game.log").read_text()
    assert client.post("/undo").json()["log"] == first["log"]
    assert line not in (tmp_path / "game.log").read_text()
