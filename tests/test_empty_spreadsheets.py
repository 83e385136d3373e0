"""A spreadsheet that holds no sheet (saved empty, or its contents lost) is blamed where game.yaml names it,
saying so, rather than failing in the spreadsheet library."""
from __future__ import annotations

import zipfile

import pytest

from pnp.errors import DataError
from pnp.read.cardlists import load_list
from test_ods_cell_values import SPOT

pytestmark = pytest.mark.quick


def empty_ods(path, keep_body: bool):
    """An .ods file with no sheet: its spreadsheet body empty, or (not `keep_body`) gone from its contents."""
    from odf.opendocument import OpenDocumentSpreadsheet

    OpenDocumentSpreadsheet().save(str(path))
    with zipfile.ZipFile(path) as source:
        parts = {item.filename: source.read(item.filename) for item in source.infolist()}
    if not keep_body:
        parts["content.xml"] = parts["content.xml"].replace(b"<office:spreadsheet/>", b"")
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)
    return path


@pytest.mark.parametrize("keep_body", [True, False], ids=["no sheet", "no spreadsheet"])
def test_an_ods_file_without_a_sheet_is_blamed_where_game_yaml_names_it(tmp_path, keep_body):
    with pytest.raises(DataError) as raised:
        load_list(empty_ods(tmp_path / "deck.ods", keep_body), None, 100, SPOT)
    [(where, message)] = raised.value.problems
    assert where == SPOT and message == "deck.ods holds no sheet"
