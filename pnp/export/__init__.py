"""`pnp export`: a game's pieces written for somewhere other than a home printer: pictures, a table-top
simulator's files, a print shop's uploads. Each target is one module of this package, named in TARGETS; its
`export(job)` writes its files through `job.files` (run.py makes the job: the same data, templates and cache
as `pnp build`, the files swapped in all at once). A new target is a module with a `SUMMARY` (one line for
`pnp export --help`), the `KINDS` of component it writes (the job holds those only; `pnp export --help` and
the export itself name the others as left out), the `OPTIONS` of `pnp export` it reads, as `job.options`
names them (`dpi`, `bleed`, `base_url`; a target given one it does not read refuses it), and an
`export(job)`, and a line here. A target that writes cards of some sizes only names them in `CARD_SIZES`.
"""
from __future__ import annotations

import importlib

from pnp.model.kinds import KINDS
from pnp.wording import listed

TARGETS = {  # name on the command line -> module of this package
    "png": "png",
    "tts": "tts",
    "mpc": "mpc",
    "tgc": "tgc",
    "pdf-shop": "pdf_shop",
}

KIND_WORDS = {  # each kind of component (pnp/model/kinds.py) as a list of what a target writes names it, in
    # the order it lists them
    "cards": "cards", "tokens": "tokens", "sheet": "sheets (mats, score sheets)", "board": "boards", "die": "dice",
    "standees": "standees", "box": "boxes", "net": "nets", "envelope": "envelopes", "rules": "the rules sheet",
}


def _kinds() -> list:
    """Every kind, in KIND_WORDS' order (a kind it lacks last, by its own name)."""
    return [*KIND_WORDS, *(kind for kind in KINDS if kind not in KIND_WORDS)]


def target(name: str):
    """The module of the target `name` (one of TARGETS)."""
    return importlib.import_module(f"pnp.export.{TARGETS[name]}")


def name_of(module) -> str:
    """The name on the command line of a target's module."""
    return next(name for name, file in TARGETS.items() if module.__name__ == f"pnp.export.{file}")


def written(module) -> str:
    """The kinds of component a target writes, in words: "cards and boards"."""
    return listed([KIND_WORDS.get(kind, kind) for kind in _kinds() if kind in module.KINDS])


def left_out(module) -> str:
    """What a target writes nothing of, in words: the kinds it does not take, and cards of sizes it does not
    print ("" when it leaves nothing out)."""
    out = [KIND_WORDS.get(kind, kind) for kind in _kinds() if kind not in module.KINDS]
    sizes = getattr(module, "CARD_SIZES", None)
    if sizes:
        out.append(f"cards of sizes other than {listed(sizes, 'or')}")
    return listed(out)
