"""A game recorded in a real browser, the way a table records it: `pnp record` run as a command in its own process,
its page opened in the system's Chromium, and each line entered by pressing the buttons that write it. The browser
tests (tests/test_record_browser.py) and the screenshots of docs/recording.md (tools/record_screenshots.py) both
drive the page with it.

A line is entered one of three ways, said by `enter`:

- "pressed": a button of the next line's choices whose text is the line;
- "drawn": a line of several cards (a hand dealt), built in one of the page's drawings by pressing each card's
  button in the line's order, then "Enter the line";
- "typed": neither of those makes it, so it is typed in the line box and sent with Enter.

A button is pressed as a finger presses it: the mouse pressed at its centre, brought into sight first when it is
not, once the page shows it there enabled and on top of whatever else is there. Several pages may enter their
games side by side (`entering`, `side_by_side`).
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Generator
from functools import cached_property
from pathlib import Path

from conftest import hears_ctrl_c
from pnp.check.reader import read_log
from pnp.check.simulate import simulate

PNP = Path(sys.executable).with_name("pnp")  # the command of the virtualenv the tests run in
PHONE = {"width": 375, "height": 812}
GAP = "…"  # a card still to press, as a drawing shows it
EVENTS = "#log li.event, #log li.insisted"
CHOICES = "#choices > .choices"  # the rows of the next line's choices, a button each
DRAWINGS = "#choices .drawing"  # the lines of cards drawn, built a card's button at a time
WAIT = 60_000  # milliseconds the browser is given to show an answer (generous: a busy machine)
RECORDER_ONLY = ("started:", "kit:")  # header lines a recorded log has that a simulated one may not


class Simulated:
    """One game the greedy bots played (`pnp simulate`'s first game of `seed`): its log, its header and its lines."""

    def __init__(self, slug: str, seed: int, players: int | None = None):
        self.slug = slug
        _, self.text = next(simulate(slug, 1, seed, players, bots=("greedy",)))
        log, _ = read_log(self.text, f"{slug} seed {seed}")
        self.header = {key: value for key, (value, _) in log.header.items()}
        self.lines = [text for _, text in log.lines()]

    @property
    def players(self) -> tuple:
        return tuple(self.header["players"].split())

    @property
    def options(self) -> dict:
        """The header's values besides the game and its players: what `pnp record` is given as --option."""
        return {key: value for key, value in self.header.items() if key not in ("game", "players")}


def kept(text: str) -> list:
    """A log's lines that say something of the game: no comment, no blank line, no header line only a recording
    has (RECORDER_ONLY)."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith(RECORDER_ONLY)]


class Recorder:
    """`pnp record` running in its own process on a free port, its page's address read from what it prints; run
    in the folder `cwd` when given (where a relative `out` is). What it says is read as it comes, by a thread of
    its own (a pipe nobody reads fills up and stops the server mid-write). The address is awaited only when first
    asked for, so that several recorders start at once."""

    def __init__(self, slug: str, out: Path, players: tuple = (), options: dict | None = None,
                 cwd: Path | None = None):
        command = [str(PNP), "record", slug, "--out", str(out), "--port", "0", "--no-open"]
        if players:
            command += ["--players", " ".join(players)]
        for key, value in (options or {}).items():
            command += ["--option", f"{key}={value}"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        cwd=cwd, preexec_fn=hears_ctrl_c)
        self.said: list = []
        self.interrupted = False
        self.heard = threading.Thread(target=self._hear, daemon=True)
        self.heard.start()

    def _hear(self) -> None:
        for line in self.process.stdout:
            self.said.append(line)

    @cached_property
    def url(self) -> str:
        while True:
            found = next((m.group(0) for m in map(re.compile(r"http://\S+").search, list(self.said)) if m), None)
            if found:
                return found
            if self.process.poll() is not None and not self.heard.is_alive():
                raise RuntimeError(f"pnp record printed no address: {''.join(self.said)}")
            time.sleep(0.05)

    def kill(self) -> None:
        """End it at once, as a crash or a pulled plug would (SIGKILL: nothing of it runs after)."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.heard.join()

    def interrupt(self) -> None:
        """Ctrl-C, as at the table (once): `stop` waits for it to end, so that several recorders stop together."""
        if self.process.poll() is None and not self.interrupted:
            self.process.send_signal(signal.SIGINT)
            self.interrupted = True

    def stop(self) -> None:
        self.interrupt()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"pnp record did not stop on Ctrl-C: {''.join(self.said)[-2000:]}") from None
        self.heard.join()
        self.process.stdout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def phone(browser):
    """A browsing context of `browser` at a phone's size, with a touch screen: its pages open faster than as many
    pages each in a context of its own."""
    return browser.new_context(viewport=PHONE, has_touch=True)


def opened(context, url: str):
    """A new page at `url` in the browsing context `context` (see `phone`), once it shows the log."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#log li", timeout=WAIT)
    return page


def events_shown(page) -> int:
    return page.locator(EVENTS).count()


def enter(page, line: str) -> str:
    """Enter `line` on the page as a table would, and wait until the log shows it: how it was entered ("pressed",
    "drawn" or "typed"). Fails with the rule's code when the rules refuse it."""
    return finished(entering(page, line))


def entering(page, line: str) -> Generator[None, None, str]:
    """`enter` in two steps, for pages that enter their games side by side (`side_by_side`): the line is sent,
    then, after a yield that lets the other pages send theirs, its answer is awaited."""
    how, before = "pressed", press(page, CHOICES, None, line)
    if before is None:
        before = events_shown(page)
        how = "drawn" if drawn(page, line) else typed(page, line)
    yield
    answered(page, before)
    return how


def side_by_side(runs: dict) -> dict:
    """Run the generators `runs` (by name) a step of each in turn until each has ended: what each returned. The
    pages a browser shows answer at once, so their answers are awaited together rather than one after another."""
    running, ended = dict(runs), {}
    while running:
        for name, run in list(running.items()):
            try:
                next(run)
            except StopIteration as end:
                ended[name] = end.value
                del running[name]
    return ended


def finished(run: Generator):
    """Run the generator `run` to its end: what it returned."""
    return side_by_side({None: run})[None]


def drawn(page, line: str) -> bool:
    """Build `line` in the drawing whose pattern it fits, a card's button a press, and enter it; False when no
    drawing fits it."""
    words = line.split()
    shapes = page.locator("#choices .drawing .line").all_inner_texts()
    for at, shape in enumerate(shapes):
        pattern = shape.split()
        if len(pattern) == len(words) and all(p in (GAP, w) for p, w in zip(pattern, words)):
            for word, slot in zip(words, pattern):
                if slot == GAP:
                    assert press(page, DRAWINGS, at, word, counted=True) is not None, f"no card {word} to draw"
            assert press(page, DRAWINGS, at, "Enter the line") is not None
            return True
    return False


def typed(page, line: str) -> str:
    page.locator("#line").fill(line)
    page.locator("#line").press("Enter")
    return "typed"


# The point a finger would press `text`'s button at: the button whose text is `text` (`counted`: `text` and the
# count of cards left, "Gold (3)"), under the elements `scope` selects (only the `at`th when `at` is a number),
# brought into sight when it is not; and how many event lines the log shows. Null when there is no such button; a
# reason when it cannot be pressed (disabled, or under another element).
BUTTON = """([scope, at, text, counted, events]) => {
  const holders = [...document.querySelectorAll(scope)].filter((holder, n) => at === null || n === at);
  const named = counted ? (label) => label.startsWith(text + " (") && /^ \\(\\d+\\)$/.test(label.slice(text.length))
                        : (label) => label === text;
  const button = holders.flatMap((holder) => [...holder.querySelectorAll("button")]).find((b) => named(b.textContent));
  if (!button) { return null; }
  const centre = () => {
    const box = button.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const on = ([x, y]) => document.elementFromPoint(x, y);
  if (!button.contains(on(centre()))) { button.scrollIntoView({block: "center"}); }
  const point = centre(), there = on(point);
  if (button.disabled) { return {unpressable: "disabled"}; }
  if (!button.contains(there)) { return {unpressable: "under " + (there ? there.outerHTML.slice(0, 80) : "nothing")}; }
  return {point: point, events: document.querySelectorAll(events).length};
}"""


def press(page, scope: str, at: int | None, text: str, counted: bool = False) -> int | None:
    """Press the button written `text` (see BUTTON) with the mouse at its centre, as a finger presses it: the
    element the browser finds there gets the press. How many event lines the log showed before; None when the
    page shows no such button."""
    found = page.evaluate(BUTTON, [scope, at, text, counted, EVENTS])
    if found is None:
        return None
    assert "point" in found, f"the button {text!r} cannot be pressed: {found['unpressable']}"
    page.mouse.click(*found["point"])
    return found["events"]


# Waits until the log holds more than `before` event lines, or the page shows a refusal or trouble; then, once the
# page has done with the answer (a task later), what it shows of the refusal and the trouble (null when hidden).
ANSWERED = """([selector, before, wait]) => new Promise((resolve, reject) => {
  const shown = (id) => { const part = document.getElementById(id); return part.hidden ? null : part.innerText; };
  const check = () => {
    if (document.querySelectorAll(selector).length <= before && shown("refused") === null
        && shown("trouble") === null) { return; }
    watch.disconnect();
    clearTimeout(timer);
    setTimeout(() => resolve({refused: shown("refused"), trouble: shown("trouble")}));
  };
  const watch = new MutationObserver(check);
  const timer = setTimeout(() => { watch.disconnect(); reject(new Error("no answer in " + wait + " ms")); }, wait);
  watch.observe(document.body, {subtree: true, childList: true, attributes: true});
  check();
})"""


def answered(page, before: int) -> None:
    """Wait until the log holds more than `before` event lines, or the page says it refused the line."""
    shown = page.evaluate(ANSWERED, [EVENTS, before, WAIT])
    assert shown["refused"] is None, f"refused: {shown['refused']}"
    assert shown["trouble"] is None, shown["trouble"]
