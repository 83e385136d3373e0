"""The HTML pages pnp writes (a kit's previews, the report of `pnp stats`): one house style, one frame."""
from __future__ import annotations

import html

STYLE = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;background:#eee8dc;color:#2b1d0e;margin:2em}
h1{font-family:"DejaVu Serif",Georgia,serif;margin-bottom:.2em}
nav a,ul.pdfs a{color:#1f5fa8}
ul.pdfs{columns:2;padding-left:1.2em}
figure ul.pdfs{columns:1}
.pages{display:flex;flex-wrap:wrap;gap:18px}
figure{margin:0;width:430px}
.views figure{width:100%;margin-bottom:1em}
figure img{width:100%;background:#fff;box-shadow:0 1px 5px #0005}
figcaption{font-size:.85em;margin-top:.3em}
#check:empty{display:none}
#check.missing{padding:.4em .8em;background:#f3c6c0;display:inline-block}
h3{margin:1.4em 0 .5em;font-size:1em}
details{margin-top:1.4em}
section.game{margin-bottom:2.5em}
.faces{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end}
.faces img{height:150px;background:#fff;box-shadow:0 1px 5px #0005}
"""


def page(title: str, body: list[str], style: str = "", after: list[str] = ()) -> str:
    """A page headed by `title`, in the house style (and `style`), holding `body`, then `after` (a script)."""
    head = [f"<!doctype html><html lang='en'><meta charset='utf-8'><title>{html.escape(title)}</title>",
            f"<style>{STYLE}{style}</style>", "<body>", f"<h1>{html.escape(title)}</h1>"]
    return "\n".join(head + list(body) + list(after) + ["</body></html>"])
