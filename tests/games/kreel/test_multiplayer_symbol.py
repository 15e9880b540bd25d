"""The Multiplayer Symbol on Threats and Foes.

"Game Objective", Multiplayer Symbol: "Wherever this symbol is seen next to a
value, multiply the listed value by the number of heroes who started the
Adventure." "Multiplayer Coop Mode": "Note: Locations and Foes scale up with
multiple heroes."
"""

import copy

import pytest

from games.core import Command, RuleError, apply
from games.kreel import pack
from tests.games.kreel.helpers import GAME, do, new, next_until
from tests.games.packs import assert_problem

PACK = '''
name = "scaling"

[threats."Goblin Chief"]
kind = "foe"
fight = 6
sneak = 6
starred = true
spirit_cost = 2
spirit_boost = 2
per_hero = true

[threats."Ghoul Lord"]
kind = "foe"
fight = 5
spirit_cost = 1
spirit_boost = 3
per_hero = ["fight", "spirit_cost"]

[threats."Rat"]
fight = 2
spirit_cost = 1
'''


def _at_reveal(heroes: int, toml: str | None = None) -> dict:
    """The reveal prompt of the 4th Threat added (Threat 1 bumped out of Sneak 1)."""
    state = new(heroes=heroes)
    if toml:
        state = do(state, "load_pack", toml=toml)
    return next_until(do(state, "add_threat", count=4), "add-threat.reveal")


def _revealed(state: dict) -> dict:
    return next(t for t in state["threat_area"] if t["id"] == 1)


def test_multiplayer_symbol_scales_a_foe_entered_by_values():
    """Multiplayer Symbol: a Foe's Fight 6* / Sneak 6* with the symbol, 2 heroes:
    Fight 12, Sneak 12; its Spirit values stay as printed."""
    state = do(_at_reveal(2), "reveal", kind="foe", fight=6, sneak=6, starred=True,
               spirit_cost=2, spirit_boost=2, per_hero=True)
    foe = _revealed(state)
    assert (foe["fight"], foe["sneak"], foe["influence"]) == (12, 12, 0)
    assert (foe["spirit_cost"], foe["spirit_boost"]) == (2, 2)
    assert foe["starred"] == ["fight", "sneak"]


def test_multiplayer_symbol_solo_changes_nothing():
    """Multiplayer Symbol: multiplied by 1 hero, the value is as printed."""
    state = do(_at_reveal(1), "reveal", kind="foe", fight=6, per_hero=True)
    assert _revealed(state)["fight"] == 6


def test_multiplayer_symbol_from_the_pack():
    """A pack's Threat says where the symbol stands: ``per_hero = true`` (its
    Threat values) or a list; 3 heroes started the Adventure."""
    state = do(_at_reveal(3, PACK), "reveal", card="Goblin Chief")
    chief = _revealed(state)
    assert (chief["fight"], chief["sneak"], chief["spirit_cost"]) == (18, 18, 2)
    state = do(_at_reveal(3, PACK), "reveal", card="Ghoul Lord")
    lord = _revealed(state)
    assert (lord["fight"], lord["spirit_cost"], lord["spirit_boost"]) == (15, 3, 3)
    state = do(_at_reveal(3, PACK), "reveal", card="Rat")
    assert _revealed(state)["fight"] == 2


def test_multiplayer_symbol_counts_the_heroes_who_started():
    """Multiplayer Symbol: "the number of heroes who started the Adventure": a
    hero the team Pressed On without still counts ("Pressing On")."""
    state = _at_reveal(2)
    state = copy.deepcopy(state)
    state["heroes"][1]["out"] = True  # Pressed On without Hero 2
    state = do(state, "reveal", fight=4, per_hero=True)
    assert _revealed(state)["fight"] == 8


def test_multiplayer_symbol_pack_key_is_checked():
    """A pack's ``per_hero`` names only values the card has; anything else is
    refused with the key named, and a refused pack changes nothing."""
    data = pack.parse(PACK)
    assert data["threats"]["Goblin Chief"]["per_hero"] == ["fight", "sneak"]
    assert data["threats"]["Ghoul Lord"]["per_hero"] == ["fight", "spirit_cost"]
    assert data["threats"]["Rat"]["per_hero"] == []
    for bad in ('per_hero = ["influence"]', 'per_hero = "yes"', 'per_hero = ["overkill"]'):
        assert_problem(pack.parse, f'[threats."X"]\nfight = 2\n{bad}', 'threats."X".per_hero')
    state = new()
    with pytest.raises(RuleError):
        apply(GAME, state, Command("load_pack", {"toml": '[threats."X"]\nper_hero = 1'}))
    assert state["pack"] is None
