"""A round or a day of each game played on the simulated box with the OLED snapped after
every input (issue "Playable from the OLED alone", "Done when").

Kilforth: Day 1, its Night and Day 2's first action; Kreel Manor: four rounds up to a
revealed Threat's attack in the Spirit phase; Tainted Grail: a day from its Start of Day
to its end; Myth: setup and a round through Planning, Action and Prepare. Each frame
must differ from the one before it (an input the player made shows on the OLED), save
where the input cannot change anything (the dial round a form of one field). The
frames themselves were looked at one by one when these scripts were written.

Beside them, checks of what that look found and fixed: a check page names its form,
a roll prompt fills the OLED, a notice over a form leaves its value readable, every
form field has a label of its own that fits, and the New-game forms draw uncut.
"""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops

from app.forms import PromptForm
from app.menus import setup_form
from games.core import get_game
from games.core.registry import KNOWN_PACKAGES
from tests.acceptance.harness import BoxRun, action, new_game, run_script
from tests.acceptance.test_grail_script import end_of_day, three_days
from tests.acceptance.test_kilforth_script import two_days_and_a_night
from tests.acceptance.test_kreel_script import a_round_with_a_revealed_threat
from tests.acceptance.test_myth_script import SETUP as MYTH_SETUP
from tests.acceptance.test_myth_script import round_lines
from ui import cuts
from ui.model import Form, FormField, Frame, Message
from ui.oled import MARGIN_X, WIDTH, render_oled
from ui.oled_canvas import small, tiny

MYTH = "myth-dark-frontier"
MYTH_NEW = new_game(MYTH)


def snapped(lines: list[dict]) -> list[dict]:
    """``lines`` with the OLED snapped after each input, as ``NNN`` (its 1-based place)."""
    out: list[dict] = []
    for place, line in enumerate(lines, 1):
        out.append(line)
        if "snap" not in line and "wait" not in line:
            out.append({"snap": f"{place:03d}"})
    return out


def frame(run: BoxRun, place: int) -> Image.Image:
    return Image.open(run.frames / f"{place:03d}-oled.png").convert("L")


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def unchanged(run: BoxRun, lines: list[dict]) -> list[int]:
    """The places of the inputs after which the OLED showed what it showed before."""
    places = [p for p, line in enumerate(lines, 1) if "snap" not in line and "wait" not in line]
    return [p for before, p in itertools.pairwise(places) if same(frame(run, before), frame(run, p))]


def grail_day() -> list[dict]:
    """Setup and Day 1 (Travels, a Menhir), its end; Day 2 from its Start of Day to its end."""
    lines = three_days()
    return lines[: lines.index({"snap": "day2"})] + end_of_day()


def play(tmp_path, lines: list[dict], seed: int = 1) -> BoxRun:
    run = run_script(tmp_path, snapped(lines), seed=seed)
    assert run.status == 0, run.stderr
    return run


def test_kilforth_a_day_and_its_night(tmp_path):
    lines = two_days_and_a_night()
    run = play(tmp_path, lines)
    assert run.state()["state"]["day"] == 2
    assert unchanged(run, lines) == []
    # Day 2's Confront roll waits for the tray: the prompt (a form without fields, "Infl. 2d:
    # 11% F56%") fills the OLED's middle rather than leaving it empty under one line.
    roll = next(place for place, line in enumerate(lines, 1) if "dice" in line) - 1
    assert frame(run, roll).crop((0, 16, 128, 40)).getbbox() is not None


def test_kreel_rounds_with_threat_and_spirit_phases(tmp_path):
    lines = a_round_with_a_revealed_threat()
    run = play(tmp_path, lines, seed=7)
    box = run.state()
    assert (box["state"]["round"], box["procedure"]) == (4, "end")
    assert box["state"]["heroes"][0]["spirit"] == 7  # Spirit Cost 2, Block 1
    assert unchanged(run, lines) == []


def test_grail_a_day_from_its_start_to_its_end(tmp_path):
    lines = grail_day()
    run = play(tmp_path, lines)
    box = run.state()
    assert (box["state"]["day"], box["procedure"]) == (3, "start-of-day")
    assert unchanged(run, lines) == []


@pytest.fixture(scope="module")
def myth_round(tmp_path_factory) -> tuple[list[dict], BoxRun]:
    """Setup and round 1 as a player reading the OLED answers it (worked out on a copy);
    played once for the tests below."""
    setup = [*MYTH_NEW, *MYTH_SETUP]
    first = run_script(tmp_path_factory.mktemp("myth-setup"), setup, seed=3)
    assert first.status == 0, first.stderr
    lines = [*setup, *round_lines(first.data_dir, fortify=True)]
    return lines, play(tmp_path_factory.mktemp("myth-round"), lines, seed=3)


def test_myth_a_round_through_planning_and_prepare(myth_round):
    lines, run = myth_round
    box = run.state()
    assert (box["state"]["round"], box["procedure"], box["state"]["plan"]) == (1, None, None)
    assert box["state"]["history"][-1]["round"] == 1
    # The new-game form has one field: the Menhir dial round it shows the same field.
    one_field = len(MYTH_NEW) - 1
    assert unchanged(run, lines) == [one_field]


def test_myths_three_conquest_track_check_pages_tell_which_track(myth_round):
    """The check pages of the Despair, Devastation and Corruption forms (one after the
    other, alike in their fields) each name their track on the top line."""
    lines, run = myth_round
    # MYTH_SETUP: the pack step, the hero's 3 confirms, the enemy sheet's 4, then each
    # track's 4; the first confirm of a track's form opens its check page.
    first_pages = [len(MYTH_NEW) + 1 + 3 + 4 + 4 * track + 1 for track in range(3)]
    tops = [frame(run, place).crop((0, 0, 100, 14)) for place in first_pages]
    assert not same(tops[0], tops[1]) and not same(tops[1], tops[2]) and not same(tops[0], tops[2])


@pytest.mark.parametrize("game_id", sorted(KNOWN_PACKAGES))
def test_every_new_game_field_is_drawn_uncut_on_the_oled(game_id):
    """Each field of a New-game form, as the box draws it: the form's name, the field's
    label and its place all whole (a label too long to sit beside its place once
    pushed the place onto the top line and cut the form's name: "New Gloom of Kil…")."""
    form = setup_form(get_game(game_id), start=lambda values: None, back=lambda: None)
    with cuts.counting() as tally:
        for index in range(len(form.params)):
            form.focus(index)
            render_oled(Frame(title="Table Warden", form=form.model()))
    assert tally.lines["oled"] > 0 and tally.examples.get("oled", []) == []


@pytest.mark.parametrize("game_id", sorted(KNOWN_PACKAGES))
def test_every_form_field_has_a_label_of_its_own_that_fits_the_oled(game_id):
    """Every form of the game (its New-game form and each command's): each field's label
    differs from the others' on that form and fits the OLED's line (the small font, else
    the tiny one), so a field is always named ("Every field named")."""
    game = get_game(game_id)
    width = WIDTH - 2 * MARGIN_X
    for name, params in [("new game", game.setup_params), *((c.name, c.params) for c in game.commands)]:
        labels = [p.title for p in params if p.kind != "dice"]
        assert len(set(labels)) == len(labels), (name, labels)
        for label in labels:
            assert min(small().measure(label), tiny().measure(label)) <= width, (name, label)


@pytest.mark.parametrize("notice", ["Attacks: Threat 1 2 = 2", "Threat added; Threat 1 is Revealed"])
def test_a_notice_over_a_form_leaves_its_value_readable(notice):
    """Kreel's Spirit phase opens the Block form under the attack's notice: one select
    there confirms the Block shown, so the value is drawn whole above the notice, not
    half under it: where "0" and "1" differ is a digit's whole height (a digit of the
    smallest big-value size is 10 rows; under the notice only its top 6 showed)."""
    def drawn(value: str) -> Image.Image:
        form = Form("Attacks 2: Block?", (FormField("Block", value, True),), keys=("next:OK", "back:close"))
        return render_oled(Frame(form=form, message=Message(notice))).convert("L")

    _, top, _, bottom = ImageChops.difference(drawn("0"), drawn("1")).getbbox()
    assert bottom - top >= 10


# --- issue 25: dice before decisions, help in full, a long undo, a 2-player game's forms ----


def _grail_guardian(table) -> None:
    """Grail: Day 1, then Day 2's Start of Day with a Guardian roaming: its die rolled on the
    tray, then its Encounter (the roll decides where it goes; the fight follows)."""
    from tests.acceptance import test_grail_script as grail

    lines = new_game("tainted-grail") + grail.SETUP
    lines += [grail.SELECT, {"turn": "menhir", "steps": grail.GUARDIAN}, grail.SELECT,
              {"turn": "spirit", "steps": 1}, grail.SELECT]
    lines += grail.end_of_day() + [grail.NEXT, grail.NEXT, grail.NEXT]
    lines += [{"dice": [{"kind": "guardian", "face": "South"}]}]
    table.play(lines)


def _played_with_checks(game: str, tmp_path) -> tuple[list[str], dict]:
    """``game``'s acceptance script played in-process on the controller the service runs,
    with, along the way: help held on the first long step (then closed) and, at the end,
    undos until a long command is undone. Returns what went wrong and what was seen."""
    from store.journal import Journal
    from tests.ui.scripted_play import SCRIPTS, Table
    from ui.oled_pages import help_lines

    seed, script = SCRIPTS[game] if game != "tainted-grail" else (1, _grail_guardian)
    journal, _ = Journal.open(tmp_path / "data")
    table = Table(journal, seed)
    controller = table.controller
    wrong: list[str] = []
    seen = {"rolls": 0, "help": "", "undone": ""}
    play = table.play

    def checked(lines: list[dict]) -> None:
        for line in lines:
            rolls_before = list(controller.overlays.rolls)
            play([line])
            frame = controller.frame()
            with cuts.placing() as drawn:
                render_oled(frame)
            wrong.extend(f"{line}: {clip}" for clip in cuts.clipped(drawn))
            rolled = controller.overlays.rolls[-1:] if controller.overlays.rolls != rolls_before else []
            if rolled:  # a roll was made: its result is on the OLED before anything it leads to
                seen["rolls"] += 1
                if frame.message is None:
                    wrong.append(f"{line}: the roll {rolled[0]!r} was not shown")
            step = frame.game.step if frame.game else ""
            if not seen["help"] and frame.game and not (frame.menu or frame.form or frame.help) \
                    and frame.message is None and len(step) > 30:
                play([{"hold": "select"}])
                shown = controller.frame()
                lines_ = help_lines(shown.about, shown.help or ())
                if step not in shown.about or any(line_.endswith("\u2026") for line_ in lines_):
                    wrong.append(f"help on {step!r} not in full: {lines_}")
                seen["help"] = step
                play([{"press": "back"}])  # help closes back onto play

    table.play = checked  # type: ignore[method-assign]
    try:
        script(table)
        for _ in range(12):  # undo until a long command is undone
            play([{"press": "undo"}])
            message = controller.frame().message
            if message is not None and message.short.startswith("Undone") and len(message.long) > 40:
                if message.short != message.long:
                    wrong.append(f"undo message cut: {message.short!r}")
                with cuts.placing() as drawn:
                    render_oled(controller.frame())
                wrong.extend(cuts.clipped(drawn))
                seen["undone"] = message.long
                break
    finally:
        journal.close()
    return wrong, seen


@pytest.mark.parametrize("game", sorted(KNOWN_PACKAGES))
def test_rolls_before_decisions_help_in_full_and_a_long_undo(game, tmp_path):
    """Issue 25, "How to check it": each game's playthrough makes rolls (Kilforth's Confront
    and then Fate, Kreel's Threat attacks before the Block, Grail's and Myth's rolls), and
    each roll's faces and successes are on the OLED before whatever it leads to; help held on
    a long step shows it whole (never cut: scrolled); a long command undone is said whole.
    No frame on the way draws a glyph half hidden."""
    wrong, seen = _played_with_checks(game, tmp_path)
    assert wrong == []
    assert seen["help"] and seen["undone"]
    if game != "kreel-manor":  # Kreel's attacks are results of their own (notes), shown anyway
        assert seen["rolls"] > 0


def test_a_two_character_grail_game_offers_only_its_characters(tmp_path):
    """A 2-character Grail game's action forms: the Spirit dial never reaches Character 3."""
    from store.journal import Journal
    from tests.ui.scripted_play import Table

    journal, _ = Journal.open(tmp_path / "data")
    try:
        table = Table(journal, 1)
        # Mode standard; Characters 1 -> 2; every field shown, then confirmed.
        two = [{"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1}]
        table.play(new_game("tainted-grail", two))
        controller = table.controller
        assert len(controller.state()["characters"]) == 2
        for _ in range(10):  # through the setup reminders and prompts to the day's actions
            table.read_and_answer(1)
        offered: set[int] = set()
        for spec in controller.game().commands:
            if not (spec.menu and not spec.prompt_only and spec.available(controller.state())):
                continue
            if not any(p.name == "character" for p in spec.params):
                continue
            table.play([{"press": "select"}, {"turn": "menhir", "steps": action("tainted-grail", spec.name)},
                        {"press": "select"}])
            form = controller.overlay
            if not isinstance(form, PromptForm):
                table.play([{"press": "back"}])
                continue
            form.focus([p.name for p in form.params].index("character"))
            for _ in range(6):
                table.play([{"turn": "spirit", "steps": 1}])
                offered.add(form.values["character"])
            table.play([{"press": "back"}])
        assert offered and offered <= {1, 2}
    finally:
        journal.close()
