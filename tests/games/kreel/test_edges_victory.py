"""Edges of Victory and the Locations ("Game Objective" Victory, "Locations",
"1. Delve Phase" C-D, "Defeated Locations", "5 Plots + 4 Locations + All Foes
Defeated = Victory!", "Ending The Game", "Multiplayer Coop Mode" Victory), written
from the rulebook alone (`rules/kreel-manor.md`)."""

import copy

import pytest

from tests.games.kreel.helpers import do, finish_round, new, next_until, step_id, with_threats


def _at_adventure_location(state: dict, plots: int, foes: int, sneak: int = 4,
                           tokens: int = 4) -> dict:
    """All four Locations explored; the Adventure Location Active with ``sneak``
    and ``tokens``; ``plots`` Plots and ``foes`` Foes defeated."""
    state = copy.deepcopy(state)
    for loc in state["locations"][:4]:
        loc.update(sneak=3, damage=0, defeated=True)
    state["locations"][4].update(sneak=sneak, damage=tokens)
    state["active_location"] = 4
    state["defeated"] = ([{"id": 90 + i, "name": "P", "kind": "plot"} for i in range(plots)]
                         + [{"id": 80 + i, "name": "F", "kind": "foe"} for i in range(foes)])
    return state


def _delve(state: dict) -> dict:
    """Start the round and run its Delve phase to its end (or into Game End)."""
    for _ in range(10):
        state = do(state, "next") if step_id(state) != "delve.flip" else state
        if step_id(state) in ("delve.effects", "game-end.fables") or state["over"]:
            return state
    raise AssertionError(f"the Delve did not end; at {step_id(state)}")


@pytest.mark.parametrize(("heroes", "plots", "won"), [
    (1, 4, False), (1, 5, True), (2, 5, True), (3, 5, False), (3, 6, True), (4, 5, False),
    (4, 6, True)])
def test_victory_needs_5_plots_or_6_with_3_or_4_heroes(heroes, plots, won):
    """"Game Objective", Victory: "Defeated all 5 Plots (or 6 Plots in a 3-4 hero
    game)"; the other conditions met (no Foes listed, 4 Locations explored)."""
    state = _delve(_at_adventure_location(new(heroes=heroes, foes=0), plots=plots, foes=0))
    assert state["victory"] is won
    assert (step_id(state) == "game-end.fables") is won


@pytest.mark.parametrize(("foes", "defeated", "won"), [(0, 0, True), (1, 0, False), (1, 1, True),
                                                       (3, 2, False), (3, 3, True)])
def test_victory_needs_every_foe_of_the_adventure(foes, defeated, won):
    """"Game Objective", Victory: "Defeated all of the Adventure's Foes"; an
    Adventure listing none needs none; one short of all is no victory."""
    state = _delve(_at_adventure_location(new(foes=foes), plots=5, foes=defeated))
    assert state["victory"] is won


def test_the_adventure_location_keeps_its_tokens_until_the_mission_is_done():
    """"1. Delve Phase" C: "The Adventure Location cannot be defeated until all of
    the Adventure's Plots and Foes have been defeated first. Even if it has damage
    tokens equal to its Sneak, those tokens simply remain until the hero has
    completed their mission." The last Foe defeated in the Play phase: the next
    round's Delve wins."""
    state = _delve(_at_adventure_location(new(foes=1), plots=5, foes=0))
    assert not state["victory"] and state["locations"][4]["damage"] == 4
    assert not state["locations"][4]["defeated"]
    state = next_until(with_threats(state, {"kind": "foe", "fight": 2}), "play.turn")
    foe = state["threat_area"][-1]
    state = do(state, "defeat", threat=foe["id"])
    state = finish_round(state)
    assert not state["victory"]  # not until the Delve
    state = _delve(state)
    assert state["victory"]


@pytest.mark.parametrize(("tokens", "won"), [(3, False), (4, True)])
def test_the_adventure_location_falls_at_tokens_equal_to_its_sneak(tokens, won):
    """"1. Delve Phase" C: "If the Active Location has Sneak damage tokens equal to
    or greater than its Sneak value ... the Location is defeated"; D: "If the
    Adventure Location is successfully defeated, the hero is now victorious!"
    Sneak 4: 4 tokens win, 3 do not."""
    state = _delve(_at_adventure_location(new(foes=0), plots=5, foes=0, sneak=4, tokens=tokens))
    assert state["victory"] is won


def test_threats_left_in_play_do_not_stop_victory():
    """"Game Objective", Victory: "Defeated all of the Adventure's Foes (even if
    other Threats remain in play)"."""
    state = with_threats(_at_adventure_location(new(foes=0), plots=5, foes=0),
                         {"fight": 3, "spirit_cost": 2}, {"influence": 2, "spirit_cost": 1})
    state = _delve(state)
    assert state["victory"] and len(state["threat_area"]) == 2


def test_all_done_but_out_of_spirit_before_the_next_round_is_a_loss():
    """"5 Plots + 4 Locations + All Foes Defeated = Victory!": "they are in a
    position to win – they just need to survive until the start of the next round
    to escape to victory!"; "Game Objective", Defeat: "The hero immediately loses
    the Adventure if they run out of Spirit". Everything done in the Play phase,
    then the Spirit phase takes the last Spirit: the Adventure is lost."""
    state = next_until(with_threats(new(spirit=2, foes=0), {"fight": 5, "spirit_cost": 3}),
                       "play.turn")
    state = _at_adventure_location(state, plots=5, foes=0)
    state = do(state, "next")  # Play -> Spirit: attack 3
    state = do(state, "block", points=0)
    assert not state["victory"]
    assert state["campaign"]["results"][-1]["result"] == "loss"


def test_a_team_victory_is_recorded_once_for_the_team():
    """"Multiplayer Coop Mode", Victory: "If the heroes win, following the normal
    win conditions, everyone wins as a team" - with 2 heroes, 5 Plots (not 6)."""
    state = _delve(_at_adventure_location(new(heroes=2, foes=1), plots=5, foes=1))
    assert state["victory"]
    assert state["campaign"]["results"] == [{"adventure": 1, "result": "win", "rounds": 1}]


# --- Locations ---------------------------------------------------------------------------


def _explored(tokens: int, sneak: int = 3) -> dict:
    """Round 1's Play phase: Location 1 Active with Sneak ``sneak`` and ``tokens``."""
    state = next_until(new(), "delve.flip")
    state = next_until(do(state, "location", sneak=sneak), "play.turn")
    return do(state, "damage", target="explore", value="sneak", amount=tokens) if tokens else state


@pytest.mark.parametrize(("tokens", "defeated"), [(2, False), (3, True)])
def test_a_location_falls_at_tokens_equal_to_its_sneak_in_the_next_delve(tokens, defeated):
    """"1. Delve Phase" C: "If the Active Location has Sneak damage tokens equal to
    or greater than its Sneak value, discard them: the Location is defeated ... The
    next Location is flipped face-up". Sneak 3: 3 tokens, yes; 2, no (they stay)."""
    state = _explored(tokens, sneak=3)
    assert not state["locations"][0]["defeated"]  # "Defeated Locations": only in the Delve
    state = next_until(finish_round(state), "delve.effects" if not defeated else "delve.flip")
    assert state["locations"][0]["defeated"] is defeated
    assert state["active_location"] == (1 if defeated else 0)
    assert state["locations"][0]["damage"] == (0 if defeated else tokens)


def test_only_one_location_falls_per_round():
    """"Defeated Locations": "Only one Location can be defeated per round. So when
    an Active Location is defeated, unlike a Threat, it remains in play until the
    next round's Delve Phase." The new Location flipped in that Delve starts with
    no tokens, and the one defeated is the only one that round."""
    state = next_until(finish_round(_explored(3)), "delve.flip")
    state = next_until(do(state, "location", sneak=2), "play.turn")
    assert [loc["defeated"] for loc in state["locations"]] == [True, False, False, False, False]
    assert state["active_location"] == 1 and state["locations"][1]["damage"] == 0


def test_a_location_holds_no_more_sneak_tokens_than_its_sneak():
    """"Damage Tokens": "A target cannot hold damage tokens exceeding any of its
    Threat values ... any excess damage tokens are discarded": Sneak 3 dealt 5 holds 3."""
    state = _explored(5, sneak=3)
    assert state["locations"][0]["damage"] == 3


def test_the_fifth_location_is_the_adventure_location():
    """"1. Delve Phase" C: "The final Location is always the Adventure Location";
    "Game Objective": "Explored all 4 Locations". Location 4 defeated makes the
    Adventure Location (the fifth) Active."""
    state = copy.deepcopy(next_until(new(), "play.turn"))
    for loc in state["locations"][:3]:
        loc.update(sneak=3, defeated=True)
    state["locations"][3].update(sneak=2, damage=2)
    state["active_location"] = 3
    state = next_until(finish_round(state), "delve.flip")
    assert state["active_location"] == 4 and state["locations"][4]["adventure"]
    assert not state["victory"]


def test_six_plots_still_needed_when_one_of_three_heroes_is_out():
    """"Game Objective", Victory: "Defeated all 5 Plots (or 6 Plots in a 3-4 hero
    game)"; "Multiplayer Coop Mode", Victory: "following the normal win conditions".
    Three heroes started, Hero 3 Pressed On without: it is still a 3 hero game, and 5
    Plots do not win."""
    state = next_until(new(heroes=3, foes=0), "play.turn")
    state = do(do(state, "correct", track="hero3.spirit", value=0), "press_on", choice="press on")
    state = finish_round(state)
    assert not _delve(_at_adventure_location(state, plots=5, foes=0))["victory"]
    assert _delve(_at_adventure_location(state, plots=6, foes=0))["victory"]
