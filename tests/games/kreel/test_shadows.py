"""Glossary, Shadows: who may target a Threat in the Shadows, and what then.

"Heroes cannot target Shadows with Actions, abilities, or even Location
abilities unless otherwise stated (e.g. the Night Raven's Starless Longbow
totally removes this restriction). Threats can still target Shadows, and
Location Keywords and Threat abilities that affect Threats also affect Shadows.
Face-down Shadows cannot be dealt damage."
"""

import copy

import pytest

from games.core import Command, RuleError, apply
from tests.games.kreel.helpers import (
    GAME,
    do,
    finish_round,
    new,
    next_until,
    play_round,
    play_threat_phase,
    shadow_ids,
    step_id,
)


def _shadows_full(heroes: int = 1) -> dict:
    """The Play phase with Threats 1, 2, 3 face-down in Sneak 1, 2, 3."""
    state = new(heroes=heroes)
    for _ in range(2):
        state = play_round(state)
    state = next_until(state, "play.turn")
    assert shadow_ids(state["shadows"]) == [1, 2, 3]
    return state


def _face_up(**values) -> dict:
    """Threat 1 face-up in Sneak 1 (a card revealed it), Threats 2 and 3 face-down."""
    values = {"fight": 3, "spirit_cost": 1, "spirit_boost": 2, **values}
    return do(_shadows_full(), "reveal_shadow", shadow=1, **values)


def _choices(state: dict, command: str, param: str) -> tuple[str, ...]:
    spec = next(c for c in GAME.commands if c.name == command)
    return next(p for p in spec.params if p.name == param).choices_from(state)


def _refused(state: dict, name: str, **params) -> RuleError:
    """``name`` is refused and the state is exactly as it was."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(RuleError) as err:
        apply(GAME, state, Command(name, params))
    assert state == snapshot
    return err.value


def test_shadows_threats_can_still_target_shadows():
    """Glossary, Shadows: "Threats can still target Shadows": a Threat's ability
    damages a face-up Shadow and defeats it; it leaves its space, and its Spirit
    Boost goes to the active hero (Glossary, Defeat: "defeated by other Threats
    or abilities (in which case any Defeat effect or Spirit Boost effects target
    the active hero)")."""
    state = do(_face_up(), "damage", target="1 Threat 1 (Sneak 1)", value="fight", amount=2,
               source="threat")
    assert state["shadows"][0]["damage"]["fight"] == 2
    state["heroes"][0]["spirit"] = 5  # the hero has lost some Spirit
    state = do(state, "damage", target="1 Threat 1 (Sneak 1)", value="fight", amount=1,
               source="threat")
    assert shadow_ids(state["shadows"]) == [None, 2, 3]
    assert state["defeated"] == [{"id": 1, "name": "Threat 1", "kind": "threat"}]
    assert state["threat_discard"] == 1
    assert state["heroes"][0]["spirit"] == 7


def test_shadows_heroes_cannot_target_shadows():
    """Glossary, Shadows: "Heroes cannot target Shadows with Actions, abilities,
    or even Location abilities unless otherwise stated"; "Explore/Engage":
    "Engage 1 Threat in the Threat Area (not Shadows)". Every refusal leaves
    the state unchanged."""
    state = _face_up()
    assert not any("Sneak 1" in c for c in _choices(state, "use", "target"))
    err = _refused(state, "use", action="fight", target="1 Threat 1 (Sneak 1)")
    assert err.short == "Heroes cannot target Shadows"
    err = _refused(state, "damage", target="1 Threat 1 (Sneak 1)", value="fight", amount=1)
    assert err.short == "Heroes cannot target Shadows"
    for name, params in (("defeat", {}), ("discard", {}), ("return_threat", {}),
                         ("status", {"status": "bold"}),
                         ("threat_value", {"value": "fight", "amount": 1})):
        err = _refused(state, name, threat=1, **params)
        assert err.short == "Heroes cannot target Shadows", name


def test_shadows_the_starless_longbow_removes_the_restriction():
    """Glossary, Shadows: "the Night Raven's Starless Longbow totally removes
    this restriction": with it (``shadow_reach``) the hero Engages a face-up
    Shadow with a Use and defeats it, and their abilities reach the Shadows."""
    state = do(_face_up(fight=4), "shadow_reach")
    assert state["heroes"][0]["shadow_reach"] is True
    state = do(state, "damage", target="1 Threat 1 (Sneak 1)", value="fight", amount=1)
    state = do(state, "use", action="fight", target="1 Threat 1 (Sneak 1)", bonus=2)
    assert shadow_ids(state["shadows"]) == [None, 2, 3]
    assert [t["id"] for t in state["defeated"]] == [1]
    assert state["heroes"][0]["actions"]["fight"]["used"]
    state = do(state, "shadow_reach", on=False)
    _refused(state, "discard", threat=2)


def test_shadows_face_down_shadows_cannot_be_dealt_damage():
    """Glossary, Shadows: "Face-down Shadows cannot be dealt damage", not even
    by a Threat, nor by a hero with the Starless Longbow; a defeat or a value
    needs the card face-up."""
    state = do(_shadows_full(), "shadow_reach")
    assert "2 Threat 2 (Sneak 2)" not in _choices(state, "damage", "target")
    _refused(state, "damage", target="2 Threat 2", value="fight", amount=1, source="threat")
    err = _refused(state, "defeat", threat=2, source="threat")
    assert err.short == "Shadow is face-down"
    _refused(state, "threat_value", threat=2, value="fight", amount=3)


def test_shadows_a_threat_discards_a_face_down_shadow():
    """Glossary, Discard ("simply placed in their deck's discard pile,
    triggering no Defeat or Spirit Boost effects") of a face-down Shadow by a
    Threat: its space is left empty; nothing is revealed."""
    state = _shadows_full()
    state = do(state, "discard", threat=2, source="threat")
    assert shadow_ids(state["shadows"]) == [1, None, 3]
    assert state["discarded"] == [{"id": 2, "name": "Threat 2", "kind": "threat"}]
    assert state["threat_discard"] == 1 and state["defeated"] == []


def test_shadows_a_shadow_returned_to_the_top_of_the_threat_deck():
    """Glossary, Returned: "A Threat returned to the top of the Threat deck by
    an ability remains face-up, with any tokens remaining on it. It is not
    considered in the Shadows and cannot be targeted." A Shadow returned leaves
    its space; the next Add 1 Threat draws it back into Sneak 3."""
    state = _face_up(fight=4)
    state = do(state, "damage", target="1 Threat 1 (Sneak 1)", value="fight", amount=2,
               source="threat")
    deck = state["threat_deck"]
    state = do(state, "return_threat", threat=1, source="threat")
    assert shadow_ids(state["shadows"]) == [None, 2, 3]
    assert [t["id"] for t in state["returned"]] == [1]
    assert state["threat_deck"] == deck + 1
    _refused(state, "discard", threat=1, source="threat")
    state = next_until(do(state, "add_threat"), "play.turn")
    assert shadow_ids(state["shadows"]) == [2, 3, 1]  # Sneak 1 was empty: nothing revealed
    assert state["threat_area"] == []
    assert state["shadows"][2]["damage"]["fight"] == 2 and state["shadows"][2]["revealed"]


def test_shadows_threat_abilities_also_affect_shadows():
    """Glossary, Shadows: "Threat abilities that affect Threats also affect
    Shadows": a Threat gives a face-down Shadow Shield; when a card reveals it
    (Glossary, Reveal, "Reveal all Shadows") it keeps Shield and gains its own
    'Reveal: Bold' ("Statuses"). Revealing it is not a Use."""
    state = _shadows_full()
    state = do(state, "status", threat=2, status="shield", source="threat")
    assert state["shadows"][1]["statuses"] == ["shield"]
    state = do(state, "reveal_shadow", shadow=2, fight=3, spirit_cost=1, bold=True)
    assert state["shadows"][1]["revealed"]
    assert state["shadows"][1]["statuses"] == ["shield", "bold"]
    assert state["heroes"][0]["uses"] == 0
    _refused(state, "reveal_shadow", shadow=2, fight=1)  # already face-up
    state = do(state, "damage", target="2 Threat 2 (Sneak 2)", value="fight", amount=2,
               source="threat")
    assert state["shadows"][1]["damage"]["fight"] == 0  # Shield cancels the damage
    assert state["shadows"][1]["statuses"] == ["bold"]


def test_shadows_a_damaged_shadow_keeps_its_tokens_in_the_threat_area():
    """A Scouted Shadow damaged by a Threat keeps its tokens when it is bumped
    into the Threat Area ("Damage tokens remain on a target until they are
    removed by an ability or the target is defeated", "Defeated Cards")."""
    state = do(_shadows_full(), "scout", shadow=1, fight=5, spirit_cost=1)
    state = do(state, "damage", target="1 Threat 1 (Sneak 1)", value="fight", amount=3,
               source="threat")
    state = play_threat_phase(finish_round(state))
    assert step_id(state) == "draw.draw"
    assert state["threat_area"][0]["id"] == 1
    assert state["threat_area"][0]["damage"]["fight"] == 3
