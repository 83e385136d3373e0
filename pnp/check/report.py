"""Reporting the outcome of a check: `file:line: RULE message` lines, or JSON, and the exit code."""
from __future__ import annotations

VALID, BROKEN, UNREADABLE = 0, 1, 2


def exit_code(outcomes) -> int:
    """0 when every log is valid, 2 when any cannot be read, else 1 when any breaks a rule."""
    if any(outcome.unreadable for outcome in outcomes):
        return UNREADABLE
    return BROKEN if any(outcome.violations for outcome in outcomes) else VALID


def as_text(outcomes, quiet: bool = False) -> list[str]:
    """One line per warning and per problem; for a valid log, one line saying what was checked (unless
    quiet)."""
    lines = []
    for outcome in outcomes:
        lines += outcome.warnings + [str(v) for v in outcome.violations]
        if not outcome.violations and not quiet:
            lines.append(f"{outcome.file}: ok, {outcome.summary}")
    if len(outcomes) > 1 and not quiet:
        broken = sum(1 for o in outcomes if o.violations)
        problems = sum(len(o.violations) for o in outcomes)
        lines.append(f"{len(outcomes)} logs checked: " + (f"{broken} with problems ({problems} in all), "
                                                           f"{len(outcomes) - broken} valid" if broken else "all valid"))
    return lines


def as_json(outcomes) -> str:
    """A JSON list of every problem: file, line, rule, message and kind (read or rule)."""
    import json  # only a --format json check pays for it

    return json.dumps([v.as_dict() for outcome in outcomes for v in outcome.violations], indent=2,
                      ensure_ascii=False)
