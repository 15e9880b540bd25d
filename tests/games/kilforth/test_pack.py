"""Content packs (DESIGN.md "Content packs"): locations dealt onto the map, Race and
Class values for the hero form; bad packs refused with every problem named."""

import pytest

from games.core import new_game
from games.kilforth import pack
from games.kilforth.state import CITY, cell_index

from .helpers import GAME, do, refused, start, step_id

PACK = """
name = "My Kilforth"

[[locations]]
name = "Green Meadows"
terrain = "plains"
cell = "B3"

[[locations]]
name = "Spire Tor"
terrain = "mountain"
gloom_hp = 2

[races.Human]
fight = 2
study = 2
sneak = 2
influence = 3
max_hp = 5
gold = 1

[classes.Warrior]
fight = 1
"""


def _setup(seed: int = 3) -> dict:
    return new_game(GAME, {"heroes": 1, "mode": "solo"}, seed).state


def test_a_pack_deals_its_locations_and_names_them():
    state = do(_setup(), "load_pack", toml=PACK)
    assert state["pack"]["name"] == "My Kilforth"
    assert state["map"][cell_index("B3")]["name"] == "Green Meadows"
    tor = [i for i, c in enumerate(state["map"]) if c["name"] == "Spire Tor"]
    assert len(tor) == 1 and tor[0] not in (CITY, cell_index("B3"))
    assert state["map"][tor[0]]["terrain"] == "mountain" and state["map"][tor[0]]["gloom_hp"] == 2
    assert step_id(state) == "hero"  # the setup prompt is still waiting
    assert any(p.title == "Locations" for p in GAME.view(state).panels)


def test_the_same_seed_deals_the_same_map():
    a = do(_setup(5), "load_pack", toml=PACK)
    b = do(_setup(5), "load_pack", toml=PACK)
    assert a["map"] == b["map"]


def test_a_race_and_class_from_the_pack_give_the_hero_values():
    """"Classes": attribute bonuses add to the values on the hero's Race card."""
    state = do(_setup(), "load_pack", toml=PACK)
    state = do(state, "hero_values", race="Human", hero_class="Warrior")
    hero = state["heroes"][0]
    assert (hero["fight"], hero["influence"], hero["max_hp"], hero["gold"]) == (3, 3, 5, 1)


def test_a_class_without_a_race_is_refused():
    state = do(_setup(), "load_pack", toml=PACK)
    assert "race" in refused(state, "hero_values", hero_class="Warrior").short


@pytest.mark.parametrize("text, problem", [
    ("name = 3\n[races.Elf]\nfight = 1", "name: must be text"),
    ("[[locations]]\nname = 'X'\nterrain = 'swamp'", "terrain: one of"),
    ("[[locations]]\nname = 'X'\nterrain = 'forest'\ncell = 'C3'", "C3 is Sprawl City"),
    ("[races.Elf]\nfight = 2", "races.Elf.study: missing"),
    ("[classes.Rogue]\nsneak = -1", "classes.Rogue.sneak: a whole number"),
    ("colour = 'red'", "unknown top-level key 'colour'"),
    ("[[locations]]\nname = 'X'\nterrain = 'forest'\n[[locations]]\nname = 'X'\nterrain = 'forest'",
     "a second location"),
    ("this is not toml", "not valid TOML"),
])
def test_bad_packs_name_the_problem(text, problem):
    with pytest.raises(pack.PackError) as err:
        pack.parse(text)
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_a_bad_pack_is_refused_and_the_game_goes_on():
    state = _setup()
    err = refused(state, "load_pack", toml="[races.Elf]\nfight = 99")
    assert err.short.startswith("Pack: ") and "races.Elf" in err.long


def test_a_pack_is_loaded_during_setup_only():
    assert "setup" in refused(start(), "load_pack", toml=PACK).short
