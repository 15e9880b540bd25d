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
    refused,
    step_id,
    to_spirit,
    with_threats,
)


def test_threats_attack_for_their_spirit_cost():
    """5. Spirit Phase A: lose Spirit equal to each active Threat's Spirit Cost."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2}, {"spirit_cost": 3})
    state = to_spirit(state)
    assert step_id(state) == "spirit.block"
    assert state["procedure"]["data"]["attack"] == 5
    state = do(state, "block", points=0)
    assert state["heroes"][0]["spirit"] == 5
    assert all(t["exhausted"] for t in state["threat_area"])


def test_block_reduces_the_total_not_per_threat():
    """5. Spirit Phase B / Glossary Block X: Block 3 against 2 + 2 saves 3."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2}, {"spirit_cost": 2})
    state = do(to_spirit(state), "block", points=3)
    assert state["heroes"][0]["spirit"] == 9


def test_block_beyond_the_damage_heals_nothing():
    state = with_threats(new(spirit=8), {"spirit_cost": 2})
    state = do(to_spirit(state), "block", points=5)
    assert state["heroes"][0]["spirit"] == 8


def test_exhausted_threats_do_not_attack():
    """Glossary, Exhaust: Exhausted Threats cannot attack."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2}, {"spirit_cost": 4, "exhausted": True})
    state = do(to_spirit(state), "block", points=0)
    assert state["heroes"][0]["spirit"] == 8


def test_bold_threat_deals_double_then_loses_bold():
    """Statuses, Bold ii. Threat: double its Spirit damage, then discard Bold."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3, "statuses": ["bold"]})
    state = to_spirit(state)
    assert state["procedure"]["data"]["attack"] == 6
    state = do(state, "block", points=0)
    assert state["heroes"][0]["spirit"] == 4
    assert state["threat_area"][0]["statuses"] == []


def test_dazed_threat_damage_is_cancelled_once():
    """Statuses, Dazed ii. Threat: cancel that damage and discard Dazed."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3, "statuses": ["dazed"]},
                         {"spirit_cost": 1})
    state = do(to_spirit(state), "block", points=0)
    assert state["heroes"][0]["spirit"] == 9
    assert state["threat_area"][0]["statuses"] == []
    # next round it attacks again
    state = finish_round(state)
    state = do(to_spirit(state), "block", points=0)
    assert state["heroes"][0]["spirit"] == 5


def test_dazed_and_bold_keeps_bold_for_the_next_attack():
    """Dazed: 'next time this Threat would activate, it doesn't' (Statuses), so
    Bold is not spent; the Golden Rule picks the reading worse for the hero."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2, "statuses": ["dazed", "bold"]})
    state = to_spirit(state)
    assert step_id(state) == "end.discard"  # nothing to block
    assert state["threat_area"][0]["statuses"] == ["bold"]


def test_no_block_prompt_when_nothing_attacks():
    state = to_spirit(new())
    assert step_id(state) == "end.discard"


def test_end_phase_resets_exhausted_threats():
    """6. End Phase C: Actions and Threats reset."""
    state = with_threats(new(spirit=10), {"spirit_cost": 1})
    state = finish_round(do(to_spirit(state), "block", points=0))
    assert state["procedure"] is None
    assert state["threat_area"][0]["exhausted"] is False


def test_spirit_zero_loses_the_adventure():
    """5. Spirit Phase C. Wounds / Ending The Game: Spirit 0 is defeat."""
    state = with_threats(new(spirit=3), {"spirit_cost": 5})
    applied = apply(GAME, to_spirit(state), Command("block", {"points": 1}))
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
    state = to_spirit(state)
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
    state = do(to_spirit(state), "block", points=1)
    assert state["heroes"][0]["spirit"] == 10 and state["heroes"][0]["statuses"] == []
    state = do(to_spirit(finish_round(state)), "block", points=1)
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


# --- Stories attack only their own hero ---------------------------------------------------


def test_a_story_attacks_only_its_listed_hero():
    """"Threats", Stories: "Stories affect only their listed hero - heroes may
    not help with, affect, or damage other heroes' Stories". Hero 2's Story
    (Spirit Cost 2) beside a shared Threat (Spirit Cost 1): Hero 1's Spirit
    phase is attacked for 1, Hero 2's for 3."""
    state = with_threats(new(heroes=2, spirit=10),
                         {"kind": "story", "spirit_cost": 2, "fight": 3, "story_of": 1},
                         {"spirit_cost": 1})
    state = to_spirit(state)
    assert state["active_hero"] == 0 and state["procedure"]["data"]["attack"] == 1
    assert not state["threat_area"][0]["exhausted"]  # the Story did not attack
    state = finish_round(do(state, "block", points=0))
    state = to_spirit(state)
    assert state["active_hero"] == 1 and state["procedure"]["data"]["attack"] == 3
    state = do(state, "block", points=0)
    assert [h["spirit"] for h in state["heroes"]] == [9, 7]


def test_the_forecast_counts_only_the_active_heroes_own_story():
    """Stories affect only their listed hero: the Play phase's Cost forecast for
    Hero 1 leaves out Hero 2's Story and counts Hero 1's own."""
    from games.kreel.views import pending_cost

    state = with_threats(new(heroes=2),
                         {"kind": "story", "spirit_cost": 2, "fight": 3, "story_of": 1},
                         {"kind": "story", "spirit_cost": 4, "fight": 3, "story_of": 0})
    assert state["active_hero"] == 0 and pending_cost(state) == 4


def test_a_solo_heroes_story_attacks_them():
    """Solo, the Story's listed hero is the hero: it attacks like any Threat
    ("5. Spirit Phase" A)."""
    state = with_threats(new(spirit=10), {"kind": "story", "spirit_cost": 2, "fight": 3,
                                          "story_of": 0})
    state = to_spirit(state)
    assert state["procedure"]["data"]["attack"] == 2


# --- Heal X and lose X Spirit: as much as possible ----------------------------------------


def _in_play(**options) -> dict:
    return next_until(new(**options), "play.turn")


def test_heal_past_the_maximum_stops_at_it():
    """Glossary, Heal X: "Restore X Spirit to the active hero"; "Heroes": "heroes
    can never heal Spirit beyond their maximum Spirit"; Glossary, Reveal: "If an
    effect can only be partially resolved, resolve as much of that effect as
    possible". Heal 3 at 8/10 gives 10, by the command or by the dial."""
    state = _in_play(spirit=8, max_spirit=10)
    assert do(state, "spirit_effect", amount=3)["heroes"][0]["spirit"] == 10
    assert do(state, "adjust", track="hero1.spirit", delta=3)["heroes"][0]["spirit"] == 10
    assert do(state, "spirit_effect", amount=2)["heroes"][0]["spirit"] == 10  # exactly


def test_heal_at_the_maximum_is_ignored_and_the_dial_stops():
    """Glossary, Reveal: "If an effect cannot be resolved ... that effect is
    ignored": Heal 1 at 10/10 leaves 10. The dial turned against its stop is
    refused, as on every track."""
    state = _in_play(spirit=10, max_spirit=10)
    applied = apply(GAME, state, Command("spirit_effect", {"amount": 1}))
    assert applied.state["heroes"][0]["spirit"] == 10
    assert "ignored" in applied.description
    with pytest.raises(RuleError):
        do(state, "adjust", track="hero1.spirit", delta=1)


def test_heal_goes_to_any_hero_in_coop():
    """"Symbol Explanations": the white Spirit symbol heals "(up to their maximum).
    In the multiplayer game, wherever this symbol occurs it can be used on any
    hero": Heal 4 on Hero 2 at 7/10 gives 10, Hero 1 untouched."""
    state = _in_play(heroes=2, spirit=7)
    state = do(state, "spirit_effect", amount=4, hero=2)
    assert [h["spirit"] for h in state["heroes"]] == [7, 10]


def test_losing_more_spirit_than_left_stops_at_0_and_wounds():
    """Symbol Explanations: the black Spirit symbol "indicates that the active
    hero loses X Spirit"; resolve as much as possible: lose 5 at 3 leaves 0, and
    "The hero immediately loses the Adventure if they run out of Spirit"."""
    for command, params in (("spirit_effect", {"amount": -5}),
                            ("adjust", {"track": "hero1.spirit", "delta": -5})):
        applied = apply(GAME, _in_play(spirit=3), Command(command, params))
        assert "3 \u2192 0" in applied.description or "loses 3 Spirit" in applied.description
        assert applied.state["campaign"]["wounds"] == 1  # Wounded: the Adventure is lost
        assert applied.state["procedure"]["name"] == "game-end"


def test_a_spirit_cost_is_paid_in_full_or_refused():
    """Glossary, Reveal, Exception: "An ability with a cost cannot be activated
    unless that cost is fully paid": a cost of 3 Spirit at 2 is refused; a cost
    of 2 at 2 is paid (0 Spirit: Wounded). A Shield does not cancel a cost (it
    cancels damage, "Statuses", Shield)."""
    state = do(_in_play(spirit=2), "hero_status", status="shield", action="fight")
    err = refused(state, "spirit_effect", amount=-3, cost=True)
    assert err.short == "Cost 3: Spirit 2"
    state = do(state, "spirit_effect", amount=-2, cost=True)
    assert state["campaign"]["wounds"] == 1 and state["procedure"]["name"] == "game-end"


def test_a_shield_cancels_an_abilitys_spirit_damage_once():
    """"Statuses", Shield: "The next time this hero ... is damaged, cancel all of
    that damage and discard this Status instead"; "Symbol Explanations": "some
    Skills and other effects can cause Spirit damage too". Lose 4: cancelled,
    Shield gone; lose 4 again: 6 left."""
    state = do(_in_play(spirit=10), "hero_status", status="shield", action="fight")
    state = do(state, "spirit_effect", amount=-4)
    assert state["heroes"][0]["spirit"] == 10 and state["heroes"][0]["statuses"] == []
    state = do(state, "spirit_effect", amount=-4)
    assert state["heroes"][0]["spirit"] == 6


def test_a_spirit_effect_of_0_is_refused():
    refused(_in_play(), "spirit_effect", amount=0)
