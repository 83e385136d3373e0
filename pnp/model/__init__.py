"""What a game is, once its data is read: its components and cards (game.py), each kind's schema (kinds.py),
the papers a kit prints on (paper.py), lengths (units.py), geometry (geometry.py), boards (board.py), the
specs every schema is written in (specs.py), and the arrays the stages keep a number of for each card or face
(mapped.py). Imports nothing of the stages after it (docs/architecture.md)."""
