"""The pages pnp serves on this computer (`pnp watch`'s preview, `pnp record`'s table): the pieces they share.

`guard.py` lets in only requests made to the page's own address (the Host header: no DNS rebinding) and, on the
local network, only those bearing the session's token; `files.py` serves a folder's files without ever leaving
it; `server.py` binds the address and runs the page with uvicorn in a thread until it is stopped. Starlette and
uvicorn are imported only by the commands that serve a page.
"""
