"""`pnp watch`: a save builds the kit again and the page follows; broken data is shown at its file and line
while the last good files stay; Ctrl-C ends it cleanly."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import hears_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "fixtures" / "toy"


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url) as answer:
        return answer.read()


def status(url: str) -> dict:
    return json.loads(fetch(url + "status.json"))


def after(url: str, build: int) -> dict:
    """The status once a build later than `build` is done (waiting as long as a loaded machine may take, but
    not forever: a save the watch missed fails the test)."""
    give_up = time.monotonic() + 600
    while time.monotonic() < give_up:
        found = status(url)
        if found["build"] > build:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no build after build {build}: the save was not seen")


def save(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def deck_text(out: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(out / "toy" / "deck-a4-duplex.pdf").pages)


def watching(tmp_path, out: Path) -> tuple[subprocess.Popen, str]:
    """`pnp watch toy` started in tmp_path, and the address of its page once it is served."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "toy", "--out", str(out)], cwd=tmp_path,
                               preexec_fn=hears_ctrl_c,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    while not any("http://127.0.0.1:" in line for line in lines):
        line = process.stdout.readline()
        if not line:
            process.kill()
            raise AssertionError("".join(lines) + process.stderr.read())
        lines.append(line)
    return process, next(word for line in lines for word in line.split() if word.startswith("http://"))


def stopped(process: subprocess.Popen) -> str:
    """Ctrl-C to a watch; what it printed on stderr, once it has ended cleanly."""
    process.send_signal(signal.SIGINT)
    try:
        _, errors = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 0, errors
    assert "Traceback" not in errors
    return errors


def test_a_watch_session_follows_saves(tmp_path):
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    out = tmp_path / "out"
    process, url = watching(tmp_path, out)
    try:
        first = status(url)
        assert first["ok"] and first["build"] == 1
        assert b"/kit/preview/index.html" in fetch(url)
        assert b"<img" in fetch(url + "kit/preview/index.html")

        save(game / "deck.csv", "Beta,2", "Brigantine,2")
        changed = after(url, 1)
        assert changed["ok"] and changed["build"] > 1
        assert "Brigantine" in deck_text(out)

        save(game / "deck.csv", "delta,1,Delta,4,", "delta,1,Delta,nine,")
        broken = after(url, changed["build"])
        assert not broken["ok"] and broken["good"] == changed["build"]
        assert any(line.startswith("toy/deck.csv:5: ") for line in broken["problems"]), broken["problems"]
        page = fetch(url).decode()
        assert "toy/deck.csv:5: " in page and "/kit/preview/index.html" not in page
        assert "Brigantine" in deck_text(out)  # the last good build's files are kept

        save(game / "deck.csv", "delta,1,Delta,nine,", "delta,1,Delta,7,")
        fixed = after(url, broken["build"])
        assert fixed["ok"] and fixed["good"] == fixed["build"]
    finally:
        stopped(process)


def test_a_watch_of_a_folder_linking_to_the_root_serves_nothing_outside_its_kit(tmp_path):
    """A game folder from a stranger holding `ln -s / root` is watched without walking the disk, and a link
    placed in the output folder serves nothing: the page gives the kit's own files only."""
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    os.symlink("/", game / "root")
    out = tmp_path / "out"
    process, url = watching(tmp_path, out)
    try:
        assert status(url)["ok"]
        os.symlink("/etc/passwd", out / "toy" / "pw.txt")
        for path in ["kit/pw.txt", "kit/%00", "kit/root/etc/passwd"]:
            with pytest.raises(urllib.error.HTTPError) as refused:
                fetch(url + path)
            assert refused.value.code == 404, path
        asked = urllib.request.Request(url + "status.json", headers={"Host": "rebound.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(asked)
        assert refused.value.code == 403
        assert fetch(url + "kit/toy-kit-a4-duplex.pdf").startswith(b"%PDF")
    finally:
        stopped(process)


def test_a_save_made_during_the_first_build_is_built(tmp_path):
    """The files are watched before the first build starts: a designer who saves while it runs gets a build
    of that save."""
    import threading

    from pnp.build import watch

    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    stop = threading.Event()
    builds = []

    class Saving(watch.Session):
        def build(self):
            if not builds:
                save(game / "deck.csv", "Beta,2", "Brigantine,2")
                time.sleep(0.5)  # the save's news has arrived before the build ends
            builds.append(1)
            if len(builds) == 2:
                stop.set()
            return {"build": len(builds), "ok": True, "seconds": 0.0}

    runner = threading.Thread(target=watch.run, args=(Saving(str(game), {}, tmp_path / "out"), lambda _: None),
                              kwargs={"stop": stop})
    runner.start()
    runner.join(timeout=120)  # a save the watch missed would leave it waiting for ever
    stop.set()
    runner.join()
    assert len(builds) == 2
