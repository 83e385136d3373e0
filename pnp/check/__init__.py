"""The playtest rules-checker: read a recorded game, replay it against a game's rules, report what broke.

The package is generic: a game plugs in through its own rules module, `pnp/games/<slug>/rules.py`
(see `engine` for what that module provides). Nothing here names a game.

    log text --reader--> header + events --rules.parse--> actions --State.apply--> violations --report
                                                                  (resync: a stray line read as one)
"""
