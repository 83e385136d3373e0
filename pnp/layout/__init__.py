"""Which face goes where on which page: every component laid out by its kind (kinds.py), a PDF's pages put in
print order (kit.py); faces are asked for (requests.py), never drawn here. Imports nothing of render or write
(docs/architecture.md)."""
