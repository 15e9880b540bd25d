"""Tainted Grail's rounds of Actions and the Save Sheet through the simulated
box's controls alone (rules/tainted-grail.md, "II) During the Day";
"Statuses and Save Sheet"; "Events, Quests, and Tasks")."""

from games.core import get_game
from tests.acceptance.harness import new_game, run_script
from tests.games.grail.helpers import do, new

NEXT = {"press": "next"}
SELECT = {"press": "select"}
BACK = {"press": "back"}
PUSH = {"press": "spirit_push"}
SETUP = [NEXT, NEXT]
TWO = [{"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1}]  # Characters: 2
KEYS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # the text keys from A on (device/forms.py)


def menu_index(state: dict, name: str) -> int:
    """Where the action menu lists ``name`` in ``state`` (available menu commands, in order)."""
    specs = [s for s in get_game("tainted-grail").commands
             if s.menu and not s.prompt_only and s.available(state)]
    return [s.name for s in specs].index(name)


def item(index: int) -> list[dict]:
    return [SELECT, {"turn": "menhir", "steps": index}, SELECT] if index else [SELECT, SELECT]


def typed(word: str) -> list[dict]:
    """The Spirit dial turned from key to key and pushed, from "A"."""
    lines, at = [], 1
    for letter in word.upper():
        to = KEYS.index(letter)
        lines += ([{"turn": "spirit", "steps": to - at}] if to != at else []) + [PUSH]
        at = to
    return lines


def test_one_action_each_round_in_character_number_order_and_a_typed_status(tmp_path):
    state = new(2)
    explore = menu_index(state, "explore")
    lines = new_game("tainted-grail", TWO) + SETUP
    # Round 1: Explore, the form on Character 1 (whose turn); then on Character 2.
    lines += item(explore) + [SELECT] + item(explore) + [SELECT]
    # Round 2: Character 1 explores; the form then starts on Character 2, turned back
    # to Character 1: refused (acted this round), the form closed with back.
    lines += item(explore) + [SELECT]
    lines += item(explore) + [{"turn": "spirit", "steps": -1}, SELECT, {"snap": "acted"}, BACK]
    # Mark a Status: "other (type it)", the next field typed "Mill".
    state = do(do(do(state, "explore", character=1), "explore", character=2), "explore", character=1)
    lines += item(menu_index(state, "status")) + [{"turn": "menhir", "steps": 1}] + typed("Mill") + [SELECT]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    out = run.state()["state"]
    assert [c["energy"] for c in out["characters"]] == [3, 4]
    assert (out["round"], out["acted"]) == (2, [0])
    assert out["statuses"] == ["Mill"]
