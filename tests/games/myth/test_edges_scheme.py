"""Edges of "Scheme" and "Scheme Effects", expected values from the rulebook alone.

The stand-in board, as the state gives it: Village 1 touches Farrenroc and
Dungeon 2; Sanctuary 5 (two from Farrenroc) touches Dungeon 2; Outland 1 touches
only Dungeon 3, which touches Ruins 3."""

from __future__ import annotations

from tests.games.myth.helpers import Table, enemy_card_first, played


def _captains(state: dict) -> dict[str, int]:
    return {a: len(s["captains"]) for a, s in state["areas"].items() if s["captains"]}


def _scheme(t: Table, quest: str, captains: dict[str, int]) -> Table:
    t.do("set_quest", location=quest)
    for area, n in captains.items():
        t.do("place", area=area, rank="captain", count=n)
    enemy_card_first(t, "scheme")
    return t


def test_a_captain_as_near_a_quest_area_as_farrenroc_moves_to_farrenroc():
    """"Scheme" 2: "Each captain not in a quest area moves 1 area toward the nearest
    quest area or Farrenroc, whichever is closer. If there is a tie, the captain
    moves toward Farrenroc." Quest in a dungeon; from Village 1, Dungeon 2 and
    Farrenroc are each one area away: Farrenroc."""
    t = _scheme(played(), "dungeon", {"village-1": 1})
    t.until("hero", "action")
    assert _captains(t.state) == {"farrenroc": 1}


def test_a_captain_nearer_a_quest_area_than_farrenroc_moves_toward_it():
    """"Scheme" 2: from Sanctuary 5 the dungeon quest area (Dungeon 2) is one area
    away, Farrenroc two: the captain moves into Dungeon 2."""
    t = _scheme(played(), "dungeon", {"sanctuary-5": 1})
    t.until("hero", "action")
    assert _captains(t.state) == {"dungeon-2": 1}


def test_a_captain_moves_one_area_only():
    """"Scheme" 2: "moves 1 area": from Outland 1 (three from Farrenroc, two from
    Ruins 3) into Dungeon 3, its only neighbour, and no further."""
    t = _scheme(played(), "ruins", {"outland-1": 1})
    t.until("hero", "action")
    assert _captains(t.state) == {"dungeon-3": 1}


def test_two_captains_in_one_quest_location_resolve_one_scheme_effect():
    """"Scheme Effects": "players resolve the active quest's scheme effect for each
    quest location containing at least one captain": two captains in Ruins 2, one
    effect; they stay ("Each captain not in a quest area moves")."""
    t = _scheme(played(), "ruins", {"ruins-2": 2})
    assert len(t.state["pending"]) == 1
    t.until("hero", "action")
    assert _captains(t.state) == {"ruins-2": 2}


def test_two_quest_locations_with_captains_resolve_two_scheme_effects():
    """"Scheme" 1: "For each quest location containing an enemy captain, players
    resolve the active quest's scheme effect": Ruins 2 and Ruins 4, two effects."""
    t = _scheme(played(), "ruins", {"ruins-2": 1, "ruins-4": 1})
    assert len(t.state["pending"]) == 2


def test_a_captain_outside_the_quest_locations_resolves_no_scheme_effect():
    """"Scheme" 1 counts quest locations only ("Quest Location": "captains can
    resolve a quest card's scheme effect only while in a quest location"): a
    captain in Dungeon 2 with the quest in the ruins: none."""
    t = _scheme(played(), "ruins", {"dungeon-2": 1})
    assert t.state["pending"] == []


def test_no_defeated_captain_skips_step_three():
    """"Scheme" 3: "Place 1 defeated captain in a random Outland location ... Skip
    this step if no captains have been defeated": no captain appears."""
    t = _scheme(played(), "ruins", {})
    t.until("hero", "action")
    assert _captains(t.state) == {}


def test_two_defeated_captains_one_returns_to_an_outland():
    """"Scheme" 3: "Place 1 defeated captain in a random Outland location": with two
    defeated, one comes back, to an Outland (not a Lair), the other stays out."""
    t = played()
    t.do("place", area="farrenroc", rank="captain", count=1)
    t.state["areas"]["farrenroc"]["captains"] = [2]
    t.do("battle", rank="captain", dice=[{"kind": "d10", "face": 10}])
    t.do("reroll", die="keep")
    t.do("place", area="farrenroc", rank="captain", count=1)
    t.state["areas"]["farrenroc"]["captains"] = [2]
    t.do("battle", rank="captain", dice=[{"kind": "d10", "face": 10}])
    t.do("reroll", die="keep")
    assert t.state["captains_defeated"] == 2 and _captains(t.state) == {}
    enemy_card_first(t, "scheme")
    t.until("hero", "action")
    s = t.state
    where = _captains(s)
    assert sum(where.values()) == 1
    (area,) = where
    assert s["board"]["areas"][area]["type"] == "outland"
    assert s["captains_defeated"] == 1
