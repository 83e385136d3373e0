"""Driving a game's state through a log's actions, and reading a stray line as one.

A state carries on after a broken rule as if the line had been played as written (`State.apply`). That
suits a slip (a wrong card, a wrong column) but not a line that should not be there at all: written
twice, or copied from elsewhere. Played, such a line leaves the state a step away from the log, and the
lines after it are blamed one by one. So when a line breaks a rule, the replay tries, each on a copy of
the state, a few readings of the log around it:

- the line played as written (what the state did);
- the line left out, as one too many;
- one of the BACK lines before it left out instead: a stray line may be legal where it stands and
  only make the next one break a rule;
- the line and the next one swapped, or the line and the one before it, as written in the wrong order;
- one of the moves the rules allowed there played before the line, as a line left out of the log (tried
  first: a reading that keeps the line keeps what the log says);
- the line read as one of those moves (a wrong card, number or player written), those written most like
  it first;
- one of the BACK lines before it read so, or one of the moves allowed before it played first: a slip that
  fits where it stands may only make a later line break a rule;
- when none of these fits the lines ahead, one of the FURTHER lines before it read as one of the LIKEST
  moves allowed there (SEARCHES times a log: a search that long is worth its cost only in a log with few
  mistakes).

The moves allowed are the state's `legal_actions`, or, at the table's turn, the outcomes its
`table_action` draws (TABLE_DRAWS draws, each from its own seed, so a replay is the same every time).
Each reading is scored by the rules that the next AHEAD lines (and the log's end, when it is among them)
break under it, and the best is kept; on a tie the first in the order above, except that a line which
repeats the line before it word for word, or breaks several rules at once, is rather left out. What the
line broke is reported once, whatever the reading, as one problem of that line however many rules it broke;
the reading decides only how the replay carries on.

A reading is chosen by a few lines ahead, and others may fit them as well: a card given to one player or
another, a score taken as written or as counted, tell apart only at the round's end. So the readings that fit as
well as the one kept (FOLLOWED at most, in the first OPENINGS rereads of a log) are played on beside it, each
line of the log played in each and a reading dropped at the first line it cannot play. A later line that breaks
a rule under the reading kept but fits one of those is not reported: the mistake already reported leaves that
reading open, and the replay carries on with it. A reading whose own lines break a rule before the line reread
is not played on: no one would report that rule, so a later mistake it explained would go unreported. After a
reported mistake, a line is reported only when it is wrong under every reading still open; the log's end
likewise. The state hears of the problem (`State.after_problem`), in each reading scored and in the one kept, so
that a game can take the log's word for what its own count can no longer be sure of. Once the game is over, the
first line that breaks a rule ends the replay: the end explains the rest.

The copies are rebuilt from checkpoints of the state taken every CHECKPOINT lines (the first is the state
before the first line, started again from the header when needed) and the lines played since, so a log
without problems pays one `clone` per CHECKPOINT lines, and a log shorter than that none. A reread keeps the
states it made before the lines it rereads, and the next takes those the same lines still lead to, rather than
play them again from the checkpoint. This relies on what the engine asks of a state: `start` depends only on
the header, `apply` only on the state and the action, `clone` copies all it changes, and the drivers'
questions (`legal_actions`, `outcome`, `table_action`) change nothing; where a reading is rebuilt from does not
change what is reported.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, replace

from pnp.check.engine import TABLE, State
from pnp.check.violations import MESSAGE, Stop
from pnp.errors import clip

AHEAD = 32       # lines after a line that breaks a rule, by which its readings are judged
BACK = 3         # lines before it that may be the stray one
CHECKPOINT = 256  # lines played between two copies of the state
TABLE_DRAWS = 48  # outcomes of the table's turn drawn to guess what a changed or missing table line was
MOVES = 400      # moves tried in place of a line, or before it, at most
FOLLOWED = 8     # readings played on beside the one kept, which fitted the lines ahead as well
LOOKED = 64      # readings looked at for others that fit, once one fits every line ahead
FURTHER = 48     # lines before a line that breaks a rule where a slip is looked for, when none nearer explains it
LIKEST = 3       # moves tried in place of each of those lines, those written most like it
SEARCHES = 1     # such searches further back in one log
OPENINGS = 4     # rereads in one log whose other fitting readings are followed: a log with more mistakes than that
#                  is too far off for them to be worth their cost
GUESS = "a guess"  # the note of a reading that plays moves the state offered, not lines of the log
REREADS = 20     # rereads of a log that try such moves: past them, a log is too far off to be worth it


class Replay:
    """One log's replay: `feed` each action in turn, then `finish`. A line is played as soon as it is read;
    one that breaks a rule waits, the lines after it kept unplayed, until the AHEAD lines by which it is reread
    are known (or the log ends). A Stop from the whistle (strict, or
    too many problems) ends the replay, and so does a line that breaks a rule once the game is over: the
    game's end explains every line after it. Later calls do nothing."""

    def __init__(self, rules, setup, whistle, watch=None):
        self.whistle, self.state, self.stopped = whistle, None, False
        self.watch = watch           # watch(state, action) before each line is played as read (not in rereads)
        self.waiting = None          # (line, action), reported, doubtful: a line that broke a rule, to reread
        self.ahead: deque = deque()  # (line, action) read after it, not played yet
        self.base = self.newer = None  # checkpoints: copies of the state (None: before the first line)
        self.older: list = []        # (line, action) played from `base` to `newer`
        self.recent: list = []       # (line, action) played since `newer`
        self.previous = None         # the last action met, and its line
        self.last_line = 0           # the log's last line, once it is among the lines ahead
        self.tries = REREADS          # rereads left that may try the moves the rules allowed
        self.further = SEARCHES       # searches further back left to this log
        self.openings = OPENINGS      # rereads left to this log that follow other fitting readings
        self.others: list = []       # readings of the last line reread that fit as well as the one kept
        self.made = None, [], {}     # (base, lines, states) the last reread made: states[n], after the first n lines
        self.rules, self.setup = rules, setup
        self._guarded(self._start)

    def feed(self, line: int, action) -> None:
        """The log's next action, at its line: played at once, unless a line that broke a rule waits for the
        AHEAD lines after it, by which it is reread. A line that breaks a rule waits in turn, unless the game
        was over before it. Every line played as read, as it comes or once a reread is done (`_catch_up`), is
        played here, with no further call: what it costs is most of what checking a valid log costs."""
        if self.stopped:
            return
        if self.waiting is not None:
            self.ahead.append((line, action))
            if len(self.ahead) >= AHEAD:
                self._guarded(self._catch_up)
            return
        recent, state, whistle = self.recent, self.state, self.whistle
        if len(recent) >= CHECKPOINT:
            self.base, self.older = self.newer, recent
            self.newer, self.recent = state.clone(), []
            recent = self.recent
        found = whistle.violations
        reported, over = len(found), state.is_over()
        whistle.line = line
        if self.others:
            self.others = self._playing_on(self.others, line, action)
        try:
            if self.watch:
                self.watch(state, action)
            state.apply(action)
        except Stop:
            self.stopped = True
            return
        event = line, action
        if len(found) == reported:
            recent.append(event)
        elif self.others and not over:
            del found[reported:]  # a reading the reported mistake leaves open fits this line
            self._carry_on_with(self.others.pop(0))
        else:
            self._broke(event, reported, over)
        self.previous = event

    def finish(self, last_line: int) -> None:
        """The log has ended at `last_line`: reread what waits, then let the state say what the record lacks."""
        self.last_line = last_line
        while self.waiting is not None and not self.stopped:
            self._guarded(self._catch_up)
        if not self.stopped:
            self.whistle.line = last_line
            found, start = self.whistle.violations, len(self.whistle.violations)
            self._guarded(self.state.finish)
            if not self.stopped and len(found) > start and any(self._ends_well(r.state) for r in self.others):
                del found[start:]  # the log's end fits a reading the reported mistake leaves open
            if not self.stopped:
                _one_per_line(found, start)

    def _playing_on(self, readings: list, line: int, action) -> list:
        """The `readings` still open that play `action` at `line` without breaking a rule, having played it."""
        kept = []
        with self.whistle.tried() as heard:
            self.whistle.line = line
            for reading in readings:
                del heard[:]
                try:
                    reading.state.apply(action)
                except Exception:  # noqa: BLE001 - a reading off the rules may not play a line at all: closed
                    continue
                if not heard:
                    reading.played.append((line, action))
                    kept.append(reading)
        return kept

    def _carry_on_with(self, reading: "Reading") -> None:
        """Carry on with another reading, which has played every line so far; a later reread starts from
        where it began."""
        self.state = reading.state
        self.base = self.newer = reading.start
        self.older, self.recent = [], reading.played

    def _ends_well(self, state) -> bool:
        """Whether the log's end, where the record is complete, breaks no rule under the reading `state`."""
        with self.whistle.tried() as heard:
            try:
                state.finish()
            except Exception:  # noqa: BLE001 - a reading off the rules may not end at all
                return False
        return not heard

    def _guarded(self, step, *args) -> None:
        try:
            step(*args)
        except Stop:
            self.stopped = True

    def _start(self) -> None:
        self.state = self.rules.start(self.setup, self.whistle)

    def _copy(self, checkpoint):
        """A state to play on from a checkpoint: a clone, or the state before the first line, started again."""
        if checkpoint is not None:
            return checkpoint.clone()
        with self.whistle.tried():
            self.whistle.line = 0
            return self.rules.start(self.setup, self.whistle)

    def _broke(self, event, reported: int, over: bool) -> None:
        """`event` broke the rules reported from index `reported` on (`over`: the game was over before it)."""
        found = self.whistle.violations
        several = len(found) - reported > 1
        _one_per_line(found, reported)
        twice = self.previous is not None and str(self.previous[1]) == str(event[1])
        if twice:
            self._note(reported, f"line {self.previous[0]} says the same: written twice?")
        if over:
            self.stopped = True  # what this line broke, the game being over, explains every line after it
        else:
            self.waiting = event, reported, twice or several

    def _catch_up(self) -> None:
        """Reread the line that waits, by the lines ahead, then play those lines until one breaks a rule."""
        (line, action), reported, doubtful = self.waiting
        self.waiting = None
        self._reread(line, action, reported, doubtful)
        self.state.after_problem(action)
        while self.ahead and self.waiting is None and not self.stopped:
            self.feed(*self.ahead.popleft())

    def _reread(self, line: int, action, reported: int, doubtful: bool) -> None:
        """`action` broke the rules reported at index `reported` (`doubtful`: as the line before it did, or
        several at once): carry on with the best reading, and follow those that fit as well beside it. When
        no reading near the line fits the lines ahead, a slip further back is looked for (FURTHER lines back,
        SEARCHES times a log): a move written wrongly but legal where it stands shows only later."""
        best = self._misfits(self.state.clone(), action) + (0.5 if doubtful else 0)
        around = self._around(BACK)
        best, choice, ties = self._weighed(self._readings(line, action, *around[1:]), best, around[2], action)
        if best > 0 and self.further > 0 and len(self.older) + len(self.recent) > BACK:
            self.further -= 1
            far = self._around(FURTHER)
            found = self._weighed(self._further_back(line, action, *far[1:]), best, far[2], action)
            if found[1] is not None:
                (best, choice, ties), around = found, far
        prefix, recent, starts = around
        self.others = self._opened(ties, line, action, choice[2] if choice else 0)
        self.openings -= 1
        if choice is None:
            self.recent.append((line, action))
            return
        start, lines, skip, note = choice
        self.state = self._replayed(starts[start].clone(), lines)
        for _ in range(skip):
            self.ahead.popleft()
        if start == len(recent):
            self.recent += lines
            return
        if note and note != GUESS and best == 0:  # named only when every line ahead fits without it
            self._note(reported, note)
        self.base = self.newer = prefix
        self.older, self.recent = [], recent[:start] + lines
        self.made = prefix, recent[:start], dict(enumerate(starts[:start + 1]))  # the lines before the reading's own

    def _around(self, back: int) -> tuple:
        """(prefix, recent, starts): the last `back` lines played (fewer when fewer were), the state before
        them, and starts[k], the state after the first k of them. The states the last reread made on the same
        lines are taken again (`_made`), not played again: rereads come a line or a few apart."""
        history = self.older + self.recent
        back = min(back, len(history))
        first = len(history) - back
        made = self._made(history)
        starts = [self._played_to(history, first, made)]
        for at in range(first + 1, len(history) + 1):
            state = made.get(at)
            starts.append(self._replayed(starts[-1].clone(), history[at - 1:at]) if state is None else state)
        self.made = self.base, history, dict(zip(range(first, len(history) + 1), starts))
        return starts[0], history[first:], starts

    def _made(self, history: list) -> dict:
        """The states a reread made that `history` still leads to from `base`, by how many of its lines each
        follows: none when the checkpoint has changed, or the lines they follow."""
        base, lines, states = self.made
        if base is not self.base or history[:len(lines)] != lines:
            return {}
        return states

    def _played_to(self, history: list, at: int, made: dict):
        """The state after the first `at` lines of `history`: one `made`, or played on from the last of them
        before it, else from `base`."""
        if at in made:
            return made[at]
        before = max((kept for kept in made if kept < at), default=None)
        if before is None:
            return self._replayed(self._copy(self.base), history[:at])
        return self._replayed(made[before].clone(), history[before:at])

    def _weighed(self, readings, best: float, starts: list, problem) -> tuple:
        """(best, choice, ties): the reading that breaks the fewest rules ahead, if one breaks fewer than
        `best`, and the readings that break as few (once one breaks none, FOLLOWED of them among the next
        LOOKED readings), each as the state it starts from, its lines and the lines ahead it skips."""
        choice, ties, tries, looked = None, [], None, 0
        for reading in readings:
            if best == 0:
                if self.openings <= 0:
                    break
                if tries is None:
                    tries = self.tries  # readings looked at for others that fit as well spend none of the log's rereads
                looked += 1
                if looked > LOOKED:
                    break
            start, lines, skip, note = reading
            try:
                score = self._misfits(starts[start].clone(), problem, lines, skip, bound=best + 1)
            except Exception:  # noqa: BLE001 - lines a state cannot play, once off the rules: no reading
                continue
            if score < best:
                best, choice, ties = score, reading, []
            elif score == best:
                ties.append((starts[start], lines, skip))
            if best == 0 and len(ties) >= FOLLOWED:
                break
        if tries is not None:
            self.tries = tries
        return best, choice, ties

    def _opened(self, readings: list, line: int, problem, skip: int) -> list:
        """The `readings` that fit as well as the one kept, which skips `skip` lines ahead, to be played on
        beside it: those that skip as many and break no rule before the `problem`'s `line` (a rule no one would
        report), each once it has heard of the `problem`."""
        opened = []
        for start, lines, skipped in readings:
            if skipped != skip or len(opened) >= FOLLOWED:
                continue
            try:
                state, heard = self._played(start.clone(), lines)
                state.after_problem(problem)
            except Exception:  # noqa: BLE001 - lines a state cannot play, once off the rules: no reading
                continue
            if all(broken >= line for broken in heard):
                opened.append(Reading(state, start, list(lines)))
        return opened

    def _readings(self, line: int, action, recent: list, starts: list):
        """Each reading of the log around `action`: (k, lines, skip, note), the log read as the first k of
        the `recent` lines played before it, then `lines`, then the lines ahead but the first `skip`; `note`
        is said of the line when the reading fits every line ahead."""
        back, this = len(recent), [(line, action)]
        yield back, [], 0, None  # this line left out
        for k in range(back - 1, -1, -1):  # an earlier one left out, the nearest first
            yield k, recent[k + 1:] + this, 0, f"line {recent[k][0]} looks out of place"
        if self.ahead:
            yield back, [self.ahead[0], *this], 1, None  # this line and the next swapped
        if recent:
            yield back - 1, [*this, recent[-1]], 0, None  # this line and the one before it swapped
        for moves in _likest(self._moves(starts[back]), action):
            played = [(line, move) for move in moves]
            yield back, [*played, *this], 0, GUESS  # a move left out before it (the line kept, when it fits)
            yield back, played, 0, GUESS  # this line read as a move the rules allowed
        for k in range(back - 1, -1, -1):
            allowed = _likest(self._moves(starts[k]), recent[k][1])
            for moves in allowed:  # an earlier line read as another move
                yield k, [*((recent[k][0], move) for move in moves), *recent[k + 1:], *this], 0, GUESS
            for moves in allowed:  # a move left out before an earlier line, which fits where it stands
                yield k, [*((recent[k][0], move) for move in moves), *recent[k:], *this], 0, GUESS

    def _further_back(self, line: int, action, recent: list, starts: list):
        """The readings of a slip further back than `_readings` looks: one of the `recent` lines before the
        last BACK read as one of the LIKEST moves the rules allowed there, the nearest line first."""
        for k in range(len(recent) - BACK - 1, -1, -1):
            for moves in _likest(self._moves(starts[k], spend=False), recent[k][1])[:LIKEST]:
                yield k, [*((recent[k][0], move) for move in moves), *recent[k + 1:], (line, action)], 0, GUESS

    def _moves(self, state, spend: bool = True) -> list:
        """The moves the rules allowed at `state` (at most MOVES), each a list of actions: a legal action with
        the outcome chance gives it, or an outcome the table's turn may bring; after a choice that leaves no
        line (None), the moves that may follow it. `spend`: the log's rereads that may try moves count it."""
        if spend:
            if self.tries <= 0:
                return []
            self.tries -= 1
        found, declined = [], 0
        while not state.is_over() and declined <= BACK:
            try:
                moves, leaves_no_line = _allowed(state)
            except Exception:  # noqa: BLE001 - a state already off the rules may not know its moves: none tried
                break
            found += [[None] * declined + [move] for move in moves]
            if not leaves_no_line:
                break
            state, declined = state.clone(), declined + 1
            with self.whistle.tried():
                state.apply(None)
        unique = {tuple(moves): moves for moves in found}  # an action is a tuple of its words: equal when written alike
        return list(unique.values())[:MOVES]

    def _note(self, index: int, note: str) -> None:
        found = self.whistle.violations
        found[index] = replace(found[index], message=f"{found[index].message}; {note}")

    def _replayed(self, state, lines):
        """`state` after playing `lines`, whatever they break."""
        return self._played(state, lines)[0]

    def _played(self, state, lines) -> tuple:
        """(`state` after playing `lines`, the line of each rule they broke)."""
        with self.whistle.tried() as heard:
            for line, action in lines:
                self.whistle.line = line
                state.apply(action)
        return state, heard

    def _misfits(self, state, problem, first=(), skip: int = 0, bound: float = float("inf")) -> int:
        """How many rules `first` and the lines ahead (but the first `skip` of them) break when played from
        `state`, once it has heard of the `problem` being reread, and the log's end when it is among them;
        counting stops at `bound`."""
        state.after_problem(problem)
        with self.whistle.tried() as heard:
            for line, action in (*first, *list(self.ahead)[skip:]):
                self.whistle.line = line
                state.apply(action)
                if len(heard) >= bound:
                    return len(heard)
            if self.last_line:
                self.whistle.line = self.last_line
                state.finish()
        return len(heard)


@dataclass
class Reading:
    """A reading of the log played on beside the one kept: its `state` now, and the checkpoint it began
    from, `start`, with the lines it has `played` since (a move it guessed among them)."""
    state: object
    start: object
    played: list


def _allowed(state) -> tuple:
    """(the moves allowed at `state`, whether leaving no line is among them): the legal actions, each with
    the outcomes chance may give it, or the outcomes the table's turn may bring."""
    if state.to_move() is TABLE:
        return _Draws().each(state.table_action), False  # `table_action` only asks: `state` is left as it is
    legal = state.legal_actions()
    if type(state).outcome is State.outcome:
        return [move for move in legal if move is not None], None in legal
    draws = _Draws()
    return [outcome for move in legal if move is not None
            for outcome in draws.each(lambda rng, move=move: state.outcome(move, rng))], None in legal


class _Stream(random.Random):
    """A random generator that draws what `random.Random(seed)` draws, from the 32-bit words such a generator
    gives, kept for every stream of that seed (`_WORDS`): the moves of every state a reread looks at are drawn
    with the same TABLE_DRAWS seeds, and seeding a generator costs more than the few draws a move makes.
    Every draw of `random.Random`'s methods goes through `random` or `getrandbits`, made here from the words
    as CPython's generator makes them; `drawn` says whether any was made since it was last set False."""

    drawn = False

    def __init__(self, seed: int):  # not random.Random's: nothing is seeded
        kept = _WORDS.get(seed)
        if kept is None:
            kept = _WORDS[seed] = [], random.Random(seed)
        (self.words, self.source), self.at = kept, 0
        self.gauss_next = None

    def _word(self) -> int:
        """The seed's next word: one kept, or one drawn from its generator now, and kept."""
        words, at = self.words, self.at
        if at == len(words):
            words.append(self.source.getrandbits(32))
        self.at = at + 1
        return words[at]

    def random(self) -> float:
        self.drawn = True
        high, low = self._word() >> 5, self._word() >> 6
        return (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        self.drawn = True
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value, shift = 0, 0
        while k > 0:  # least significant word first; the last keeps its high `k` bits
            value |= (self._word() >> max(32 - k, 0)) << shift
            shift, k = shift + 32, k - 32
        return value


_WORDS: dict = {}  # seed -> (the words its generator has given, that generator), shared by every `_Stream`


class _Draws:
    """TABLE_DRAWS random generators, seeded 0, 1, ..., shared by every draw of one state's moves, so that a
    reread tries the same outcomes every time; made only when a draw needs them, and only the first told
    whether it was drawn from."""

    def __init__(self):
        self.seeds = [_Stream(0)]

    def each(self, draw) -> list:
        """What `draw(rng)` gives with each generator in turn: once only when it draws nothing from the first,
        since then chance has no part in it and every generator would give the same."""
        first = self.seeds[0]
        first.drawn = False
        found = [draw(first)]
        if not first.drawn:
            return found
        if len(self.seeds) == 1:
            self.seeds += [_Stream(k) for k in range(1, TABLE_DRAWS)]
        return found + [draw(rng) for rng in self.seeds[1:]]


def _likest(found: list, action) -> list:
    """The moves `found`, those whose line differs least from `action`'s first (a slip changes a word or two):
    the words that differ, place by place, and the words one line has beyond the other."""
    written = str(action).split()

    def unlike(moves) -> int:
        words = str(moves[-1]).split()
        return sum(a != b for a, b in zip(words, written)) + abs(len(words) - len(written))
    return sorted(found, key=unlike)


def _one_per_line(found: list, start: int) -> None:
    """The problems from index `start` on, one per line: a line that broke several rules is reported once,
    under the first rule it broke, the others named in the message."""
    merged: dict = {}
    for violation in found[start:]:
        first = merged.get(violation.line)
        merged[violation.line] = violation if first is None else \
            replace(first, message=clip(f"{first.message}; also {violation.rule}: {violation.message}", MESSAGE),
                    also=(*first.also, violation.rule))
    found[start:] = merged.values()
