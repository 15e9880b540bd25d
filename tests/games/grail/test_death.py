"""Death and Insanity: a Character's death ends the single-player Campaign, a
co-op party claims a new Character or plays on, Allmother's Mercy; after the
end in failure nothing is played, only corrected."""

import copy

import pytest

from games.core import RuleError
from tests.games.grail.helpers import GAME, do, edit, new, refused


def _c(state, i=0):
    return state["characters"][i]


def test_death_single_player_ends_the_campaign_in_failure():
    state = do(new(), "death", character=1, then="none left")
    assert state["over"]["result"] == "loss"


def test_death_coop_claim_a_new_character_on_the_lowest_numbered_location():
    state = edit(new(2), lambda s: s["characters"][0].update(location=104))
    state = do(state, "death", character=1, then="claim")
    c = _c(state)
    assert not c["dead"] and c["location"] == 101 and c["health"] == c["health_start"]
    assert state["over"] is None


def test_death_coop_none_left_ends_in_failure_decline_plays_on():
    assert do(new(2), "death", character=1, then="none left")["over"]["result"] == "loss"
    state = do(new(2), "death", character=1, then="decline")
    assert state["over"] is None and _c(state)["dead"]


def test_allmothers_mercy_but_not_in_challenge_mode():
    state = do(new(), "death", character=1, then="mercy")
    assert "Saved by the Goddess" in state["statuses"]
    assert state["over"] is None
    with pytest.raises(RuleError):
        do(new(mode="challenge"), "death", character=1, then="mercy")
    with pytest.raises(RuleError):  # the party has not perished
        do(new(2), "death", character=1, then="mercy")


def _offered(state):
    """The action menu's commands (app/controller.py lists the same)."""
    return [s.name for s in GAME.commands if s.menu and not s.prompt_only and s.available(state)]


def test_after_the_campaign_ends_in_failure_no_action_is_offered_or_accepted():
    """"Death and Insanity", Death: "In single-player, the game ends when your
    Character dies" - "the game ends in failure". Nothing is played after it."""
    assert _offered(new()) != []
    for lost in (do(new(), "death", character=1, then="none left"),
                 do(new(2), "death", character=1, then="none left")):
        assert lost["over"]["result"] == "loss"
        assert _offered(lost) == []
        for name, params in (("travel", {"character": 2, "direction": "north"}), ("next", {}),
                             ("quest", {"quest": "The Wyrd"}), ("adjust", {"track": "c2.food", "delta": 1})):
            before = copy.deepcopy(lost)
            with pytest.raises(RuleError, match="no game action"):
                do(lost, name, **params)
            assert lost == before


def test_a_correction_after_the_campaign_ends_works_and_keeps_the_quest_list():
    """After "the game ends in failure" a tracked value can still be corrected
    ("effects on cards take precedence"); the Active Quests stay one list
    ("Events, Quests, and Tasks"), never an invariant error."""
    lost = do(new(), "death", character=1, then="none left")
    state = do(lost, "correct", track="quests", value=1)
    assert (state["quests"], state["quest_list"]) == (1, ["Quest 1"])
    assert state["over"] == lost["over"] and state["procedure"] is None
    with pytest.raises(RuleError, match="cannot go above"):
        do(lost, "correct", track="quests", value=100)


@pytest.mark.parametrize("players, claims", [(2, 2), (3, 1), (4, 0)])
def test_a_character_can_be_claimed_while_one_of_the_box_four_is_unclaimed(players, claims):
    """"Components Overview": "Character models (Beor, Ailei, Arev, Maggot)"; "Death": "If
    there is an unclaimed Character in the box, you may claim it"; "If all other Characters
    are in use or dead when a Character dies, the game ends in failure." Two players may
    claim twice (the same seat dying twice too), three once, four never; then only "none
    left" (failure) or declining remains."""
    state = new(players)
    for _ in range(claims):
        state = do(state, "death", character=2, then="claim")
    err = refused(state, "death", character=2, then="claim")
    assert err.short == "No Character unclaimed"
    assert do(state, "death", character=2, then="none left")["over"]["result"] == "loss"
