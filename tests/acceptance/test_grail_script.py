"""Tainted Grail played through the simulated box's controls alone: three days,
the first Menhir's Dial set by the dials and going dark, the map shrinking and a
Character caught in a vanishing Location (rules/tainted-grail.md, "Playing the
Game" and "Menhirs and Wyrdness")."""

from tests.acceptance.harness import SEE, action, new_game, run_script, walk

GAME = "tainted-grail"
NEXT = {"press": "next"}
SELECT = {"press": "select"}
# Campaign Setup's reminders: the Tiles' Attributes and Resources, the Chapter I Setup card.
SETUP = [NEXT, NEXT]

# The action menu keeps its items in place (those not possible now marked).
ACTIVATE = action(GAME, "activate")


def travel(choice: int) -> list[dict]:
    """Travel: the "Travel to" field turned ``choice`` steps on, the four fields shown, confirmed;
    its second result (alone, the Character's round ends: "Round 2: everyone may act again") read."""
    turn = [{"turn": "spirit", "steps": choice}] if choice else []
    return [SELECT, {"turn": "menhir", "steps": action(GAME, "travel")}, SELECT,
            {"turn": "menhir", "steps": 1}, *turn, *walk(4), SELECT, SEE]


def end_of_day() -> list[dict]:
    """Next at "Character 1's turn" ends the day for everyone: asked once, yes; End of Day
    effects; Rest (form: no Food, two results: the rest, the Energy); Energy; advance; decks; dreams."""
    return [NEXT, NEXT, NEXT, SELECT, SEE, NEXT, NEXT, NEXT, NEXT]


def three_days() -> list[dict]:
    """The script of three days, a Menhir going dark (also counted for cut text)."""
    lines = new_game("tainted-grail") + SETUP
    # The Menhir dial focuses Menhir 101's Dial (after Energy, Health, Terror);
    # the Spirit dial turns its 8 days down to 1.
    lines += [{"turn": "menhir", "steps": 3}, {"turn": "spirit", "steps": -7}]
    # Travel to 104 (the form's "Travel to" offers 102, 103, 104, 105: two steps on),
    # activate its Menhir for 3 days there (location field +3: 101 -> 104), travel
    # back to 101 (the only Location joined to 104) and on to 103.
    lines += travel(2)
    lines += [SELECT, {"turn": "menhir", "steps": ACTIVATE}, SELECT,
              {"turn": "spirit", "steps": 3}, *walk(7), SELECT]
    lines += travel(0) + travel(1)
    lines += [{"snap": "day1"}]
    # Day 1 ends; Start of Day 2: Menhir Dials (101's at 1 is removed, 104's goes to 2),
    # Time Dials, the Event.
    lines += end_of_day() + [NEXT, NEXT, NEXT, NEXT]
    lines += [{"snap": "day2"}]
    # Day 2 ends; Start of Day 3: 101 goes dark, 103 vanishes and the Character moves.
    lines += end_of_day() + [NEXT, NEXT, {"snap": "wyrdness"}, SEE, SEE, NEXT, NEXT, NEXT, NEXT]
    return lines


def test_three_days_a_menhir_goes_dark_and_the_map_shrinks(tmp_path):
    lines = three_days()
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    out = run.state()
    assert out["game"] == "tainted-grail"
    assert (out["procedure"], out["step"]) == ("day", "actions")
    state = out["state"]
    assert state["day"] == 3
    assert state["menhirs"] == [{"location": 104, "dial": 1}]
    assert 103 in state["removed_locations"]
    c = state["characters"][0]
    # Three Travels cost 3 Energy on day 1 (restored); caught on 103: -2 Health, +2 Terror,
    # moved to 101.
    assert c["location"] == 101
    assert (c["health"], c["terror"]) == (4, 2)
    assert (tmp_path / "frames" / "wyrdness-screen.png").exists()


GUARDIAN = action(GAME, "guardian")  # "A Guardian roams"


def test_the_guardian_die_from_the_tray_moves_a_guardian_onto_the_party(tmp_path):
    """"I) Start of the Day: Move Guardians" with the tray: the prompt arms it for
    one Guardian die; a roll of the wrong kind is refused and the prompt stays;
    South moves the Guardian from 102 onto 101 and starts its Encounter."""
    lines = new_game("tainted-grail") + SETUP
    # A Guardian roams from 102: location field 101 -> 102.
    lines += [SELECT, {"turn": "menhir", "steps": GUARDIAN}, SELECT, {"turn": "spirit", "steps": 1}, SELECT]
    lines += end_of_day() + [NEXT, NEXT, NEXT]  # Start of Day 2: effects, Menhir Dials, Time Dials
    lines += [{"dice": [{"kind": "d6", "face": 3}]}]  # refused: not the Guardian die
    lines += [{"dice": [{"kind": "guardian", "face": "South"}]}]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    out = run.state()
    assert (out["procedure"], out["step"]) == ("start-of-day", "guardian_fight")
    assert out["state"]["guardians"][0]["location"] == 101


COMBAT = action(GAME, "combat")  # "Combat"
ESCAPE = action(GAME, "escape")  # "Escape encounter"


def test_challenge_escape_tosses_the_dial_on_the_tray(tmp_path):
    """"Challenge Mode", Escaping Combat: Escape (1 Energy, the Opportunity attack
    entered from the card: 1 Damage), then a Dial toss at its own prompt with the
    tray armed for one `dial`; a d6 is refused and the prompt stays; Grail escapes
    and the day resumes."""
    lines = new_game("tainted-grail", [{"turn": "spirit", "steps": 2}])  # mode: challenge
    lines += SETUP + [NEXT]  # and Challenge mode's own setup reminder
    # Combat: Opportunity Damage is the 7th field (after Character, Party, Value, two Traits, Guardian).
    lines += [SELECT, {"turn": "menhir", "steps": COMBAT}, SELECT,
              {"turn": "menhir", "steps": 6}, {"turn": "spirit", "steps": 1}, *walk(8), SELECT,
              SEE]  # the Combat's second result
    lines += [SELECT, {"turn": "menhir", "steps": ESCAPE}, SELECT, SELECT]  # Escape: Character 1
    lines += [{"snap": "toss"}, {"dice": [{"kind": "d6", "face": 6}]}]
    lines += [{"dice": [{"kind": "dial", "face": "Grail"}]}]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    out = run.state()
    assert (out["procedure"], out["step"]) == ("day", "actions")
    state = out["state"]
    assert state["mode"] == "challenge"
    assert state["encounter"] is None and state["last_encounter"]["result"] == "escaped"
    c = state["characters"][0]
    assert (c["energy"], c["health"]) == (4, 5)
