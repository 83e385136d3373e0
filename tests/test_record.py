"""Recording a game at the table (pnp.record.table): every line the rules allow is offered, the file is a plain
log at every moment, refused lines, insisted lines, undo, notes, resuming, and the header's printing."""
from __future__ import annotations

from collections import Counter

from datetime import datetime

import pytest

from pnp.check.loader import rules_for
from pnp.check.replay import check_path, check_text
from pnp.check.simulate import game_rng, play
from pnp.errors import PnpError
from pnp.read.version import kit_version
from pnp.record.choices import offered
from pnp.record.table import Refused, Table

GAMES = {"buried-treasure": 3, "cannon-dice": 2, "pirates-gold": 3, "buccaneer": 2, "pete-the-pirate": 2}


class Clock:
    """A clock for tests: the time it is set to."""

    def __init__(self, hour: int = 14, minute: int = 2):
        self.now = datetime(2025, 3, 14, hour, minute)

    def __call__(self) -> datetime:
        return self.now


def simulated(slug: str, seed: int = 1, players: int | None = None):
    return play(rules_for(slug), game_rng(seed, 1), players or GAMES[slug], ("greedy",), {}, "a test")


def opened(tmp_path, played, clock=None, name: str = "game.log") -> Table:
    header = played.header
    options = {key: value for key, value in header.items() if key not in ("game", "players", "rules", "kit")}
    return Table.open(tmp_path / name, header["game"], tuple(header["players"].split()), options, clock=clock)


def events(text: str) -> list:
    """A log's lines but comments, blank lines and what only a recorded log says (its start, its printing)."""
    kept = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in kept if line and not line.startswith(("started:", "kit:"))]


@pytest.mark.parametrize("slug", GAMES)
def test_a_whole_game_is_recorded_by_pressing_the_lines_offered(tmp_path, slug):
    played = simulated(slug)
    table = opened(tmp_path, played)
    for action in played.actions:
        line = str(action)
        assert offered(table.view()["choices"], line), f"{line!r} is not offered"
        table.enter(line)
        assert line in table.path.read_text().rstrip("\n").split("\n")[-2:]  # in the file at once (the end after it)
    written = table.path.read_text()
    assert events(written) == events(played.log())
    outcome = check_path(table.path)
    assert outcome.violations == [] and outcome.summary
    view = table.view()
    assert view["over"] and view["turn"] is None and view["choices"] == []
    assert set(view["scores"]) == set(view["players"])


def test_a_line_refused_is_not_written_and_one_insisted_on_is_marked(tmp_path):
    played = simulated("pirates-gold")
    table = opened(tmp_path, played)
    *lines, last = map(str, played.actions)
    for line in lines:
        table.enter(line)
    assert last.startswith("winner ")
    loser = next(name for name in played.header["players"].split() if name not in last.split())
    before = table.path.read_text()
    with pytest.raises(Refused) as refused:
        table.enter(f"winner {loser}")
    assert refused.value.code == "PG-WINNER" and loser in refused.value.message
    assert table.path.read_text() == before and not table.view()["over"]
    view = table.enter(f"winner {loser}", insist=True)
    marked = table.path.read_text().splitlines()[-2]
    assert marked.startswith(f"winner {loser}  # insisted: PG-WINNER ") and view["over"]
    assert view["log"][-2]["kind"] == "insisted"
    at = len(before.rstrip("\n").split("\n")) + 1
    problems = check_path(table.path).violations
    assert problems and {problem.line for problem in problems} == {at}


def test_a_line_the_rules_refuse_names_the_rule_and_an_unreadable_one_its_reading(tmp_path):
    played = simulated("buried-treasure")
    table = opened(tmp_path, played)
    for action in played.actions:  # up to the first player's move: the hands, the round, its card, the layout
        if table.view()["turn"] != "table":
            break
        table.enter(str(action))
    player = table.view()["turn"]
    with pytest.raises(Refused) as refused:
        table.enter(f"{player} take 9 ship")
    assert refused.value.code.startswith("BT-") and "9" in refused.value.message
    with pytest.raises(Refused) as unread:
        table.enter(f"{player} dance")
    assert unread.value.code == "LOG-SYNTAX"


def test_undo_takes_back_the_last_line_and_the_notes_after_it(tmp_path):
    played = simulated("pete-the-pirate")
    table = opened(tmp_path, played)
    first, second = map(str, played.actions[:2])
    assert table.undo() == table.view()  # nothing to undo
    table.enter(first)
    before, text = table.view(), table.path.read_text()
    table.enter(second)
    table.note("Pete is fast")
    after = table.undo()
    assert after == before and table.path.read_text() == text
    assert table.undo()["log"][-1]["kind"] == "header"


def test_a_note_is_a_comment_with_the_clock_time_and_the_end_has_its_time(tmp_path):
    clock = Clock(14, 2)
    played = simulated("cannon-dice")
    table = opened(tmp_path, played, clock)
    assert table.view()["started"] == "14:02" and table.view()["ended"] is None
    clock.now = datetime(2025, 3, 14, 14, 32)
    view = table.note("Anne bored\nalready")
    assert view["log"][-1] == {"line": view["log"][-1]["line"], "text": "# 14:32 note: Anne bored already",
                               "kind": "note"}
    clock.now = datetime(2025, 3, 14, 15, 10)
    for action in played.actions:
        table.enter(str(action))
    assert table.view()["ended"] == "15:10"
    text = table.path.read_text()
    assert "started: 2025-03-14 14:02" in text and text.rstrip().endswith("# ended 15:10")
    assert check_text(text, "recorded").violations == []


def test_a_resumed_table_is_where_the_table_was(tmp_path):
    played = simulated("buccaneer")
    table = opened(tmp_path, played, Clock())
    for action in played.actions[:20]:
        table.enter(str(action))
    table.note("a storm")
    resumed = Table.open(table.path, "buccaneer", ("Someone", "Else"), clock=Clock())
    assert resumed.view() == table.view()
    assert resumed.undo() == table.undo()
    line = str(played.actions[19])
    assert resumed.enter(line) == table.enter(line)


def test_a_file_of_another_game_is_refused_by_name(tmp_path):
    played = simulated("pete-the-pirate")
    path = tmp_path / "other.log"
    path.write_text(played.log())
    with pytest.raises(PnpError) as refused:
        Table.open(path, "buried-treasure", ("Ann", "Bob"))
    said = refused.value.format_message()
    assert "other.log" in said and "pete-the-pirate" in said


def test_the_header_names_the_printing_and_the_variant(tmp_path):
    table = Table.open(tmp_path / "own.log", "pete-the-pirate", ("Ann", "Bob"), {"starts": "Bob"})
    text = table.path.read_text()
    assert f"kit: {kit_version(rules_for('pete-the-pirate').game)}\n" in text and "rules:" not in text
    assert "starts: Bob\n" in text
    variant = Table.open(tmp_path / "variant.log", "pete-the-pirate", ("Ann", "Bob"), rules=("pete-steps=2",))
    text = variant.path.read_text()
    assert "rules: pete-steps=2\n" in text
    assert f"kit: {kit_version(rules_for('pete-the-pirate', ('pete-steps=2',)).game)}\n" in text
    assert kit_version(rules_for("pete-the-pirate", ("pete-steps=2",)).game) != \
        kit_version(rules_for("pete-the-pirate").game)


def test_completions_offer_the_lines_allowed_and_cards_a_word_at_a_time(tmp_path):
    played = simulated("buried-treasure")
    table = opened(tmp_path, played)
    lines = [str(action) for action in played.actions]
    first = next(at for at, line in enumerate(lines) if line.startswith("deal 1 "))
    for line in lines[:first]:
        table.enter(line)
    deal = lines[first].split()  # deal 1 CARD CARD ...
    assert all(line.startswith("deal 1 ") for line in table.completions("DEAL 1 "))
    assert f"deal 1 {deal[2]}" in table.completions("deal 1 ")
    assert f"deal 1 {deal[2]} {deal[3]}" in table.completions(f"deal 1 {deal[2]} ")
    assert table.completions("take") == []


@pytest.mark.parametrize("slug", GAMES)
def test_what_is_public_is_shown_and_no_hidden_hand(tmp_path, slug):
    played = simulated(slug)
    table = opened(tmp_path, played)
    for action in played.actions[:len(played.actions) // 2]:
        table.enter(str(action))
    public = table.view()["public"]
    assert public and all(part["title"] and all(isinstance(line, str) for line in part["lines"]) for part in public)
    assert any(part["lines"] for part in public)
    shown = " ".join(line for part in public for line in part["lines"])
    if slug == "buccaneer":  # crew hands are hidden: their count is shown, never a card of a hand alone
        state = table.state
        assert all(f"{len(state.hand[p])} crew card" in shown for p in state.players)


def test_a_turn_under_way_is_shown_as_how_many_cards_went_to_each_seat(tmp_path):
    played = simulated("pirates-gold")
    table = opened(tmp_path, played)
    for action in played.actions:
        table.enter(str(action))
        state = table.state
        if state.playing and state.mover and len(state.given) >= 2:
            break
    turn = next(part["lines"] for part in table.view()["public"] if part["title"] == "Turn")
    seats = Counter(state.given)
    assert turn == [f"{state.mover}'s turn: {len(state.given)} cards given ("
                    + ", ".join(f"{seat} {times}" for seat, times in seats.items()) + ")"]


def test_stats_of_playtests_give_each_recorded_game_its_minutes_and_its_notes(tmp_path):
    from pnp.stats.playtest_report import page
    from pnp.stats.playtests import gather, result

    folder = tmp_path / "logs"
    for name, seed, start, end in (("a.log", 1, (19, 5), (19, 47)), ("b.log", 2, (23, 50), (0, 20))):
        played = simulated("pirates-gold", seed)
        clock = Clock(*start)
        table = opened(folder, played, clock, name)
        lines = [str(action) for action in played.actions]
        table.enter(lines[0])
        clock.now = clock.now.replace(minute=start[1] + 1)
        table.note(f"rules unclear <here> in {name}")
        for line in lines[1:-1]:
            table.enter(line)
        clock.now = datetime(2025, 3, 15 if end[0] < start[0] else 14, *end)
        table.enter(lines[-1])
    doc = result(rules_for("pirates-gold"), [folder], gather("pirates-gold", [folder]))
    assert doc["valid"] == 2
    assert doc["minutes"]["games"] == 2 and [g["minutes"] for g in doc["minutes"]["logs"]] == [42, 30]
    assert doc["minutes"]["mean"] == 36 and doc["minutes"]["shortest"] == 30 and doc["minutes"]["longest"] == 42
    first = doc["notes"][0]
    assert first["time"] == "19:06" and first["note"] == "rules unclear <here> in a.log"
    assert first["after"] == str(simulated("pirates-gold", 1).actions[0]) and first["file"].endswith("a.log")
    assert len(doc["notes"]) == 2
    html = page(doc, tmp_path)
    assert "At the table" in html and "rules unclear &lt;here&gt; in b.log" in html and ">42<" in html
