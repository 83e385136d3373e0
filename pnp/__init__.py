"""pnp: print-and-play kits and playtest checking, driven by data files."""

__version__ = "0.1.0"
