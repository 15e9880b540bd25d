"""The "5. Spirit Phase": Attacks, Block, Wounds; and defeating Threats."""

import pytest

from games.core import Command, RuleError, apply
from tests.games.kreel.helpers import (
    GAME,
    do,
    finish_round,
    new,
    next_until,
    play_threat_phase,
    step_id,
    with_threats,
)


def _to_spirit(state: dict) -> dict:
    """Run the round up to the Block prompt (or past it when nothing attacks)."""
    state = play_threat_phase(state)
    state = do(state, "next")  # Draw
    return do(state, "next")  # Play: the Spirit phase's attacks run at once


def test_threats_attack_for_their_spirit_cost():
    """5. Spirit Phase A: lose Spirit equal to each active Threat's Spirit Cost."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2}, {"spirit_cost": 3})
    state = _to_spirit(state)
    assert step_id(state) == "spirit.block"
    assert state["procedure"]["data"]["attack"] == 5
    state = do(state, "block", points=0)
    assert state["heroes"][0]["spirit"] == 5
    assert all(t["exhausted"] for t in state["threat_area"])


def test_block_reduces_the_total_not_per_threat():
    """5. Spirit Phase B / Glossary Block X: Block 3 against 2 + 2 saves 3."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2}, {"spirit_cost": 2})
    state = do(_to_spirit(state), "block", points=3)
    assert state["heroes"][0]["spirit"] == 9


def test_block_beyond_the_damage_heals_nothing():
    state = with_threats(new(spirit=8), {"spirit_cost": 2})
    state = do(_to_spirit(state), "block", points=5)
    assert state["heroes"][0]["spirit"] == 8


def test_exhausted_threats_do_not_attack():
    """Glossary, Exhaust: Exhausted Threats cannot attack."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2}, {"spirit_cost": 4, "exhausted": True})
    state = do(_to_spirit(state), "block", points=0)
    assert state["heroes"][0]["spirit"] == 8


def test_bold_threat_deals_double_then_loses_bold():
    """Statuses, Bold ii. Threat: double its Spirit damage, then discard Bold."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3, "statuses": ["bold"]})
    state = _to_spirit(state)
    assert state["procedure"]["data"]["attack"] == 6
    state = do(state, "block", points=0)
    assert state["heroes"][0]["spirit"] == 4
    assert state["threat_area"][0]["statuses"] == []


def test_dazed_threat_damage_is_cancelled_once():
    """Statuses, Dazed ii. Threat: cancel that damage and discard Dazed."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3, "statuses": ["dazed"]},
                         {"spirit_cost": 1})
    state = do(_to_spirit(state), "block", points=0)
    assert state["heroes"][0]["spirit"] == 9
    assert state["threat_area"][0]["statuses"] == []
    # next round it attacks again
    state = finish_round(state)
    state = do(_to_spirit(state), "block", points=0)
    assert state["heroes"][0]["spirit"] == 5


def test_dazed_and_bold_keeps_bold_for_the_next_attack():
    """Dazed: 'next time this Threat would activate, it doesn't' (Statuses), so
    Bold is not spent; the Golden Rule picks the reading worse for the hero."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2, "statuses": ["dazed", "bold"]})
    state = _to_spirit(state)
    assert step_id(state) == "end.discard"  # nothing to block
    assert state["threat_area"][0]["statuses"] == ["bold"]


def test_no_block_prompt_when_nothing_attacks():
    state = _to_spirit(new())
    assert step_id(state) == "end.discard"


def test_end_phase_resets_exhausted_threats():
    """6. End Phase C: Actions and Threats reset."""
    state = with_threats(new(spirit=10), {"spirit_cost": 1})
    state = finish_round(do(_to_spirit(state), "block", points=0))
    assert state["procedure"] is None
    assert state["threat_area"][0]["exhausted"] is False


def test_spirit_zero_loses_the_adventure():
    """5. Spirit Phase C. Wounds / Ending The Game: Spirit 0 is defeat."""
    state = with_threats(new(spirit=3), {"spirit_cost": 5})
    applied = apply(GAME, _to_spirit(state), Command("block", {"points": 1}))
    assert applied.state["heroes"][0]["spirit"] == 10  # restored for the replay (Game End d)
    assert applied.state["campaign"]["results"] == [{"adventure": 1, "result": "loss",
                                                      "rounds": 1}]
    assert applied.state["campaign"]["wounds"] == 1
    assert step_id(applied.state) == "game-end.wound_cards"
    state = do(applied.state, "next")
    assert step_id(state) == "game-end.next_adventure"
    with pytest.raises(RuleError):
        do(state, "next")


def test_defeat_regains_spirit_boost_up_to_max():
    """Threat Spirit Boost: the Goblin Chief Foe (Spirit Boost 2) gives back 2."""
    state = with_threats(new(spirit=5, max_spirit=10), {"kind": "foe", "spirit_boost": 2})
    state = do(state, "defeat", threat=1)
    assert state["threat_area"] == []
    assert state["heroes"][0]["spirit"] == 7
    assert state["defeated"] == [{"id": 1, "name": "Threat 1", "kind": "foe"}]
    state = with_threats(new(spirit=9, max_spirit=10), {"spirit_boost": 2})
    assert do(state, "defeat", threat=1)["heroes"][0]["spirit"] == 10


def test_discard_gives_no_spirit_boost():
    """Glossary, Discard: no Defeat or Spirit Boost effects."""
    state = with_threats(new(spirit=5), {"spirit_boost": 2})
    state = do(state, "discard", threat=1)
    assert state["threat_area"] == [] and state["heroes"][0]["spirit"] == 5


def test_status_commands_set_and_clear():
    state = with_threats(new(), {"spirit_cost": 1})
    state = do(state, "status", threat=1, status="dazed")
    state = do(state, "status", threat=1, status="dazed")  # a second copy is ignored
    assert state["threat_area"][0]["statuses"] == ["dazed"]
    state = do(state, "status", threat=1, status="dazed", on=False)
    assert state["threat_area"][0]["statuses"] == []
    state = do(state, "status", threat=1, status="exhausted")
    assert state["threat_area"][0]["exhausted"] is True


def test_unknown_threat_is_refused():
    with pytest.raises(RuleError) as err:
        do(new(), "defeat", threat=3)
    assert "Threat Area" in err.value.long


def test_multiplayer_each_hero_takes_damage_only_in_their_own_spirit_phase():
    """Multiplayer Coop Mode: heroes take no damage in other heroes' Spirit
    Phases, and none from Threats Confronted by other heroes."""
    state = with_threats(new(heroes=2, spirit=10), {"spirit_cost": 2}, {"spirit_cost": 3})
    state = play_threat_phase(state)
    assert state["active_hero"] == 0
    state = do(state, "next")  # Draw -> Play
    state = do(state, "confront", threat=2)
    state = do(state, "next")
    assert state["procedure"]["data"]["attack"] == 5
    state = finish_round(do(state, "block", points=0))
    assert [h["spirit"] for h in state["heroes"]] == [5, 10]
    # Hero 2's round: the shared Threat 1 only, not Hero 1's Confronted Threat 2
    state = _to_spirit(state)
    assert state["active_hero"] == 1
    assert state["procedure"]["data"]["attack"] == 2
    state = do(state, "block", points=0)
    assert [h["spirit"] for h in state["heroes"]] == [5, 8]


def test_confront_limits():
    """Confront Threats: at most 1, no Foes, only in the Play phase."""
    state = with_threats(new(heroes=2), {"spirit_cost": 1}, {"spirit_cost": 1},
                         {"kind": "foe", "spirit_cost": 1})
    with pytest.raises(RuleError):
        do(state, "confront", threat=1)  # not the Play phase
    state = next_until(play_threat_phase(state), "play.turn")
    with pytest.raises(RuleError):
        do(state, "confront", threat=3)  # a Foe
    state = do(state, "confront", threat=1)
    with pytest.raises(RuleError):
        do(state, "confront", threat=2)  # already one


def test_a_shielded_hero_cancels_the_spirit_phase_damage():
    """Statuses, Shield i. Hero: "The next time this hero ... is damaged, cancel
    all of that damage and discard this Status instead": the Spirit phase's
    loss after Block is cancelled once; the next one is lost."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3})
    state = do(state, "hero_status", status="shield", action="fight")
    state = do(_to_spirit(state), "block", points=1)
    assert state["heroes"][0]["spirit"] == 10 and state["heroes"][0]["statuses"] == []
    state = do(_to_spirit(finish_round(state)), "block", points=1)
    assert state["heroes"][0]["spirit"] == 8


def test_a_hero_may_target_a_threat_in_another_heroes_threat_area():
    """Multiplayer Coop Mode: "They may Confront and target any Threats with
    Actions and abilities anywhere in the Shared Threat Area, or even in another
    hero's Threat Area": Hero 2 Engages the Threat Hero 1 Confronted."""
    state = with_threats(new(heroes=2), {"fight": 2, "spirit_cost": 1})
    state = next_until(play_threat_phase(state), "play.turn")
    state = do(state, "confront", threat=1)
    state = next_until(finish_round(state), "play.turn")
    assert state["active_hero"] == 1
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert state["threat_area"] == [] and state["defeated"][0]["id"] == 1
