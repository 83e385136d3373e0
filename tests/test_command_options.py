"""The command line's options as a user reads them: one idea, one name, one value and one wording in every
command that takes it; `pnp stats --help` shows how to play; an older spelling still works, shown nowhere."""
from __future__ import annotations

import re

import click
from click.testing import CliRunner

from pnp.cli import COMMANDS, cli


def commands() -> dict:
    """Every command and subcommand by its path ("simulate", "stats play"), with a context to read it in."""
    found = {}
    root = click.Context(cli, info_name="pnp")
    for name in COMMANDS:
        command = cli.get_command(root, name)
        context = click.Context(command, info_name=name, parent=root)
        found[name] = (command, context)
        for sub in getattr(command, "commands", {}).values():
            found[f"{name} {sub.name}"] = (sub, click.Context(sub, info_name=sub.name, parent=context))
    return found


def shown_options(command, context) -> dict:
    """name -> (the option as its help shows it: "--games N", its help without the default), of each option
    the help shows."""
    shown = {}
    for param in command.get_params(context):
        record = param.get_help_record(context) if isinstance(param, click.Option) else None
        if record:
            name = record[0].split()[0].rstrip(",")
            shown[name] = (record[0], re.sub(r"\s*\[.*?\]$", "", record[1]))
    return shown


def test_an_option_given_to_several_commands_is_spelled_and_valued_alike():
    seen: dict = {}
    for path, (command, context) in commands().items():
        for name, (spelled, _) in shown_options(command, context).items():
            seen.setdefault(name, {})[path] = spelled
    differing = {name: by for name, by in seen.items() if len(set(by.values())) > 1}
    # pnp record writes one log, and names the players at the table; the others write folders, and draw players
    assert differing.pop("--out", None) == {**{path: "--out DIR" for path in seen["--out"]}, "record": "--out FILE"}
    assert differing.pop("--players", None) == {**{path: "--players N" for path in seen["--players"]},
                                                "record": '--players "NAME NAME ..."'}
    assert differing == {}
    assert {"simulate", "stats play"} <= set(seen["--bots"])  # the same idea, the same name


def test_simulate_and_stats_word_the_ideas_of_playing_alike():
    found = commands()
    simulate, stats = (shown_options(*found[path]) for path in ("simulate", "stats play"))
    for name in ("--games", "--players", "--seed", "--option", "--rule"):
        assert simulate[name] == stats[name], name


def run(*args):
    result = CliRunner().invoke(cli, list(map(str, args)))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def test_stats_help_shows_how_to_play_and_every_option_of_playing():
    result = run("stats", "--help")
    assert result.exit_code == 0
    usage = result.output.split("\n\n")[0]
    assert "stats GAME [OPTIONS]" in usage and "stats merge FILES" in usage
    play, context = commands()["stats play"]
    options = shown_options(play, context)
    assert {"--games", "--bots", "--players", "--workers", "--seed", "--option", "--shard"} <= set(options)
    for name, (spelled, _) in options.items():
        assert re.search(rf"^\s+{re.escape(spelled)}\s", result.output, re.M), name


def test_bots_are_named_alike_by_simulate_and_stats_and_the_old_spelling_still_works(tmp_path):
    logs = {}
    for spelling in (["--bots", "greedy,random"], ["--bot", "greedy", "--bot", "random"],
                     ["--bots", "greedy", "--bots", "random"]):
        out = tmp_path / "-".join(spelling)
        assert run("simulate", "buried-treasure", "--games", 2, "--seed", 4, "--out", out, *spelling).exit_code == 0
        logs[tuple(spelling)] = [path.read_text() for path in sorted(out.glob("*.log"))]
    first = next(iter(logs.values()))
    assert "greedy" in first[0] and all(texts == first for texts in logs.values())
    for help_text in (run("simulate", "--help").output, run("stats", "play", "--help").output):
        assert "--bots BOT,BOT,..." in help_text and not re.search(r"--bot\b(?!s)", help_text)
    old = run("stats", "buried-treasure", "--games", 2, "--bot", "greedy", "--out", tmp_path / "stats", "--no-html")
    assert old.exit_code == 0, old.output
