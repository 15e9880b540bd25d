"""Tainted Grail's rounds of Actions and the Save Sheet through the simulated
box's controls alone (rules/tainted-grail.md, "II) During the Day";
"Statuses and Save Sheet"; "Events, Quests, and Tasks")."""

from tests.acceptance.harness import SEE, action, new_game, run_script, walk

NEXT = {"press": "next"}
SELECT = {"press": "select"}
BACK = {"press": "back"}
PUSH = {"press": "spirit_push"}
SETUP = [NEXT, NEXT]
TWO = [{"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1}]  # Characters: 2
KEYS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # the text keys from A on (app/forms.py)


def item(name: str) -> list[dict]:
    """The action menu's ``name``: its place never changes (unavailable items are marked)."""
    return [SELECT, {"turn": "menhir", "steps": action("tainted-grail", name)}, SELECT]


# Explore's form (Character, With the Party here, Paid by): shown field by field, confirmed.
CONFIRM_EXPLORE = [*walk(3), SELECT]


def typed(word: str) -> list[dict]:
    """The Spirit dial turned from key to key and pushed, from "A"."""
    lines, at = [], 1
    for letter in word.upper():
        to = KEYS.index(letter)
        lines += ([{"turn": "spirit", "steps": to - at}] if to != at else []) + [PUSH]
        at = to
    return lines


def test_one_action_each_round_in_character_number_order_and_a_typed_status(tmp_path):
    lines = new_game("tainted-grail", TWO) + SETUP
    # Round 1: Explore, the form on Character 1 (whose turn); then on Character 2, whose
    # Explore's second result is the next round.
    lines += item("explore") + CONFIRM_EXPLORE + item("explore") + CONFIRM_EXPLORE + [SEE]
    # Round 2: Character 1 explores; the form then starts on Character 2, and the dial
    # turned back does not offer Character 1 (acted this round: issue 25, forms offer only
    # what commit takes); the form closed with back.
    lines += item("explore") + CONFIRM_EXPLORE
    lines += item("explore") + [{"turn": "spirit", "steps": -1}, {"snap": "acted"}, BACK]
    # Mark a Status: "other (type it)", the next field typed "Mill".
    lines += item("status") + [{"turn": "menhir", "steps": 1}] + typed("Mill") + [SELECT]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    out = run.state()["state"]
    assert [c["energy"] for c in out["characters"]] == [3, 4]
    assert (out["round"], out["acted"]) == (2, [0])
    assert out["statuses"] == ["Mill"]
