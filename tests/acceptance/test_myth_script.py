"""Myth: Dark Frontier played through the simulated pins: setup, then two full
rounds (Planning, Action, Prepare) with the enemy plan kept hidden.

Rules followed: "Setup", "Planning Phase", "Action Phase", "Prepare Phase".
The presses a round needs depend on what the seeded generator deals (an
overrun asks a question), so each round's lines are worked out from the
journaled state with the engine, then played through the simulated controls.
"""

from __future__ import annotations

from PIL import Image

from games.core import Command, apply
from games.core.engine import current_step
from games.myth import GAME
from tests.acceptance.harness import new_game, run_script

NEXT = {"press": "next"}
SELECT = {"press": "select"}
FATE = ["Rage", "Guile", "Nature", "Arcane", "Darkness"]

SETUP = [
    NEXT,                                     # the shipped board (no pack loaded)
    SELECT,                                   # Hero 1: default values
    SELECT,                                   # enemy sheet: default values
    SELECT, SELECT, SELECT,                   # the three conquest tracks
    SELECT,                                   # hope objective: village
    {"turn": "spirit", "steps": 1}, SELECT,   # supply objective: sanctuary
    {"turn": "spirit", "steps": 2}, SELECT,   # influence objective: dungeon
    NEXT, NEXT,                               # place the tokens, the final objective
    SELECT,                                   # active quest: village
    {"dice": [{"kind": "fate", "face": face} for face in FATE]},  # the tray rolls the pool
    NEXT,                                     # enemy sheet setup done -> Planning
]

# Fortify declined from the action menu: Menhir to the 5th item, select, Spirit
# turns "Decline" to yes, select.
FORTIFY_DECLINED = [SELECT, {"turn": "menhir", "steps": 4}, SELECT,
                    {"turn": "spirit", "steps": 1}, SELECT]


def round_lines(state: dict, *, fortify: bool) -> list[dict]:
    """The presses that play one round from the Planning reminder to its end."""
    lines: list[dict] = []
    for _ in range(200):
        step = current_step(GAME, state)
        if step is None and state["procedure"] is None and state.get("plan") is None \
                and lines:
            return lines
        if step is not None and step.kind.value == "prompt":
            lines.append(SELECT)  # default answer: overrun minions move, etc.
            state = apply(GAME, state, Command(step.command, {})).state
            continue
        if fortify and step is not None and step.id == "hero" and state["procedure"]["name"] == "action":
            lines += FORTIFY_DECLINED
            state = apply(GAME, state, Command("fortify", {"decline": True, "hero": 1})).state
            fortify = False
        lines.append(NEXT)
        state = apply(GAME, state, Command("next", {})).state
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

    lines = round_lines(state, fortify=True)
    second = run_script(tmp_path, [*lines, {"snap": "round1"}], seed=3, data_dir=first.data_dir)
    assert second.status == 0, second.stderr
    state = second.state()["state"]
    assert state["round"] == 1 and state["plan"] is None
    assert state["history"][-1]["round"] == 1
    assert state["reserves"]["supply"] >= 1

    lines = [NEXT, *round_lines(apply(GAME, state, Command("next", {})).state, fortify=False)]
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
    place_two = [SELECT, {"turn": "menhir", "steps": 11}, SELECT,   # Place enemies by hand
                 {"turn": "menhir", "steps": 2}, {"turn": "spirit", "steps": 1}, SELECT]
    battle = [SELECT, SELECT, SELECT]   # the action menu, Battle, its form (minions)
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
    muster = [SELECT, {"turn": "menhir", "steps": 10}, SELECT, SELECT]   # Muster, 1 muster
    spend = [SELECT, {"turn": "menhir", "steps": 7}, SELECT, SELECT]     # Spend a symbol: Rage
    lines = [*new_game("myth-dark-frontier"), *SETUP, *muster, SELECT, d10(4), fate("Rage"),
             *spend, {"snap": "spend"}, fate("Faith")]
    run = run_script(tmp_path, lines, seed=3)
    assert run.status == 0, run.stderr
    summary = run.state()
    state = summary["state"]
    assert summary["procedure"] == "planning" and summary["step"] == "heroes"
    assert [len(a["minions"]) for a in state["areas"].values()] == [
        1 if state["board"]["areas"][a]["fate"] == "rage" else 0 for a in state["areas"]]
    assert state["fate"] == ["faith", "guile", "nature", "arcane", "darkness"]
