"""A Kreel Manor adventure played through the simulated pins, as a person would.

Rules followed ("2. Threat Phase", "5. Spirit Phase"): a Threat added each
round bumps along Sneak 3 -> 2 -> 1 and is revealed in the Threat Area on the
fourth Add 1 Threat; in the Spirit phase it attacks for its Spirit Cost and
Block reduces the total.
"""

from PIL import Image

from tests.acceptance.harness import SEE, new_game, run_script, walk

NEXT = {"press": "next"}
DELVE = [NEXT] * 2  # "1. Delve Phase" B and E are reminders; C and D are automatic
# One quiet round: start it, Delve B and E, Threat (draw reminder), Draw, Play, End A-C.
# The Threat's draw and the Play each have two results, read in turn (SEE).
QUIET_ROUND = [NEXT, *DELVE, NEXT, SEE, NEXT, NEXT, SEE, NEXT, NEXT, NEXT]
# Round 1 also reads the Hero Board's Story (Delve A) and flips Location 1: its Sneak
# form opens by itself after Delve B; next shows its check page (Sneak x heroes was never
# shown; no pack, so no Card), and next again confirms it.
FIRST_ROUND = [NEXT, NEXT, NEXT, NEXT, NEXT, NEXT, NEXT, SEE, NEXT, NEXT, SEE, NEXT, NEXT, NEXT]


def a_round_with_a_revealed_threat() -> list[dict]:
    """The script of four rounds to a revealed Threat's attack (also counted for cut text)."""
    return [
        *new_game("kreel-manor"),               # 1 hero, Spirit 10/10, standard
        {"turn": "spirit", "steps": -2},        # a card effect: Spirit 10 -> 8
        *FIRST_ROUND, *QUIET_ROUND * 2,
        NEXT, *DELVE, NEXT,                     # round 4: Threat 1 is bumped out of Sneak 1
        {"snap": "reveal"},
        {"turn": "spirit", "steps": 3},         # Fight 3
        {"turn": "menhir", "steps": 3},
        {"turn": "spirit", "steps": 2},         # Spirit Cost 2
        *walk(13),                              # every field shown (no pack: no Card), so select confirms
        {"press": "select"},
        NEXT, NEXT, NEXT,                       # Reveal abilities, Draw, Play
        {"turn": "spirit", "steps": 1},         # Block 1
        {"snap": "block"},
        {"press": "select"},
        {"snap": "after-spirit"},
    ]


def test_a_round_with_a_revealed_threat_and_block(tmp_path):
    lines = a_round_with_a_revealed_threat()
    run = run_script(tmp_path, lines, seed=7)
    assert run.status == 0, run.stderr
    summary = run.state()
    assert summary["game"] == "kreel-manor"
    assert summary["procedure"] == "end" and summary["step"] == "discard"
    state = summary["state"]
    assert state["round"] == 4
    assert state["heroes"][0]["spirit"] == 8 - (2 - 1)
    [threat] = state["threat_area"]
    assert (threat["fight"], threat["spirit_cost"], threat["exhausted"]) == (3, 2, True)
    assert [s is not None for s in state["shadows"]] == [True, True, True]
    for name in ("reveal", "block", "after-spirit"):
        image = Image.open(run.frames / f"{name}-oled.png")
        assert image.size == (128, 64) and image.getbbox() is not None
        assert (run.frames / f"{name}-screen.png").exists()


def test_undo_and_the_journal_survive_a_restart(tmp_path):
    lines = [*new_game("kreel-manor"), {"turn": "spirit", "steps": -3}, {"press": "undo"}]
    first = run_script(tmp_path, lines)
    assert first.status == 0, first.stderr
    summary = first.state()
    # Each detent is one journaled command, so undo takes back one detent.
    assert summary["state"]["heroes"][0]["spirit"] == 8 and summary["seq"] == 2
    # A new service on the same data directory continues the game; redo is a held undo.
    second = run_script(tmp_path, [{"hold": "undo", "seconds": 1.3}], data_dir=first.data_dir)
    assert second.status == 0, second.stderr
    summary = second.state()
    assert summary["state"]["heroes"][0]["spirit"] == 7 and summary["seq"] == 3


def test_spirit_cannot_pass_its_maximum_and_nothing_is_journaled(tmp_path):
    run = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": 2}])
    assert run.status == 0, run.stderr
    summary = run.state()
    assert summary["seq"] == 0 and summary["state"]["heroes"][0]["spirit"] == 10
    assert "Spirit cannot go above 10" in run.stderr
