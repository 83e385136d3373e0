"""Rule tweaks: every rule fact of a game changed to another value its rules can play, the kit built with it and
its text read back, to see that the kit states the new value where it stated the old one and changes nothing
else but its version (and the contents page's line naming the variant).

`tweak(slug, key)` picks the value: the game's entry in CHOSEN, else the first of a few near values (a whole
number one more, one less ...) that the game reads and its checker accepts. `kit_words(game)` writes the duplex
kit (every part of it, in the one PDF a build writes it to; the parts' own PDFs are not written) and reads its
words back with pypdfium2; `differences(plain, varied)` lists the hunks where they differ, and
`unexplained(...)` those that are not one number (in figures, in words, as an ordinal) for another, a noun's
singular for its plural or the reverse.

Run as a script, it prints each fact's hunks: `python tests/rule_tweaks.py buried-treasure [KEY]`.
"""
from __future__ import annotations

import difflib
import functools
import re
import sys

from pnp import wording
from pnp.build.stages import lay_out, maker_for, read_kit, write_pdf
from pnp.errors import PnpError
from pnp.layout.imposition import Settings
from pnp.read.games import load_game
from pnp.read.rulefacts import facts, shown_value
from pnp.read.version import kit_version

# The value a fact is tweaked to, where the first near value is not what a designer would try.
CHOSEN: dict = {
    "buccaneer": {"port-crew": 1},  # one crew card: the set-up example keeps its crew's worth and treasure
    "buried-treasure": {},
    "cannon-dice": {},
    "pete-the-pirate": {},
    "pirates-gold": {"rounds": 2},  # its tally sheet is drawn for three rounds at least: a longer game adds columns
}

# Facts that no printed sentence states, with the reason: their tweak must leave the kit's text as it is.
UNPRINTED: dict = {
    "buccaneer": {"simulated-turns": "how long a simulated game may run: the bots' limit, not the table's"},
    "buried-treasure": {},
    "cannon-dice": {},
    "pete-the-pirate": {},
    "pirates-gold": {},
}

# Facts whose other values change the shape of a sentence, not only its numbers (a round's block added to the
# score sheet, a sentence that a bonus of 0 leaves out), with the reason: their kit must state the new value,
# and its other changes are read by eye (`python tests/rule_tweaks.py GAME KEY` prints them).
RESHAPED: dict = {
    "buried-treasure": {
        "rounds": "a round more or fewer adds or drops a round's block on the score sheet and names the rounds that "
                  "follow the first",
        "bonus.wild": "a Wild Flag worth nothing says so; worth points, its card and the score sheet say how many",
    },
}

WORD = re.compile(r"[A-Za-z]+(?:['’][a-z]+)?|\d+(?:st|nd|rd|th)?|[^\sA-Za-z\d]")
NUMBER_WORDS = {wording.words(n): n for n in range(100)} | {wording.ordinal(n): n for n in range(1, 100)} | \
    {"nothing": 0}


def near(value):
    """Values near a fact's, to try in turn."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 2, value * 2]
    if isinstance(value, float):
        return [value + 1, value / 2]
    if isinstance(value, list) and value and all(isinstance(item, int) and not isinstance(item, bool)
                                                 for item in value):
        return [[value[0] + 1, *value[1:]], [value[0] - 1, *value[1:]], [*value[:-1], value[-1] + 1]]
    return []


def tweak(slug: str, key: str, value):
    """The `KEY=VALUE` text a fact is tweaked to; None when no value near it is playable."""
    if key in CHOSEN.get(slug, {}):
        return f"{key}={shown_value(CHOSEN[slug][key])}"
    for candidate in near(value):
        given = f"{key}={shown_value(candidate)}"
        try:
            varied_kit(slug, given)
        except PnpError:
            continue
        return given
    return None


@functools.cache
def tweaks(slug: str) -> tuple[tuple[str, object, str | None], ...]:
    """(key, plain value, the tweak's KEY=VALUE or None) of every rule fact of a game: found once a test process
    (tests/test_rule_tweaks.py reads the kit of each, tests/test_rule_variants.py plays each)."""
    game = load_game(slug)
    return tuple((fact.key, fact.value, tweak(slug, fact.key, fact.value))
                 for fact in facts(game.rules, game.folder))


@functools.cache
def varied_kit(slug: str, given: str):
    """The game read with the tweak `given` (`KEY=VALUE`), as a build prints it (`read_kit`): read once, when
    `tweak` tries the value, for the kit it then writes. Raises PnpError when the rules cannot play it."""
    return read_kit(slug, [given])


def kit_words(game) -> list[str]:
    """The words of a game's duplex kit (every part, the contents page first), its version written VERSION and
    the contents page's variant line left out."""
    import pypdfium2

    settings = Settings(fold=False)
    maker = maker_for(game)
    document = pypdfium2.PdfDocument(write_pdf(game, lay_out(game, settings, maker), settings, with_contents=True,
                                               maker=maker))
    text = "\n".join(document[index].get_textpage().get_text_range() for index in range(len(document)))
    document.close()
    text = text.replace(kit_version(game), "VERSION")
    text = re.sub(r"Rules variant: .*?judges it by them\.", " ", text, flags=re.S)
    return WORD.findall(text.replace("\ufffe", "").replace("\u00ad", ""))


def differences(plain: list[str], varied: list[str]) -> list[tuple[list[str], list[str]]]:
    """(plain words, variant words) of each place the two texts differ. The words both begin and end with are
    left out of the matching, which is slow on a whole kit's words and finds them alike all the same."""
    start, most = 0, min(len(plain), len(varied))
    while start < most and plain[start] == varied[start]:
        start += 1
    end = 0
    while end < most - start and plain[-1 - end] == varied[-1 - end]:
        end += 1
    plain, varied = plain[start:len(plain) - end], varied[start:len(varied) - end]
    matcher = difflib.SequenceMatcher(None, plain, varied, autojunk=False)
    return [(plain[i1:i2], varied[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def number(word: str):
    """The number a word states (`11`, `eleven`, `eleventh`, `11th`), else None."""
    if word.isdigit():
        return int(word)
    if re.fullmatch(r"\d+(st|nd|rd|th)", word):
        return int(word[:-2])
    return NUMBER_WORDS.get(word.lower())


def _same_noun(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a == b or a + "s" == b or b + "s" == a or a + "es" == b or b + "es" == a or \
        (a.endswith("y") and b == a[:-1] + "ies") or (b.endswith("y") and a == b[:-1] + "ies")


def explained(old: list[str], new: list[str]) -> bool:
    """Whether a hunk is only numbers changed for numbers (and their nouns' number with them)."""
    return len(old) == len(new) and all(
        (number(a) is not None and number(b) is not None) or _same_noun(a, b) for a, b in zip(old, new))


def states(hunks: list, value, new) -> bool:
    """Whether some hunk says the new value where the plain kit said the old one."""
    olds = value if isinstance(value, list) else [value]
    news = new if isinstance(new, list) else [new]
    return any(number(a) in olds and number(b) in news
               for old, varied in hunks for a, b in zip(old, varied) if number(a) is not None)


def main(argv: list[str]) -> int:
    slug, keys = argv[0], argv[1:]
    plain = kit_words(read_kit(slug))
    for key, value, given in tweaks(slug):
        if keys and key not in keys:
            continue
        if given is None:
            print(f"{key}={shown_value(value)}: no playable value near it")
            continue
        hunks = differences(plain, kit_words(varied_kit(slug, given)))
        print(f"{given} (was {shown_value(value)}): {len(hunks)} changes")
        for old, new in hunks:
            mark = " " if explained(old, new) else "!"
            print(f"  {mark} {' '.join(old)!r} -> {' '.join(new)!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
