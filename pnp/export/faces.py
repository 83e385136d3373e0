"""What the picture targets share (png, mpc, tgc): each distinct face of a game's pieces written once as a
PNG, named after the first piece that shows it (`<component>/<id>-front.png`; a back every piece of a
component shares, `<component>/back.png`), and `quantities.csv`: each piece once, with its copies and the
files of its two faces."""
from __future__ import annotations

import csv
import io

QUANTITIES = "quantities.csv"
COLUMNS = ("component", "card id", "title", "copies", "front file", "back file")


def write_faces(job, frame_of) -> list[dict]:
    """Write every distinct face of the groups `frame_of(group)` gives a Frame for (pnp/write/rasters.py;
    None: the group is left out), and quantities.csv; return its rows."""
    names: dict = {}  # (face key, frame) -> file name
    wanted: list = []  # (file name, face, frame), each file once
    rows: dict = {}  # (component, front file, back file) -> row

    def named(face, frame, name: str) -> str:
        if (face.key, frame) not in names:
            names[face.key, frame] = name
            wanted.append((name, face, frame))
        return names[face.key, frame]

    for group in job.groups:
        frame = frame_of(group)
        if frame is None:
            continue
        folder = group.component.id
        backs = {piece.back.key for piece in group.pieces if piece.back is not None}
        shared = len(backs) == 1 and all(piece.back is not None for piece in group.pieces) and len(group.pieces) > 1
        for piece in group.pieces:
            front = named(piece.front, frame, f"{folder}/{piece.id}-front.png")
            back = "" if piece.back is None else named(
                piece.back, frame, f"{folder}/back.png" if shared else f"{folder}/{piece.id}-back.png")
            row = rows.get((folder, front, back))
            if row is None:
                rows[folder, front, back] = {"component": folder, "card id": piece.id, "title": piece.title,
                                             "copies": piece.copies, "front file": front, "back file": back}
            else:  # pieces that show the same faces are one: a sheet printed several times
                row["copies"] += piece.copies
    pngs = job.pictures.pngs((face, frame) for _, face, frame in wanted)
    for done, ((name, _, _), data) in enumerate(zip(wanted, pngs), start=1):
        job.files.write(name, data)
        job.progress(done, len(wanted))
    job.files.write(QUANTITIES, quantities(list(rows.values())))
    return list(rows.values())


def quantities(rows: list[dict], columns: tuple = COLUMNS) -> bytes:
    """The rows as CSV, a header of `columns` first."""
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")
