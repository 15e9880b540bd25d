"""Edges of "Enemy Movement" and "Enemy Movement Priority", expected values from
the rulebook alone (the reader never sees the engine).

The stand-in board, as the state gives it: Dungeon 2 touches Ruins 2, Village 1,
Sanctuary 5 and Outland 4; Ruins 2 and Sanctuary 5 are one area from Dungeon 2,
Farrenroc two."""

from __future__ import annotations

from games.myth import GAME
from tests.games.myth.helpers import Table, enemy_card_first, played, put


def _choices(t: Table, command: str) -> tuple:
    spec = next(c for c in GAME.commands if c.name == command)
    return {p.name: p for p in spec.resolved_params(t.state)}["area"].choices


def _objectives_near_dungeon_2(despair: int, corruption: int, devastation: int = 1) -> Table:
    """A hope token in Ruins 2, an influence token in Sanctuary 5 (both one area from
    the minion in Dungeon 2), the tracks as given; then a March."""
    t = played()
    s = t.state
    s["areas"]["ruins-2"]["objective"] = "hope"
    s["areas"]["sanctuary-5"]["objective"] = "influence"
    put(s, "dungeon-2", 1)
    for track, value in (("despair", despair), ("corruption", corruption), ("devastation", devastation)):
        t.do("correct", track=track, value=value)
    enemy_card_first(t)
    return t


def test_tied_objectives_whose_tracks_tie_for_highest_ask_the_players():
    """"Enemy Movement Priority": "When there are several valid destinations, send
    minions to the highest priority based on the following order: 1. Farrenroc
    2. The objective location corresponding to the highest conquest track
    3. Structures. If there is a tie between multiple objectives or multiple
    structures when resolving enemy movement, players choose where the enemy
    moves." Hope (Despair) and influence (Corruption) objectives equally close,
    Despair and Corruption both at 1: the players choose, either is legal."""
    t = _objectives_near_dungeon_2(despair=1, corruption=1)
    assert t.step() is not None and t.step().id == "march_to"
    assert set(_choices(t, "march_to")) == {"ruins-2", "sanctuary-5"}
    t.do("march_to", area="sanctuary-5")  # Corruption's objective: not the track order's pick
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1
    assert t.state["areas"]["ruins-2"]["minions"] == []


def test_tracks_tied_above_the_third_still_ask():
    """"Enemy Movement Priority" 2 and its tie rule: Despair and Corruption tie at
    4 for highest, Devastation lower at 2 (its objective is not on the board): the
    players choose between the two objectives."""
    t = _objectives_near_dungeon_2(despair=4, corruption=4, devastation=2)
    assert t.step() is not None and t.step().id == "march_to"
    assert set(_choices(t, "march_to")) == {"ruins-2", "sanctuary-5"}
    t.do("march_to", area="ruins-2")
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1


def test_highest_track_by_one_decides_without_asking():
    """"Enemy Movement Priority" 2: "The objective location corresponding to the
    highest conquest track": Corruption 2 above Despair 1, so the minion goes to
    the influence objective (Sanctuary 5); no tie, nothing asked."""
    t = _objectives_near_dungeon_2(despair=1, corruption=2)
    assert t.step() is None or t.step().id != "march_to"
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1
    assert t.state["areas"]["dungeon-2"]["minions"] == []


def test_highest_track_despair_by_one_decides_without_asking():
    """"Enemy Movement Priority" 2, the other way round: Despair 3 above Corruption
    2: the hope objective in Ruins 2."""
    t = _objectives_near_dungeon_2(despair=3, corruption=2)
    assert t.step() is None or t.step().id != "march_to"
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1


def test_tied_objectives_two_minions_each_asked():
    """"Enemy Movement Priority": the tie is the players' choice for each minion
    ("Each minion in a non-objective structureless area moves 1 area", "March"):
    two minions in Dungeon 2 with tied objectives are asked one after the other."""
    t = played()
    s = t.state
    s["areas"]["ruins-2"]["objective"] = "hope"
    s["areas"]["sanctuary-5"]["objective"] = "influence"
    put(s, "dungeon-2", 2)
    enemy_card_first(t)
    assert t.step() is not None and t.step().id == "march_to"
    t.do("march_to", area="sanctuary-5")
    assert t.step() is not None and t.step().id == "march_to"
    t.do("march_to", area="ruins-2")
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1


def test_farrenroc_beats_an_equally_close_objective():
    """"Enemy Movement Priority": "When there are several valid destinations, send
    minions to the highest priority based on the following order: 1. Farrenroc
    2. The objective location ...": from Dungeon 2, Farrenroc (by Village 1) and a
    hope token in Village 5 (by Sanctuary 5) are both two areas away: the minion
    steps to Village 1."""
    t = played()
    t.state["areas"]["village-5"]["objective"] = "hope"
    put(t.state, "dungeon-2", 1)
    enemy_card_first(t)
    s = t.state
    assert t.step() is None or t.step().id != "march_to"
    assert len(s["areas"]["village-1"]["minions"]) == 1
    assert s["areas"]["sanctuary-5"]["minions"] == []


def test_farrenroc_beats_an_equally_close_structure():
    """"Enemy Movement Priority" 1 before 3: a structure in Village 5 and Farrenroc,
    each two areas from Dungeon 2: Village 1, toward Farrenroc."""
    t = played()
    t.state["areas"]["village-5"]["structure"] = True
    put(t.state, "dungeon-2", 1)
    enemy_card_first(t)
    assert len(t.state["areas"]["village-1"]["minions"]) == 1


def test_a_closer_structure_beats_farrenroc():
    """"Enemy Movement Priority": "Minions always move toward the closest location that
    contains a structure, an objective, or Farrenroc"; the priority order is only for
    "several valid destinations": a structure one area away (Ruins 2) beats
    Farrenroc two away."""
    t = played()
    t.state["areas"]["ruins-2"]["structure"] = True
    put(t.state, "dungeon-2", 1)
    enemy_card_first(t)
    assert len(t.state["areas"]["ruins-2"]["minions"]) == 1


def test_an_objective_of_the_lowest_track_still_beats_an_equally_close_structure():
    """"Enemy Movement Priority": 2 (an objective location) before 3 (structures):
    the hope token (Despair 1, the lowest track; Corruption 5 has no token on the
    board) in Sanctuary 5 and a structure in Ruins 2, both one area from Dungeon 2:
    Sanctuary 5."""
    t = played()
    t.state["areas"]["sanctuary-5"]["objective"] = "hope"
    t.state["areas"]["ruins-2"]["structure"] = True
    put(t.state, "dungeon-2", 1)
    t.do("correct", track="corruption", value=5)
    enemy_card_first(t)
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1
    assert t.state["areas"]["ruins-2"]["minions"] == []
