"""Rules 8-9 of RULES.md: the game ends after a round in which an end condition holds (or the players agree
to stop); each player circles an X of the map strip, the envelope is opened, the scores are written and
the winner, equal scores settled by a roll-off."""
from __future__ import annotations

from pnp.check.pieces import Due
from pnp.check.words import counted, listed


class GameEnd:
    """The end of the game, its scores and its winner."""

    def is_over(self) -> bool:
        return self.winner_line != 0  # asked at every line: a comparison, no call of bool()

    def over(self) -> str:
        return f"the game is over (the winner is written at line {self.winner_line})"

    def summary(self) -> str:
        totals = self.totals()
        scores = ", ".join(f"{p} {points}" for p, points in totals.items())
        rolloff = " after a roll-off" if self.rolloff else ""
        return (f"a legal game on sheet {self.sheet}, {self.round} rounds, ended because {self.ended}; "
                f"scores right: {scores}; winner {self.rolloff or self.leaders(totals)[0]}{rolloff}")

    def on_end(self, event):
        self.settle()
        if self.phase == "final":
            self.blow_end(f"the game is over already: {self.ended}")
            return
        self.agreed = self.w.line
        if self.phase == "begin":
            self._check_end()

    def on_guess(self, event):
        self._to_final("the guesses")
        if event.player in self.guesses:
            self.w.blow("CD-GUESS", f"{event.player} circled an X already (line {self.guesses[event.player][1]})")
            return
        if self.envelope is not None:
            self.w.blow("CD-GUESS", f"the X is circled before the envelope is opened (line {self.envelope[1]})")
        self.guesses[event.player] = (event.spot, self.w.line)

    def on_envelope(self, event):
        self._to_final("the envelope")
        if self.envelope is not None:
            self.w.blow("CD-ENVELOPE", f"the envelope was opened already (line {self.envelope[1]})")
            return
        self._need_guesses("the envelope is opened")
        drawn = self._drawn(event.map)
        if drawn:
            self.w.blow("CD-ENVELOPE", f"{event.map} cannot be the sealed map: {drawn} (maps never drawn: "
                                       f"{listed(self._unseen())})")
        self.envelope = (event.map, self.w.line)

    def on_score(self, event):
        self._to_final("the scores")
        if self.written_again(self.score_line, "the scores were", "CD-SCORE"):
            return
        if self.envelope is None:
            self.w.blow("CD-ENVELOPE", "the envelope is opened before the scores (write `envelope MAP`)")
        self.score_line, self.claimed = self.w.line, dict(event.claims)
        if self.problem_reported:  # after a problem, the log's scores stand: the checker's count may not be the table's
            self._stand()
        else:
            self.compare(event.claims, self.totals(), "CD-SCORE", self._breakdown)
        self._rolloff_due()

    def on_winner(self, event):
        self._to_final("the winner")
        self.settle()  # a roll-off still due is missing
        if not self.score_line:
            self.w.blow("CD-SCORE", "the scores are written before the winner (write `score PLAYER POINTS ...`)")
        self.winner_line = self.w.line
        readings = self._readings()
        fits = next((totals for totals in readings if self._wins(event.player, totals)), readings[0])
        self.judge_winners((event.player,), fits, "CD-WINNER")

    def after_problem(self, action) -> None:
        """After a problem reported, what the checker counts may not be what the table counted: the scores
        written at the end stand (RULES.md, reading a slip). When the scores line is the problem, the checker's
        count stays a reading too: the winner may follow from either."""
        self.problem_reported = True
        self.score_doubted = self.score_doubted or action.verb == "score"
        if self.score_line and not self.written and not self.winner_line:  # the scores, read before the problem
            self._stand()
            self._rolloff_due()

    def _stand(self) -> None:
        """The scores written stand: the winner is judged by them (a player they leave out, by the count)."""
        self.written = {p: self.claimed.get(p, points) for p, points in self.totals().items()}

    def _readings(self) -> list:
        """The scores the winner may follow from: those written when they stand, else the checker's count; and
        the count as well when the scores line was itself a problem."""
        if not self.written:
            return [self.totals()]
        return [self.written, self.totals()] if self.score_doubted else [self.written]

    def _wins(self, player: str, totals: dict) -> bool:
        """Whether `player` may be the winner by `totals`: the one leader, the winner of the roll-off, or one of
        the leaders while no roll-off has settled them."""
        winners, _ = self.winners(totals)
        return player in winners or not winners and player in self.leaders(totals)

    def _rolloff_due(self) -> None:
        """Equal scores are settled by a roll-off, asked for next: due when the scores the winner follows from
        tie, and left to the log (optional) when only some of them do."""
        self.todo = [due for due in self.todo if due.kind != "duel" or due.data != "tie"]
        if self.rolloff is not None:
            return
        ties = [len(self.leaders(totals)) > 1 for totals in self._readings()]
        if any(ties):
            self.ask(Due("duel", self.players[0], "CD-WINNER", self.score_line, "the equal scores", data="tie",
                         optional=not all(ties)))

    def tie(self, leaders, totals):
        return ((self.rolloff,), "wins the roll-off") if self.rolloff else ((), "")

    def finish(self) -> None:
        if self.is_over():
            return
        if self.phase != "final":
            self.blow_end(f"the log stops in round {self.round}, before the game is over")
            return
        self._need_guesses("the end of the log")
        if self.envelope is None:
            self.w.blow("CD-ENVELOPE", "the envelope is never opened (write `envelope MAP`)")
        if not self.score_line:
            self.w.blow("CD-SCORE", "the scores are missing (write `score PLAYER POINTS PLAYER POINTS`)")
        self.w.blow("CD-WINNER", "the winner is missing (write `winner PLAYER`)")

    def _check_end(self) -> None:
        why = self._end_reason()
        if why:
            self.phase, self.ended = "final", why

    def _end_reason(self) -> str:
        """Why the game ends after this round (RULES.md 8), or "" while it goes on."""
        players, xd, balls, owner = self.players, self.xd, self.balls, self.owner
        for p in players:
            if all(xd[p]):
                return f"{p} has no working cannon"
            if not any(balls[p]):
                return f"{p} has no ball left"
        if None not in owner:
            return "the sea grid is full"
        columns = self.f.columns
        for p in players:  # a cannon that can fire faces a free space?
            for row in self._usable(p):
                start = row * columns
                if None in owner[start:start + columns]:
                    break
            else:
                return (f"{p} can no longer claim a space (OUR CHOICE, RULES.md 8.1: no cannon of {p}'s that can fire "
                        "faces a free space)")
        return f"the players agreed to stop (line {self.agreed})" if self.agreed else ""

    def _to_final(self, what: str) -> None:
        """The end of the game is being written: the round under way closes, and the game must be over."""
        if self.phase in ("roll", "picks"):
            self._cut_short()
        if self.phase != "final":
            self.blow_end(f"the game is not over, so {what} cannot be written yet: no end condition holds")
            self.phase, self.ended = "final", "cut short"

    def _need_guesses(self, when: str) -> None:
        for player in self.players:
            if player not in self.guesses:
                self.w.blow("CD-GUESS", f"{player} circles an X of the map strip before {when} "
                                        f"(write `{player} guess SPOT`)")
                self.guesses[player] = (None, self.w.line)

    def _parts(self, player: str) -> dict:
        score = self.f.score
        balls = sum(self.balls[player])
        working = self.xd[player].count(0)  # cannons never X'd out: no line noted
        treasure = 0
        for kind, count in self.chest[player].items():  # a loop: no generator resumed by sum() item by item
            treasure += self.f.points[kind] * count
        spot = self.guesses.get(player, (None, 0))[0]
        bonus = score["map-bonus"] if self.envelope and self.f.spots[self.envelope[0]] == spot else 0
        return {"balls": balls * score["ball"], "cannons": working * score["cannon"], "treasure": treasure,
                "map": bonus}

    def totals(self) -> dict:
        return {p: sum(self._parts(p).values()) for p in self.players}

    def stats(self) -> dict:
        return {"rounds": self.round}

    def _breakdown(self, player: str) -> str:
        parts = ", ".join(f"{part} {points}" for part, points in self._parts(player).items())
        aboard = sum(balls for balls, line in zip(self.balls[player], self.xd[player]) if line)
        if aboard:  # the reading the total rests on
            parts += f"; the {counted(aboard, 'ball')} of X'd-out cannons count (OUR CHOICE, RULES.md 4.3)"
        return parts

    def _chest(self, player: str) -> str:
        return listed(f"{kind} {count}" for kind, count in self.chest[player].items() if count)
