"""Each face layout asks for made and drawn: templates rendered in a sandbox, steps read and checked, text
checked for legibility, artwork and pictures found, every distinct face drawn once (faces.py runs the pass).
Imports nothing of write: the build hands it the cache's store (docs/architecture.md)."""
