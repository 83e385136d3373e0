"""The playtest rules-checker: read a recorded game, replay it against a game's rules, report what broke.

The package is generic: a game plugs in through its own rules, the `rules` subpackage of its installed package
(docs/adding-a-checker.md), loaded by `loader`. Nothing here names a game.

    log text --reader--> header + events --verbs--> actions --State.apply--> violations --report
                                                          (resync: a stray line read as one)

The toolkit a game's rules are written with is this package's `__all__`, re-exported here: a game's rules
import from `pnp.check` alone (docs/toolkit.md says what each name is for). It is versioned with pnp: a name
added is a minor release, a name removed or renamed, or its meaning changed, a major one.
`tests/test_toolkit.py` pins that every name pnp's own games use is here.
"""
from __future__ import annotations

from pnp import chance
from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import TABLE, Rules, State, ranks, written_instead
from pnp.check.facts import Keys, RuleData, counts, ids, nicknames
from pnp.check.outcomes import Drawn
from pnp.check.pieces import Deck, Dice, Due, FollowUps, Seats, Supply, multisets
from pnp.check.setup import OnePerSeat, Player, PlayerOrder
from pnp.check.verbs import Kind, action, names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.check.words import counted, listed
from pnp.errors import DataError, Where
from pnp.model.specs import Bool, Choice, Int, ListOf, MapOf, Record, Spec, Text, line_of
from pnp.wording import listed as listed_in_words
from pnp.wording import nth, plural

__all__ = [
    # the rules and the state (engine, ending)
    "Rules", "State", "TABLE", "FinalScores", "Final", "Winner", "written_instead", "ranks",
    # the log's verbs and words (verbs, words, violations)
    "action", "Kind", "names", "number", "counted", "listed", "LOG_SYNTAX",
    # the header (setup)
    "Player", "PlayerOrder", "OnePerSeat",
    # the facts the rules read (facts; specs to write their schemas; errors to report them)
    "RuleData", "Keys", "ids", "nicknames", "counts",
    "Record", "Int", "Text", "Bool", "Choice", "ListOf", "MapOf", "Spec", "line_of", "DataError", "Where",
    # the pieces (pieces, outcomes) and chance
    "Seats", "Dice", "Deck", "Supply", "multisets", "FollowUps", "Due", "Drawn", "chance",
    # words for messages
    "plural", "nth", "listed_in_words",
]
