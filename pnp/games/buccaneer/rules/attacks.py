"""Rule 7 of RULES.md: an attack at sea right after a move, the fighting values, the winner's spoils
(treasure or crew) and the free move of the loser."""
from __future__ import annotations

from pnp.check.engine import TABLE
from pnp.check.pieces import Due


class Attacks:
    """Attacks and what they bring."""

    def on_attack(self, event):
        held = self._held_draw()
        self.settle(None)
        player, target = event.player, event.target
        mover = self.current
        if not self.playing or player == target or not self.after_sail or mover not in (player, target):
            self.w.blow("BU-ATTACK", "an attack is declared right after a ship sails in its turn (not in a free "
                                     "move), by that ship or the one it meets")
            self.todo += held
            return
        if self.at[player] != self.at[target] or self.at[player] in self.f.ports:
            where = "in a port, where ships are safe" if self.at[player] in self.f.ports else "on different squares"
            self.w.blow("BU-ATTACK", f"{player} and {target} lie {where}: an attack is made at sea, alongside")
            self.todo += held
            return
        line, cause = self.w.line, f"{player}'s attack on {target}"
        self.todo.append(Due("fight", player, "BU-FIGHT", line, cause, (player, target), optional=True))
        self.todo += self._outcome(player, target, (self.fighting(player), self.fighting(target)), line, cause)
        self.todo += held

    def _outcome(self, player, target, odds, line, cause) -> list:
        """What an attack asks for once the fighting values are known: the winner's spoils (none on a tie),
        then the free move of the loser, or of the ship attacked."""
        if odds[0] == odds[1]:
            return [Due("free", target, "BU-FREE-MOVE", line, f"{target}'s free move after {cause}")]
        winner, loser = (player, target) if odds[0] > odds[1] else (target, player)
        return [Due("seize", winner, "BU-SPOILS", line, cause, loser),
                Due("free", loser, "BU-FREE-MOVE", line, f"{loser}'s free move after {cause}")]

    def _held_draw(self) -> list:
        """A coast draw of the ship that just stopped there, put off until an attack there is settled."""
        if self.todo and self.todo[0].kind == "draw" and self.todo[0].player == self.current:
            return [self.todo.pop(0)]
        return []

    def on_fight(self, event):
        due = self.answer("fight", TABLE)
        if due is None:
            return self.w.blow("BU-FIGHT", "fighting values are shown when an attack is declared")
        written = dict(event.odds)
        for player, value in event.odds:
            if (self.fighting(player) != value and player not in self.unsure) or player not in due.data:
                self.w.blow("BU-FIGHT", f"{player}'s fighting value is {self.fighting(player)}, not {value}")
                self.unsure.add(player)
        odds = [written.get(p, self.fighting(p)) if p in self.unsure else self.fighting(p) for p in due.data]
        if odds != [self.fighting(p) for p in due.data]:  # a blurred crew: the log's values decide the attack
            kept = [d for d in self.todo if d.line != due.line]
            self.todo = self._outcome(*due.data, odds, due.line, due.cause) + kept

    def is_theirs(self, due, player) -> None:
        if player is not TABLE:
            super().is_theirs(due, player)

    def on_seize(self, event):
        due = self.answer("seize", event.player)
        if due is None:
            return self.w.blow("BU-SPOILS", "spoils go to the winner of an attack, right after it")
        winner, loser = due.player, due.data
        if event.what == "treasure":
            if event.crew:
                self.w.blow("BU-SPOILS", "the winner takes the loser's treasure or crew, not both")
            loot, self.aboard[loser] = self.aboard[loser], []
            self.aboard[winner] += loot
            self._hold_check(winner, "BU-RETURN", f"{winner}'s ship took {loser}'s treasure")
            return
        most = min(self.f.spoils_crew, len(self.hand[loser]))
        if not min(most, 1) <= len(event.crew) <= most and loser not in self.unsure:
            due_crew = {0: "no crew card: the hand is empty", 1: "1 crew card"}.get(most, f"1 to {most} crew cards")
            self.w.blow("BU-SPOILS", f"{loser} hands over {due_crew} (at most {self.f.spoils_crew}, as the "
                                     f"winner demands), not {len(event.crew)}")
        for card in event.crew:
            if self._crew_from(loser, card, docks_too=False):
                self.hand[winner].append(card)
            else:
                self.w.blow("BU-SPOILS", f"{loser} holds no {card}")
