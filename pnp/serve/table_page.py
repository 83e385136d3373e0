"""The page a table records a game on (`pnp record`): routes over a recording session, and the page's own files.

The session (pnp/record/table.py, `Table`) keeps the log and plays each line by the rules; it is one session
for everyone who has the page open, so its calls are made one at a time (one lock), in a worker thread. The page
itself is plain HTML, CSS and JavaScript served from `static/`, nothing fetched from elsewhere:

    GET  /                   the page              GET  /view               what it shows (the session's view)
    POST /enter {text, insist}  play a line: the new view, or 409 {code, message} when the rules refuse it
    POST /undo               take back the last line    POST /note {text}   a note with the clock time
    GET  /complete?prefix=   the lines the rules allow next that start so
"""
from __future__ import annotations

import json
import threading
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse
from starlette.routing import Route

from pnp.errors import PnpError, shown
from pnp.serve.files import file_response

STATIC = Path(__file__).resolve().parent / "static"
PAGE = "record.html"
LINE_CHARS = 2000  # a line or a note longer than this is no line of a log: refused before the session sees it
BODY_BYTES = 16 * 1024
COMPLETIONS = 20
FRESH = {"Cache-Control": "no-store"}


class Unreadable(ValueError):
    """A request's body is not what the route takes."""


def app(table, refused: type, say=lambda message: None) -> Starlette:
    """The record page's routes over `table` (a Table), whose refusals of a line are `refused` exceptions (with a
    `code` and a `message`); `say` reports a fault of our own to the console."""
    lock = threading.Lock()

    def viewed(view: dict) -> dict:
        return {**view, "file": shown(table.path)}  # the page names the file the log is kept in

    async def call(method, *args, shaped=viewed, **kwargs) -> JSONResponse:
        """The session's answer to one call, made under the lock in a worker thread, as a response."""
        def locked():
            with lock:
                return method(*args, **kwargs)
        try:
            return JSONResponse(shaped(await run_in_threadpool(locked)), headers=FRESH)
        except refused as refusal:
            return JSONResponse({"code": refusal.code, "message": refusal.message}, status_code=409, headers=FRESH)
        except PnpError as error:
            return JSONResponse({"message": error.format_message()}, status_code=400, headers=FRESH)
        except Exception as error:  # a fault of our own: said, and the page goes on
            say(f"internal error: {type(error).__name__}: {error}")
            return JSONResponse({"message": f"internal error: {type(error).__name__}: {error}"}, status_code=500,
                                headers=FRESH)

    def page(request):
        return file_response(STATIC, PAGE, FRESH)

    def static(request):
        return file_response(STATIC, request.path_params["name"])

    async def view(request):
        return await call(table.view)

    async def enter(request):
        try:
            body = await _body(request)
            text, insist = _line(body, "text"), body.get("insist", False) is True
        except Unreadable as error:
            return _unreadable(error)
        return await call(table.enter, text, insist=insist)

    async def undo(request):
        return await call(table.undo)

    async def note(request):
        try:
            text = _line(await _body(request), "text")
        except Unreadable as error:
            return _unreadable(error)
        return await call(table.note, text)

    async def complete(request):
        prefix = request.query_params.get("prefix", "")
        if len(prefix) > LINE_CHARS:
            return _unreadable(Unreadable("the prefix is longer than any line"))
        return await call(table.completions, prefix, COMPLETIONS, shaped=lambda lines: {"lines": lines})

    return Starlette(routes=[
        Route("/", page), Route("/static/{name}", static), Route("/view", view),
        Route("/enter", enter, methods=["POST"]), Route("/undo", undo, methods=["POST"]),
        Route("/note", note, methods=["POST"]), Route("/complete", complete)])


async def _body(request) -> dict:
    """The request's body, a JSON object of at most BODY_BYTES."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > BODY_BYTES:
            raise Unreadable("the request is larger than any line")
    try:
        body = json.loads(data or b"{}")
    except ValueError:
        raise Unreadable("the request is not JSON") from None
    if not isinstance(body, dict):
        raise Unreadable("the request is not a JSON object")
    return body


def _line(body: dict, key: str) -> str:
    """`body[key]`: one line of text."""
    text = body.get(key)
    if not isinstance(text, str) or not text.strip():
        raise Unreadable(f"no {key} given")
    if len(text) > LINE_CHARS or "\n" in text or "\r" in text:
        raise Unreadable(f"the {key} is not one line of at most {LINE_CHARS} characters")
    return text


def _unreadable(error: Unreadable) -> JSONResponse:
    return JSONResponse({"message": str(error)}, status_code=400, headers=FRESH)
