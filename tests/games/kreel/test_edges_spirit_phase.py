"""Edges of the Spirit phase, Block and the Statuses ("5. Spirit Phase" A-C,
"Statuses", Glossary Block X / Exhaust, "Multiplayer Coop Mode" Confront Threats),
written from the rulebook alone (`rules/kreel-manor.md`)."""

import pytest

from tests.games.kreel.helpers import (
    do,
    finish_round,
    new,
    next_until,
    play_threat_phase,
    refused,
    spirit_attack,
    step_id,
    to_spirit,
    with_threats,
)


@pytest.mark.parametrize(("spirit", "cost", "block", "left"), [
    (5, 3, 3, 5), (5, 3, 2, 4), (5, 3, 9, 5), (3, 3, 0, 0), (3, 4, 1, 0), (3, 4, 2, 1)])
def test_block_against_the_total_at_its_edges(spirit, cost, block, left):
    """"5. Spirit Phase" B: "each 1 point of Block prevents 1 point of Spirit damage
    from the total amount of Spirit lost"; C: "If the hero has no Spirit remaining
    they lose the Adventure". Block equal to the attack: nothing lost; more: nothing
    healed; an attack that leaves exactly 0: lost (the Adventure is lost)."""
    state = do(to_spirit(with_threats(new(spirit=spirit), {"spirit_cost": cost})), "block",
               points=block)
    if left == 0:
        assert state["campaign"]["results"][-1]["result"] == "loss"
    else:
        assert state["heroes"][0]["spirit"] == left and state["campaign"]["results"] == []


def test_bold_doubles_before_block():
    """"5. Spirit Phase" A: "'Bold' Threats ... deal double damage"; B: Block comes off
    "the total amount of Spirit lost": Bold 3 -> 6, plus 1, Block 2: 5 lost."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3, "statuses": ["bold"]},
                         {"spirit_cost": 1})
    state = to_spirit(state)
    assert spirit_attack(state) == 7
    assert do(state, "block", points=2)["heroes"][0]["spirit"] == 5


def test_a_second_bold_does_not_stack():
    """"Statuses": "Statuses do not normally stack on the same target, so ... a
    second copy of the same Status is simply ignored": Bold twice doubles once (3 -> 6)."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3})
    state = do(do(state, "status", threat=1, status="bold"), "status", threat=1, status="bold")
    assert spirit_attack(to_spirit(state)) == 6


def test_spirit_cost_0_attacks_for_nothing_and_asks_no_block():
    """"Threats": "Spirit Cost – How much Spirit the hero loses": a Spirit Cost 0
    Threat (most Plots) costs nothing, Bold or not (double 0 is 0)."""
    state = with_threats(new(spirit=10), {"kind": "plot", "influence": 3, "spirit_cost": 0,
                                          "statuses": ["bold"]})
    state = to_spirit(state)
    assert step_id(state) != "spirit.block" and state["heroes"][0]["spirit"] == 10


def test_an_exhausted_bold_threat_keeps_its_bold():
    """Glossary, Exhaust: "Exhausted Threats cannot attack"; "Statuses", Bold ii:
    "The next time this Threat attacks, double its Spirit damage, then discard this
    Status": not attacking, it keeps Bold for its next attack (after the End phase
    reset: 2 x 2 = 4)."""
    state = with_threats(new(spirit=10), {"spirit_cost": 2, "statuses": ["bold"],
                                          "exhausted": True})
    state = to_spirit(state)
    assert spirit_attack(state) == 0 and state["threat_area"][0]["statuses"] == ["bold"]
    state = finish_round(state)
    assert spirit_attack(to_spirit(state)) == 4


def test_a_shielded_hero_fully_blocked_keeps_the_shield():
    """"Statuses", Shield i: "The next time this hero ... is damaged, cancel all of
    that damage and discard this Status"; Block "prevents" the damage: attack 2,
    Block 2, no Spirit lost - the hero was not damaged, Shield stays for the next
    Spirit phase (which then costs nothing)."""
    state = do(with_threats(new(spirit=10), {"spirit_cost": 2}), "hero_status", status="shield",
               action="fight")
    state = do(to_spirit(state), "block", points=2)
    assert state["heroes"][0]["spirit"] == 10 and state["heroes"][0]["statuses"] == ["shield"]
    state = do(to_spirit(finish_round(state)), "block", points=0)
    assert state["heroes"][0]["spirit"] == 10 and state["heroes"][0]["statuses"] == []


def test_a_dazed_threat_cancels_only_its_own_damage():
    """"Statuses", Dazed ii. Threat: "The next time this Threat inflicts Spirit damage,
    cancel that damage and discard this Status": Dazed on the Spirit Cost 3 Threat
    cancels its attack; the other Threat's 2 still lands."""
    state = with_threats(new(spirit=10), {"spirit_cost": 3, "statuses": ["dazed"]},
                         {"spirit_cost": 2})
    state = to_spirit(state)
    assert spirit_attack(state) == 2
    assert do(state, "block", points=0)["threat_area"][0]["statuses"] == []


def test_a_shielded_threat_cancels_one_damage_then_takes_the_next():
    """"Statuses", Shield i: "The next time this hero or Threat is damaged, cancel all
    of that damage and discard this Status": 5 damage cancelled, then 1 lands."""
    state = next_until(with_threats(new(), {"fight": 6, "statuses": ["shield"]}), "play.turn")
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=5)
    assert state["threat_area"][0]["damage"]["fight"] == 0
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=1)
    assert state["threat_area"][0]["damage"]["fight"] == 1


# --- Confront ------------------------------------------------------------------------------


def test_confront_another_after_defeating_the_first():
    """"Multiplayer Coop Mode", Confront Threats: the Hero Threat Area "cannot contain
    more than 1 Confronted Threat at a time. Note: A hero could defeat their
    Confronted Threat, and then Confront another Threat"."""
    state = next_until(with_threats(new(heroes=2), {"fight": 1, "spirit_cost": 1},
                                    {"fight": 3, "spirit_cost": 2}), "play.turn")
    state = do(state, "confront", threat=1)
    refused(state, "confront", threat=2)
    state = do(state, "use", action="fight", target="1 Threat 1")
    state = do(state, "confront", threat=2)
    assert state["threat_area"][0]["confronted_by"] == 0


def test_a_plot_may_be_confronted_a_foe_may_not():
    """"Multiplayer Coop Mode", Confront Threats: "a hero may choose to freely
    Confront a non-Foe Threat ... Foes cannot be Confronted"; a Plot is a Threat
    ("Threats: Foes, Plots, and Threats are all types of Threats")."""
    state = next_until(with_threats(new(heroes=2), {"kind": "foe", "fight": 5},
                                    {"kind": "plot", "influence": 3}), "play.turn")
    refused(state, "confront", threat=1)
    state = do(state, "confront", threat=2)
    assert [t["confronted_by"] for t in state["threat_area"]] == [None, 0]


def test_a_confronted_threat_attacks_its_hero_and_no_one_else():
    """"Multiplayer Coop Mode": "during the Spirit Phase a hero takes Spirit damage from
    all Threats in the shared Threat Area, as well as from any Threats they have
    Confronted"; "a hero takes no damage from Threats Confronted by other heroes".
    Shared 1 + Hero 1's Confronted 3: Hero 1 loses 4, Hero 2 (next round) 1."""
    state = with_threats(new(heroes=2, spirit=10), {"spirit_cost": 1}, {"spirit_cost": 3})
    state = do(next_until(play_threat_phase(state), "play.turn"), "confront", threat=2)
    state = do(state, "next")
    assert spirit_attack(state) == 4
    state = finish_round(do(state, "block", points=0))
    state = to_spirit(state)
    assert state["active_hero"] == 1 and spirit_attack(state) == 1


def test_confront_only_on_the_heros_own_play_phase():
    """"Multiplayer Coop Mode", Confront Threats: "On their turn, at any time during
    the Play phase, a hero may choose to freely Confront": refused in the Spirit
    phase (at its Block prompt)."""
    state = to_spirit(with_threats(new(heroes=2, spirit=10), {"spirit_cost": 1}))
    assert step_id(state) == "spirit.block"
    refused(state, "confront", threat=1)


def test_a_dazed_threat_spent_on_one_hero_attacks_the_next():
    """"Statuses", Dazed ii: "The next time this Threat inflicts Spirit damage, cancel
    that damage and discard this Status"; "6. End Phase" C resets every Threat. With 2
    heroes, the Dazed 3 costs Hero 1 nothing, then attacks Hero 2 for 3."""
    state = to_spirit(with_threats(new(heroes=2, spirit=10),
                                    {"spirit_cost": 3, "statuses": ["dazed"]}))
    assert spirit_attack(state) == 0
    state = to_spirit(finish_round(state))
    assert state["active_hero"] == 1 and spirit_attack(state) == 3
