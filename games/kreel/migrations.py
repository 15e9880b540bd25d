"""Kreel Manor's migrations: an older save brought up to the state's schema
(:data:`games.kreel.state.SCHEMA_VERSION`) one step at a time, so an update never
strands a saved Campaign.
"""

from __future__ import annotations

from games.kreel.state import (
    LOCATIONS,
    new_campaign,
    new_hero,
    new_location,
    new_threat,
    plots_needed,
    starred_values,
    threat_deck_size,
)


def migrate_3_to_4(state: dict) -> dict:
    """Schema 4: a hero may be able to target Shadows (``shadow_reach``, Glossary,
    Shadows); no hero of an older save was. A pack's Threat names the values
    printed with the Multiplayer Symbol (``per_hero``); an older pack named none."""
    for hero in state["heroes"]:
        hero.setdefault("shadow_reach", False)
    if state.get("pack"):
        for card in state["pack"]["threats"].values():
            card.setdefault("per_hero", [])
    return state


def migrate_2_to_3(state: dict) -> dict:
    """Schema 3: ``starred`` is per value (a list), not one flag per Threat; a
    Story knows its hero (``story_of``, unknown for an old save: None); Threats
    returned to the top of the Threat deck (``returned``, none yet)."""
    for threat in [t for t in state["shadows"] if t] + state["threat_area"]:
        threat["starred"] = starred_values(threat, threat["starred"])
        threat.setdefault("story_of", None)
    state.setdefault("returned", [])
    if state.get("pack"):
        for card in state["pack"]["threats"].values():
            card["starred"] = starred_values(card, card["starred"])
    return state


def migrate_1_to_2(state: dict) -> dict:
    """A schema-1 save (the foundation slice) gains the Action Power Track,
    damage tokens, Locations, the Threat deck and the Campaign sheet."""
    variant = state.get("variant", "standard")
    for hero in state["heroes"]:
        fresh = new_hero(1, hero["spirit"], hero["max_spirit"])
        for key, value in fresh.items():
            hero.setdefault(key, value)
        hero["story"] = False
    for threat in [t for t in state["shadows"] if t] + state["threat_area"]:
        for key, value in new_threat(threat["id"]).items():
            threat.setdefault(key, value)
    state["campaign"] = new_campaign(variant, 1)
    state["pack"] = None
    heroes = len(state["heroes"])
    state.update({
        "threat_deck": threat_deck_size(heroes, 1, 0),
        "threat_discard": 0,
        "vengeance": "aside",
        "locations": [new_location(i) for i in range(LOCATIONS + 1)],
        "active_location": 0,
        "adventure": {"number": 1, "foes": 1, "plots": plots_needed(heroes)},
    })
    return state


MIGRATIONS = {1: migrate_1_to_2, 2: migrate_2_to_3, 3: migrate_3_to_4}
