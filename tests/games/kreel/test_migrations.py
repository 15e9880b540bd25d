"""Older saves brought up to the state's schema (games/kreel/migrations.py)."""

from games.core.engine import migrate
from tests.games.kreel.helpers import GAME, new, with_threats


def test_a_schema_1_save_is_migrated():
    old = new()
    old["schema"] = 1
    for key in ("campaign", "threat_deck", "threat_discard", "vengeance", "locations",
                "active_location", "adventure"):
        del old[key]
    for hero in old["heroes"]:
        for key in list(hero):
            if key not in ("name", "spirit", "max_spirit"):
                del hero[key]
    state = migrate(GAME, old)
    assert state["schema"] == 4 and GAME.invariants(state) == []
    assert state["heroes"][0]["actions"]["sneak"]["slot"] == 3


def test_a_schema_2_save_gets_its_star_values_per_value():
    """Schema 3: a Threat's `starred` flag (all its values *) becomes the list of
    its * values ("Multiple Threat Values with * symbols"); a pack's too."""
    old = with_threats(new(), {"kind": "foe", "fight": 6, "sneak": 6, "starred": True},
                       {"fight": 2, "starred": False})
    old["schema"] = 2
    old["pack"] = {"name": "p", "locations": {}, "groups": {}, "threats": {
        "Chief": {"fight": 6, "influence": 0, "sneak": 6, "spirit_cost": 2, "spirit_boost": 2,
                  "overkill": 1, "kind": "foe", "starred": True, "reveal": [], "group": ""}}}
    state = migrate(GAME, old)
    assert [t["starred"] for t in state["threat_area"]] == [["fight", "sneak"], []]
    assert state["pack"]["threats"]["Chief"]["starred"] == ["fight", "sneak"]
    assert GAME.invariants(state) == []


def test_a_schema_3_save_gets_shadow_reach_and_per_hero():
    """Schema 4: heroes may target Shadows (Glossary, Shadows), none did before;
    a pack's Threats name their Multiplayer Symbol values, none before."""
    old = new()
    old["schema"] = 3
    for hero in old["heroes"]:
        del hero["shadow_reach"]
    old["pack"] = {"name": "p", "locations": {}, "groups": {}, "threats": {
        "Chief": {"fight": 6, "influence": 0, "sneak": 6, "spirit_cost": 2, "spirit_boost": 2,
                  "overkill": 1, "kind": "foe", "starred": ["fight"], "reveal": [], "group": ""}}}
    state = migrate(GAME, old)
    assert state["schema"] == 4 and state["heroes"][0]["shadow_reach"] is False
    assert state["pack"]["threats"]["Chief"]["per_hero"] == []
    assert GAME.invariants(state) == []
