"""Words the program writes for people: counts in the singular or the plural, numbers in words, lists."""
from __future__ import annotations


def plural(count, noun: str, nouns: str | None = None, spelt: bool = False) -> str:
    """"1 page", "3 pages", "12,000 games": a count and its noun, singular for one; `nouns` for a plural not
    made with an s; the count in words when `spelt` ("three balls", "one point"). The one way the program
    words a count (the checker's rules call it `counted`, pnp/check/words.py)."""
    said = words(count) if spelt else f"{count:,}" if isinstance(count, int) and not isinstance(count, bool) else count
    return f"{said} {noun if count == 1 else nouns or noun + 's'}"


ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen").split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
FIRSTS = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth", "nine": "ninth",
          "twelve": "twelfth"}


def words(number) -> str:
    """A whole number from 0 to 99 in words ("three", "twenty-one"); any other number in figures."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < 100:
        return str(number)
    if number < 20:
        return ONES[number]
    tens, ones = divmod(number, 10)
    return TENS[tens] + (f"-{ONES[ones]}" if ones else "")


def ordinal(number) -> str:
    """A whole number's place in words ("first", "third", "twenty-second"); past 99 in figures ("104th")."""
    said = words(number)
    if said == str(number):
        return nth(number)
    head, dash, last = said.rpartition("-")
    last = FIRSTS.get(last) or (last[:-1] + "ieth" if last.endswith("y") else last + "th")
    return f"{head}{dash}{last}"


def nth(number) -> str:
    """A whole number's place in figures: "1st", "2nd", "3rd", "4th", "11th", "22nd"."""
    if isinstance(number, bool) or not isinstance(number, int):
        return str(number)
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def listed(items, last: str = "and") -> str:
    """"6, 5, 4 and 3": the items as a sentence lists them."""
    items = [str(item) for item in items]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}" if items else ""
