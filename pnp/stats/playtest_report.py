"""The page of `pnp stats GAME --playtests FOLDER`: the playtests' figures drawn as the bots' are
(`pnp.stats.report`), the bots' beside them when played too; the logs left out; the printings compared;
and what only people's games tell: the moves the greedy bot would not make, the words never named, the
longest and the shortest games, each linked to its log; and of games recorded at the table, the minutes they
lasted and the notes written during play, each beside the line it follows."""
from __future__ import annotations

import html
import os
from pathlib import Path

from pnp.stats.figures import judged, rate_text
from pnp.stats.playtests import comparisons
from pnp.stats.report import EXTRA_STYLE, block_html, changes_html, drawn_html, frequencies_html, table_html
from pnp.wording import plural
from pnp.write.html import page as html_page

SIDES = ("bots", "playtests")


def page(doc: dict, folder: Path) -> str:
    """The page of a playtests result (`pnp.stats.playtests.result`), written into `folder` (links to the
    logs are made relative to it)."""
    bots = doc.get("bots", {}).get("figures")
    body = [_intro(doc), *_broken(doc, folder)]
    together = sum(map(judged, comparisons(doc)))  # every comparison of the page is judged with the others
    if bots:
        body += changes_html(doc["humans_vs_bots"], SIDES, "Playtests beside the bots' games", together=together)
    for players, block in doc["figures"]["players"].items():
        body += block_html(players, block, bots["players"].get(players) if bots else None, "player", SIDES)
    body += _printings(doc, together)
    body += _only_people(doc, folder)
    body += _at_the_table(doc, folder)
    body += frequencies_html(doc["figures"], bots, SIDES)
    return html_page(f"{doc['game']}: playtests", body, style=EXTRA_STYLE) + "\n"


def _intro(doc: dict) -> str:
    items = [f"{plural(doc['logs'], 'log')} read from {', '.join(doc['folders'])}",
             f"{doc['valid']:,} valid and counted", f"{len(doc['broken']):,} left out (they break a rule)"]
    items += [drawn_html(key, values) for key, values in sorted(doc["figures"]["header"].items())]
    variants = doc.get("variants", {})
    if set(variants) - {""}:  # a variant's games are counted with the others, and said so (By printing parts them)
        named = {text: f"rules {text}" if text else f"{doc['game']}'s own rules" for text in variants}
        items.append("played by " + ", ".join(f"{named[text]}: {plural(games, 'game')}" for text, games in variants.items())
                     + " (counted together here; By printing keeps them apart)")
    if "bots" in doc:
        s = doc["bots"]["settings"]
        items.append(f"beside {plural(doc['bots']['figures']['games'], 'game')} of bots {', '.join(s['bots'])} (seed {s['seed']})")
    return "<p>" + " · ".join(map(html.escape, items)) + "</p>"


def _link(file: str, folder: Path) -> str:
    href = Path(os.path.relpath(Path(file).resolve(), folder.resolve())).as_posix()
    return f"<a href='{html.escape(href)}'>{html.escape(file)}</a>"


def _linked_table(heads: list, rows: list, folder: Path) -> str:
    """A table whose first column is a log file, linked."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in heads)
    lines = ["<tr><td>" + _link(row[0], folder) + "</td>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row[1:])
             + "</tr>" for row in rows]
    return f"<table><tr>{head}</tr>{''.join(lines)}</table>"


def _broken(doc: dict, folder: Path) -> list:
    if not doc["broken"]:
        return []
    return ["<h2>Logs left out</h2>", "<p>Each breaks a rule (its first problem shown; <code>pnp check</code> "
            "lists them all) and is counted nowhere below.</p>",
            _linked_table(["log", "line", "rule", "problem"],
                          [[p["file"], p["line"], p["rule"], p["message"]] for p in doc["broken"]], folder)]


def _printings(doc: dict, together: int) -> list:
    printings = doc["printings"]
    if len(printings) < 2:
        return []
    out = ["<h2>By printing</h2>", "<p>Logs are grouped by the kit they were played with (their <code>kit:</code> "
           "line, else their <code>date:</code>) and by the variant of the rules they name (their "
           "<code>rules:</code> line), the earliest first; each printing is compared with the one "
           "before it (logs with neither line are counted above, but compared with none).</p>",
           table_html(["printing", "games", "dates"],
                  [[p["printing"], f"{p['games']:,}", " to ".join(sorted({p["dates"][0], p["dates"][-1]}))
                    if p["dates"] else ""] for p in printings])]
    for change in doc["printing_changes"]:
        out += changes_html(change["changes"], (change["from"], change["to"]),
                            f"{change['from']} → {change['to']}", 3, together)
    return out


def _sample(compared: int, games: int) -> str:
    return "" if compared == games else f" (in {compared:,} of the {games:,} games, a sample spread evenly)"


def _only_people(doc: dict, folder: Path) -> list:
    games = doc["valid"]
    out = ["<h2>What the bots cannot tell</h2>",
           "<h3>Moves the greedy bot would not make</h3>",
           "<p>At each move a player chose among several, the greedy bot was asked for its choice in the same "
           "position: the share of the players' choices it would not have made, by verb"
           f"{_sample(doc['decisions']['logs'], games)}.</p>",
           table_html(["verb", "choices", "not the greedy bot's (95 % interval)"],
                  [[verb, f"{d['choices']:,}", rate_text(d["unlike_greedy"])]
                   for verb, d in doc["decisions"]["verbs"].items()]),
           f"<h3>Never named in {plural(games, 'game')}</h3>"]
    never = [[f"`{verb}` {field}", ", ".join(words)] for verb, fields in doc["never_named"].items()
             for field, words in fields.items()]
    out.append(table_html(["in", "never named"], never) if never else "<p>Every word of the game's tables came up.</p>")
    for name in ("longest", "shortest"):
        out += [f"<h3>The {name} games</h3>",
                _linked_table(["log", "events", "players' moves"],
                              [[g["file"], g["events"], g["moves"]] for g in doc[name]], folder)]
    return out


def _at_the_table(doc: dict, folder: Path) -> list:
    """The minutes the games recorded at the table lasted, and their notes beside the line each follows."""
    timed, notes = doc.get("minutes", {"games": 0}), doc.get("notes", [])
    if not timed["games"] and not notes:
        return []
    out = ["<h2>At the table</h2>"]
    if timed["games"]:
        out += [f"<p>{plural(timed['games'], 'game')} recorded with their start and end: {timed['mean']} minutes on average, "
                f"{timed['shortest']} the shortest, {timed['longest']} the longest.</p>",
                _linked_table(["log", "minutes"], [[g["file"], g["minutes"]] for g in timed["logs"]], folder)]
    if notes:
        out += ["<h3>Notes written during play</h3>",
                _linked_table(["log", "line", "time", "note", "after the line"],
                              [[n["file"], n["line"], n["time"], n["note"], n["after"]] for n in notes], folder)]
    return out
