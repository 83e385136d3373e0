"""Reading a game's data files into the checked records of pnp/model, every problem named at its file and line:
YAML and CSV with their lines (datafile.py), game.yaml and the card lists it names (games.py), what some kinds
read from further files (kinds.py). Imports nothing of layout, render or write (docs/architecture.md)."""
