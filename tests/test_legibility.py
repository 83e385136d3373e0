"""Text a player can read: every face's problems are found in one run, told once for each template step with
the cards they were found on; errors stop the build, warnings do not (unless --warnings-as-errors), and fine
print marked `fine: true` is not warned of."""
import pytest

from conftest import edit, run
from pnp.render.legibility import contrast

FRONT = "templates/front.yaml.j2"
# the toy's front draws 4 steps on lines 1-4; these add a card's id as a 4.5 pt label at its foot, right-aligned
# in a white box whose edges it touches: its ink reaches 0.3 mm past the frame (0.3 mm clear of the box's edge)
LABEL = ('- rect: {x: 40, y: 80, w: 18, h: 4, fill: "#FFFFFF"}\n'
         '- text: {text: {{ card.id | tojson }}, x: 40, y: 80, w: 18, size: 4.5, colour: "#333333", align: right}\n')
CARDS = ("alpha", "beta", "gamma", "delta")


def warnings(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("warning:")]


def pdfs(tmp_path) -> list:
    out = tmp_path / "out"
    return list(out.rglob("*.pdf")) if out.exists() else []


def add_label(toy, label: str = LABEL) -> None:
    front = toy / FRONT
    front.write_text(front.read_text(encoding="utf-8") + label, encoding="utf-8")


def test_fine_print_grazing_its_frame_is_one_warning_for_every_card(toy, tmp_path):
    add_label(toy)
    result = run(toy, tmp_path)
    assert result.exit_code == 0, result.output
    said = warnings(result)
    assert len(said) == 1, said  # one template step: one warning, not one for each card
    assert "front.yaml.j2:6: step 6: text 'alpha'" in said[0]  # the template's file, line and step
    assert "4.5 pt" in said[0] and "0.3 mm past its frame (the rect of step 5)" in said[0]
    assert "on 4 cards (alpha, beta, gamma, delta)" in said[0]
    assert pdfs(tmp_path)


def test_warnings_are_told_again_on_a_build_from_the_cache(toy, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    add_label(toy)
    first, second = (warnings(run(toy, tmp_path, "--duplex")) for _ in range(2))
    assert len(first) == 1 and second == first


def test_warnings_as_errors_stops_the_build_and_writes_nothing(toy, tmp_path):
    add_label(toy)
    result = run(toy, tmp_path, "--warnings-as-errors")
    assert result.exit_code == 2
    assert "front.yaml.j2:6: step 6:" in result.output and "on 4 cards" in result.output
    assert not warnings(result) and not pdfs(tmp_path)


def test_fine_print_marked_so_is_not_warned_of(toy, tmp_path):
    add_label(toy, LABEL.replace("align: right}", "align: right, fine: true}"))
    result = run(toy, tmp_path, "--warnings-as-errors")
    assert result.exit_code == 0, result.output
    assert not warnings(result)


def test_text_well_past_its_frame_is_an_error_even_marked_fine(toy, tmp_path):
    add_label(toy, LABEL.replace("w: 18, h: 4", "w: 16, h: 4").replace("align: right}", "align: right, fine: true}"))
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "front.yaml.j2:6: step 6: text 'alpha'" in result.output and "2.3 mm past its frame" in result.output
    assert not pdfs(tmp_path)


def test_body_text_that_does_not_fit_is_an_error_at_its_template_line(toy, tmp_path):
    edit(toy / FRONT, "size: 9,", "h: 7, size: 9,")
    edit(toy / "deck.csv", "beta,2,Beta,", "beta,2," + "The ship sails at dawn " * 6 + ",")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "front.yaml.j2:4: step 4: text 'The ship sails" in result.output
    assert "(57.5 × 7 mm) even at 6 pt, on card beta (" in result.output and "deck.csv:3)" in result.output
    assert not pdfs(tmp_path)


def test_every_broken_card_is_reported_in_one_run(toy, tmp_path):
    edit(toy / FRONT, "size: 9,", "h: 7, size: 9,")
    edit(toy / "deck.csv", "beta,2,Beta,", "beta,2," + "The ship sails at dawn " * 6 + ",")  # does not fit
    edit(toy / "deck.csv", "delta,1,Delta,", "delta,1,Delta 宝,")  # a character no font of the kit has
    add_label(toy)  # and a warning on every card
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "on card beta" in result.output and "deck.csv:3" in result.output
    assert "deck.csv:5" in result.output and "U+5B9D" in result.output
    assert len(warnings(result)) == 1 and "on 4 cards" in warnings(result)[0]
    assert not pdfs(tmp_path)


def test_the_same_problem_on_many_cards_is_told_once(toy, tmp_path):
    edit(toy / FRONT, "src: dot.svg", "src: lost.svg")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert result.output.count("artwork not found: artwork/lost.svg") == 1
    assert "deck.csv:2" in result.output and "also on 3 more cards (beta, gamma, delta)" in result.output


def test_low_contrast_is_a_warning_with_its_ratio(toy, tmp_path):
    # grey #999999 on white: a contrast ratio of 2.85 (WCAG)
    add_label(toy, '- rect: {x: 5, y: 70, w: 50, h: 8, fill: "#FFFFFF"}\n'
                   '- text: {text: "faint", x: 5, y: 71, w: 50, size: 8, colour: "#999999"}\n')
    result = run(toy, tmp_path)
    assert result.exit_code == 0
    said = warnings(result)
    assert len(said) == 1 and "front.yaml.j2:6: step 6: text 'faint'" in said[0]
    assert "2.8:1" in said[0] and "#999999 on #FFFFFF" in said[0] and "below 3:1" in said[0]


def test_a_contrast_just_below_the_limit_is_never_printed_as_the_limit(toy, tmp_path):
    # grey #969696 on white: 2.958, which one decimal would print as 3.0, beside "below 3:1"
    add_label(toy, '- rect: {x: 5, y: 70, w: 50, h: 8, fill: "#FFFFFF"}\n'
                   '- text: {text: "faint", x: 5, y: 71, w: 50, size: 8, colour: "#969696"}\n')
    [said] = warnings(run(toy, tmp_path))
    assert "contrast of 2.96:1" in said and "below 3:1" in said and "3.0:1" not in said
    from pnp.render.legibility import _figure

    assert [_figure(2.9953, 3.0), _figure(2.99999, 3.0), _figure(5.96, 6.0), _figure(0.04)] == [
        "2.995", "2.999", "5.96", "0.0"]  # (an amount past a frame has no limit to stay below)


@pytest.mark.parametrize("steps,ratio", [
    # black at 35 % over white prints as #A6A6A6: 2.4:1
    ('- rect: {x: 5, y: 70, w: 50, h: 8, fill: "#FFFFFF"}\n'
     '- text: {text: "faint", x: 5, y: 71, w: 50, size: 8, colour: "#000000", opacity: 0.35}\n', "2.4:1"),
    # grey on a white circle drawn outside a turned group: the text's middle is found where the group puts it
    ('- circle: {x: 30, y: 75, r: 8, fill: "#FFFFFF"}\n'
     '- group: {x: 30, y: 75, rotate: 90, steps: [{text: {text: "faint", x: -5, y: -1.5, w: 10, h: 3, size: 6, '
     'colour: "#999999"}}]}\n', "2.8:1"),
])
def test_the_colour_under_a_text_is_what_is_painted_there(toy, tmp_path, steps, ratio):
    add_label(toy, steps)
    said = warnings(run(toy, tmp_path))
    assert len(said) == 1 and f"contrast of {ratio}" in said[0], said


def test_text_over_artwork_is_not_judged_by_its_colour(toy, tmp_path):
    add_label(toy, '- rect: {x: 5, y: 70, w: 50, h: 8, fill: "#FFFFFF"}\n'
                   '- art: {src: dot.svg, x: 5, y: 70, w: 50, h: 8}\n'
                   '- text: {text: "on art", x: 5, y: 71, w: 50, size: 8, colour: "#FFFFFF"}\n')
    result = run(toy, tmp_path)
    assert result.exit_code == 0 and not warnings(result)


def test_the_line_is_the_template_line_that_wrote_the_step(toy, tmp_path):
    # the text after a loop's end, and one in an included template, each at its own line
    (toy / "templates/label.yaml.j2").write_text("# the id label\n" + LABEL.split("\n")[1] + "\n", encoding="utf-8")
    add_label(toy, LABEL.split("\n")[0] + "\n{%- for i in range(2) %}\n- line: {points: [[0, {{ i }}], [1, 1]]}\n"
                   "{%- endfor %}\n" + LABEL.split("\n")[1] + "\n{% include 'label.yaml.j2' %}\n")
    said = warnings(run(toy, tmp_path))
    assert len(said) == 2, said
    assert "front.yaml.j2:9: step 8:" in said[0] and "label.yaml.j2:2: step 9:" in said[1]


def test_contrast_ratios_are_wcag_s():
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21)
    assert contrast((0.2, 0.4, 0.6), (0.2, 0.4, 0.6)) == pytest.approx(1)
    assert contrast((0.6, 0.6, 0.6), (1, 1, 1)) == pytest.approx(2.85, abs=0.01)


def test_a_sheet_s_text_is_read_against_the_background_it_is_printed_over(toy, tmp_path):
    # the numbered sheets' own text is black, printed over their shared background: made dark, it hides it
    edit(toy / "templates/numbered-background.yaml.j2", 'stroke: "#000000", width: 0.4}',
         'stroke: "#000000", width: 0.4, fill: "#202020"}')
    said = warnings(run(toy, tmp_path))
    assert len(said) == 3, said  # the text of the background itself, and both of the sheets' own
    assert "numbered-background.yaml.j2:2: step 2: text 'SHARED'" in said[0]
    assert "numbered.yaml.j2:2: step 1: text 'N:1:" in said[1] and "on 2 sheets (1, 2)" in said[1]
    assert "numbered.yaml.j2:3: step 2.1: text 'UPSIDE'" in said[2]  # the first step of the group at step 2
    edit(toy / "templates/numbered.yaml.j2", "size: 10, align: left}\n", 'size: 10, align: left, colour: "#FFFFFF"}\n')
    edit(toy / "templates/numbered.yaml.j2", "align: left}}]}", 'align: left, colour: "#FFFFFF"}}]}')
    said = warnings(run(toy, tmp_path))
    assert len(said) == 1 and "numbered-background.yaml.j2:2:" in said[0]


SHARED_TEXT = ("text", {"text": "Ahoy there, matey", "x": 5.0, "y": 5.0, "w": 40.0, "h": 10.0, "size": 10.0,
                        "font": "sans", "colour": "#000000", "align": "left", "valign": "top", "leading": 1.2,
                        "fit": True, "rotate": 0.0, "opacity": 1.0, "fine": False})


def rect(w: float) -> tuple:
    """A white rect from the face's corner, `w` mm wide, 30 mm tall: a frame for SHARED_TEXT."""
    return ("rect", {"x": 0.0, "y": 0.0, "w": w, "h": 30.0, "r": 0.0, "fill": "#FFFFFF", "stroke": "none",
                     "width": 0.3, "dash": None, "opacity": 1.0})


def test_a_step_faces_share_is_checked_against_what_each_face_drew_before_it():
    """The checks keep what a shared step gave after the steps before it (legibility.Scene): the same text step
    after another frame, or at another place among the steps, is checked again there."""
    from pnp.render.legibility import FRAME, problems

    text = SHARED_TEXT
    wide, narrow = rect(60.0), rect(30.0)  # (the text runs past the narrow one)

    def kinds(*steps) -> list:
        return [(note.kind, note.step, note.detail) for note in problems(steps, (63.5, 88.9), False, {})]

    for _ in range(2):  # (the second time from what the first kept)
        assert kinds(wide, text) == []
        assert kinds(narrow, text) == [(FRAME, "step 2", "the rect of step 1")]
        assert kinds(narrow, wide, text) == [(FRAME, "step 3", "the rect of step 1")]
        assert kinds(wide, narrow, text) == [(FRAME, "step 3", "the rect of step 2")]
        assert kinds(narrow, text, text) == [(FRAME, f"step {step}", "the rect of step 1") for step in (2, 3)]
        assert kinds(*[wide] * 70, narrow, text) == [(FRAME, "step 72", "the rect of step 71")]  # (a busy face)


def test_a_scene_keeps_the_texts_asked_for_last_and_a_decks_own_texts_pass_through_it():
    """A scene keeps the findings of the TEXTS texts asked for last (legibility.Scene): a template's own text,
    the same step on every face, stays however many faces come with texts of their own, each met once; those
    pass through, and the scenes after the faces' other steps are neither let go nor made again for them."""
    from pnp.render import legibility
    from pnp.render.legibility import TEXTS, Scene, problems

    frame = rect(60.0)
    Scene.firsts.clear()
    made, checked = Scene.made, []
    real = legibility._check_text
    legibility._check_text = lambda *given: checked.append(given[0]["text"]) or real(*given)
    try:
        for card in range(10 * TEXTS):
            own = ("text", {**SHARED_TEXT[1], "text": f"Card {card}"})
            assert problems((frame, SHARED_TEXT, own), (63.5, 88.9), True, {}) == []
    finally:
        legibility._check_text = real
    (first,) = Scene.firsts.values()
    (after_frame,) = [scene for _, scene, _ in first.after.values()]
    assert len(first.after) == 1 and Scene.made == made + 2  # (the first scene, and the one after the frame)
    assert len(after_frame.texts) == TEXTS and checked.count(SHARED_TEXT[1]["text"]) == 1
    assert len(checked) == 1 + 10 * TEXTS  # (each face's own text checked once, the shared one once in all)


def test_the_scenes_a_check_let_go_are_freed_at_once():
    """What the checks keep of the steps faces share (legibility.Scene) is let go as a whole past a bound; each
    scene, and every step it keeps, is then freed at once, not left for the cycle collector: a scene does not
    hold itself (the scene after a text is the scene before it)."""
    import gc

    from pnp.render.legibility import Scene, problems

    gc.collect()
    gc.disable()
    try:
        problems((rect(60.0), SHARED_TEXT, SHARED_TEXT), (63.5, 88.9), True, {})
        Scene.firsts.clear()
        assert gc.collect() == 0
    finally:
        gc.enable()
