"""Ties the rules leave to the players, asked at prompts: "Overruns" (discard
a resource, or which area one closer to Farrenroc), "Enemy Movement Priority"
(a tie between objectives or structures: "players choose where the enemy
moves") and which non-darkness fate dice of the pool "Muster" and "Conquest"
roll. Each prompt's default is the box's former fixed pick; one legal option
asks nothing; an illegal answer is refused with the rule's reason."""

from __future__ import annotations

import pytest

from games.myth import GAME
from tests.games.myth.helpers import Table, enemy_card_first, played, put


def form(t: Table, command: str) -> dict:
    """The resolved params of ``command`` for the current state (what the form shows)."""
    spec = next(c for c in GAME.commands if c.name == command)
    return {p.name: p for p in spec.resolved_params(t.state)}


# --- Overruns --------------------------------------------------------------------------------


def test_overrun_asks_which_closer_area_and_which_resource_default_the_former_pick():
    """"Overruns": discard 1 resource of the players' choice or place the overrun
    minions one area closer to Farrenroc; Ruins 2 has two areas closer
    (Sanctuary 1 and Village 1): both offered, labelled by name."""
    t = played()
    put(t.state, "ruins-2", 3)
    t.state["reserves"]["hope"] = 1
    t.do("spawn", area="ruins-2", count=1)
    assert t.step().command == "overrun"
    choice = form(t, "overrun")["choice"]
    assert set(choice.choices) == {"hope", "sanctuary-1", "village-1"}
    assert choice.default == "sanctuary-1"  # fewest minions, then board id: the old pick
    assert choice.labels["village-1"] == "move to Village 1"
    assert choice.labels["hope"] == "discard hope (1)"
    t.do("overrun", choice="village-1")
    assert len(t.state["areas"]["village-1"]["minions"]) == 1
    assert t.state["areas"]["sanctuary-1"]["minions"] == []
    assert t.state["overruns"] == []


def test_overrun_default_answer_keeps_the_old_behaviour():
    t = played()
    put(t.state, "ruins-2", 3)
    t.state["reserves"]["supply"] = 1
    t.do("spawn", area="ruins-2", count=1)
    t.do("overrun")
    assert len(t.state["areas"]["sanctuary-1"]["minions"]) == 1
    assert t.state["reserves"]["supply"] == 1


def test_overrun_to_an_area_not_closer_refused_with_the_rule():
    t = played()
    put(t.state, "ruins-2", 3)
    t.state["reserves"]["hope"] = 1
    t.do("spawn", area="ruins-2", count=1)
    err = t.refused("overrun", choice="dungeon-2")
    assert "one area closer" in err.long and "Overruns" in err.long
    err = t.refused("overrun", choice="supply")
    assert "reserves hold no supply" in err.long


def test_overrun_with_one_legal_option_asks_nothing():
    """Reserves empty and one area closer (Village 5 -> Sanctuary 2): nothing to
    choose, the minion moves at once."""
    t = played()
    put(t.state, "village-5", 3)
    t.state["reserves"] = {"hope": 0, "supply": 0, "influence": 0}
    t.do("spawn", area="village-5", count=1)
    assert t.state["overruns"] == []
    assert len(t.state["areas"]["sanctuary-2"]["minions"]) == 1
    assert t.state["procedure"] is None or t.step().command != "overrun"


# --- Enemy Movement Priority -----------------------------------------------------------------


def _tied_structures(minions: int) -> Table:
    """Structures in Ruins 2 and Sanctuary 5, each one area from Dungeon 2
    (Farrenroc two areas away): a tie between structures."""

    t = played()
    s = t.state
    s["areas"]["ruins-2"]["structure"] = True
    s["areas"]["sanctuary-5"]["structure"] = True
    put(s, "dungeon-2", minions)
    enemy_card_first(t)
    return t


def test_march_tie_between_structures_is_the_players_choice_one_minion_after_another():
    """"Enemy Movement Priority": "If there is a tie between multiple objectives
    or multiple structures when resolving enemy movement, players choose where
    the enemy moves"; each minion moves on its own."""
    t = _tied_structures(2)
    assert t.step().id == "march_to"
    area = form(t, "march_to")["area"]
    assert area.choices == ("ruins-2", "sanctuary-5")
    assert area.default == "ruins-2"  # the box's former pick (board order)
    assert area.labels["sanctuary-5"] == "Sanctuary 5"
    t.do("march_to", area="sanctuary-5")
    assert t.step().id == "march_to"  # the second minion is asked too
    t.do("march_to", area="ruins-2")
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1
    assert t.state["areas"]["dungeon-2"]["minions"] == []
    assert t.step() is None or t.step().id != "march_to"


def test_march_tie_default_answer_is_the_former_fixed_order():
    t = _tied_structures(1)
    t.do("march_to")
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1


def test_march_move_off_the_tie_refused_with_the_rule():
    t = _tied_structures(1)
    err = t.refused("march_to", area="village-1")
    assert "Enemy Movement Priority" in err.long and "Village 1" in err.long


def test_march_without_a_tie_asks_nothing():
    """One structure only: the minion moves to it without a prompt."""

    t = played()
    t.state["areas"]["ruins-2"]["structure"] = True
    put(t.state, "dungeon-2", 1)
    enemy_card_first(t)
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1
    assert t.step() is None or t.step().id != "march_to"


def _objectives_one_area_from_dungeon_2(objectives: dict[str, str], tracks: dict[str, int],
                                        heroes: int = 1, structures: tuple[str, ...] = ()) -> Table:
    """Objective tokens (area: kind), structures and the conquest tracks as given, one minion
    in Dungeon 2, then a March. From Dungeon 2, Ruins 2, Village 1 and
    Sanctuary 5 are one area away, Village 3 and Farrenroc two."""
    t = played(heroes=heroes)
    for area, kind in objectives.items():
        t.state["areas"][area]["objective"] = kind
    for area in structures:
        t.state["areas"][area]["structure"] = True
    put(t.state, "dungeon-2", 1)
    for track, value in tracks.items():
        t.do("correct", track=track, value=value)
    enemy_card_first(t)
    return t


@pytest.mark.parametrize("heroes", [1, 2, 3, 4])
@pytest.mark.parametrize("high", [1, 9])
def test_march_objectives_whose_tracks_tie_for_highest_are_the_players_choice(heroes, high):
    """"Enemy Movement Priority": "2. The objective location corresponding to the
    highest conquest track" ... "If there is a tie between multiple objectives or
    multiple structures when resolving enemy movement, players choose where the
    enemy moves." Despair and Corruption tie for highest (at the first space and
    at the last before the siege), Devastation below or level: the hope (Despair)
    and influence (Corruption) objectives, equally close, are both offered; the
    default is the box's former pick (Despair's, the track order); the players
    take Corruption's. Any number of heroes."""
    t = _objectives_one_area_from_dungeon_2(
        {"ruins-2": "hope", "sanctuary-5": "influence"},
        {"despair": high, "corruption": high, "devastation": 1}, heroes)
    assert t.step().id == "march_to"
    area = form(t, "march_to")["area"]
    assert area.choices == ("ruins-2", "sanctuary-5")
    assert area.default == "ruins-2"
    t.do("march_to", area="sanctuary-5")
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1
    assert t.state["areas"]["ruins-2"]["minions"] == []
    assert t.state["areas"]["dungeon-2"]["minions"] == []


def test_march_three_objectives_tied_all_three_offered_in_track_order():
    """"Enemy Movement Priority": the three tracks level (1 each, as at Setup),
    hope, supply and influence objectives each one area away: all three are the
    players' choice, listed Despair, Devastation, Corruption."""
    t = _objectives_one_area_from_dungeon_2(
        {"sanctuary-5": "influence", "village-1": "supply", "ruins-2": "hope"},
        {"despair": 1, "devastation": 1, "corruption": 1})
    area = form(t, "march_to")["area"]
    assert area.choices == ("ruins-2", "village-1", "sanctuary-5")
    t.do("march_to", area="village-1")
    assert len(t.state["areas"]["village-1"]["minions"]) == 1


def test_march_objectives_tied_below_a_farther_highest_track_still_ask():
    """"Enemy Movement Priority": minions "always move toward the closest
    location"; among the closest, Devastation and Corruption tie (3 each) while
    Despair's higher (6) objective is two areas away (Village 3): the players
    choose between the two closest objectives."""
    t = _objectives_one_area_from_dungeon_2(
        {"village-3": "hope", "village-1": "supply", "sanctuary-5": "influence"},
        {"despair": 6, "devastation": 3, "corruption": 3})
    assert form(t, "march_to")["area"].choices == ("village-1", "sanctuary-5")


def test_march_tied_track_whose_objective_is_farther_asks_nothing():
    """"Enemy Movement Priority": the closest location first: Despair and
    Corruption tie (4 each) but the hope objective is two areas away (Village 3),
    the influence one one area (Sanctuary 5): the minion moves there unasked."""
    t = _objectives_one_area_from_dungeon_2(
        {"village-3": "hope", "sanctuary-5": "influence"},
        {"despair": 4, "devastation": 1, "corruption": 4})
    assert t.step() is None or t.step().id != "march_to"
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1


def test_march_objective_tie_does_not_offer_an_equally_close_structure():
    """"Enemy Movement Priority": objectives before "3. Structures": a structure
    one area away (Village 1) is no option when two objectives of tied tracks are
    as close; moving there is refused with the rule."""
    t = _objectives_one_area_from_dungeon_2(
        {"ruins-2": "hope", "sanctuary-5": "influence"},
        {"despair": 2, "devastation": 1, "corruption": 2}, structures=("village-1",))
    assert form(t, "march_to")["area"].choices == ("ruins-2", "sanctuary-5")
    err = t.refused("march_to", area="village-1")
    assert "Enemy Movement Priority" in err.long


# --- which fate dice of the pool ----------------------------------------------------------


def _fate(*faces: str) -> list[dict]:
    return [{"kind": "fate", "face": f} for f in faces]


def test_muster_asks_which_non_darkness_die_of_the_pool_to_roll():
    """"Muster": "take 1 fate die from the fate pool that is not darkness" - which
    one is the players' choice; the picked die takes the tray's new face."""
    t = played()
    t.state["fate"] = ["rage", "guile", "darkness", "darkness", "darkness"]
    t.do("muster", count=1)
    assert t.step().id == "muster_pick"
    dice = form(t, "fate_pick")["dice"]
    assert dice.choices == ("rage", "guile") and dice.default == "rage"
    assert dice.labels["guile"] == "Guile"
    err = t.refused("fate_pick", dice="darkness")
    assert "Muster" in err.long and "darkness" in err.long
    t.do("fate_pick", dice="guile")
    assert t.step().id == "muster"
    t.do("muster_fate", dice=_fate("Nature"))
    assert t.state["fate"] == ["rage", "nature", "darkness", "darkness", "darkness"]
    assert len(t.state["areas"]["outland-3"]["minions"]) == 1  # the Nature Outland


def test_two_of_three_dice_offered_as_distinct_face_sets():
    from games.myth.fate import fate_pick_options

    state = {"fate": ["rage", "rage", "guile", "darkness", "nature"]}
    assert fate_pick_options(state, 2) == ("rage,rage", "rage,guile", "rage,nature",
                                                 "guile,nature")
    assert fate_pick_options(state, 4) == ()  # all four non-darkness dice: no choice


def test_no_pick_prompt_when_every_non_darkness_die_shows_the_same_face():
    t = played()
    t.state["fate"] = ["rage", "rage", "darkness", "darkness", "darkness"]
    t.do("muster", count=1)
    assert t.step().id == "muster"
    t.do("muster_fate", dice=_fate("Faith"))
    assert t.state["fate"] == ["faith", "rage", "darkness", "darkness", "darkness"]


def test_views_name_the_tied_minion_and_the_dice_to_pick():
    t = _tied_structures(1)
    assert "Dungeon 2" in GAME.view(t.state).step
    t = played()
    t.state["fate"] = ["rage", "guile", "darkness", "darkness", "darkness"]
    t.do("muster", count=1)
    assert "Roll which 1 fate die?" in GAME.view(t.state).step
