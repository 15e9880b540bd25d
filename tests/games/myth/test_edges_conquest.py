"""Edges of "Conquest" (the tracks, Despair / Devastation / Corruption), "Conquest
Tracks" and "The Siege", expected values from the rulebook alone.

The stand-in board, as the state gives it: with one hero the setup puts the hope
token in Village 1, supply in Sanctuary 3, influence in Dungeon 1; with two heroes
the hope tokens go to Village 1 and Village 4. Village 1 is one area from
Farrenroc. Fate faces name Outlands and Lairs: Rage Outland 1, Guile Outland 2."""

from __future__ import annotations

from tests.games.myth.helpers import Table, enemy_card_first, played, put

ROLLABLE = ["rage", "guile", "nature", "arcane", "faith"]


def _tokens(state: dict, kind: str) -> list[str]:
    return sorted(a for a, s in state["areas"].items() if s["objective"] == kind)


def _minions(state: dict, area: str) -> int:
    return len(state["areas"][area]["minions"])


# --- Despair / Devastation / Corruption ---------------------------------------------------------


def test_despair_no_held_location_while_a_token_remains_raises_nothing():
    """"Despair" 1: "Raise the despair track by 1 for each hope objective location
    containing at least 1 minion. If no hope objective tokens remain in play, raise
    the despair track by 1." A token in play, no minion on it: +0. Then 2: "Each
    hero spawns 1 minion on a different hope objective location in play": one
    minion on the token; nothing missing, so no fate die."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    assert _tokens(t.state, "hope") == ["village-1"]
    enemy_card_first(t, "despair")
    s = t.state
    assert s["conquest"]["despair"] == 1
    assert _minions(s, "village-1") == 1
    assert t.step() is None or t.step().id not in ("conquest", "conquest_pick")


def test_despair_a_location_holding_only_a_delayed_minion_is_not_held():
    """"Delayed Minions": "Delayed minions are essentially ignored by all game
    effects" ("Glossary", Delayed: "ignored by enemy action card effects targeting
    minions"), so "Despair" 1's "hope objective location containing at least 1
    minion" does not count a location whose only minion is delayed: +0."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    put(t.state, "village-1", 1, delayed=True)
    enemy_card_first(t, "despair")
    s = t.state
    assert s["conquest"]["despair"] == 1
    assert _minions(s, "village-1") == 2  # step 2 still spawns there


def test_despair_two_held_locations_raise_two_and_each_hero_spawns_on_a_different_one():
    """"Despair" 1: +1 for each hope objective location held: two heroes, both hope
    tokens held, +2 (1 to 3). 2: "Each hero spawns 1 minion on a different hope
    objective location in play": one more minion on each; none missing."""
    t = Table(heroes=2).setup(fate=ROLLABLE)
    held = _tokens(t.state, "hope")
    assert len(held) == 2
    for area in held:
        put(t.state, area, 1)
    enemy_card_first(t, "despair")
    s = t.state
    assert s["conquest"]["despair"] == 3
    assert [_minions(s, a) for a in held] == [2, 2]


def test_corruption_two_heroes_no_tokens_one_die_rollable_the_other_raises():
    """"Corruption" 1: "If no influence objective tokens remain in play, raise the
    corruption track by 1" (1 to 2); 2: two heroes, two missing influence
    objectives: two non-darkness fate dice, but the pool holds one; "For each fate
    die that cannot be rolled, increase the corruption track by 1" (to 3). The one
    die rolled (Guile) spawns a minion in Outland 2."""
    t = played(heroes=2)
    enemy_card_first(t, "corruption", ["rage", "darkness", "darkness", "darkness", "darkness"])
    assert t.step().id == "conquest" and t.step().dice(t.state) == (1, "fate")
    t.do("conquest_fate", dice=[{"kind": "fate", "face": "Guile"}])
    s = t.state
    assert s["conquest"]["corruption"] == 3
    assert _minions(s, "outland-2") == 1
    assert sum(_minions(s, a) for a in s["areas"]) == 1


def test_devastation_one_hero_token_gone_all_darkness_raises_two():
    """"Devastation" 1: no supply token in play: +1; 2: one hero, one missing
    objective, no non-darkness die: +1 more (1 to 3); nothing spawns."""
    t = played(heroes=1)
    enemy_card_first(t, "devastation", ["darkness"] * 5)
    s = t.state
    assert s["conquest"]["devastation"] == 3
    assert sum(_minions(s, a) for a in s["areas"]) == 0


def test_despair_spawn_on_a_full_token_overruns_and_raises_again():
    """"Despair" 1: the hope location holds 3 minions: +1 (to 2). 2: its spawn
    finds 3 minions: "Overruns": "Each time an overrun occurs in an objective
    location, players must immediately raise the corresponding conquest track by
    1" (to 3); with empty reserves the players cannot discard, so "the overrun
    minion(s) are placed one area closer to Farrenroc": Farrenroc, next to
    Village 1."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    put(t.state, "village-1", 3)
    enemy_card_first(t, "despair")
    t.until("hero", "action")
    s = t.state
    assert s["conquest"]["despair"] == 3
    assert _minions(s, "village-1") == 3
    assert _minions(s, "farrenroc") == 1


def _begin_siege(t: Table, track: str = "despair") -> None:
    """The siege begun by ``track`` reaching its last space; the boss's die: Rage."""
    t.do("correct", track=track, value=9)
    t.do("raise", track=track, spaces=1)
    if t.step().id == "boss_pick":
        t.do("fate_pick", dice="rage")
    t.do("boss_fate", dice=[{"kind": "fate", "face": "Rage"}])


# --- the tracks --------------------------------------------------------------------------------


def test_a_raise_landing_exactly_on_an_ability_space_resolves_it():
    """"Conquest": "If a conquest marker enters a conquest ability space, players
    must immediately resolve that conquest track's ability": 1 raised by 2 ends on
    the ability at 3."""
    t = Table().setup(abilities={"despair": [3]})
    t.do("raise", track="despair", spaces=2)
    s = t.state
    assert s["conquest"]["despair"] == 3
    assert len(s["pending"]) == 1 and "space 3" in s["pending"][0]


def test_a_raise_leaving_an_ability_space_does_not_resolve_it_again():
    """"Conquest Tracks": "Each time a conquest marker enters or passes through a
    space containing a conquest ability": a marker already on 3 (set by hand, a
    correction) raised by 1 leaves it; nothing is entered."""
    t = Table().setup(abilities={"despair": [3]})
    t.do("correct", track="despair", value=3)
    assert t.state["pending"] == []
    t.do("raise", track="despair", spaces=1)
    assert t.state["conquest"]["despair"] == 4 and t.state["pending"] == []


def test_an_ability_passed_again_after_a_reduction_is_resolved_again():
    """"Conquest Tracks": "Each time a conquest marker enters or passes through a
    space containing a conquest ability, the players immediately resolve" it; a
    reduction past it resolves nothing, the raise back over it does."""
    t = Table().setup(abilities={"corruption": [3]})
    t.do("raise", track="corruption", spaces=2)
    t.do("next")
    t.do("correct", track="corruption", value=2)
    assert t.state["pending"] == []
    t.do("raise", track="corruption", spaces=2)
    s = t.state
    assert s["conquest"]["corruption"] == 3
    assert len(s["pending"]) == 1 and "space 3" in s["pending"][0]
    t.do("next")
    assert t.state["conquest"]["corruption"] == 4


def test_an_ability_on_space_nine_does_not_begin_the_siege():
    """"Conquest": the ability at 9 is resolved; "The first time any conquest
    marker reaches the last space on the track, the siege begins": 9 is not it."""
    t = Table().setup(abilities={"devastation": [9]})
    t.do("correct", track="devastation", value=8)
    t.do("raise", track="devastation", spaces=1)
    s = t.state
    assert s["conquest"]["devastation"] == 9 and len(s["pending"]) == 1
    t.do("next")
    assert not t.state["siege"]


def test_a_raise_past_the_last_space_stops_there_begins_the_siege_without_its_ability():
    """"Conquest": "These tracks include 10 spaces each"; "The first time any
    conquest marker reaches the last space on the track, the siege begins";
    "The Siege": "When the siege begins, do not resolve the siege ability
    associated with it." From 9, a raise of 5 (the marker was not on the last
    space when the raise began): the marker on 10, the siege, no siege ability."""
    t = played(fate=ROLLABLE)
    t.do("correct", track="despair", value=9)
    t.do("raise", track="despair", spaces=5)
    s = t.state
    assert s["conquest"]["despair"] == 10 and s["siege"]
    assert not any("siege ability" in p for p in s["pending"])


def test_a_second_track_reaching_the_last_space_in_the_siege_resolves_its_siege_ability():
    """"The Siege": "If the siege has already begun and a conquest marker reaches a
    siege ability ... players immediately resolve that track's siege ability";
    the siege begins only "the first time": the boss is not placed again."""
    t = played(fate=ROLLABLE)
    _begin_siege(t)
    boss = dict(t.state["boss"])
    assert boss["area"] == "outland-1"
    t.do("correct", track="corruption", value=9)
    t.do("raise", track="corruption", spaces=1)
    s = t.state
    assert s["conquest"]["corruption"] == 10
    assert s["pending"] == ["Corruption siege ability"]
    assert s["boss"] == boss


def test_each_raise_on_the_last_space_resolves_the_siege_ability_once():
    """"Conquest": "Each time a conquest track is raised the siege ability is only
    triggered once, regardless of how many raises were required": two separate
    raises on the last space, one siege ability each."""
    t = played(fate=ROLLABLE)
    _begin_siege(t, "devastation")
    t.do("raise", track="devastation", spaces=2)
    assert t.state["pending"] == ["Devastation siege ability"]
    t.do("next")
    assert t.state["pending"] == []
    t.do("raise", track="devastation", spaces=1)
    assert t.state["pending"] == ["Devastation siege ability"]


def test_two_abilities_then_the_siege_in_one_raise():
    """"Conquest": "When moving the conquest marker multiple spaces, players fully
    resolve each conquest ability before continuing to move the conquest marker":
    abilities at 8 and 9, a raise of 3 from 7: 8, then 9, then the siege."""
    t = played(fate=ROLLABLE, abilities={"despair": [8, 9]})
    t.do("correct", track="despair", value=7)
    t.do("raise", track="despair", spaces=3)
    assert (t.state["conquest"]["despair"], t.state["siege"]) == (8, False)
    t.do("next")
    assert (t.state["conquest"]["despair"], t.state["siege"]) == (9, False)
    t.do("next")
    assert (t.state["conquest"]["despair"], t.state["siege"]) == (10, True)


def test_in_the_siege_another_track_can_still_be_reduced():
    """"The Siege": "A conquest track that has already reached the siege icon
    cannot be reduced": only that track; Corruption at 5 comes down to 4."""
    t = played(fate=ROLLABLE)
    _begin_siege(t)
    t.do("correct", track="corruption", value=5)
    t.do("correct", track="corruption", value=4)
    assert t.state["conquest"]["corruption"] == 4
    t.refused("correct", track="despair", value=9)
    assert t.state["conquest"]["despair"] == 10


def test_in_a_siege_begun_by_the_final_objective_a_track_at_the_last_space_resolves_its_siege_ability():
    """"The Siege": "The siege begins the first time a conquest marker enters a siege
    icon space or when the final objective card is revealed ... If the siege has
    already begun and a conquest marker reaches a siege ability ... players
    immediately resolve that track's siege ability": the siege begun by the three
    objectives, then Despair 9 to 10: its siege ability, the boss not placed again."""
    t = Table(heroes=1).setup(fate=["rage"] + ["darkness"] * 4)
    for kind in ("hope", "supply", "influence"):
        (area,) = _tokens(t.state, kind)
        t.state["heroes"][0]["area"] = area
        t.do("objective_token", kind=kind)
    t.until("heroes", "planning")  # the boss placed
    assert t.state["siege"]
    boss = dict(t.state["boss"])
    t.do("correct", track="despair", value=9)
    t.do("raise", track="despair", spaces=1)
    s = t.state
    assert s["conquest"]["despair"] == 10 and s["pending"] == ["Despair siege ability"]
    assert s["boss"] == boss


def test_a_captain_alone_on_a_hope_token_does_not_hold_it():
    """"Despair" 1: "Raise the despair track by 1 for each hope objective location
    containing at least 1 minion": a captain is no minion ("Enemies": three ranks):
    +0."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    t.do("place", area="village-1", rank="captain", count=1)
    enemy_card_first(t, "despair")
    assert t.state["conquest"]["despair"] == 1


def test_two_heroes_one_hope_token_full_overruns_the_other_takes_its_minion():
    """"Despair" 2: "Each hero spawns 1 minion on a different hope objective location
    in play": two heroes, two tokens; the one holding 3 overruns ("Overruns": its
    track +1) and its minion goes one area closer (empty reserves), the other takes
    its minion. Step 1 counted both held: 1 + 2, then the overrun: 4."""
    t = Table(heroes=2).setup(fate=ROLLABLE)
    full, other = "village-4", "village-1"
    assert _tokens(t.state, "hope") == [other, full]
    put(t.state, full, 3)
    put(t.state, other, 1)
    enemy_card_first(t, "despair")
    t.until("hero", "action")
    s = t.state
    assert s["conquest"]["despair"] == 4
    assert (_minions(s, full), _minions(s, other)) == (3, 2)
    assert sum(_minions(s, a) for a in s["areas"]) == 6


def test_a_raise_over_an_ability_onto_the_last_space_in_the_siege_resolves_both_once():
    """"Conquest": each ability entered is resolved before the marker moves on;
    "Each time a conquest track is raised the siege ability is only triggered once,
    regardless of how many raises were required"; "The Siege": in the siege a marker
    reaching the last space resolves the siege ability. Corruption 8, an ability at 9,
    the siege begun by Despair: a raise of 5 gives the ability, then the siege ability
    once."""
    t = played(fate=ROLLABLE, abilities={"corruption": [9]})
    _begin_siege(t)
    t.do("correct", track="corruption", value=8)
    t.do("raise", track="corruption", spaces=5)
    s = t.state
    assert s["conquest"]["corruption"] == 9 and len(s["pending"]) == 1 and "space 9" in s["pending"][0]
    t.do("next")
    assert t.state["conquest"]["corruption"] == 10
    assert t.state["pending"] == ["Corruption siege ability"]
    t.do("next")
    assert t.state["pending"] == []


def test_one_of_two_hope_tokens_claimed_the_other_unheld_raises_nothing_one_die_rolled():
    """"Despair" 1: the +1 is only "If no hope objective tokens remain in play": two
    heroes, one token claimed, the other in play and empty: +0. 2: one minion on it,
    and one fate die for the one missing objective (Nature: Outland 3)."""
    t = Table(heroes=2).setup(fate=["rage", "darkness", "darkness", "darkness", "darkness"])
    claimed, other = "village-1", "village-4"
    t.state["heroes"][0]["area"] = claimed
    t.do("objective_token", kind="hope", hero=1)
    assert _tokens(t.state, "hope") == [other]
    enemy_card_first(t, "despair")
    assert t.step().id == "conquest" and t.step().dice(t.state) == (1, "fate")
    t.do("conquest_fate", dice=[{"kind": "fate", "face": "Nature"}])
    s = t.state
    assert s["conquest"]["despair"] == 1
    assert (_minions(s, other), _minions(s, "outland-3")) == (1, 1)


def test_a_conquest_card_in_the_siege_finds_no_token_and_rolls_for_each_hero():
    """"The Siege": "Discard all remaining objective tokens in play"; then "Despair"
    1: "If no hope objective tokens remain in play, raise the despair track by 1"
    (3 to 4) and 2: one fate die per missing hope objective (one hero: one die,
    Rage: Outland 1)."""
    t = Table(heroes=1).setup(fate=["rage"] + ["darkness"] * 4)
    _begin_siege(t, "corruption")
    assert _tokens(t.state, "hope") == []
    t.do("correct", track="despair", value=3)
    enemy_card_first(t, "despair")
    assert t.step().id == "conquest" and t.step().dice(t.state) == (1, "fate")
    t.do("conquest_fate", dice=[{"kind": "fate", "face": "Rage"}])
    s = t.state
    assert s["conquest"]["despair"] == 4 and _minions(s, "outland-1") == 1
