"""Rules 3-4 of RULES.md: turns in seat order, a ship's straight move along its bow (or out of a harbour
along an arrow), turning on the spot, staying, the challenge of a move too long, and the chance card a ship
stopping on the coast of Treasure Island draws."""
from __future__ import annotations

from pnp.check.engine import TABLE
from pnp.check.pieces import Due
from pnp.check.words import counted

from .verbs import HEADINGS, WAY


class Sailing:
    """Turns, moves and challenges."""

    def to_move(self):
        if self.todo:
            return self.follower()
        if self.won or self.stopped or not self.playing:
            return TABLE
        if self.turns > self.f.simulated_turns and not self.moved:
            return TABLE
        return self.current

    def apply(self, action) -> None:
        verb = None if action is None else action.verb
        if verb != "challenge":  # a challenge may come between a move and its attack
            if self.crowded:
                self._crowd_stands(action)
            self.after_sail = self.fresh  # an attack comes right after the move it ends
            self.fresh = False
        if verb is None or self.final_line or self.won or self.stopped:
            # a bot's line left out, or a line once the game is over (final_line) or decided (won, stopped): the
            # engine's apply (no other part of the state overrides it)
            self.dispatch(action)
        else:
            self.handle(action)  # play goes on: the line's handler at once
        if self.todo:
            self._tidy()

    def _unchallenged(self) -> None:
        """A move longer than the sailing value stands reported once it can no longer be challenged: the
        next player's turn has begun, or the player moved again (a free move)."""
        last = self.last_move
        if last and last[1] > last[2] and not self.challenged and last[0] not in self.unsure:
            player, squares, most, line = last
            self.w.blow("BU-SAIL-FAR", f"{player}'s ship sailed {squares} squares with a sailing value of "
                                       f"{most}, and nobody challenged it", line)
            self.unsure.add(player)
        self.last_move = None

    def _crowd_stands(self, action) -> None:
        """A ship stopped on a square where two lie is reported unless the next line is an attack on it by
        one of them: stopped as it passed through (Law 8)."""
        if self.crowded:
            line, message, mover = self.crowded
            self.crowded = None
            if not (action is not None and action.verb == "attack" and action.target == mover
                    and action.player != mover and self.at[action.player] == self.at[mover]):
                self.w.blow("BU-CROWD", message, line)

    def _tidy(self) -> None:
        """Drop what can no longer be done: a coast draw whose ship left the coast while an attack was
        settled, crew from an empty Pirate Island. (Run after every line that leaves follow-ups due: one loop,
        no call for each follow-up looked at.)"""
        todo = self.todo
        while todo:
            due = todo[0]
            kind = due.kind
            if kind == "draw":
                if due.data != "coast" or self.at[due.player] in self.f.coast:
                    return
            elif kind == "hire" or (kind == "loot" and not due.data[0]):
                if len(self.pirates):
                    return
            else:
                return
            del todo[0]

    def _start_turn(self, player) -> None:
        last = self.last_move
        # Only a move past the sailing value may stand reported (`_unchallenged`); any other is just forgotten.
        if last and last[1] > last[2]:
            self._unchallenged()
        self.last_move = None
        self.current, self.moved = player, False
        at = self.at[player]
        self.start_port = at if at in self.f.ports else None
        self.arrived = None
        self.turns += 1

    def _end_turn(self) -> None:
        self._start_turn(self.seats.after(self.current))

    def _may_rest(self, player) -> bool:
        """A ship in its home port, or one without crew, need not move."""
        return self.at[player] == self.home[player] or not self.hand[player]

    def _turn_of(self, player, move=False) -> bool:
        """Whether a line by `player` belongs to their own turn: the turn under way, or a later one, which
        begins when the player after the current one writes, or the current player writes a second move
        while every other ship lies idle at home (an idle home turn needs no line). A move is always a turn's
        first. Reported otherwise; a second move in a turn is not played, and a line of a turn that ended, written
        after the next player's move, is played as a late line of its own turn."""
        if player == self.current and not (move and self.moved):  # the turn under way
            if self.todo:
                self.settle(None)
            self.moved = self.moved or move
            return True
        if not self.playing:
            self.settle(None)
            self.w.blow("BU-SETUP", f"the set-up is not finished: {self._setup_missing()}")
            self._begin_play(player)
        elif self.moved and player == self.seats.next_seat[self.current]:  # the next turn, none passed idle
            if self.todo:
                self.settle(None)
            self.ended = [self.current]
            self._start_turn(player)
        elif not self._later_turn(player, move):
            return False
        self.moved = self.moved or move
        return True

    def _later_turn(self, player, move) -> bool:
        """A line of a turn after the one under way, with turns passed on the way: the later turn begins
        unless an idle turn was passed (reported), when the line may be a late line of an ended turn, or
        a second move."""
        passed = [] if self.moved else [self.current]        # turns ended without the move they owe
        seat = self.seats.after(self.current)
        while seat != player:
            passed.append(seat)
            seat = self.seats.after(seat)
        idle = next((seat for seat in passed if not self._may_rest(seat)), None)
        late = self.ended[1:] if move else self.ended  # a turn that had its move has no late move
        if idle and self.moved and player in late and player != self.current:  # its follow-ups wait
            self.w.blow("BU-TURN", f"{player}'s line comes after {self.current}'s move: a turn's lines come "
                                   "together, in seat order")
            return True
        self.settle(None)
        if idle and player == self.current:
            self.w.blow("BU-TURN", f"{player}'s ship has moved already this turn: one move a turn")
            return False
        if idle:
            self.w.blow("BU-MUST-MOVE", f"{idle}'s ship must move in {idle}'s turn (only a ship in its home "
                                        f"port, or without crew, may stay), before {player}'s turn")
        self.ended = [self.current if self.moved else None, *passed]
        self._start_turn(player)
        return True

    def on_sail(self, event):
        """A ship's straight move to `event.to`, checked, then made; what stopping there brings is asked for. A free
        move (after an attack) is no turn's move."""
        player, to, heading = event.player, event.to, event.heading
        due = self._free_due(player) if self.todo else None
        if due is None and not self._turn_of(player, True):
            return
        free = due is not None
        start, f = self.at[player], self.f
        course = f.courses.get((start, to)) or self._course(start, to)  # each course is worked out once
        problem = self._why_not(player, start, to, heading, free, course)
        if problem and problem[0] == "BU-CROWD" and not free:
            self.crowded = (self.w.line, problem[1], player)  # unless a ship there stopped it passing (Law 8)
        elif problem:
            self.w.blow(*problem)
        if self.last_move:
            self._unchallenged()
        self.at[player] = to
        self._point(player, heading, course[4])
        if course[4] and not free:
            self.arrived = to
        reported = problem and not self.crowded  # a move reported already is not reported again as too long
        hand = self.hand[player]
        if hand and not reported:
            squares = course[0]
            # A move no longer than the hand's crew cards are worth at the least is within the sailing value,
            # whatever they are: the squares stand for the value, which only a longer move needs worked out.
            most = squares if squares <= len(hand) * f.least_crew else self.sailing(player)
            self.last_move = (player, squares, most, self.w.line)
        else:
            self.last_move = None
        self.challenged = False
        self.fresh = not free
        if course[5]:  # `_stopped` finds nothing to do elsewhere: the same, in one look-up
            self._stopped(player, to)

    def _free_due(self, player):
        """The free move due from `player` now (after an attack), taken off the follow-ups (some are due); the
        attack's follow-ups the log left out before it (the spoils, a return) are reported."""
        index = next((i for i, due in enumerate(self.todo) if due.kind == "free"), None)
        if index is None or self.todo[index].player != player:
            return None
        for skipped in self.todo[:index]:
            self.skipped(skipped)
        del self.todo[:index]
        return self.todo.pop(0)

    def _point(self, player, heading, in_port) -> None:
        """The bow after a move (`in_port`: it ended in a harbour): none in a harbour; at sea the heading
        written, else the one it had."""
        bow = self.bow
        if in_port:
            bow[player] = None
        else:
            bow[player] = HEADINGS.get(heading) or bow[player] or HEADINGS["n"]

    def _course(self, start, to) -> tuple:
        """(squares, step, clear, open, into a port, calls) of the line from `start` to `to`: how many squares
        apart they lie, the step (dx, dy) of a straight line along a row, a column or a diagonal (None when none
        joins them), whether that line stays at sea all the way, whether a ship may take it at all (clear, and
        out of a harbour along one of its arrows), whether it ends in a harbour, and whether stopping there may
        bring something (`calls_at`). The board alone decides: each course is worked out once and kept with
        the facts."""
        found = self.f.courses.get((start, to))
        if found is None:
            f = self.f
            a, b = f.board.spaces[start], f.board.spaces[to]
            dx, dy = int(b.x - a.x), int(b.y - a.y)
            squares = max(abs(dx), abs(dy))
            step = (dx // squares, dy // squares) if squares and (not dx or not dy or abs(dx) == abs(dy)) else None
            clear = step is not None and f.board.ray(start, *step, squares)[-1:] == [to]
            found = f.courses[start, to] = (squares, step, clear,
                                            clear and (start not in f.ports or step in f.ways_out[start]),
                                            to in f.ports, to in f.calls_at)
        return found

    def _why_not(self, player, start, to, heading, free, course):
        """(code, message) of what is wrong with a move along `course` (see `_course`), or None; a move too
        long is left to a challenge."""
        f = self.f
        squares, step, clear, open_, into_port, _ = course
        if not open_:
            return self._off_course(player, start, to, course)
        if step != self.bow[player] and not free and self.hand[player] and start not in f.ports:
            return "BU-SAIL-LINE", (f"{player}'s bow points {WAY.get(self.bow[player], '?')}: the ship sails that "
                                    f"way, not {WAY[step]}")
        if not self.hand[player] and squares > f.drift and player not in self.unsure:
            return "BU-DERELICT", f"{player}'s ship has no crew: it drifts {counted(f.drift, 'square')} at most"
        if into_port:
            return None
        if heading is None:
            return "BU-SAIL-LINE", f"a ship at sea points somewhere: write its new heading after {to}"
        if to in self.at.values():
            others = [p for p, square in self.at.items() if square == to]  # the mover lies elsewhere, on `start`
            if len(others) >= f.per_square:
                return "BU-CROWD", (f"{' and '.join(others)} lie on {to} already: {f.per_square} ships share a "
                                    "square at most")
        return None

    def _off_course(self, player, start, to, course):
        """(code, message): why no ship may take `course` from `start` to `to`."""
        squares, step, clear = course[:3]
        if not squares:
            return "BU-SAIL-LINE", f"{player}'s ship is on {to} already: to point it elsewhere, write `turn`"
        if step is None:
            return "BU-SAIL-LINE", f"{start} to {to} is no straight line along a row, a column or a diagonal"
        if not clear:
            return "BU-SAIL-LAND", f"the line from {start} to {to} crosses land or leaves the sea"
        return "BU-SAIL-LINE", f"a ship leaves {self.f.port_name[start]} along one of its three arrows"

    def _stopped(self, player, to) -> None:
        """What stopping on a square brings: a chance card on the coast, Kidd's treasure at the anchorage, a
        win at home."""
        f = self.f
        if to in f.coast or (to in f.anchorages and self.kept[player]):  # a card to draw, or a chart to follow
            self._first(self._arrive, player, to)
        if to == self.home[player]:
            self._check_win(player)

    def _first(self, step, *args) -> None:
        """`step`'s follow-ups come before those already asked for: a free move's card, and the lines of
        that card, before the card of the ship that moved to the attack."""
        held, self.todo = self.todo, []
        step(*args)
        self.todo += held

    def _arrive(self, player, to) -> None:
        f = self.f
        if to in f.coast:
            self.todo.append(Due("draw", player, "BU-DRAW", self.w.line, f"{player}'s ship on the coast", "coast"))
        chart = next((c for c in self.kept[player] if to in f.charts.get(c, ())), None) if self.kept[player] else None
        if chart and len(self.aboard[player]) < f.hold:
            self.kept[player].remove(chart)
            self.chance.put_under(chart, self.w.line)
            self._treasure_due(player, f.card[chart]["treasure"], 0, f"{player}'s chart at the anchorage",
                               "BU-CHANCE-CHART")

    def on_turn(self, event):
        player = event.player
        due = self._free_due(player) if self.todo else None
        if due is None and not self._turn_of(player, True):
            return
        if self.at[player] in self.f.ports:
            self.w.blow("BU-MUST-MOVE", "turning a ship in a harbour is no move")
            return
        if HEADINGS[event.heading] == self.bow[player]:
            self.w.blow("BU-MUST-MOVE", f"{player}'s bow points {event.heading} already: a turn points it elsewhere")
        self.bow[player] = HEADINGS[event.heading]
        if self.last_move:
            self._unchallenged()
        if self.at[player] in self.f.calls_at:  # as in `on_sail`: elsewhere `_stopped` finds nothing to do
            self._stopped(player, self.at[player])

    def on_stay(self, event):
        player = event.player
        due = self._free_due(player) if self.todo else None
        if due is None and not self._turn_of(player, True):
            return
        if not self._may_rest(player) and self._can_move(player, free=due is not None):
            self.w.blow("BU-MUST-MOVE", f"{player}'s ship must move: only a ship in its home port, or without "
                                        "crew, may stay")

    def _can_move(self, player, free) -> bool:
        """Whether a ship can move at all: turn at sea, or sail somewhere."""
        return self.at[player] not in self.f.ports or bool(self._moves(player, free))

    def _moves(self, player, free=False) -> list:
        """(square, squares) a ship may sail to now: along its bow, any way from a harbour or when free."""
        f, start = self.f, self.at[player]
        most = self.sailing(player) if self.hand[player] else f.drift
        if start in f.ports:
            steps = f.ways_out[start]
        elif free or not self.hand[player]:
            steps = list(WAY)
        else:
            steps = [self.bow[player]]
        out = []
        for step in steps:
            for count, square in enumerate(f.board.ray(start, *step, most), 1):
                crowd = sum(1 for p in self.players if p != player and self.at[p] == square)
                if square in f.ports or crowd < f.per_square:
                    out.append((square, count))
        return out

    def on_challenge(self, event):
        last = self.last_move  # any time before the next player's turn: before or after the move's follow-ups
        if last is None or event.target != last[0] or self.challenged or event.player == event.target:
            self.w.blow("BU-CHALLENGE", f"{event.player} may challenge only the last move, by another player, "
                                        "once, before the next player's turn")
            return
        self.challenged = True
        if last[1] > last[2]:
            target = event.target
            self.last_move = None
            self.ask(Due("lose", target, "BU-CHALLENGE", self.w.line,
                         f"{target}'s move of {last[1]} squares with a sailing value of {last[2]}",
                         {"count": len(self.hand[target]), "from": "hand"}))
