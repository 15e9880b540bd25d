"""Playable from the OLED alone, through the simulated box (issue "Playable from the OLED alone").

Each form is walked field by field on the service and its OLED frames are
compared: every field's frame differs from the others (a label and a place of
its own, even where the values are equal), and each is exactly what the
controller's form model draws (label, value, "n/N"). A restart reopens a
waiting prompt and its waking detent changes nothing; a confirm of fields never
shown shows the check page first; ``back`` from a New-game form leads back to
the list.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from app.controller import Controller
from app.menus import setup_form
from contracts.events import Press, Turn
from games.core import get_game
from store.journal import Journal
from tests.acceptance.harness import action, game_menu_index, new_game, run_script, walk
from ui.oled import render_oled

NEXT = {"press": "next"}
SELECT = {"press": "select"}
BACK = {"press": "back"}


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def oled(run, name: str) -> Image.Image:
    return Image.open(run.frames / f"{name}-oled.png")


@pytest.fixture(autouse=True)
def only_the_boxs_games(monkeypatch):
    """The in-process controller lists the games the service lists: the four the box
    ships, not the test games other tests registered in this process."""
    import games.core.registry as registry

    shipped = {game.id: game for game in registry.all_games() if game.id in registry.KNOWN_PACKAGES}
    monkeypatch.setattr(registry, "_GAMES", shipped)


class InProcess:
    """The same lines on the controller in-process (a fresh journal): the frames the
    service should have shown, and the form models behind them."""

    def __init__(self, tmp_path: Path, seed: int = 1) -> None:
        self.journal, _ = Journal.open(tmp_path / "in-process")
        self.controller = Controller(self.journal, seed=lambda: seed, clock=lambda: 1000.0, dim_after=0)
        self.snaps: dict[str, tuple[Image.Image, object]] = {}

    def play(self, lines: list[dict]) -> None:
        for line in lines:
            if "press" in line:
                self.controller.handle(Press(line["press"]))
            elif "turn" in line:
                self.controller.handle(Turn(line["turn"], line["steps"]))
            elif "snap" in line:
                frame = self.controller.frame()
                self.snaps[line["snap"]] = (render_oled(frame), frame)

    def close(self) -> None:
        self.journal.close()


def walked(count: int, prefix: str) -> list[dict]:
    """Each field of an open form shown in turn, a snapshot of each."""
    lines: list[dict] = []
    for i in range(count):
        lines += [{"snap": f"{prefix}-{i + 1}"}, {"turn": "menhir", "steps": 1}]
    return lines


def open_new_game_form(game_id: str) -> list[dict]:
    index = game_menu_index(game_id)
    return [*([{"turn": "menhir", "steps": index}] if index else []), SELECT, SELECT]


#: Per game: the lines that open one of its in-game forms (walked round once, which
#: also dismisses any message over it), and that form's field count.
IN_GAME_FORMS = {
    # (No pack is loaded: Kilforth's hero form has no Pack race nor class, Kreel's
    # Location form no Card.)
    "gloom-of-kilforth": ([*new_game("gloom-of-kilforth"), NEXT, *walk(6)], 6),
    "kreel-manor": ([*new_game("kreel-manor"), NEXT, NEXT, NEXT, *walk(2)], 2),
    "tainted-grail": ([*new_game("tainted-grail"), NEXT, NEXT, SELECT,
                       {"turn": "menhir", "steps": action("tainted-grail", "combat")}, SELECT], 8),
    "myth-dark-frontier": ([*new_game("myth-dark-frontier"), NEXT, *walk(5), SELECT, *walk(9)], 9),
}


@pytest.mark.parametrize("game_id", sorted(IN_GAME_FORMS))
def test_every_field_is_shown_with_its_label_and_place_and_differs_from_the_others(tmp_path, game_id):
    # The fields the New-game form shows in its default mode (a mode's own fields only in it).
    setup_fields = len(setup_form(get_game(game_id), lambda values: None, lambda: None).model().fields)
    opening, count = IN_GAME_FORMS[game_id]
    lines = [*open_new_game_form(game_id), *walked(setup_fields, "setup"), BACK, BACK,
             *opening, *walked(count, "form")]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    here = InProcess(tmp_path)
    try:
        here.play(lines)
    finally:
        here.close()
    for prefix, n in (("setup", setup_fields), ("form", count)):
        frames = [oled(run, f"{prefix}-{i + 1}") for i in range(n)]
        for i, frame in enumerate(frames):
            expected, model = here.snaps[f"{prefix}-{i + 1}"]
            assert same(frame, expected), f"{game_id} {prefix} field {i + 1}: not the form's own drawing"
            fields = model.form.fields
            assert fields[i].focused and fields[i].label  # labelled; drawn with "i+1/n"
            assert len(fields) == n
        for i in range(n):
            for j in range(i + 1, n):
                assert not same(frames[i], frames[j]), f"{game_id} {prefix}: fields {i + 1} and {j + 1} alike"


def test_a_restart_reopens_the_waiting_prompt_and_its_waking_detent_changes_nothing(tmp_path):
    # Round 1 of Kreel Manor up to the Location's Sneak form, left open; Spirit 8.
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -2},
                                  NEXT, NEXT, NEXT])
    assert first.status == 0, first.stderr
    before = first.state()
    assert (before["procedure"], before["step"]) == ("delve", "flip")
    # The box starts asleep: the first detent wakes it, the next ones set the reopened form.
    # (The wait lets the tray's "Tray ready" notice over the form run out: 2 s at most.)
    second = run_script(tmp_path, [{"turn": "spirit", "steps": 1}, {"wait": 2.5}, {"snap": "woken"},
                                   {"turn": "spirit", "steps": -2}, {"snap": "sneak-1"}],
                        data_dir=first.data_dir, wake=False)
    assert second.status == 0, second.stderr
    after = second.state()
    assert after["seq"] == before["seq"] and after["state"] == before["state"]  # nothing journaled
    assert after["state"]["heroes"][0]["spirit"] == 8
    # What the OLED showed: the waiting form, first as it was, then with Sneak 3 -> 1.
    journal, _ = Journal.open(first.data_dir)
    try:
        controller = Controller(journal, seed=lambda: 1, clock=lambda: 0.0, dim_after=0)
        controller.start()
        assert controller.frame().form.title.startswith("Location 1")
        assert same(oled(second, "woken"), render_oled(controller.frame()))
        controller.handle(Turn("spirit", -2))
        assert controller.frame().form.fields[0].value == "1"
        assert same(oled(second, "sneak-1"), render_oled(controller.frame()))
    finally:
        journal.close()


def test_a_waking_detent_in_play_changes_no_value(tmp_path):
    first = run_script(tmp_path, new_game("myth-dark-frontier"))
    assert first.status == 0, first.stderr
    before = first.state()
    second = run_script(tmp_path, [{"turn": "spirit", "steps": -1}], data_dir=first.data_dir, wake=False)
    assert second.status == 0, second.stderr
    assert second.state()["seq"] == before["seq"]
    third = run_script(tmp_path, [{"turn": "spirit", "steps": -1}], data_dir=first.data_dir)
    assert third.status == 0, third.stderr
    assert third.state()["seq"] == before["seq"] + 1  # once awake, the detent turns the value


def test_next_on_a_form_with_fields_never_shown_checks_first(tmp_path):
    lines = [*new_game("kreel-manor"), NEXT, NEXT, NEXT, {"snap": "form"},
             NEXT, {"snap": "check"}]
    first = run_script(tmp_path, lines)
    assert first.status == 0, first.stderr
    assert not same(oled(first, "form"), oled(first, "check"))
    assert first.state()["step"] == "flip"  # not confirmed by the first next
    second = run_script(tmp_path, [NEXT], data_dir=first.data_dir, wake=False)  # wakes only
    assert second.state()["step"] == "flip"
    third = run_script(tmp_path, [NEXT, NEXT], data_dir=first.data_dir)  # check page, confirm
    assert third.status == 0, third.stderr
    assert third.state()["step"] != "flip"


def test_back_from_a_new_game_form_returns_to_the_list_and_play_goes_on(tmp_path):
    lines = [*open_new_game_form("tainted-grail"), BACK, {"snap": "list"}, BACK, {"snap": "games"},
             *new_game("tainted-grail")]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    assert run.state()["game"] == "tainted-grail"
    here = InProcess(tmp_path)
    try:
        here.play(lines)
    finally:
        here.close()
    for name, title in (("list", "Tainted Grail"), ("games", "Choose a game")):
        image, frame = here.snaps[name]
        assert frame.menu.title == title and frame.menu.keys[0] == "select:OK"
        assert same(oled(run, name), image)
