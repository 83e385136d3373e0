"""What a build says as it goes, each line marked with what it is about, so that `pnp build` can print one
line a game by default and every line with -v (pnp/commands/build.py), while `pnp watch` prints them all as
plain text."""
from __future__ import annotations


class Said(str):
    """A line a build says: a plain string to whoever prints it, with `kind`, what it is about:

    - "part": a part laid out on its pages, in one variant;
    - "warning": one warning, in full or summed up with others alike;
    - "kit": a kit written, on `sheets` sheets of `paper` ("A4", "US Letter") in `form` ("duplex", "fold",
      "duplex low-ink");
    - "done": the game's files written (`count` of them, into `folder`).

    A line not marked this way (a plain string: coverage, reprints) is said whatever the verbosity."""

    kind: str
    sheets: int
    paper: str
    form: str
    folder: object
    count: int

    def __new__(cls, text: str, kind: str, **facts):
        said = super().__new__(cls, text)
        said.kind = kind
        for name, value in facts.items():
            setattr(said, name, value)
        return said
