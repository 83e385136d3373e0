"""Running the print pipeline's stages (read, layout, render, write) for a command: `kit.py` builds a game's
kits for `pnp build`, `watch.py` builds them again on every save for `pnp watch`."""
