"""`pnp stats` on an existing Dask cluster (the optional `cluster` extra: pip install 'pnp-press[cluster]').

Nothing here schedules anything: the cluster's own client hands out the same chunk function
(`pnp.stats.run.play_games`) as a `concurrent.futures` executor, and `pnp.stats.run.run` adds up what
comes back. Every worker needs pnp (and a game folder named by its path at that same path).
"""
from __future__ import annotations

from contextlib import contextmanager

from pnp.errors import PnpError, clip

EXTRA = "pip install 'pnp-press[cluster]'"


@contextmanager
def dask_executor(address: str):
    """An executor whose tasks run on the Dask cluster whose scheduler is at `address` (tcp://host:8786)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise PnpError(f"--dask needs Dask, which comes with the cluster extra: {EXTRA}") from None
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError, ValueError) as error:
        raise PnpError(f"cannot reach the Dask scheduler at {clip(address)}: {clip(str(error))}") from None
    with client:
        yield client.get_executor(pure=False)
