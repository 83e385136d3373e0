"""`pnp export`: a game's pieces written for somewhere other than a home printer: pictures, a table-top
simulator's files, a print shop's uploads. Each target is one module of this package, named in TARGETS; its
`export(job)` writes its files through `job.files` (run.py makes the job: the same data, templates and cache
as `pnp build`, the files swapped in all at once). A new target is a module with a `SUMMARY` (one line for
`pnp export --help`), the `OPTIONS` of `pnp export` it reads, as `job.options` names them (`dpi`, `bleed`,
`base_url`; a target given one it does not read refuses it), and an `export(job)`, and a line here.
"""
from __future__ import annotations

import importlib

TARGETS = {  # name on the command line -> module of this package
    "png": "png",
    "tts": "tts",
    "mpc": "mpc",
    "tgc": "tgc",
    "pdf-shop": "pdf_shop",
}


def target(name: str):
    """The module of the target `name` (one of TARGETS)."""
    return importlib.import_module(f"pnp.export.{TARGETS[name]}")
