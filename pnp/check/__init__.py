"""The playtest rules-checker: read a recorded game, replay it against a game's rules, report what broke.

The package is generic: a game plugs in through its own rules, the package `pnp/games/<slug>/rules/`
(docs/adding-a-checker.md), loaded by `loader`. Nothing here names a game.

    log text --reader--> header + events --verbs--> actions --State.apply--> violations --report
                                                          (resync: a stray line read as one)

The toolkit a game's rules are written with: `verbs` (one pattern per verb: parser, usage, printed
form; `parsing` binds them to the game's kinds of words), `engine` (the Rules and State bases:
dispatch, the end guard, cloning, scores and winners), `ending` (final scores and winners), `pieces`
(supplies, decks, seats, dice, choices of cards, follow-ups), `facts` (the data the rules read, checked),
`bots` (the generic bots) and `pnp.model.board` (boards read from data).
"""
