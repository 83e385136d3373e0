"""Budgets: no template, face or kit makes a build run on or fill memory; each stops with exit 2 at the template
line or data that crosses its limit."""
import re

import pytest

from conftest import run
from pnp.build import stages as kit
from pnp.layout import print_order as layout_kit
from pnp.model import kinds
from pnp.render import faces, sandbox, steps
from pnp.write import cache


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "STORES", {})


def front(toy, text: str):
    (toy / "templates" / "front.yaml.j2").write_text(text, encoding="utf-8")


def refused_at(result, place: str) -> str:
    assert result.exit_code == 2, result.output
    assert place in result.output, result.output
    return result.output


def test_nested_loops_stop_at_the_template_line_once_the_builds_template_work_is_spent(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "WORK", 1_000_000)  # (a smaller budget: the same count, spent sooner)
    front(toy, "- rect: {x: 0, y: 0, w: 1, h: 1}\n"
               "{% for i in range(100000) %}\n"
               "{% for j in range(100000) %}{% endfor %}\n"
               "{% endfor %}\n")
    output = refused_at(run(toy, tmp_path, "--duplex"), "front.yaml.j2:3")
    assert f"{sandbox.WORK:,}" in output


def test_loops_over_a_list_made_once_are_counted_too(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "WORK", 300_000)
    front(toy, "{% set big = range(100000) | list %}\n"
               "{% for i in big %}{% for j in big %}{% endfor %}{% endfor %}\n")
    refused_at(run(toy, tmp_path, "--duplex"), "front.yaml.j2:2")


def test_template_work_that_counting_misses_stops_on_the_clock(toy, tmp_path, monkeypatch):
    clock = iter(range(0, 10 ** 9, 7))  # seconds: each look at the clock finds 7 more have gone
    monkeypatch.setattr(sandbox.time, "monotonic", lambda: next(clock))
    front(toy, "{% for i in range(100) %}\n- rect: {x: 0, y: 0, w: 1, h: 1}\n{% endfor %}\n")
    output = refused_at(run(toy, tmp_path, "--duplex"), "front.yaml.j2:1")
    assert f"{sandbox.SECONDS:.0f} seconds" in output


@pytest.mark.parametrize("text", [
    "{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "{{ ('a' * 100000).replace('a', 'a' * 100000) | length }}",
    "{{ 'x'.center(10 ** 10) }}",
])
def test_a_text_that_would_grow_past_the_sandboxs_largest_is_refused_before_it_is_made(toy, tmp_path, text):
    front(toy, text + "\n")
    refused_at(run(toy, tmp_path, "--duplex"), "front.yaml.j2:1")


def test_a_template_writing_millions_of_steps_stops_at_its_output_budget(toy, tmp_path):
    front(toy, "- rect: {x: 0, y: 0, w: 1, h: 1}\n"
               "{% for i in range(100000) %}{% for j in range(30) %}\n"
               "- circle: {x: 1, y: 1, r: 1}\n"
               "{% endfor %}{% endfor %}\n")
    output = refused_at(run(toy, tmp_path, "--duplex"), "front.yaml.j2:2")
    assert f"{sandbox.OUTPUT:,} characters" in output


def test_a_face_with_more_steps_than_a_face_may_have_is_refused(toy, tmp_path):
    front(toy, "{% for i in range(%d) %}\n- circle: {x: 1, y: 1, r: 1}\n{%% endfor %%}\n".replace("%d", "20001")
          .replace("%%", "%"))
    output = refused_at(run(toy, tmp_path, "--duplex"), "deck.csv:2")
    assert "20,001 steps" in output and f"{steps.MAX_STEPS:,}" in output


def test_steps_inside_groups_count_toward_a_faces_steps(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(steps, "MAX_STEPS", 50)
    front(toy, "- group: {steps: [" + ", ".join(["{circle: {x: 1, y: 1, r: 1}}"] * 60) + "]}\n")
    refused_at(run(toy, tmp_path, "--duplex"), "61 steps")


def test_a_kit_of_more_cards_than_a_build_allows_is_refused_before_any_template_is_rendered(toy, tmp_path,
                                                                                            monkeypatch):
    rendered = []
    monkeypatch.setattr(faces.FaceMaker, "render", lambda *args: rendered.append(args) or "")
    text = (toy / "game.yaml").read_text()
    deck = text[text.index("  deck:\n"):text.index("  sheet:\n")]
    rows = "id,count\n" + "".join(f"c{n},100\n" for n in range(20))  # 2,000 cards a group, the most it may hold
    for group in range(6):  # 12,000 in all
        (toy / f"deck{group}.csv").write_text(rows)
        text += deck.replace("deck:", f"deck{group}:").replace("deck.csv", f"deck{group}.csv") \
            .replace("      label: {type: text, default: \"\"}\n      value: {type: int, min: 0, max: 9, default: 0}\n",
                     "      label: {type: text, default: \"\"}\n")
    (toy / "game.yaml").write_text(text)
    output = refused_at(run(toy, tmp_path, "--duplex"), "game.yaml:")
    assert f"{kinds.MAX_KIT_CARDS:,}" in output and "12,0" in output
    assert not rendered


def test_a_kit_laid_out_on_more_pages_than_a_build_draws_is_refused_before_any_page_is_drawn(toy, tmp_path,
                                                                                            monkeypatch):
    monkeypatch.setattr(layout_kit, "MAX_PAGES", 5)
    drawn = []
    monkeypatch.setattr(faces.FaceMaker, "render", lambda *args: drawn.append(args) or "")
    monkeypatch.setattr(kit, "write_pdf", lambda *args, **kwargs: drawn.append(args))
    output = refused_at(run(toy, tmp_path, "--duplex"), "game.yaml:")
    assert re.search(r"on \d+ pages in all", output)
    assert not drawn


@pytest.mark.parametrize("too_much", ["output", "steps"])
def test_a_template_past_a_faces_limit_is_not_tried_again_for_its_other_faces(toy, tmp_path, monkeypatch, too_much):
    """Each face of a runaway template would cost as much again and end the same way: the first is reported,
    the others are not rendered."""
    monkeypatch.setattr(sandbox, "OUTPUT", 5_000) if too_much == "output" else monkeypatch.setattr(steps, "MAX_STEPS", 20)
    front(toy, "{% for i in range(400) %}\n- circle: {x: 1, y: 1, r: {{ card.id | length }}}\n{% endfor %}\n")
    rendered = []
    real = faces.FaceMaker.render
    monkeypatch.setattr(faces.FaceMaker, "render", lambda self, template, *rest: rendered.append(template) or real(
        self, template, *rest))
    output = refused_at(run(toy, tmp_path, "--duplex"), "front.yaml.j2" if too_much == "output" else "deck.csv")
    assert rendered.count("front.yaml.j2") == 1 and output.count("\n  ") == 1
