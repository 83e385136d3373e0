"""Rules 2-3 of RULES.md: the score card each round reveals, and the deal of the layout's columns from
the deck, read so that one slip of a deal is reported once."""
from __future__ import annotations

from pnp.check.pieces import Supply
from pnp.check.words import counted


class Layout:
    """Score cards and deals."""

    def on_scorecard(self, event):
        if not self._round_for("its score card"):
            return
        if self.card is not None:
            self.w.blow("BT-SCORECARD", f"round {self.round} already shows score card {self.card}; "
                                        "one score card is revealed per round")
            return
        # Revealed after the first turn: the first turn reported it missing; the round is scored with it.
        if event.card in self.card_rounds:
            self.w.blow("BT-SCORECARD", f"score card {event.card} was used in round {self.card_rounds[event.card]}; "
                                        "each is used at most once a game")
        self.card = event.card
        self.card_rounds.setdefault(event.card, self.round)

    def on_deal(self, event):
        if not self._round_for("the deal"):
            return
        cards = event.cards  # a property: read once
        column = self._deal_column(event.column, len(cards))
        if column is None or self.turns:
            return  # with turns played, the first turn reported this column missing: the layout is not checked
        over = self._draw(self.deck, cards, "BT-DEAL-COUNT", "the deck")
        self.dealt_columns[column] = self.w.line
        self.layout[column - 1] = list(cards)
        # a card dealt too often is a slip of this deal or of an earlier one of the round: the card a take later
        # names in its place, wherever it lies in the layout, is believed
        if over:
            self.suspect |= {(c + 1, at) for c, pile in enumerate(self.layout) for at, card in enumerate(pile)
                             if card in over}

    def _deal_column(self, column: int, size: int):
        """The column a deal of `size` cards goes into: the one it names, `column`, or, when that one cannot be
        meant (no such column, or dealt already), the column not dealt yet that takes as many cards, as a slip
        of the column's number. A column dealt already with a wrong number of cards that fit a column not dealt
        yet was that column's deal, written with a wrong number: it moves there. None when no column can take
        the deal."""
        columns, sizes, dealt = len(self.f.columns), self.f.columns, self.dealt_columns
        if column <= columns and column in self.misdealt and size == sizes[column - 1]:
            moved = [c for c in range(1, columns + 1) if c not in dealt
                     and sizes[c - 1] == len(self.layout[column - 1])]
            if moved:
                self.layout[moved[0] - 1], dealt[moved[0]] = self.layout[column - 1], dealt.pop(column)
                self.suspect = {(moved[0] if c == column else c, at) for c, at in self.suspect}
                del self.misdealt[column]
                return column
        if column > columns:
            self.w.blow("BT-DEAL-SHAPE", f"the layout has {columns} columns; there is no column {column}")
        elif column in dealt:
            self.w.blow("BT-DEAL-SHAPE", f"column {column} was dealt already (line {dealt[column]})")
        else:
            if size != sizes[column - 1]:
                self.w.blow("BT-DEAL-SHAPE", f"column {column} takes {counted(sizes[column - 1], 'card')}, "
                                             f"not {size}")
                self.misdealt[column] = self.w.line
            return column
        return next((c for c in range(1, columns + 1) if c not in dealt and sizes[c - 1] == size), None)

    def _draw(self, supply: Supply, cards: tuple, rule: str, source: str) -> list:
        """Deal cards out of a supply, blowing `rule` for a card dealt more often than the data has it; those
        cards are returned."""
        over = supply.take(cards)
        for card in over:
            if supply is self.deck and self.doubted.pop(card, 0):
                continue  # a take read as a slip of its deal was the slip itself: reported there already
            self.w.blow(rule, f"{card} is dealt {supply.taken(card)} times in this game; {source} holds "
                              f"{supply.full[card]}")
        return over
