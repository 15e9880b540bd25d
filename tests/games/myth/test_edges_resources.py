"""Edges of "Resources", "Farrenroc Reserves", "Fate Pool", "Encounter Cards",
"Enemies" and "Damage and Healing" (the boss), expected values from the rulebook
alone."""

from __future__ import annotations

from tests.games.myth.helpers import Table, enemy_card_first, played, put

ROLLABLE = ["rage", "guile", "nature", "arcane", "faith"]


def fate(*faces: str) -> list[dict]:
    return [{"kind": "fate", "face": f} for f in faces]


# --- Resources -----------------------------------------------------------------------------------


def test_a_gain_with_all_ten_tokens_of_a_type_in_the_reserves_gains_nothing():
    """"Game Components": "30 Resource Tokens (10 Hope, 10 Supply, 10 Influence)";
    "Resources": "Each time a hero gains one or more resources, he takes the
    appropriate number and type and places it in Farrenroc's reserves": with all ten
    hope in the reserves the pool holds none to take; a Quest outside a quest
    location (+1 hope) leaves 10."""
    t = played()
    t.do("correct", track="hope", value=10)
    t.do("quest", skill="tactics", target=5)
    assert t.state["reserves"]["hope"] == 10


def test_a_discard_of_exactly_the_reserves_costs_no_stability():
    """"Farrenroc Reserves": stability is lost only when players "are forced to
    discard one or more resources exceeding the number of resources in the
    reserve": a Muster with no non-darkness die owes 1, the reserves hold 1."""
    t = played(fate=["darkness"] * 5)
    t.do("correct", track="influence", value=1)
    t.do("muster", count=1)
    s = t.state
    assert s["reserves"]["influence"] == 0 and s["stability"] == 10


# --- Fate Pool ----------------------------------------------------------------------------------


def test_a_symbol_not_in_the_pool_cannot_be_spent():
    """"Action Phase": "Fate abilities can be resolved only if a matching fate symbol
    is in the fate pool": no Faith showing, Faith refused."""
    t = played(fate=["rage", "guile", "nature", "arcane", "darkness"])
    t.refused("spend_fate", face="faith")


def test_spending_one_of_two_matching_dice_rerolls_only_that_one():
    """"Fate Pool": "When a fate symbol is used, that fate die is rolled and returned
    to the fate pool": two Rage showing, one spent and rerolled to Faith: one Rage
    is left."""
    t = played(fate=["rage", "rage", "nature", "arcane", "darkness"])
    t.do("spend_fate", face="rage")
    t.do("fate_reroll", dice=fate("Faith"))
    pool = t.state["fate"]
    assert sorted(pool) == sorted(["rage", "faith", "nature", "arcane", "darkness"])


def test_the_darkness_ability_rerolls_one_darkness_die_of_several():
    """"Action Phase": "Enemy action cards have mandatory fate abilities which are
    always triggered and resolved"; "After resolving a fate ability, the player must
    roll a fate die in the fate pool with the matching symbol": two Darkness
    showing, one rerolled (to Arcane), one Darkness left."""
    t = played(fate=["darkness", "rage", "darkness", "guile", "nature"])
    enemy_card_first(t, "march")
    assert t.step().id == "darkness"
    t.do("darkness_fate", dice=fate("Arcane"))
    assert t.state["fate"].count("darkness") == 1 and t.state["fate"].count("arcane") == 1


def test_no_darkness_showing_the_darkness_ability_is_not_asked():
    """"Fate Pool": "all mandatory fate effects (Enemy Action Cards) must be resolved
    if there is at least one available matching symbol in the fate pool": none
    showing, no Darkness prompt, the pool untouched."""
    t = played(fate=ROLLABLE)
    enemy_card_first(t, "march")
    assert t.step() is None or t.step().id != "darkness"
    assert t.state["fate"] == ROLLABLE


# --- Encounter Cards ------------------------------------------------------------------------------


def _encounter(t: Table, card: str) -> None:
    t.do("encounter", skill="spirit", target=1, no_test=True)
    t.do("keep_card", card=card)


def test_a_third_asset_is_kept_without_discarding_a_fourth_replaces_one():
    """"Encounter Cards": "A hero may have only three assets at one time. If a hero
    gains an asset while he already has three assets, they may choose one of their
    assets to discard to gain the new asset": 2 to 3 plainly, then still 3."""
    t = played()
    _encounter(t, "asset")
    _encounter(t, "asset")
    _encounter(t, "asset")
    assert t.state["heroes"][0]["assets"] == 3
    t.do("encounter", skill="spirit", target=1, no_test=True)
    t.refused("keep_card", card="asset")  # a fourth only by discarding an old one
    t.do("keep_card", card="asset (discard an old)")
    assert t.state["heroes"][0]["assets"] == 3


def test_a_burden_with_three_assets_discards_nothing():
    """"Encounter Cards", Burden: "never count against the number of assets that a
    hero may have": three assets, a burden: 3 and 1."""
    t = played()
    for _ in range(3):
        _encounter(t, "asset")
    _encounter(t, "burden")
    hero = t.state["heroes"][0]
    assert (hero["assets"], hero["burdens"]) == (3, 1)


# --- Enemies, the boss ------------------------------------------------------------------------------


def test_a_fifth_captain_cannot_be_placed():
    """"Enemies": "one boss, up to four captains, and up to twenty minions": the
    fifth captain refused."""
    t = played()
    t.do("place", area="ruins-2", rank="captain", count=4)
    t.refused("place", area="ruins-4", rank="captain", count=1)


def test_a_fourth_minion_cannot_be_placed_by_hand():
    """"Glossary", Area: "A single area can hold any number of enemy tokens, but can
    never contain more than three minion tokens"."""
    t = played()
    put(t.state, "ruins-2", 3)
    t.refused("place", area="ruins-2", rank="minion", count=1)


def test_the_boss_cannot_be_placed_before_the_siege():
    """"Enemies": "The boss enters play only during a siege"."""
    t = played()
    t.refused("place", area="ruins-2", rank="boss", count=1)


def test_the_boss_one_damage_short_stands_the_last_hit_wins():
    """"Damage and Healing": "When a target suffers damage equal to or exceeding its
    vitality, it is defeated ... If the boss is defeated, the players immediately
    win the game": vitality 8 (the default sheet), 7 damage stands, one more hit
    (a 10 beats any defence) wins."""
    t = played(fate=["rage"] + ["darkness"] * 4)
    t.do("correct", track="despair", value=9)
    t.do("raise", track="despair", spaces=1)
    t.do("boss_fate", dice=fate("Rage"))
    assert t.state["enemy"]["boss"]["vitality"] == 8
    t.state["heroes"][0]["area"] = t.state["boss"]["area"]
    t.state["boss"]["damage"] = 7
    assert t.state.get("over") is None
    t.do("battle", rank="boss", dice=[{"kind": "d10", "face": 10}])
    t.do("reroll", die="keep")
    assert t.state["over"]["result"] == "win"
