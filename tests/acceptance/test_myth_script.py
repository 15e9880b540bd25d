"""Myth: Dark Frontier played through the simulated pins: setup, then two full
rounds (Planning, Action, Prepare) with the enemy plan kept hidden.

Rules followed: "Setup", "Planning Phase", "Action Phase", "Prepare Phase".
The presses a round needs depend on what the seeded generator deals (an
overrun asks a question), so each round's lines are worked out as a player
reading the OLED would, on a copy of the journal with the controller in-process,
then played through the simulated controls.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from PIL import Image

from app.controller import Controller
from contracts.events import Press, Turn
from games.core.engine import current_step
from games.myth import GAME
from store.journal import Journal
from tests.acceptance.harness import SEE, action, new_game, run_script, walk

NEXT = {"press": "next"}
SELECT = {"press": "select"}
FATE = ["Rage", "Guile", "Nature", "Arcane", "Darkness"]

SETUP = [
    NEXT,                                     # the shipped board (no pack loaded)
    # Defaults are read on each form's check page (3 values a page), then confirmed.
    SELECT, SELECT, SELECT,                   # Hero 1: default values (5: two pages)
    SELECT, SELECT, SELECT, SELECT,           # enemy sheet: default values (9: three pages)
    *[SELECT] * 4 * 3,                        # the three conquest tracks (8 each: three pages)
    SELECT,                                   # hope objective: village
    SELECT,                                   # supply objective: sanctuary (the first type untaken)
    SELECT,                                   # influence objective: dungeon (the one left)
    NEXT, NEXT,                               # place the tokens, the final objective
    SELECT,                                   # active quest: village
    {"dice": [{"kind": "fate", "face": face} for face in FATE]},  # the tray rolls the pool
    NEXT,                                     # enemy sheet setup done -> Planning
    SEE,                                      # its second result
]

# Fortify declined from the action menu: Fortify, select, Spirit turns "Decline" to
# yes, both fields shown, select.
FORTIFY_DECLINED = [SELECT, {"turn": "menhir", "steps": action(GAME.id, "fortify")}, SELECT,
                    {"turn": "spirit", "steps": 1}, *walk(2), SELECT]


def _event(line: dict):
    return Press(line["press"]) if "press" in line else Turn(line["turn"], line["steps"])


def round_lines(data_dir: Path, *, fortify: bool, start: tuple[dict, ...] = ()) -> list[dict]:
    """The presses that play one round from where the saved game stands to its end, as
    a player reading the OLED would: a command's results are read in turn (SEE), an open
    form is answered with select (its defaults, through its check page; a roll form
    rolls virtually), a question with next (yes), anything else with next."""
    with tempfile.TemporaryDirectory() as work:
        shutil.copytree(data_dir, Path(work) / "data")
        journal, _ = Journal.open(Path(work) / "data")
        try:
            controller = Controller(journal, seed=lambda: 3, clock=lambda: 0.0, dim_after=0)
            controller.start()  # a prompt that was waiting opens, as the service's start does
            lines: list[dict] = []

            def play(*more: dict) -> None:
                for line in more:
                    lines.append(line)
                    controller.handle(_event(line))

            play(*start)
            for _ in range(400):
                state = journal.state()[0]
                if lines and state["procedure"] is None and state.get("plan") is None:
                    return lines
                form = controller.frame().form
                step = current_step(GAME, state)
                if controller.messages.more:
                    play(SEE)
                elif fortify and form is None and step is not None and step.id == "hero" \
                        and state["procedure"]["name"] == "action":
                    play(*FORTIFY_DECLINED)
                    fortify = False
                elif form is not None and (form.fields or not form.review):
                    play(SELECT)  # a form (or its check page): the defaults
                else:
                    play(NEXT)  # a reminder done, or a question answered yes
        finally:
            journal.close()
    raise AssertionError("the round did not end")


def test_two_rounds_with_a_prepare_phase(tmp_path):
    first = run_script(tmp_path, [*new_game("myth-dark-frontier"), *SETUP, {"snap": "planning"}],
                       seed=3)
    assert first.status == 0, first.stderr
    summary = first.state()
    assert summary["game"] == "myth-dark-frontier"
    assert summary["procedure"] == "planning" and summary["step"] == "heroes"
    state = summary["state"]
    assert state["fate"] == [f.lower() for f in FATE]
    assert state["round"] == 1
    assert not any(p["enemy"]["revealed"] for p in state["plan"].values())

    lines = round_lines(first.data_dir, fortify=True)
    second = run_script(tmp_path, [*lines, {"snap": "round1"}], seed=3, data_dir=first.data_dir)
    assert second.status == 0, second.stderr
    state = second.state()["state"]
    assert state["round"] == 1 and state["plan"] is None
    assert state["history"][-1]["round"] == 1
    assert state["reserves"]["supply"] >= 1

    lines = round_lines(first.data_dir, fortify=False, start=(NEXT,))
    third = run_script(tmp_path, [*lines, {"snap": "round2"}], seed=3, data_dir=first.data_dir)
    assert third.status == 0, third.stderr
    summary = third.state()
    state = summary["state"]
    assert state["round"] == 2 and summary["procedure"] is None
    assert [h["round"] for h in state["history"]] == [1, 2]
    assert sorted(state["enemy_deck"]["draw"]) == sorted(
        ["march", "scheme", "despair", "devastation", "corruption"])
    for name in ("planning", "round1", "round2"):
        image = Image.open(third.frames / f"{name}-oled.png")
        assert image.size == (128, 64) and image.getbbox() is not None


def d10(*faces: int) -> dict:
    return {"dice": [{"kind": "d10", "face": face} for face in faces]}


def test_a_battle_rolled_on_the_tray_with_a_reroll(tmp_path):
    """"Battle" and "Rerolling Dice" through the controls: two minions placed by
    hand, Battle from the action menu, a d6 roll refused (the prompt stays), the
    tray's two d10, one die rerolled on the tray, the other kept."""
    place_two = [SELECT, {"turn": "menhir", "steps": action(GAME.id, "place")}, SELECT,  # by hand
                 {"turn": "menhir", "steps": 2}, {"turn": "spirit", "steps": 1}, *walk(3), SELECT]
    # The action menu, Battle, its form (minions: the defaults, read on its check page).
    battle = [SELECT, {"turn": "menhir", "steps": action(GAME.id, "battle")}, SELECT, SELECT, SELECT,
              SELECT]
    lines = [*new_game("myth-dark-frontier"), *SETUP, *place_two, *battle,
             {"dice": [{"kind": "d6", "face": 3}, {"kind": "d6", "face": 4}]},
             {"snap": "refused"},
             d10(7, 2),                                   # 7 hits (defence 6), 2 hurts (attack 3)
             {"turn": "spirit", "steps": 2}, d10(10),     # reroll die 2: now a hit
             SELECT]                                      # keep die 1
    run = run_script(tmp_path, lines, seed=3)
    assert run.status == 0, run.stderr
    summary = run.state()
    state = summary["state"]
    assert summary["procedure"] == "planning" and summary["step"] == "heroes"
    assert state["areas"]["farrenroc"]["minions"] == []
    assert state["supply"]["minions"] == 20
    assert state["heroes"][0]["damage"] == 0


def fate(*faces: str) -> dict:
    return {"dice": [{"kind": "fate", "face": face} for face in faces]}


def test_a_muster_and_a_spent_symbol_rolled_on_the_tray(tmp_path):
    """"Muster" and "Fate Pool" through the controls: Muster from the action menu
    first asks which non-darkness die of the pool to roll (select: the Rage
    die, the default), then arms the tray for it (a d10 refused, the prompt
    stays), the tray's Rage spawns a minion in the Rage Outland; a spent Rage
    symbol's die is rerolled on the tray after its ability."""
    muster = [SELECT, {"turn": "menhir", "steps": action(GAME.id, "muster")}, SELECT, SELECT]  # 1 muster
    spend = [SELECT, {"turn": "menhir", "steps": action(GAME.id, "spend_fate")}, SELECT, SELECT]  # Rage
    lines = [*new_game("myth-dark-frontier"), *SETUP, *muster, SELECT, d10(4), fate("Rage"), SEE,
             *spend, {"snap": "spend"}, fate("Faith")]
    run = run_script(tmp_path, lines, seed=3)
    assert run.status == 0, run.stderr
    summary = run.state()
    state = summary["state"]
    assert summary["procedure"] == "planning" and summary["step"] == "heroes"
    assert [len(a["minions"]) for a in state["areas"].values()] == [
        1 if state["board"]["areas"][a]["fate"] == "rage" else 0 for a in state["areas"]]
    assert state["fate"] == ["faith", "guile", "nature", "arcane", "darkness"]
