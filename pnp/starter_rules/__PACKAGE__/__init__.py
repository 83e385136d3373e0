"""__NAME__, a game for pnp: this package's folder holds its data (game.yaml and the files it names) and its
checker, the `rules` subpackage. Installing it registers it with pnp (pyproject.toml's entry point)."""
