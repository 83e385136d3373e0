"""Recording a playtest at the table (`pnp record`): the session that keeps the log as it is played, guided by
the game's rules (`table.Table`), and the lines the rules allow next (`choices`). No web code: the server and
its page drive a `Table` through its methods and show its `view()`."""
