"""Edges of "Spawning Enemies", "Running Out of Minions", "Overruns" and "Muster",
expected values from the rulebook alone.

The stand-in board, as the state gives it: Dungeon 2 is two areas from Farrenroc
and touches one area one closer (Village 1); Village 1 touches Farrenroc. Fate
faces name Outlands and Lairs: Rage Outland 1, Guile Outland 2."""

from __future__ import annotations

from tests.games.myth.helpers import Table, played, put

FILLERS = ("village-2", "village-3", "village-4", "village-5", "sanctuary-1", "sanctuary-2", "ruins-4")


def _minions(state: dict, area: str) -> int:
    return len(state["areas"][area]["minions"])


def _on_board(state: dict) -> int:
    return sum(len(a["minions"]) for a in state["areas"].values())


def _supply_left(t: Table, left: int) -> None:
    """Put minions on the board (3 an area, never near Dungeon 1-3) until ``left``
    remain in the out-of-play supply."""
    s = t.state
    for area in FILLERS:
        n = min(3, s["supply"]["minions"] - left)
        if n > 0:
            put(s, area, n)
    assert s["supply"]["minions"] == left


def test_a_fourth_minion_spawned_overruns_and_moves_one_closer_with_no_reserves():
    """"Spawning Enemies": "If the designated area already has 3 minions when a
    spawned minion would be placed, the players resolve an overrun"; "Overruns":
    "players either must discard 1 resource ... or the overrun minion(s) are placed
    one area closer to Farrenroc": with empty reserves, Village 1. Dungeon 2 holds
    no objective: no track raised."""
    t = played()
    put(t.state, "dungeon-2", 3)
    t.do("spawn", area="dungeon-2", count=1)
    s = t.state
    assert (_minions(s, "dungeon-2"), _minions(s, "village-1")) == (3, 1)
    assert s["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}


def test_a_spawn_that_exceeds_three_overruns_only_the_excess():
    """"Overruns": "An overrun occurs when 1 or more minions would be spawned in an
    area that already contains 3 minions or exceeds 3 minions after the spawn
    effect": 2 there, 2 spawned: the third stays, the fourth is the overrun. With
    a hope in the reserves the players discard it: "If a resource is discarded
    place the overrun minions out of play"."""
    t = played()
    put(t.state, "dungeon-2", 2)
    t.do("correct", track="hope", value=1)
    t.do("spawn", area="dungeon-2", count=2)
    assert t.step().id == "overrun"
    t.do("overrun", choice="hope")
    s = t.state
    assert _minions(s, "dungeon-2") == 3 and _on_board(s) == 3
    assert s["supply"]["minions"] == 17 and s["reserves"]["hope"] == 0


def test_an_overrun_in_an_objective_location_raises_once_per_spawn_effect_each_effect():
    """"Overruns": "Each time an overrun occurs in an objective location, players
    must immediately raise the corresponding conquest track by 1. An overrun can be
    triggered only once per area per spawn effect." Three minions spawned onto a
    full supply token (Devastation) in one effect: +1; a second spawn effect
    there: +1 again (1 to 3)."""
    t = played()
    t.state["areas"]["dungeon-2"]["objective"] = "supply"
    put(t.state, "dungeon-2", 3)
    t.do("spawn", area="dungeon-2", count=3)
    assert t.state["conquest"]["devastation"] == 2
    assert _minions(t.state, "village-1") == 3  # all three overrun minions one closer
    t.do("spawn", area="dungeon-2", count=1)
    s = t.state
    assert s["conquest"]["devastation"] == 3
    assert (_minions(s, "dungeon-2"), _minions(s, "farrenroc")) == (3, 1)  # hopped the full Village 1


def test_running_out_exactly_at_the_last_minion_costs_nothing():
    """"Running Out of Minions" applies "when none remain": with 2 in the supply, a
    spawn of 2 places both; nothing is discarded, stability stays 10."""
    t = played()
    _supply_left(t, 2)
    t.do("correct", track="supply", value=1)
    t.do("spawn", area="dungeon-1", count=2)
    s = t.state
    assert _minions(s, "dungeon-1") == 2 and s["supply"]["minions"] == 0
    assert s["reserves"]["supply"] == 1 and s["stability"] == 10


def test_running_out_paid_in_full_costs_no_stability():
    """"Running Out of Minions": "Discard 1 resource of the players' choice for each
    minion that could not spawn. If players were unable to discard 1 or more
    resources for the previous effect, reduce Farrenroc's stability by 1." One in
    the supply, three to spawn: one placed, two owed, and the reserves hold exactly
    two: both discarded, stability 10."""
    t = played()
    _supply_left(t, 1)
    t.do("correct", track="hope", value=1)
    t.do("correct", track="influence", value=1)
    t.do("spawn", area="dungeon-1", count=3)
    s = t.state
    assert _minions(s, "dungeon-1") == 1
    assert s["reserves"] == {"hope": 0, "supply": 0, "influence": 0}
    assert s["stability"] == 10


def test_running_out_short_by_several_costs_one_stability_once():
    """"Running Out of Minions": "A single spawning effect will reduce Farrenroc's
    stability by 1 only, regardless of how many resources the players are unable
    to discard": none in the supply, three to spawn, one resource: it is
    discarded, stability 10 to 9."""
    t = played()
    _supply_left(t, 0)
    t.do("correct", track="supply", value=1)
    t.do("spawn", area="dungeon-1", count=3)
    s = t.state
    assert s["reserves"]["supply"] == 0 and s["stability"] == 9
    assert _minions(s, "dungeon-1") == 0


def test_running_out_twice_costs_one_stability_per_effect():
    """"Running Out of Minions": once per spawning effect: two effects with empty
    reserves cost 2 (10 to 8)."""
    t = played()
    _supply_left(t, 0)
    t.do("spawn", area="dungeon-1", count=2)
    t.do("spawn", area="dungeon-3", count=1)
    assert t.state["stability"] == 8


def test_muster_two_dice_showing_one_symbol_send_both_to_its_area():
    """"Muster": "players spawn minion tokens by rolling one fate die for each
    muster simultaneously ... Locate the Outland or Lair area associated with the
    fate die result": both dice show Rage: two minions in Outland 1."""
    t = played(fate=["rage", "guile", "darkness", "darkness", "darkness"])
    t.do("muster", count=2)
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Rage"}] * 2)
    s = t.state
    assert _minions(s, "outland-1") == 2 and _on_board(s) == 2


def test_muster_a_die_missing_with_empty_reserves_costs_one_stability():
    """"Muster": "This can only be done with non-darkness fate dice. For each die
    that cannot be rolled discard one resource from the reserve"; "Farrenroc
    Reserves": "Any time players are forced to discard one or more resources
    exceeding the number of resources in the reserve, players discard as many
    resources as they can and then reduce Farrenroc's stability by 1." Two
    musters, one non-darkness die: one minion (Guile: Outland 2); nothing to
    discard: stability 10 to 9. (The Quick Reference's Muster 2, "raise the lowest
    conquest track", is the game doc's rules decision: the box follows the two
    full passages, so no track moves.)"""
    t = played(fate=["darkness", "rage", "darkness", "darkness", "darkness"])
    t.do("muster", count=2)
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Guile"}])
    s = t.state
    assert _minions(s, "outland-2") == 1 and _on_board(s) == 1
    assert s["stability"] == 9
    assert s["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}  # no track raised


def test_muster_into_a_full_outland_overruns():
    """"Muster" spawns ("players spawn minion tokens"); "Spawning Enemies": an area
    already holding 3 minions overruns: Outland 1 full, a Rage die, empty reserves:
    the minion goes one area closer to Farrenroc (Dungeon 3, Outland 1's only
    neighbour)."""
    t = played(fate=["rage", "darkness", "darkness", "darkness", "darkness"])
    put(t.state, "outland-1", 3)
    t.do("muster", count=1)
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Rage"}])
    s = t.state
    assert (_minions(s, "outland-1"), _minions(s, "dungeon-3")) == (3, 1)


def test_an_overrun_discard_of_a_resource_the_reserves_lack_is_refused():
    """"Glossary", Spend: "Players may never spend resources in excess of Farrenroc's
    reserves" ("Discard": "Discarded resources are returned to the resource pool"):
    a hope held, no supply: discarding supply is refused, hope taken."""
    t = played()
    put(t.state, "dungeon-2", 3)
    t.do("correct", track="hope", value=1)
    t.do("spawn", area="dungeon-2", count=1)
    assert t.step().id == "overrun"
    t.refused("overrun", choice="supply")
    t.do("overrun", choice="hope")
    assert t.state["reserves"]["hope"] == 0 and _on_board(t.state) == 3


def test_three_overrun_minions_moved_into_a_full_farrenroc_cost_one_stability():
    """Quick Reference, Overrun 4: "Overrun by movement into Farrenroc reduces its
    stability by 1 only and then discard every minion over 3 into the supply":
    Village 1 and Farrenroc full, three more spawned in Village 1, no reserves:
    all three move in, stability 10 to 9 (once), Farrenroc back to 3."""
    t = played()
    put(t.state, "farrenroc", 3)
    put(t.state, "village-1", 3)
    t.do("spawn", area="village-1", count=3)
    s = t.state
    assert (_minions(s, "farrenroc"), _minions(s, "village-1")) == (3, 3)
    assert s["stability"] == 9 and s["supply"]["minions"] == 14


def test_three_delayed_minions_fill_an_area_for_a_spawn():
    """"Delayed Minions": "Delayed minions still count against the number of minions
    allowed in an area"; "Spawning Enemies": an area that "already has 3 minions"
    overruns: three delayed in Dungeon 2, one spawned: it goes to Village 1."""
    t = played()
    put(t.state, "dungeon-2", 3, delayed=True)
    t.do("spawn", area="dungeon-2", count=1)
    s = t.state
    assert (_minions(s, "dungeon-2"), _minions(s, "village-1")) == (3, 1)


def test_five_spawned_into_an_empty_area_overrun_once_with_the_two_over():
    """"Overruns": an overrun when an area "exceeds 3 minions after the spawn effect",
    "only once per area per spawn effect": five into an empty supply token (Dungeon
    2): three stay, the two over move one closer together; Devastation +1 once."""
    t = played()
    t.state["areas"]["dungeon-2"]["objective"] = "supply"
    t.do("spawn", area="dungeon-2", count=5)
    s = t.state
    assert (_minions(s, "dungeon-2"), _minions(s, "village-1")) == (3, 2)
    assert s["conquest"]["devastation"] == 2


def test_more_musters_than_fate_dice_the_rest_cost_resources():
    """"Muster": "rolling one fate die for each muster simultaneously ... For each die
    that cannot be rolled discard one resource from the reserve": six musters, five
    non-darkness dice: five minions, one resource (the only supply)."""
    t = played(fate=["rage", "guile", "nature", "arcane", "faith"])
    t.do("correct", track="supply", value=1)
    t.do("muster", count=6)
    assert t.step().dice(t.state) == (5, "fate")
    t.do("muster_fate", dice=[{"kind": "fate", "face": f} for f in ("Rage", "Guile", "Nature", "Arcane",
                                                                      "Faith")])
    s = t.state
    assert _on_board(s) == 5 and s["reserves"]["supply"] == 0 and s["stability"] == 10


def test_a_muster_with_no_minion_left_costs_a_resource_or_stability():
    """"Muster": "players spawn minion tokens"; "Running Out of Minions": "If players
    are required to spawn one or more minions when none remain in the out-of-play
    enemy supply ... Discard 1 resource ... If players were unable to discard ...
    reduce Farrenroc's stability by 1": none left, a Rage die rolled, empty reserves:
    nothing placed, stability 10 to 9."""
    t = played(fate=["rage", "darkness", "darkness", "darkness", "darkness"])
    _supply_left(t, 0)
    t.do("muster", count=1)
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Rage"}])
    s = t.state
    assert _minions(s, "outland-1") == 0 and s["stability"] == 9


def test_one_muster_of_three_dice_on_one_outland_overruns_it_once():
    """"Muster": the dice are rolled "simultaneously" for one muster effect;
    "Overruns": "An overrun can be triggered only once per area per spawn effect":
    Outland 1 holds 2, three Rage dice: the third minion fills it, the two over make
    one overrun, the players discard their one hope and both go out of play."""
    t = played(fate=["rage", "guile", "nature", "darkness", "darkness"])
    put(t.state, "outland-1", 2)
    t.do("correct", track="hope", value=1)
    t.do("muster", count=3)
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Rage"}] * 3)
    assert t.step().id == "overrun"
    t.do("overrun", choice="hope")
    s = t.state
    assert t.step() is None or t.step().id != "overrun"
    assert _minions(s, "outland-1") == 3 and _minions(s, "dungeon-3") == 0
    assert s["reserves"]["hope"] == 0 and _on_board(s) == 3


def test_a_spawn_that_fills_an_area_to_three_is_no_overrun():
    """"Overruns": an overrun when an area "already contains 3 minions or exceeds 3
    minions after the spawn effect": one there, two spawned on a hope token: three,
    no overrun, Despair unmoved."""
    t = played()
    t.state["areas"]["dungeon-2"]["objective"] = "hope"
    put(t.state, "dungeon-2", 1)
    t.do("spawn", area="dungeon-2", count=2)
    s = t.state
    assert _minions(s, "dungeon-2") == 3 and _on_board(s) == 3
    assert s["conquest"]["despair"] == 1


def test_overrun_minions_moved_into_farrenroc_to_four_cost_one_stability():
    """Quick Reference, Overrun 4: "Overrun by movement into Farrenroc reduces its
    stability by 1 only and then discard every minion over 3 into the supply":
    Farrenroc holds 2, Village 1 full, two spawned there, no reserves: both move in
    (4), one is discarded, stability 9."""
    t = played()
    put(t.state, "farrenroc", 2)
    put(t.state, "village-1", 3)
    t.do("spawn", area="village-1", count=2)
    s = t.state
    assert (_minions(s, "farrenroc"), _minions(s, "village-1")) == (3, 3)
    assert s["stability"] == 9 and s["supply"]["minions"] == 14
