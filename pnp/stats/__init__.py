"""Balance statistics: bots play many games through a game's rules, and exact counts of the games become
figures and a report (`pnp stats`).

- `tally`: the counts of games, added exactly in any order;
- `run`: the chunk function, and the pool of processes or executor that runs it;
- `results`: result files (whole runs and shards), read, checked and merged;
- `figures`: the counts as figures with 95 % intervals, and two runs compared, each change judged with all
  the others of its report;
- `report`: the HTML page with its plots;
- `playtests`: the logs people recorded, each checked and counted as a bots' game is, by printing, with what
  only they tell (the moves the greedy bot would not make, the words never named); `playtest_report` their page;
- `cluster`: the same chunks on a Dask cluster (the `cluster` extra).
"""
