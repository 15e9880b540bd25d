"""Content packs: Threats and Locations by name, Threat Groups by level (DESIGN.md,
"Content packs"); Endless Dungeons; Stories set aside."""


import pytest

from games.core import RuleError
from games.kreel import pack
from tests.fixtures.box import controller_with_packs, start_new_game
from tests.games.kreel.helpers import do, new, next_until, play_round, refused, win_adventure
from tests.games.packs import assert_problem, refuse_then_load

PACK = '''
name = "core box"

[threats."Goblin Chief"]
kind = "foe"
fight = 6
sneak = 6
starred = true
overkill = 1
spirit_cost = 2
spirit_boost = 2
reveal = ["bold"]
group = "Goblin"

[threats."Wild Claw Petitioner"]
kind = "plot"
influence = 4
group = "Wild Claw"

[locations."Epicurean Banqueting Hall"]
sneak = 4

[locations."Great Hall of Kreel"]
sneak = 5
per_hero = true
adventure = true

[groups."Goblin"]
level = 2

[groups."Wild Claw"]
level = 1

[groups."Deep Dwarf"]
level = 1
'''


def test_a_pack_is_parsed():
    data = pack.parse(PACK)
    chief = data["threats"]["Goblin Chief"]
    assert (chief["kind"], chief["fight"], chief["overkill"]) == ("foe", 6, 1)
    assert chief["starred"] == ["fight", "sneak"]
    assert chief["reveal"] == ["bold"]
    assert data["locations"]["Great Hall of Kreel"] == {"sneak": 5, "per_hero": True,
                                                        "adventure": True}
    assert data["groups"]["Deep Dwarf"] == {"level": 1}


@pytest.mark.parametrize(("text", "problem"), [
    ("name = 3\n[groups.A]\nlevel = 1", "name: must be text"),
    ('[threats."X"]\nfight = -1', 'threats."X".fight: a whole number 0..99'),
    ('[threats."X"]\nkind = "boss"', "is not one of"),
    ('[threats."X"]\nreveal = ["angry"]', 'threats."X".reveal'),
    ('[threats."X"]\ncolour = "red"', 'threats."X": unknown key \'colour\''),
    ('[locations."Y"]\nper_hero = true', 'locations."Y".sneak: a whole number 1..99 is required'),
    ('[groups."Z"]\nlevel = 4', 'groups."Z".level: 1, 2 or 3'),
    ('[threats."X"]\ngroup = "Q"\n[groups."Z"]\nlevel = 1', 'threats."X".group: no [groups."Q"]'),
    ("this is = not toml =", "not valid TOML"),
    ('[threats."X"]\nfight = 2\nstarred = ["sneak"]', 'threats."X".starred: true, false, or a list'),
    ('[threats."X"]\nfight = 2\nstarred = "yes"', 'threats."X".starred'),
    ('name = "empty"', "describes no threats"),
])
def test_bad_packs_are_refused_with_clear_errors(text, problem):
    assert_problem(pack.parse, text, problem)


def test_load_pack_refuses_a_bad_pack_and_changes_nothing():
    state = new()
    err = refused(state, "load_pack", toml='[threats."X"]\nfight = "six"\nkind = 1')
    assert err.short == "Pack: 2 problems"


def test_reveal_a_threat_by_name_from_the_pack():
    state = do(new(), "load_pack", toml=PACK)
    for _ in range(3):
        state = play_round(state)
    state = next_until(state, "threat.reveal")
    state = do(state, "reveal", card="Goblin Chief")
    chief = state["threat_area"][0]
    assert chief["name"] == "Goblin Chief" and chief["kind"] == "foe"
    assert (chief["fight"], chief["sneak"], chief["overkill"]) == (6, 6, 1)
    assert chief["starred"] == ["fight", "sneak"] and chief["statuses"] == ["bold"]
    assert chief["group"] == "Goblin"


def test_flip_a_location_by_name_from_the_pack():
    state = do(new(heroes=2), "load_pack", toml=PACK)
    state = next_until(state, "delve.flip")
    from games.core.core_commands import command_specs
    from tests.games.kreel.helpers import GAME
    choices = command_specs(GAME)["location"].resolved_params(state)[2].choices
    assert choices == ("by values", "Epicurean Banqueting Hall")  # no Adventure card yet
    state = do(state, "location", card="Epicurean Banqueting Hall")
    loc = state["locations"][0]
    assert (loc["name"], loc["sneak"]) == ("Epicurean Banqueting Hall", 4)


def test_endless_dungeons_draws_groups_by_level():
    """Endless Dungeons, Adventure 1: 5 Threat Level I Groups; the Rending's Rift."""
    state = do(do(new(), "load_pack", toml=PACK), "endless")
    groups = state["campaign"]["groups"]
    assert sorted(groups[:2]) == ["Deep Dwarf", "Wild Claw"]
    assert groups[2:] == ["Level I group"] * 3
    assert state["locations"][4]["name"] == "The Rending's Rift"
    with pytest.raises(RuleError):
        do(state, "endless")


def test_endless_counts_per_adventure_and_heroes():
    from games.kreel.campaign import endless_counts
    assert endless_counts(4, 1) == {1: 2, 2: 2, 3: 1}
    assert endless_counts(4, 3) == {1: 2, 2: 3, 3: 1}
    assert endless_counts(5, 4) == {1: 1, 2: 3, 3: 2}
    assert endless_counts(1, 3) == {1: 6}


def test_endless_is_seeded():
    a = do(do(new(seed=1), "load_pack", toml=PACK), "endless")
    b = do(do(new(seed=1), "load_pack", toml=PACK), "endless")
    assert a["campaign"]["groups"] == b["campaign"]["groups"]


def test_a_story_set_aside_joins_its_adventures_deck():
    """Stories: the new Story card is set aside and shuffled into Stack 4 when its
    Adventure is set up; it stays aside while the current one is replayed."""
    state = do(new(foes=1), "story_aside", adventure=2, card=4)
    state = do(state, "adjust", track="hero1.spirit", delta=-10)
    state = next_until(state, "game-end.next_adventure")
    state = do(state, "next_adventure", adventure="1", foes=1)
    assert state["threat_deck"] == 31 and state["campaign"]["stories"] == [
        {"adventure": 2, "card": 4}]


def test_the_next_adventure_card_is_chosen_by_name_and_recorded():
    """The Campaign: Adventures 2-4 are chosen in the Book of Fables; the choice is
    recorded and the Adventure card is the Adventure Location."""
    state = do(new(), "load_pack", toml=PACK.replace('"Great Hall of Kreel"', '"Goblin Warrens"'))
    state = do(win_adventure(state, until="game-end.rewards"), "rewards", upgrade="none")
    state = next_until(state, "game-end.next_adventure")
    state = do(state, "next_adventure", adventure="2", card="Goblin Warrens")
    assert state["campaign"]["cards"] == {"2": "Goblin Warrens"}
    assert state["locations"][4]["name"] == "Goblin Warrens"
    assert state["locations"][4]["sneak"] == 5 and state["locations"][4]["per_hero"]


def test_a_pack_file_loads_through_the_box_controls(tmp_path):
    """docs/PACKS.md: `<data dir>/packs/kreel-manor/*.toml` are offered in the action
    menu as "Load pack: <name>" and loaded as a journaled `load_pack`; a bad one is
    refused with its problems and nothing is journaled."""
    packs = {"core": PACK, "broken": '[threats."X"]\nfight = -1\n'}
    with controller_with_packs(tmp_path, "kreel-manor", packs) as (controller, journal):
        start_new_game(controller, "Kreel Manor")  # the new-campaign form as offered
        state = refuse_then_load(controller, journal, "broken", "1 problem", "core")
        assert state["pack"]["name"] == "core box"
        assert state["pack"]["threats"]["Goblin Chief"]["overkill"] == 1


def test_a_pack_card_names_its_star_values():
    """A pack's `starred` may list the values printed with the * ("Multiple Threat
    Values with * symbols"); the others stay plain."""
    data = pack.parse('[threats."Ghoul Lord"]\nkind = "foe"\nfight = 7\nsneak = 7\n'
                      'influence = 3\nstarred = ["fight", "sneak"]\n')
    assert data["threats"]["Ghoul Lord"]["starred"] == ["fight", "sneak"]


def test_a_set_aside_story_is_shuffled_into_its_adventure():
    """Stories: "When setting up the Adventure number listed at the top of the
    new Story card ..., the new Story card is shuffled into Stack 4": Adventure
    2's deck counts it; it leaves the Campaign sheet when Adventure 2 is won."""
    state = do(new(foes=1), "story_aside", adventure=2, card=4)
    state = do(win_adventure(state, until="game-end.rewards"), "rewards", upgrade="none")
    state = next_until(state, "game-end.next_adventure")
    state = do(state, "next_adventure", adventure="2", foes=2)
    assert state["threat_deck"] == 5 * 6 + 2 + 1


@pytest.mark.parametrize(("adventure", "solo", "team"), [
    (1, {1: 5}, {1: 6}),
    (2, {1: 4, 2: 1}, {1: 5, 2: 1}),
    (3, {1: 3, 2: 2}, {1: 3, 2: 3}),
    (4, {1: 2, 2: 2, 3: 1}, {1: 2, 2: 3, 3: 1}),
    (5, {1: 1, 2: 3, 3: 1}, {1: 1, 2: 3, 3: 2}),
])
def test_endless_dungeons_groups_for_every_adventure(adventure, solo, team):
    """Endless Dungeons: Threat Groups per Threat Level for each of the five
    Adventures, "(+1 if playing with 3-4 heroes)" on the level the rulebook marks."""
    from games.kreel.campaign import endless_counts
    assert endless_counts(adventure, 1) == endless_counts(adventure, 2) == solo
    assert endless_counts(adventure, 3) == endless_counts(adventure, 4) == team
