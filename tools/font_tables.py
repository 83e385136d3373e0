"""Write pnp/fonts/tables.marshal: what reportlab reads from each font pnp ships, so that a build takes it from
there rather than reading every font file's tables again (pnp/typeset/text.py, `truetype`). Run it again when a
font or reportlab changes (tests/test_font_tables_kept.py says when):

    python tools/font_tables.py
"""
import marshal

from pnp import resources
from pnp.typeset.text import FONT_FILES, SHIPPED_TABLES, KitFont, tables, tables_reader


def shipped_tables() -> dict:
    """file name -> (its size, *its tables) of each font pnp ships, as reportlab reads them now."""
    return {file: ((resources.FONTS / file).stat().st_size, *tables(KitFont(f"pnp-{name}", str(resources.FONTS / file))))
            for name, file in FONT_FILES.items()}


def main() -> None:
    """The tables written each font's apart (marshalled again): a build reads only those of the fonts it uses."""
    fonts = {file: marshal.dumps(tables) for file, tables in shipped_tables().items()}
    SHIPPED_TABLES.write_bytes(marshal.dumps((tables_reader(), fonts)))
    print(f"wrote {SHIPPED_TABLES} ({tables_reader()})")


if __name__ == "__main__":
    main()
