"""The playtest rules-checker: read a recorded game, replay it against a game's rules, report what broke.

The package is generic: a game plugs in through its own rules module, `pnp/games/<slug>/rules.py`
(docs/adding-a-checker.md). Nothing here names a game.

    log text --reader--> header + events --verbs--> actions --State.apply--> violations --report
                                                          (resync: a stray line read as one)

The toolkit a rules module is written with: `verbs` (one pattern per verb: parser, usage, printed form),
`engine` (the Rules and State bases: dispatch, the end guard, cloning, scores and winners), `ending`
(final scores and winners), `pieces` (supplies, decks, seats, dice, follow-ups), `facts` (the data a
rules module reads, checked) and `pnp.board` (boards read from data).
"""
