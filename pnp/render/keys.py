"""Keys that tell one rendering from another: what a template was given, the text it rendered, a face made from
others. Faces are found by them in a build and in the cache."""
from __future__ import annotations

import hashlib


def digest(*parts) -> str:
    """A key for values written as `repr` (which tells 1 from "1" and keeps a dict's order)."""
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()
