"""Driving a game's state through a log's actions, and reading a stray line as one.

A state carries on after a broken rule as if the line had been played as written (`State.apply`). That
suits a slip (a wrong card, a wrong column) but not a line that should not be there at all: written
twice, or copied from elsewhere. Played, such a line leaves the state a step away from the log, and the
lines after it are blamed one by one. So when a line breaks a rule, the replay tries, each on a copy of
the state, a few readings of the log around it:

- the line played as written (what the state did);
- the line left out, as one too many;
- one of the BACK lines before it left out instead: a stray line may be legal where it stands and
  only make the next one break a rule.

Each reading is scored by the rules that the next AHEAD lines (and the log's end, when it is among them)
break under it, and the best is kept; on a tie the first in the order above, except that a line which
repeats the line before it word for word, or breaks several rules at once, is rather left out. What the
line broke is reported once, whatever the reading; the reading decides only how the replay carries on.
Once the game is over, the first line that breaks a rule ends the replay: the end explains the rest.

The copies are rebuilt from checkpoints of the state taken every CHECKPOINT lines and the lines played
since, so a log without problems pays one `clone` per CHECKPOINT lines. This relies on what the engine
asks of a state: `apply` depends only on the state and the action, and `clone` copies all it changes.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from pnp.check.violations import Stop

AHEAD = 32       # lines after a line that breaks a rule, by which its readings are judged
BACK = 3         # lines before it that may be the stray one
CHECKPOINT = 32  # lines played between two copies of the state


class Replay:
    """One log's replay: `feed` each action in turn, then `finish`. A Stop from the whistle (strict, or
    too many problems) ends the replay, and so does a line that breaks a rule once the game is over: the
    game's end explains every line after it. Later calls do nothing."""

    def __init__(self, rules, setup, whistle):
        self.whistle, self.state, self.stopped = whistle, None, False
        self.ahead: deque = deque()  # (line, action) read, not played yet
        self.base = self.newer = None
        self.older: list = []        # (line, action) played from `base` to `newer`
        self.recent: list = []       # (line, action) played since `newer`
        self.previous = None         # the last action met, and its line
        self.last_line = 0           # the log's last line, once it is among the lines ahead
        self._guarded(self._start, rules, setup)

    def feed(self, line: int, action) -> None:
        """The log's next action, at its line; it is played once the AHEAD lines after it are known."""
        if self.stopped:
            return
        self.ahead.append((line, action))
        if len(self.ahead) > AHEAD:
            try:
                self._play()
            except Stop:
                self.stopped = True

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
        self.base = self.newer = self.state.clone()

    def _play(self) -> None:
        event = self.ahead.popleft()  # (line, action)
        if len(self.recent) >= CHECKPOINT:
            self.base, self.older = self.newer, self.recent
            self.newer, self.recent = self.state.clone(), []
        found = self.whistle.violations
        reported, over = len(found), self.state.is_over()
        self.whistle.line = event[0]
        self.state.apply(event[1])
        if len(found) > reported:
            twice = self.previous is not None and str(self.previous[1]) == str(event[1])
            if twice:
                self._note(reported, f"line {self.previous[0]} says the same: written twice?")
            if over:
                self.stopped = True  # what this line broke, the game being over, explains every line after it
            else:
                self._reread(*event, reported, twice)
        else:
            self.recent.append(event)
        self.previous = event

    def _reread(self, line: int, action, reported: int, twice: bool) -> None:
        """`action` broke the rules reported from index `reported` on (`twice`: as the line before it did):
        carry on with the best reading."""
        doubtful = twice or len(self.whistle.violations) - reported > 1
        history = self.older + self.recent
        back = min(BACK, len(history))
        recent = history[len(history) - back:]
        prefix = None
        best = (self._misfits(self.state.clone()) + (0.5 if doubtful else 0), None)
        for left_out in range(back, -1, -1):  # this line, then the nearest line before it first
            if best[0] == 0:
                break  # nothing reads better than a reading under which every line ahead fits
            prefix = prefix or self._replayed(self.base.clone(), history[:len(history) - back])
            state = self._replayed(prefix.clone(), recent[:left_out] + recent[left_out + 1:])
            score = self._misfits(state, [(line, action)] if left_out < back else [])
            if score < best[0]:
                best = (score, left_out)
        left_out = best[1]
        if left_out is None:
            self.recent.append((line, action))
        elif left_out == back:
            self.state = self._replayed(prefix.clone(), recent)
        else:
            kept = recent[:left_out] + recent[left_out + 1:] + [(line, action)]
            self.state = self._replayed(prefix.clone(), kept)
            if best[0] == 0:  # named only when every line ahead fits without it
                self._note(reported, f"line {recent[left_out][0]} looks out of place")
            self.base = self.newer = prefix
            self.older, self.recent = [], kept

    def _note(self, index: int, note: str) -> None:
        found = self.whistle.violations
        found[index] = replace(found[index], message=f"{found[index].message}; {note}")

    def _replayed(self, state, lines):
        """`state` after playing `lines`, whatever they break."""
        with self.whistle.aside():
            for line, action in lines:
                self.whistle.line = line
                state.apply(action)
        return state

    def _misfits(self, state, first=()) -> int:
        """How many rules `first` and the lines ahead (and the log's end, when it is among them) break
        when played from `state`."""
        with self.whistle.aside() as heard:
            for line, action in (*first, *self.ahead):
                self.whistle.line = line
                state.apply(action)
            if self.last_line:
                self.whistle.line = self.last_line
                state.finish()
        return len(heard)
