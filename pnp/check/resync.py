"""Driving a game's state through a log's actions, and reading a stray line as one.

A state carries on after a broken rule as if the line had been played as written (`State.apply`). That
suits a slip (a wrong card, a wrong column) but not a line that should not be there at all: written
twice, or copied from elsewhere. Played, such a line leaves the state a step away from the log, and the
lines after it are blamed one by one. So a line that breaks a rule is tried both ways, played and left
out, each on a copy of the state, against the next AHEAD lines of the log (and the log's end, when it is
among them); the way under which they break fewer rules is kept, played when both do as well. Either
way, what the line broke is reported once, at that line.

The copy of the state before a line is rebuilt from a checkpoint taken every CHECKPOINT lines and the
lines played since, so that a log without problems pays one `clone` per CHECKPOINT lines. This relies on
what the engine asks of every state: `apply` depends only on the state and the action, and `clone`
copies everything `apply` changes.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from pnp.check.violations import Stop

AHEAD = 8        # lines tried after a line that breaks a rule
CHECKPOINT = 32  # lines played between two copies of the state


class Replay:
    """One log's replay: `feed` each action in turn, then `finish`. A Stop from the whistle (strict, or
    too many problems) ends the replay; later calls do nothing."""

    def __init__(self, rules, setup, whistle):
        self.whistle, self.state, self.stopped = whistle, None, False
        self.ahead: deque = deque()  # (line, action) read, not played yet
        self.since: list = []        # (line, action) played since the checkpoint
        self.base = None
        self.previous = None         # the last action played or left out, and its line
        self.last_line = 0           # the log's last line, once it is known to be among the lines ahead
        self._guarded(self._start, rules, setup)

    def feed(self, line: int, action) -> None:
        """The log's next action, at its line; it is played once the AHEAD lines after it are known."""
        if self.stopped:
            return
        self.ahead.append((line, action))
        if len(self.ahead) > AHEAD:
            self._guarded(self._play)

    def finish(self, last_line: int) -> None:
        """The log has ended at `last_line`: play what is left, then let the state say what the record lacks."""
        self.last_line = last_line
        while self.ahead and not self.stopped:
            self._guarded(self._play)
        if not self.stopped:
            self.whistle.line = last_line
            self._guarded(self.state.finish)

    def _guarded(self, step, *args) -> None:
        try:
            step(*args)
        except Stop:
            self.stopped = True

    def _start(self, rules, setup) -> None:
        self.state = rules.start(setup, self.whistle)
        self.base = self.state.clone()

    def _play(self) -> None:
        line, action = self.ahead.popleft()
        if len(self.since) >= CHECKPOINT:
            self.base, self.since = self.state.clone(), []
        reported = len(self.whistle.violations)
        self.whistle.line = line
        self.state.apply(action)
        if len(self.whistle.violations) > reported:
            self._broken(line, action, reported)
        else:
            self.since.append((line, action))
        self.previous = (line, action)

    def _broken(self, line: int, action, reported: int) -> None:
        """`action` broke a rule, reported from index `reported` on: keep it played, or leave it out when
        the lines after it fit better without it."""
        before = self._before()
        if self._misfits(before.clone()) < self._misfits(self.state.clone()):
            self.state = before
        else:
            self.since.append((line, action))
        if self.previous and str(self.previous[1]) == str(action):
            found = self.whistle.violations
            found[reported] = replace(found[reported], message=f"{found[reported].message} "
                                                               f"(line {self.previous[0]} says the same: written twice?)")

    def _before(self):
        """A copy of the state as it was before the line being played."""
        state = self.base.clone()
        with self.whistle.aside():
            for line, action in self.since:
                self.whistle.line = line
                state.apply(action)
        return state

    def _misfits(self, state) -> int:
        """How many rules the lines ahead (and the log's end, when it is among them) break from `state`."""
        with self.whistle.aside() as heard:
            for line, action in self.ahead:
                self.whistle.line = line
                state.apply(action)
            if self.last_line:
                self.whistle.line = self.last_line
                state.finish()
        return len(heard)
