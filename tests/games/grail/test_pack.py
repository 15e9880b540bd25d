"""Content packs and Direction Keys by number ("Locations": Direction Keys, Legacy
Location numbers, Location Seals; "Traveling and revealing Locations")."""


import pytest

from games.core import RuleError
from games.grail import pack
from tests.fixtures.box import controller_with_packs, start_new_game
from tests.games.grail.helpers import do, new, refused
from tests.games.packs import assert_problem, refuse_then_load

PACK = """
name = "Fall of Avalon, my cards"

[locations.101]
keys = { north = 102, west = 103, east = 104, south = 105 }
seals = ["menhir"]

[locations.102]
keys = { south = 101, east = 106 }
seals = ["dreams"]

[locations.106]
keys = { west = 102, north = 108 }
position = [1, -1]
"""


def test_parse_a_good_pack():
    data = pack.parse(PACK)
    assert data["name"] == "Fall of Avalon, my cards"
    assert data["locations"]["102"]["keys"] == {"south": 101, "east": 106}
    assert data["locations"]["106"]["position"] == [1, -1]


@pytest.mark.parametrize("text,where", [
    ("locations = 3", "locations"),
    ("[locations.42]\nkeys = {}", "locations.42"),
    ("[locations.101]\nkeys = { up = 102 }", "locations.101.keys.up"),
    ("[locations.101]\nkeys = { north = 'x' }", "locations.101.keys.north"),
    ("[locations.101]\nseals = ['castle']", "locations.101.seals"),
    ("[locations.101]\ncolour = 'red'", "locations.101.colour"),
    ("[locations.101]\nposition = [0]", "locations.101.position"),
    ("[locations.101]\nposition = [0, 0]\n[locations.102]\nposition = [0, 0]", "locations.102.position"),
    ("[locations.101]\nposition = [0, 0]\nkeys = { north = 102 }\n[locations.102]\nposition = [3, 3]",
     "locations.101.keys.north"),
    ("this is = not toml [", "TOML"),
])
def test_bad_packs_name_where_the_problem_is(text, where):
    assert_problem(pack.parse, text, where)


def test_a_bad_pack_is_refused_and_the_game_goes_on():
    state = new()
    err = refused(state, "load_pack", toml="[locations.101]\nkeys = { up = 102 }")
    assert err.short == "Pack: 1 problem"
    assert "locations.101.keys.up" in err.long


def test_loading_describes_the_cards_on_the_map_and_blocks_edges_without_keys():
    state = do(new(), "load_pack", toml=PACK)
    loc102 = next(loc for loc in state["locations"] if loc["number"] == 102)
    assert loc102["seals"] == ["dreams"]
    assert sorted(loc102["blocked"]) == ["north", "west"]


def test_arriving_reveals_the_locations_the_keys_name_within_menhir_range():
    state = do(new(), "load_pack", toml=PACK)
    state = do(state, "travel", character=1, direction="north")  # onto 102, whose east Key is 106
    assert any(loc["number"] == 106 and (loc["x"], loc["y"]) == (1, -1) for loc in state["locations"])
    # 106's north Key (108) would lie 2 cards from the Menhir on 101: not attached.
    state = do(state, "travel", character=1, direction="east")
    assert all(loc["number"] != 108 for loc in state["locations"])


def test_reveal_by_number_finds_the_key_that_names_it():
    state = do(new(), "direction_key", location=102, side="east", number=106)
    state = do(state, "reveal", number=106)
    assert any(loc["number"] == 106 and (loc["x"], loc["y"]) == (1, -1) for loc in state["locations"])
    with pytest.raises(RuleError):
        do(state, "reveal", number=150)  # no Key names it


def test_reveal_out_of_menhir_range_is_refused():
    state = do(new(), "direction_key", location=102, side="north", number=110)
    with pytest.raises(RuleError) as err:
        do(state, "reveal", number=110)
    assert err.value.short == "Out of Menhir range"


def test_entered_keys_reveal_on_arrival_too():
    state = do(new(), "direction_key", location=104, side="north", number=107)
    state = do(state, "travel", character=1, direction="east")
    assert any(loc["number"] == 107 for loc in state["locations"])


def test_the_start_location_knows_its_four_keys():
    """World Setup III: 102 top, 103 left, 104 right, 105 bottom."""
    loc101 = new()["locations"][0]
    assert loc101["keys"] == {"north": 102, "west": 103, "east": 104, "south": 105}


def test_a_key_naming_a_replaced_card_leads_to_its_new_version():
    """"Legacy Location numbers": use it when the Key's Location is no longer in the game."""
    text = PACK + "\n[locations.125]\nlegacy = 105\n"
    state = do(new(), "load_pack", toml=text)
    state = do(state, "remove_location", location=105)
    state = do(state, "place", number=125, next_to=101, side="south")
    state = do(state, "move", character=1, location=101)  # arriving again: 105 is not revealed
    assert all(loc["number"] != 105 for loc in state["locations"])


def test_a_pack_file_loads_through_the_box_controls(tmp_path):
    """docs/PACKS.md: `<data dir>/packs/tainted-grail/*.toml` are offered in the action
    menu as "Load pack: <name>" and loaded as a journaled `load_pack`; a bad one is
    refused with its problems and nothing is journaled."""
    good = 'name = "My Avalon"\n[locations.102]\nkeys = { south = 101, east = 106 }\nseals = ["menhir"]\n'
    bad = "[locations.102]\nkeys = { up = 101 }\n"
    with controller_with_packs(tmp_path, "tainted-grail", {"avalon": good, "broken": bad}) as (
            controller, journal):
        start_new_game(controller, "Tainted Grail")
        state = refuse_then_load(controller, journal, "broken", "1 problem", "avalon")
        assert state["pack"]["name"] == "My Avalon"
        loc = next(loc for loc in state["locations"] if loc["number"] == 102)
        assert (loc["keys"], loc["seals"]) == ({"south": 101, "east": 106}, ["menhir"])
