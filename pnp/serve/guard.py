"""Who may load a served page: requests made to its own address only, and on the local network only those that
bear the session's token.

A page bound to 127.0.0.1 can still be reached by a web page elsewhere whose name is made to point at
127.0.0.1 (DNS rebinding): its requests name that other host in their Host header, so every request naming a
host other than the page's own addresses is refused. With `--lan` anyone on the network can reach the port, so a
request must also carry the token: in the address as `?token=...` (the one printed), after which the browser keeps
it in a cookie for the page's own requests.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse

TOKEN_BYTES = 16  # 128 bits: not to be guessed in any number of tries a network allows


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Access:
    """The addresses a page answers to (on `port`: 127.0.0.1 and localhost, and `lan`, the computer's address on
    the local network, when it is served there) and the token a request must bear (None: no token asked)."""

    port: int
    lan: str | None = None
    token: str | None = field(default=None, repr=False)

    def hosts(self) -> frozenset[str]:
        """The Host headers a request may name."""
        names = ["127.0.0.1", "localhost"] + ([self.lan] if self.lan else [])
        return frozenset(f"{name}:{self.port}" for name in names)

    @property
    def cookie(self) -> str:
        """The cookie the token is kept in: named after the port, as cookies are shared by every port of a host."""
        return f"pnp-token-{self.port}"


class Guard:
    """ASGI middleware: a request to another host, or without the token when one is asked, is answered 403 and
    never reaches the page."""

    def __init__(self, app, access: Access):
        self.app, self.access = app, access

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        if headers.get("host", "").lower() not in self.access.hosts():
            return await refuse(scope, receive, send, "This page answers only to its own address.")
        if self.access.token is None:
            return await self.app(scope, receive, send)
        if _given(scope.get("query_string", b""), self.access.token):
            return await self.app(scope, receive, self._keeping_token(send))
        if _kept(headers.get("cookie", ""), self.access):
            return await self.app(scope, receive, send)
        return await refuse(scope, receive, send, "This page needs the address printed where it was started, "
                                                  "token included.")

    def _keeping_token(self, send):
        """`send`, adding to the response the cookie that keeps the token for the page's next requests."""
        cookie = f"{self.access.cookie}={self.access.token}; Path=/; HttpOnly; SameSite=Strict".encode()

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie)]}
            await send(message)
        return sending


def _given(query: bytes, token: str) -> bool:
    """Whether the query string holds the token."""
    try:
        values = parse_qs(query.decode("latin-1")).get("token", [])
    except ValueError:
        return False
    return any(secrets.compare_digest(value.encode(), token.encode()) for value in values)


def _kept(header: str, access: Access) -> bool:
    """Whether the request's cookies hold the token."""
    cookies = SimpleCookie()
    try:
        cookies.load(header)
    except CookieError:  # a malformed Cookie header holds no token
        return False
    kept = cookies.get(access.cookie)
    return kept is not None and secrets.compare_digest(kept.value.encode(), access.token.encode())


async def refuse(scope, receive, send, why: str) -> None:
    """Answer 403, saying why."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    await PlainTextResponse(why, status_code=403)(scope, receive, send)
