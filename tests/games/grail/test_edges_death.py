"""Edges of "Death and Insanity" (At Death's Door, Death, Allmother's Mercy) and Challenge
mode's "Allmother's Mercy: none", each expected value read from the rulebook alone
(rules/tainted-grail.md)."""

from tests.games.grail.helpers import do, new, refused, standing


def _c(state, i=0):
    return state["characters"][i]


def test_at_death_s_door_in_a_diplomacy_ends_it_for_the_whole_party():
    """"At Death's Door. If your Health falls to 0, attach the 'You Are Dying' card,
    immediately Escape any current Encounter"; "Other Diplomacy rules": "You Are Dying - if
    your Health drops to 0, the 'You Are Dying' card immediately ends the Encounter." At 1
    Health it goes on; at 0 it is over for both."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    state = do(state, "adjust", track="c2.health", delta=-5)
    assert state["encounter"] is not None
    state = do(state, "adjust", track="c2.health", delta=-1)
    assert state["encounter"] is None


def test_single_player_death_ends_the_game():
    """"Death. In single-player, the game ends when your Character dies." """
    assert do(new(), "death", character=1, then="none left")["over"]["result"] == "loss"


def test_a_claimed_character_starts_on_the_lowest_numbered_revealed_location():
    """"If there is an unclaimed Character in the box, you may claim it, do standard Character
    Setup, and place its model in the lowest-numbered revealed Location." With 101 removed
    the lowest revealed is 102; the new Character's tracks are on their starting slots."""
    state = standing(new(2), 104)
    state = do(state, "remove_location", location=101)
    state = do(state, "death", character=1, then="claim")
    c = _c(state)
    assert c["location"] == 102 and not c["dead"]
    assert (c["energy"], c["health"], c["terror"]) == (5, 6, 0)  # the starting slots of new()
    assert state["over"] is None


def test_with_all_four_characters_in_use_a_death_ends_in_failure():
    """"Components Overview": "Character models (Beor, Ailei, Arev, Maggot)"; "Death": "If
    there is an unclaimed Character in the box, you may claim it"; "If all other Characters
    are in use or dead when a Character dies, the game ends in failure." Four players: none
    is left to claim."""
    refused(new(4), "death", character=1, then="claim")


def test_a_co_op_death_declined_plays_on_and_the_last_death_ends_it():
    """"In cooperative mode, death does not end the game"; the Party that has all perished
    has lost (or takes Allmother's Mercy: "If you and your Party perish")."""
    state = do(new(2), "death", character=2, then="decline")
    assert state["over"] is None and _c(state, 1)["dead"]
    assert do(state, "death", character=1, then="decline")["over"]["result"] == "loss"


def test_allmothers_mercy_only_when_the_whole_party_has_perished():
    """"Allmother's Mercy. If you and your Party perish and do not wish to restart, mark
    'Saved by the Goddess' on the Save Sheet and go to Verse 500". One of two dead: not yet;
    the second: Mercy is taken, the Campaign goes on."""
    refused(new(2), "death", character=1, then="mercy")
    state = do(new(2), "death", character=2, then="decline")
    state = do(state, "death", character=1, then="mercy")
    assert "Saved by the Goddess" in state["statuses"] and state["over"] is None


def test_no_mercy_in_challenge_mode():
    """"Challenge Mode": "Allmother's Mercy: none - if you die, the Campaign ends in
    failure." """
    refused(new(mode="challenge"), "death", character=1, then="mercy")
    assert do(new(mode="challenge"), "death", character=1, then="none left")["over"]["result"] == "loss"
