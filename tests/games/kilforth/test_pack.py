"""Content packs (DESIGN.md "Content packs"): locations dealt onto the map, Race and
Class values for the hero form; bad packs refused with every problem named."""

import pytest

from contracts.events import Press
from games.core import new_game
from games.kilforth import pack
from games.kilforth.state import CITY, cell_index
from tests.fixtures.box import controller_with_packs, start_new_game
from tests.games.packs import assert_problem, refuse_then_load

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
    """A new game at Setup's first step, where a pack is loaded (select: the menu)."""
    state = new_game(GAME, {"heroes": 1, "mode": "solo"}, seed).state
    assert step_id(state) == "pack"
    return state


def _heroes(state: dict) -> dict:
    """Past the pack step: the hero form."""
    return do(state, "next")


def test_a_pack_deals_its_locations_and_names_them():
    state = do(_setup(), "load_pack", toml=PACK)
    assert state["pack"]["name"] == "My Kilforth"
    assert state["map"][cell_index("B3")]["name"] == "Green Meadows"
    tor = [i for i, c in enumerate(state["map"]) if c["name"] == "Spire Tor"]
    assert len(tor) == 1 and tor[0] not in (CITY, cell_index("B3"))
    assert state["map"][tor[0]]["terrain"] == "mountain" and state["map"][tor[0]]["gloom_hp"] == 2
    assert step_id(state) == "pack"  # Setup waits; next goes on to the hero form
    assert any(p.title == "Locations" for p in GAME.view(state).panels)


def test_the_same_seed_deals_the_same_map():
    a = do(_setup(5), "load_pack", toml=PACK)
    b = do(_setup(5), "load_pack", toml=PACK)
    assert a["map"] == b["map"]


def test_a_race_and_class_from_the_pack_give_the_hero_values():
    """"Classes": attribute bonuses add to the values on the hero's Race card."""
    state = _heroes(do(_setup(), "load_pack", toml=PACK))
    state = do(state, "hero_values", race="Human", hero_class="Warrior")
    hero = state["heroes"][0]
    assert (hero["fight"], hero["influence"], hero["max_hp"], hero["gold"]) == (3, 3, 5, 1)


def test_a_class_without_a_race_is_refused():
    state = _heroes(do(_setup(), "load_pack", toml=PACK))
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
    # found by fuzzing: a list where a cell name belongs
    ("[[locations]]\nname = 'X'\nterrain = 'forest'\ncell = ['B2']", "cell: a cell A1..E5"),
])
def test_bad_packs_name_the_problem(text, problem):
    assert_problem(pack.parse, text, problem)


def test_a_bad_pack_is_refused_and_the_game_goes_on():
    state = _setup()
    err = refused(state, "load_pack", toml="[races.Elf]\nfight = 99")
    assert err.short.startswith("Pack: ") and "races.Elf" in err.long


def test_a_pack_is_loaded_during_setup_only():
    """"2. Setup", Map: the locations are placed before play; the refusal says where."""
    err = refused(start(), "load_pack", toml=PACK)
    assert err.short == "Packs load at Setup" and "first Setup step" in err.long


def test_one_pack_per_game():
    state = do(_setup(), "load_pack", toml=PACK)
    assert refused(state, "load_pack", toml=PACK).short == "A pack is loaded"


def test_forms_name_the_cells_from_the_pack_and_store_the_cell():
    state = do(_setup(), "load_pack", toml=PACK)
    move = next(c for c in GAME.commands if c.name == "move")
    to = move.resolved_params(state)[0]
    assert to.shown("B3") == "Green Meadows" and to.shown("C3") == "Sprawl City"
    assert to.shown("A1") in ("A1", *(c["name"] for c in state["map"]))
    state = _heroes(state)
    state = do(do(state, "hero_values", race="Human"), "next")
    state = do(state, "move", to="C2")  # stored as the cell id
    assert state["heroes"][0]["cell"] == cell_index("C2")


def test_a_pack_file_loads_through_the_controller(tmp_path):
    """docs/PACKS.md: the device lists <data dir>/packs/gloom-of-kilforth/*.toml in the
    action menu at Setup's pack step and commits load_pack with the file's text."""
    packs = {"mine": PACK, "broken": "[races.Elf]\nfight = 99\n"}
    with controller_with_packs(tmp_path, GAME.id, packs, seed=4) as (controller, journal):
        start_new_game(controller, GAME.title)  # the new-game form as it is: solo, 1 hero
        for _ in range(6):  # its check page, a page at a time (nothing confirmed unseen)
            if journal.active_slot is not None:
                break
            controller.handle(Press("select"))
        assert journal.state()[0]["procedure"]["step"] == 0  # Setup's pack step
        state = refuse_then_load(controller, journal, "broken", "6 problems", "mine")
        assert state["pack"]["name"] == "My Kilforth"
        assert state["map"][cell_index("B3")]["name"] == "Green Meadows"
        controller.handle(Press("next"))  # on to the hero form, which offers the pack's races
        form = controller.frame().form
        assert form is not None and any(f.label == "Pack race" for f in form.fields)


CARDS = PACK + """
[[night]]
name = "Howling Gale"
location = "Spire Tor"
type = "weather"

[[night]]
name = "Bandit Ambush"
location = "B3"
type = "enemy"
fight = 3
hp = 2
gold = 2

[[encounters]]
name = "Kobold"
type = "enemy"
terrain = "plains"
fight = 2
sneak = 1
hp = 2
gold = 1

[[encounters]]
name = "Hermit"
type = "stranger"
terrain = "mountain"
influence = 2

[[ancients]]
name = "Abbess of Penance"
location = "Spire Tor"
fight = 6
hp = 10
gold = 10
plot_terrain = "badlands"
"""


def _card(spec, state):
    """The form's pack card field: the last one (one Menhir step back from the first)."""
    field = spec.resolved_params(state)[-1]
    assert field.name == "card"
    return field


def _played(text: str = CARDS, **options) -> dict:
    """A game with the pack loaded, one Human hero, Day 1."""
    state = new_game(GAME, {"heroes": 1, "mode": "solo", **options}, 3).state
    state = _heroes(do(state, "load_pack", toml=text))
    state = do(state, "hero_values", race="Human")
    while step_id(state) == "ancient":
        state = do(state, "ancient_plot", terrain="forest", card="Abbess of Penance")
    return do(state, "next")


def test_night_cards_are_chosen_by_name_and_not_offered_twice():
    """"3. Card Anatomy", Night: a card names its location and type; "Step 2: Darkness"
    - the location falls into gloom, an encounter card is placed there with its values."""
    state = do(_played(), "camp")
    spec = next(c for c in GAME.commands if c.name == "night_card")
    assert _card(spec, state).choices == ("as entered", "Howling Gale", "Bandit Ambush")
    state = do(state, "night_card", card="Bandit Ambush")
    bandit = state["encounters"][-1]
    assert (bandit["name"], bandit["type"], bandit["cell"]) == ("Bandit Ambush", "enemy", cell_index("B3"))
    assert (bandit["fight"], bandit["hp"], bandit["gold"]) == (3, 2, 2)
    assert state["map"][cell_index("B3")]["gloom"]
    state = do(do(state, "next"), "camp")  # unveil; Day 2, camp again
    assert _card(spec, state).choices == ("as entered", "Howling Gale")
    state = do(state, "night_card", card="Howling Gale")
    tor = next(i for i, c in enumerate(state["map"]) if c["name"] == "Spire Tor")
    assert state["weather"]["cell"] == tor and state["map"][tor]["gloom"]
    night = dict((p.title, p.lines) for p in GAME.view(state).panels)["Night"]
    assert any(line.startswith("Weather: Howling Gale") for line in night)


def test_an_encounter_is_chosen_from_the_locations_deck():
    """"Action: Move", Location's Encounter Deck: the deck with the location's terrain."""
    state = _played()
    state = do(state, "move", to="B3")  # Green Meadows, plains
    spec = next(c for c in GAME.commands if c.name == "encounter")
    assert _card(spec, state).choices == ("as entered", "Kobold")
    state = do(state, "encounter", card="Kobold")
    assert state["procedure"]["name"] == "battle"
    kobold = state["encounters"][0]
    assert (kobold["name"], kobold["fight"], kobold["hp"], kobold["fresh"]) == ("Kobold", 2, 2, True)


def test_the_ancient_comes_from_the_pack():
    """"Ancients and Ancient Abilities": Fight, HP, Location, Gold on the card; its Plot
    location type. Named at Setup, the Finale's prompt offers it first."""
    state = _played(plots=True)
    assert state["ancients"][0]["name"] == "Abbess of Penance"
    assert state["ancients"][0]["plot_terrain"] == "badlands"  # the card's, not the form's
    hero = state["heroes"][0]
    hero.update(chapter=5, gold=0)
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=[{"kind": "d6", "face": 6}] * hero["fight"])
    state = do(state, "totem", totem="gold", gold=3)
    assert step_id(state) == "ancient"
    spec = next(c for c in GAME.commands if c.name == "ancient_card")
    assert _card(spec, state).choices[0] == "Abbess of Penance"
    state = do(state, "ancient_card", card="Abbess of Penance")
    ancient = state["ancients"][0]
    tor = next(i for i, c in enumerate(state["map"]) if c["name"] == "Spire Tor")
    assert (ancient["cell"], ancient["fight"], ancient["hp"], ancient["gold"]) == (tor, 6, 10, 10)


@pytest.mark.parametrize("text, problem", [
    ("[[night]]\nname = 'X'\nlocation = 'Nowhere'\ntype = 'event'", "night[1] (X).location"),
    ("[[night]]\nname = 'X'\nlocation = 'A1'\ntype = 'storm'", "night[1] (X).type: one of"),
    ("[[encounters]]\nname = 'X'\ntype = 'enemy'\nterrain = 'sea'", "terrain: one of"),
    ("[[encounters]]\nname = 'X'\ntype = 'enemy'\nterrain = 'forest'\nhp = -1", "hp: a whole number"),
    ("[[ancients]]\nname = 'X'\nlocation = 'C3'\nfight = 1\nhp = 5", "nothing is placed on Sprawl City"),
    ("[[ancients]]\nname = 'X'\nlocation = 'A1'\nfight = 1\nhp = 0", "ancients[1] (X).hp"),
    ("[[encounters]]\nname = 'X'\ntype = 'enemy'\nterrain = 'forest'\nwings = 2", "wings: unknown field"),
    # found by fuzzing: a list where a location name belongs
    ("[[night]]\nname = 'X'\nlocation = ['A1']\ntype = 'event'", "night[1] (X).location"),
])
def test_bad_cards_name_the_problem(text, problem):
    assert_problem(pack.parse, text, problem)
