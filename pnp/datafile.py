"""The data-file words the checker's rules modules import (pnp/games/*/rules.py, pnp/check/): the specs
(pnp/model/specs.py) and the reading of YAML files (pnp/read/datafile.py), under the name they have always
used. The print side imports those two modules themselves."""
from __future__ import annotations

from pnp.model.specs import (REQUIRED, Any_, Bool, Choice, Colour, Either, Int, LDict, Length, ListOf, LList, MapOf,
                             Number, Record, Spec, Text, checked, line_of)
from pnp.read.datafile import load_csv, load_yaml, parse_yaml, read_text

__all__ = ["REQUIRED", "Any_", "Bool", "Choice", "Colour", "Either", "Int", "LDict", "Length", "LList", "ListOf",
           "MapOf", "Number", "Record", "Spec", "Text", "checked", "line_of", "load_csv", "load_yaml", "parse_yaml",
           "read_text"]
