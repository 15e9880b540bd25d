"""Enemy actions, spawning, overruns, conquest tracks, the siege, battles and
assaults, each scenario named after the rule or rulebook example it follows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.core import RuleError
from games.core.engine import Context
from games.myth import GAME, battles
from games.myth.board import distances, parse_board
from games.myth.enemy_movement import farrenroc_excess, march_moves
from games.myth.march import assault_chance, resolve_assault
from games.myth.muster import muster
from games.myth.spawning import resolve_overrun, spawn
from tests.games.myth.helpers import Table, clear_board, enemy_card_first, put


def ctx_for(state: dict) -> Context:
    return Context(GAME, state)


def played(heroes: int = 1, seed: int = 1, **kw) -> Table:
    t = Table(heroes=heroes, seed=seed).setup(**kw)
    clear_board(t.state)
    return t


# --- overruns and spawning --------------------------------------------------------------


def _line_board() -> dict:
    """Farrenroc - Ruins - Village - Outland, as in the Overruns example."""
    return parse_board({"areas": [
        {"id": "farrenroc", "type": "farrenroc", "neighbours": ["ruins-1"]},
        {"id": "ruins-1", "type": "ruins", "neighbours": ["farrenroc", "village-1"]},
        {"id": "village-1", "type": "village", "neighbours": ["ruins-1", "outland-1"]},
        {"id": "outland-1", "type": "outland", "fate": "rage", "neighbours": ["village-1"]},
    ]}, partial=True)


def _on_line_board(state: dict) -> None:
    board = _line_board()
    on_board = sum(len(a["minions"]) for a in state["areas"].values())
    state["board"] = board
    state["distance"] = distances(board, "farrenroc")
    state["areas"] = {a: {"minions": [], "captains": [], "structure": False, "objective": None}
                      for a in board["areas"]}
    state["supply"]["minions"] += on_board


def test_overruns_example_outland_minions_hop_the_full_village_to_the_ruins():
    """"Overruns", Example: the two minions in the Outland cannot enter the
    Village because it is full, so they move to the Ruins."""
    t = played()
    s = t.state
    _on_line_board(s)
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 3)
    put(s, "outland-1", 2)
    march_moves(s)
    assert len(s["areas"]["ruins-1"]["minions"]) == 2
    assert len(s["areas"]["village-1"]["minions"]) == 3
    assert s["areas"]["outland-1"]["minions"] == []


def test_farrenroc_excess_after_movement_costs_one_stability():
    """"Enemy Movement": more than three in Farrenroc: excess removed, stability -1."""
    t = played()
    s = t.state
    _on_line_board(s)
    put(s, "farrenroc", 3)
    put(s, "ruins-1", 2)
    march_moves(s)
    assert len(s["areas"]["farrenroc"]["minions"]) == 5
    ctx = ctx_for(s)
    farrenroc_excess(ctx)
    assert len(s["areas"]["farrenroc"]["minions"]) == 3
    assert s["stability"] == 9
    assert s["supply"]["minions"] == 17


def test_overrun_in_objective_location_raises_its_track_once_per_spawn_effect():
    """"Overruns": once per area per spawn effect; objective location: +1 track."""
    t = played()
    s = t.state
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 3)
    ctx = ctx_for(s)
    spawn(ctx, ["village-1", "village-1"])
    assert s["overruns"] == [{"area": "village-1", "count": 2}]
    assert s["conquest"]["despair"] == 2
    assert len(s["areas"]["village-1"]["minions"]) == 3


def test_overrun_move_places_minions_one_area_closer_or_discard_removes_them():
    t = played()
    s = t.state
    put(s, "village-5", 3)
    s["reserves"]["hope"] = 1
    ctx = ctx_for(s)
    spawn(ctx, ["village-5"])
    resolve_overrun(ctx, "hope")
    assert s["reserves"]["hope"] == 0 and s["supply"]["minions"] == 17
    spawn(ctx, ["village-5"])
    resolve_overrun(ctx, "move")
    closer = [a for a, st in s["areas"].items() if st["minions"] and s["distance"][a] == 1]
    assert len(closer) == 1


def test_overrun_move_never_fills_an_area_past_three():
    """"Overruns": each overrun minion moves 1 area closer to Farrenroc, and
    "Enemy Movement" hops areas that already hold 3, so two overrun minions
    heading for a Village with 2 put one there and hop the other onward."""
    t = played()
    s = t.state
    _on_line_board(s)
    put(s, "outland-1", 3)
    put(s, "village-1", 2)
    ctx = ctx_for(s)
    spawn(ctx, ["outland-1", "outland-1"])
    resolve_overrun(ctx, "move")
    assert len(s["areas"]["village-1"]["minions"]) == 3
    assert len(s["areas"]["ruins-1"]["minions"]) == 1
    assert all(len(a["minions"]) <= 3 for a in s["areas"].values())


def test_spawning_into_a_full_farrenroc_leaves_the_minion_in_the_supply_and_says_so():
    """"Spawning Enemies" gives a spawn into a full Farrenroc no consequence: the
    Quick Reference's Overrun step 3 applies "in an area besides Farrenroc" and
    step 4 costs stability only for an "Overrun by movement into Farrenroc"
    ("Glossary", Area: never more than three minion tokens). The minion stays
    in the supply, nothing else happens, and the players are told."""
    t = played()
    put(t.state, "farrenroc", 3)
    t.do("spawn", area="farrenroc", count=2)
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == 3 and s["supply"]["minions"] == 17
    assert s["stability"] == 10 and s["overruns"] == [] and s["discards"] == []
    assert any("Farrenroc already holds 3 minions: 2 minion(s) not spawned" in e.text
               for e in t.last.events)
    assert "not spawned" in t.last.description


def test_overrun_discard_refused_when_the_reserves_lack_it():
    """"Spend": players may never spend resources in excess of the reserves."""
    t = played()
    s = t.state
    put(s, "village-5", 3)
    spawn(ctx_for(s), ["village-5"])
    with pytest.raises(RuleError):
        resolve_overrun(ctx_for(s), "supply")


def test_running_out_of_minions_discards_then_one_stability_per_effect():
    """"Running Out of Minions": 1 resource per minion that cannot spawn; if the
    reserves cannot pay, stability -1 once for the whole effect."""
    t = played()
    s = t.state
    put(s, "village-1", 3)
    for area in ("village-2", "village-3", "village-4", "village-5", "sanctuary-1"):
        put(s, area, 3)
    put(s, "sanctuary-2", 2)
    assert s["supply"]["minions"] == 0
    s["reserves"]["supply"] = 1
    spawn(ctx_for(s), ["dungeon-1", "dungeon-2", "dungeon-3"])
    assert s["reserves"]["supply"] == 0
    assert s["stability"] == 9


# --- conquest tracks and the siege --------------------------------------------------------


def test_lowering_never_resolves_abilities():
    t = played(abilities={"despair": [3]})
    t.state["conquest"]["despair"] = 5
    t.do("correct", track="despair", value=2)
    assert t.state["pending"] == []


def test_siege_begins_on_the_last_space_boss_placed_objectives_discarded():
    """"The Siege": no siege ability when it begins; the boss goes to the Outland
    of a non-darkness fate die, rolled at a prompt that arms the tray for one
    fate die; objective tokens and cards are discarded."""
    t = played(fate=["darkness", "darkness", "nature", "darkness", "darkness"])
    s = t.state
    s["areas"]["village-1"]["objective"] = "hope"
    s["conquest"]["corruption"] = 8
    t.do("raise", track="corruption", spaces=3)
    s = t.state
    assert s["siege"] and s["conquest"]["corruption"] == 10
    assert s["pending"] == []
    assert all(a["objective"] is None for a in s["areas"].values())
    assert s["boss"]["area"] is None and t.step().id == "boss"
    assert t.step().dice(s) == (1, "fate")
    before = t.state
    with pytest.raises(RuleError) as err:
        t.do("boss_fate", dice=[{"kind": "d10", "face": 3}])
    assert err.value.short == "Roll 1 fate die" and t.state == before
    t.do("boss_fate", dice=[{"kind": "fate", "face": "Faith"}])
    s = t.state
    assert s["board"]["areas"][s["boss"]["area"]]["fate"] == "faith"
    assert s["fate"][2] == "faith"  # the pool's non-darkness die took the new face
    assert "arriving" not in s["boss"]
    t.do("raise", track="corruption", spaces=2)
    assert t.state["pending"] == ["Corruption siege ability"]


def test_the_boss_die_rolled_virtually_when_confirmed_without_a_tray():
    t = played(fate=["darkness", "rage", "darkness", "darkness", "darkness"])
    t.state["conquest"]["despair"] = 9
    t.do("raise", track="despair", spaces=1)
    t.do("boss_fate")
    s = t.state
    assert s["board"]["areas"][s["boss"]["area"]]["fate"] == s["fate"][1]


def test_all_darkness_puts_the_boss_in_the_darkness_location():
    """"The Siege": "If all dice are darkness, the boss appears in the darkness
    location" (no die to roll: no prompt)."""
    t = played(fate=["darkness"] * 5)
    t.state["conquest"]["despair"] = 9
    t.do("raise", track="despair", spaces=1)
    s = t.state
    assert s["board"]["areas"][s["boss"]["area"]]["fate"] == "darkness"


def test_a_track_at_the_siege_cannot_be_lowered():
    t = played()
    t.state["conquest"]["despair"] = 9
    t.do("raise", track="despair", spaces=1)
    before = t.state
    with pytest.raises(RuleError):
        t.do("correct", track="despair", value=5)
    assert t.state == before


def test_conquest_action_raises_per_held_objective_and_spawns():
    """"Despair": "1. Raise the despair track by 1 for each hope objective location
    containing at least 1 minion. 2. Each hero spawns 1 minion on a different
    hope objective location in play, and rolls 1 non-darkness fate die ... for
    each missing hope objective": two heroes, one hope token left (held)."""
    t = played(heroes=2)
    s = t.state
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 1)
    enemy_card_first(t, "despair", ["rage", "guile", "nature", "arcane", "faith"])
    assert t.state["conquest"]["despair"] == 2
    assert t.step().id == "conquest_pick"
    t.do("fate_pick", dice="guile")
    t.do("conquest_fate", dice=[{"kind": "fate", "face": "Rage"}])
    s = t.state
    assert len(s["areas"]["village-1"]["minions"]) == 2
    assert len(s["areas"]["outland-1"]["minions"]) == 1  # Rage's Outland
    assert s["fate"] == ["rage", "rage", "nature", "arcane", "faith"]  # the Guile die rolled


def test_conquest_action_with_no_tokens_left_raises_one():
    """"Devastation": "If no supply objective tokens remain in play, raise the
    devastation track by 1"; "For each fate die that cannot be rolled, increase
    the devastation track by 1"."""
    t = played(heroes=1)
    enemy_card_first(t, "devastation", ["darkness"] * 5)
    assert t.state["conquest"]["devastation"] == 3  # +1 no token, +1 the die not rolled


def test_muster_spawns_at_the_fate_symbols_area():
    t = played()
    s = t.state
    muster(ctx_for(s), 2, ["rage", "faith"])
    faces = {s["board"]["areas"][a]["fate"] for a, st in s["areas"].items() if st["minions"]}
    assert faces == {"rage", "faith"}


# --- assaults and battles ---------------------------------------------------------------------


def test_assault_on_farrenroc_with_fixed_dice_and_minions_delayed():
    """"Assaults": a die at or under the highest attack succeeds; minions delayed."""
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    put(s, "farrenroc", 2)
    assert resolve_assault(ctx_for(s), "farrenroc", [7, 3]) is True
    assert s["stability"] == 9
    assert all(m["delayed"] for m in s["areas"]["farrenroc"]["minions"])


def test_assault_on_a_structure_that_holds():
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    s["areas"]["village-1"]["structure"] = True
    put(s, "village-1", 1)
    assert resolve_assault(ctx_for(s), "village-1", [4]) is False
    assert s["areas"]["village-1"]["structure"]
    assert resolve_assault(ctx_for(s), "village-2", [1]) is None


def test_battle_with_fixed_dice_hits_and_hurts():
    """"Battle": >= defence deals 1 damage, <= attack hurts the hero; equal
    attack and defence rolled: both."""
    t = played()
    s = t.state
    s["enemy"]["minion"] = {"vitality": 1, "attack": 4, "defence": 4}
    put(s, "farrenroc", 3)
    t.do("battle", rank="minion", dice=[{"kind": "d10", "face": f} for f in (4, 9, 2)])
    t.do("reroll")  # keep
    assert len(t.state["areas"]["farrenroc"]["minions"]) == 1
    assert t.state["heroes"][0]["damage"] == 2


def test_battle_defeats_delayed_minions_first():
    t = played()
    s = t.state
    put(s, "farrenroc", 2, delayed=True)
    put(s, "farrenroc", 1)
    t.do("battle", rank="minion", dice=[{"kind": "d10", "face": 5}])
    t.do("reroll")
    assert len(t.state["areas"]["farrenroc"]["minions"]) <= 1


def test_declined_battle_gains_influence():
    t = played()
    t.do("battle", rank="minion", decline=True)
    assert t.state["reserves"]["influence"] == 1


def test_hero_defeated_costs_stability_and_cannot_act():
    """"Defeated Heroes": damage discarded, stability -1; no actions this round."""
    t = played()
    t.do("wound", amount=6)
    hero = t.state["heroes"][0]
    assert hero["defeated"] and hero["damage"] == 0 and t.state["stability"] == 9
    before = t.state
    with pytest.raises(RuleError):
        t.do("travel", area="village-1")
    assert t.state == before


def test_skill_test_rolls_at_least_one_die():
    t = played()
    t.state["heroes"][0]["spirit"] = 0
    t.do("test", skill="spirit", target=6, dice=[{"kind": "d10", "face": 6}])
    t.do("reroll")
    assert "success" in t.last.description


def test_odds():
    assert battles.hit_chance(7) == Fraction(2, 5)
    assert battles.test_chance(2, 6) == 1 - Fraction(1, 2) ** 2
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 2
    put(s, "farrenroc", 2)
    assert assault_chance(s, "farrenroc") == 1 - Fraction(4, 5) ** 2


# --- bad input: refused, nothing changes ------------------------------------------------------


@pytest.mark.parametrize("command,params,prep", [
    ("place", {"area": "village-1", "rank": "minion", "count": 4}, None),
    ("structure", {"area": "lair-1"}, None),
    ("structure", {"area": "farrenroc"}, None),
    ("structure", {"area": "village-1"}, "six"),
    ("travel", {"area": "outland-1"}, None),
    ("spend_fate", {"face": "rage"}, "no-rage"),
    ("final_done", {}, None),
])
def test_bad_input_refused_state_unchanged(command, params, prep):
    t = played()
    if prep == "six":
        for area in ("village-2", "village-3", "village-4", "village-5", "sanctuary-1",
                     "sanctuary-2"):
            t.do("structure", area=area)
    if prep == "no-rage":
        t.state["fate"] = ["guile"] * 5
    before = t.state
    with pytest.raises(RuleError):
        t.do(command, **params)
    assert t.state == before


def test_stability_zero_loses():
    t = played()
    t.do("correct", track="stability", value=0)
    assert t.state["over"]["result"] == "loss"


# --- Muster: the rulebook's two readings ---------------------------------------------------


def test_muster_section_dice_that_cannot_be_rolled_discard_resources_not_raise_a_track():
    """"Muster" (Additional Rules) and the Glossary's "Muster": "For each die that
    cannot be rolled discard one resource from the reserve". The Quick
    Reference's Muster step 2 says "raise the lowest conquest track" instead;
    the box follows the two full passages (see games.myth.muster.muster's docstring). The
    players choose which resources ("of the players' choice")."""
    t = played()
    t.state["fate"] = ["darkness", "darkness", "darkness", "rage", "darkness"]
    t.state["reserves"] = {"hope": 1, "supply": 2, "influence": 0}
    t.do("muster", count=3)
    assert t.step().id == "muster" and t.step().dice(t.state) == (1, "fate")
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Guile"}])
    s = t.state
    spawned = [a for a, st in s["areas"].items() if st["minions"]]
    assert [s["board"]["areas"][a]["fate"] for a in spawned] == ["guile"]
    assert t.step().id == "discard" and s["discards"] == [{"count": 2, "why": "muster: dice "
                                                                              "not rolled"}]
    discard = next(c for c in GAME.commands if c.name == "discard_resource")
    assert discard.resolved_params(s)[0].choices == ("hope", "supply")
    t.do("discard_resource", resource="hope")
    # one more owed and only supply left: the box takes it without asking
    assert t.state["reserves"] == {"hope": 0, "supply": 1, "influence": 0}
    assert t.state["discards"] == []
    assert t.state["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}
    assert t.state["stability"] == 10
    assert t.state["procedure"] is None or t.state["procedure"]["name"] != "effect"


def test_muster_unpayable_discard_costs_one_stability():
    """"Farrenroc Reserves": discard as many as possible, then stability -1 (no
    choice to make: no prompt)."""
    t = played()
    t.state["fate"] = ["darkness"] * 5
    t.state["reserves"] = {"hope": 1, "supply": 0, "influence": 0}
    t.do("muster", count=3)
    s = t.state
    assert s["reserves"]["hope"] == 0 and s["stability"] == 9 and s["discards"] == []
    assert s["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}


def test_muster_dice_from_the_tray_wrong_kind_refused_virtual_when_confirmed():
    t = played(fate=["rage", "guile", "darkness", "darkness", "darkness"])
    t.do("muster", count=3)
    assert t.step().dice(t.state) == (2, "fate")
    before = t.state
    for wrong in ([{"kind": "d6", "face": 2}] * 2, [{"kind": "fate", "face": "Rage"}]):
        with pytest.raises(RuleError):
            t.do("muster_fate", dice=wrong)
        assert t.state == before
    t.do("muster_fate")
    assert sum(len(a["minions"]) for a in t.state["areas"].values()) == 2


def test_running_out_of_minions_asks_which_resources():
    """"Running Out of Minions": "Discard 1 resource of the players' choice for
    each minion that could not spawn"."""
    t = played()
    s = t.state
    for area in ("village-1", "village-2", "village-3", "village-4", "village-5", "sanctuary-1"):
        put(s, area, 3)
    put(s, "sanctuary-2", 2)
    s["reserves"] = {"hope": 2, "supply": 2, "influence": 2}
    t.do("spawn", area="dungeon-1", count=3)
    assert t.step().id == "discard" and t.state["discards"][0]["count"] == 3
    for kind in ("influence", "influence", "hope"):
        t.do("discard_resource", resource=kind)
    assert t.state["reserves"] == {"hope": 1, "supply": 2, "influence": 0}
    assert t.state["stability"] == 10 and t.state["discards"] == []


def test_spent_fate_symbol_rerolled_at_a_prompt_after_its_ability():
    """"Fate Pool": "that fate die is rerolled after fully resolving the fate
    effect then returned to the fate pool" (tray armed for 1 fate die)."""
    t = played(fate=["rage", "guile", "nature", "arcane", "faith"])
    t.do("spend_fate", face="nature")
    assert t.state["procedure"]["name"] == "spend" and t.step().dice(t.state) == (1, "fate")
    assert t.state["fate"][2] == "nature"  # not rerolled before the ability is resolved
    before = t.state
    with pytest.raises(RuleError):
        t.do("fate_reroll", dice=[{"kind": "d10", "face": 4}])
    assert t.state == before
    t.do("fate_reroll", dice=[{"kind": "fate", "face": "Darkness"}])
    assert t.state["fate"] == ["rage", "guile", "darkness", "arcane", "faith"]
    assert t.state["procedure"] is None or t.state["procedure"]["name"] != "spend"


# --- March through the assault prompt ---------------------------------------------------------


def test_march_assaults_farrenroc_then_the_structure_each_from_the_tray():
    """"March": assaults on Farrenroc and each structure, center first ("Action
    Phase"); "Assaults": a d10 per enemy token, success if one is at most the
    highest attack; minions delayed after; then movement."""
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    put(s, "farrenroc", 2)
    s["areas"]["village-5"]["structure"] = True
    put(s, "village-5", 1)
    put(s, "outland-1", 1)
    enemy_card_first(t)
    assert t.step().id == "assault"
    assert t.step().dice(t.state) == (2, "d10")
    from games.myth import GAME
    assert "Assault on Farrenroc: roll 2 d10, success 51%" in GAME.view(t.state).step
    before = t.state
    with pytest.raises(RuleError):
        t.do("assault", dice=[{"kind": "d10", "face": 5}])
    assert t.state == before
    t.do("assault", dice=[{"kind": "d10", "face": f} for f in (9, 2)])
    assert t.state["stability"] == 9
    assert all(m["delayed"] for m in t.state["areas"]["farrenroc"]["minions"])
    assert t.step().id == "assault" and t.step().dice(t.state) == (1, "d10")
    t.do("assault", dice=[{"kind": "d10", "face": 8}])
    assert t.state["areas"]["village-5"]["structure"]  # 8 > attack 3: held
    assert t.state["areas"]["outland-1"]["minions"] == []  # then the minions moved


def test_despair_spawns_by_fate_dice_from_the_tray_for_missing_objectives():
    """"Conquest", Despair: raise by 1 (no hope token left), then one
    non-darkness fate die per missing hope objective, minions where they point."""
    t = played(heroes=2)
    enemy_card_first(t, "despair", ["rage", "darkness", "guile", "darkness", "darkness"])
    assert t.step().id == "conquest"
    assert t.step().dice(t.state) == (2, "fate")
    assert t.state["conquest"]["despair"] == 2
    before = t.state
    with pytest.raises(RuleError) as err:
        t.do("conquest_fate", dice=[{"kind": "d10", "face": 3}] * 2)
    assert "2 fate dice" in err.value.long
    assert t.state == before
    t.do("conquest_fate", dice=[{"kind": "fate", "face": "Nature"},
                                {"kind": "fate", "face": "Faith"}])
    fates = sorted(t.state["board"]["areas"][a]["fate"] for a, st in t.state["areas"].items()
                   if st["minions"])
    assert fates == ["faith", "nature"]
    assert t.state["fate"] == ["nature", "darkness", "faith", "darkness", "darkness"]


def test_conquest_with_only_darkness_raises_per_die_without_a_prompt():
    """"Conquest": "For each fate die that cannot be rolled, increase the track by 1"."""
    t = played(heroes=2)
    enemy_card_first(t, "corruption", ["darkness"] * 5)
    assert t.state["conquest"]["corruption"] == 4  # 1 (no token) + 2 dice missing
    assert t.step().id != "conquest"


def test_scheme_effects_resolved_before_the_captains_move_then_a_defeated_captain_returns():
    """"Scheme": "1. For each quest location containing an enemy captain, players
    resolve the active quest's scheme effect. 2. Each captain not in a quest
    area moves 1 area toward the nearest quest area or Farrenroc, whichever is
    closer. If there is a tie, the captain moves toward Farrenroc. ... 3. Place
    1 defeated captain in a random Outland location." The quest is in a Ruins:
    the captain in Ruins 2 schemes (and stays), the one in Village 3 (Ruins 2
    one area away, Farrenroc two) moves to Ruins 2, the one in Sanctuary 1 (both
    one area away) moves to Farrenroc."""
    t = played()
    assert t.state["quest"] == "ruins"
    for area in ("ruins-2", "village-3", "sanctuary-1"):
        t.do("place", area=area, rank="captain", count=1)
    t.state["captains_defeated"] = 1
    enemy_card_first(t, "scheme")
    s = t.state
    assert t.step().id == "raise_abilities"
    assert s["pending"] == ["Quest scheme effect (Ruins 2)"]
    assert s["areas"]["village-3"]["captains"] == [0]  # not moved yet
    t.do("next")
    s = t.state
    where = {a: len(st["captains"]) for a, st in s["areas"].items() if st["captains"]}
    outland = next(a for a in where if s["board"]["areas"][a]["type"] == "outland")
    assert where == {"ruins-2": 2, "farrenroc": 1, outland: 1}
    assert s["captains_defeated"] == 0 and s["supply"]["captains"] == 0


def test_march_assaults_only_areas_holding_a_standing_minion():
    """"March": "players resolve the following steps for each area containing 1
    or more minion tokens: Resolve an assault on Farrenroc and each area
    containing a structure"; "Delayed": ignored by enemy action card effects
    targeting minions. A captain alone in Farrenroc and a delayed minion alone
    at a structure are not assaulted; a structure with a minion and a captain
    is, with a die for each enemy token ("Assaults")."""
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    t.do("place", area="farrenroc", rank="captain", count=1)
    s = t.state
    s["areas"]["village-5"]["structure"] = True
    put(s, "village-5", 1, delayed=True)
    s["areas"]["village-2"]["structure"] = True
    put(s, "village-2", 1)
    t.do("place", area="village-2", rank="captain", count=1)
    enemy_card_first(t)
    assert t.step().id == "assault" and t.state["procedure"]["data"]["assaults"] == ["village-2"]
    assert t.step().dice(t.state) == (2, "d10")
    t.do("assault", dice=[{"kind": "d10", "face": 9}, {"kind": "d10", "face": 8}])
    s = t.state
    assert s["stability"] == 10 and s["areas"]["village-5"]["structure"]
    assert "assaults" not in s["procedure"]["data"] or not s["procedure"]["data"]["assaults"]


def test_delayed_minions_are_ignored_but_still_fill_an_area():
    """"Delayed Minions": "Delayed minions are essentially ignored by all game
    effects" (they do not march, and do not hold an objective location for a
    Conquest), but "Delayed minions still count against the number of minions
    allowed in an area": a spawn into 3 delayed minions is an overrun."""
    t = played()
    s = t.state
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 1, delayed=True)
    put(s, "outland-1", 1, delayed=True)
    put(s, "dungeon-3", 3, delayed=True)
    enemy_card_first(t, "despair")
    s = t.state
    assert s["conquest"]["despair"] == 1  # the delayed minion holds nothing
    assert len(s["areas"]["village-1"]["minions"]) == 2  # the Conquest's spawn
    t2 = played()
    put(t2.state, "outland-1", 1, delayed=True)
    enemy_card_first(t2)
    assert len(t2.state["areas"]["outland-1"]["minions"]) == 1  # did not march
    t3 = played()
    put(t3.state, "dungeon-3", 3, delayed=True)
    t3.do("correct", track="hope", value=1)
    t3.do("spawn", area="dungeon-3", count=1)
    assert t3.state["overruns"] == [{"area": "dungeon-3", "count": 1}]


def test_overrun_by_movement_into_farrenroc_costs_one_stability_and_the_excess():
    """Quick Reference, Overrun 4: "Overrun by movement into Farrenroc reduces its
    stability by 1 only and then discard every minion over 3 into the supply"
    ("Enemy Movement": more than three minions in Farrenroc)."""
    t = played()
    put(t.state, "farrenroc", 3)
    put(t.state, "dungeon-1", 3)
    t.do("spawn", area="dungeon-1", count=2)  # reserves empty: the minions move
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == 3 and s["stability"] == 9
    assert s["supply"]["minions"] == 14


def test_the_boss_enters_play_only_during_a_siege():
    """"Enemies": "The boss enters play only during a siege"."""
    t = played()
    before = t.state
    with pytest.raises(RuleError) as err:
        t.do("place", area="farrenroc", rank="boss", count=1)
    assert err.value.short == "Boss: siege only" and t.state == before


def test_the_boss_defeated_wins_the_game():
    """"Damage and Healing": "If the boss is defeated, the players immediately win
    the game" ("Object of the Game"; "End of Game")."""
    t = played(fate=["rage"] * 5)
    t.do("correct", track="despair", value=9)
    t.do("raise", track="despair", spaces=1)
    t.do("boss_fate")
    t.do("place", area="farrenroc", rank="boss", count=1)  # a card moved it (by hand)
    t.do("correct", track="boss.vitality", value=2)
    t.do("correct", track="boss.defence", value=5)
    t.do("battle", rank="boss", dice=[{"kind": "d10", "face": 9}])
    t.do("reroll")
    assert t.state["boss"]["damage"] == 1 and not t.state.get("over")
    t.do("battle", rank="boss", dice=[{"kind": "d10", "face": 7}])
    t.do("reroll")
    assert t.state["over"]["result"] == "win"


def test_enemy_movement_priority_an_objective_before_a_structure_then_the_highest_track():
    """"Enemy Movement Priority": minions move toward the closest structure,
    objective or Farrenroc; among several: "1. Farrenroc 2. The objective
    location corresponding to the highest conquest track 3. Structures". From
    Dungeon 2, Ruins 2 and Sanctuary 5 are one area away, Farrenroc two."""
    t = played()
    s = t.state
    s["areas"]["ruins-2"]["structure"] = True
    s["areas"]["sanctuary-5"]["objective"] = "hope"
    put(s, "dungeon-2", 1)
    enemy_card_first(t)
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1  # the objective
    t = played()
    s = t.state
    s["areas"]["ruins-2"]["objective"] = "hope"
    s["areas"]["sanctuary-5"]["objective"] = "influence"
    put(s, "dungeon-2", 1)
    t.do("correct", track="corruption", value=3)
    enemy_card_first(t)
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1  # Corruption is highest


def test_the_siege_action_is_reminded_once_the_siege_has_begun():
    """"Action Phase": "Any siege steps of an action card are ignored until the
    siege has begun"; afterwards the card's Siege Action (mandatory) is resolved."""
    t = played(fate=["rage"] * 5)
    t.do("correct", track="devastation", value=9)
    t.do("raise", track="devastation", spaces=1)
    t.do("boss_fate")
    enemy_card_first(t, "scheme")
    t.until("enemy_rest", "action")
    assert "Siege action" in GAME.view(t.state).step


def test_an_enemy_already_where_it_is_sent_does_not_move():
    """"Enemy Movement": "If any enemy is instructed to move to a location that
    they are already in, they do not move"; "Scheme": "If a captain is in
    Farrenroc, he does not move", nor one already in a quest area."""
    t = played()
    for area in ("farrenroc", "ruins-1"):
        t.do("place", area=area, rank="captain", count=1)
    enemy_card_first(t, "scheme")
    assert t.state["pending"] == ["Quest scheme effect (Ruins 1)"]
    t.do("next")
    assert t.step().id == "hero"  # the Scheme is over: the hero's card
    where = {a: st["captains"] for a, st in t.state["areas"].items() if st["captains"]}
    assert where == {"farrenroc": [0], "ruins-1": [0]}


def _farrenroc_march(t: Table) -> None:
    """Farrenroc holds 3 minions, Village 1 two more (they march into Farrenroc);
    a minion in Dungeon 2 ties between the structures of Ruins 2 and Sanctuary 5."""
    s = t.state
    put(s, "farrenroc", 3)
    put(s, "village-1", 2)
    s["areas"]["ruins-2"]["structure"] = True
    s["areas"]["sanctuary-5"]["structure"] = True
    put(s, "dungeon-2", 1)


def test_farrenroc_may_hold_more_than_three_until_all_movement_is_resolved():
    """"Enemy Movement": "During enemy movement, more than three minions may end
    their movement in Farrenroc. After resolving all enemy movement, if more
    than three minions occupy Farrenroc, remove all excess minions so that only
    three remain, then reduce Farrenroc's stability by 1." While a tied minion
    waits for the players, Farrenroc holds five."""
    t = played()
    _farrenroc_march(t)
    enemy_card_first(t)
    t.do("assault", dice=[{"kind": "d10", "face": 9}] * 3)  # held
    s = t.state
    assert t.step().id == "march_to" and len(s["areas"]["farrenroc"]["minions"]) == 5
    t.do("march_to", area="sanctuary-5")
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == 3 and s["stability"] == 9
    assert len(s["areas"]["sanctuary-5"]["minions"]) == 1


def test_farrenroc_at_zero_stability_loses_at_once_nothing_more_moves():
    """"Farrenroc": "If Farrenroc's stability is reduced to zero, the players
    immediately lose the game": the assault that takes the last point ends the
    game before the March's minions move."""
    t = played()
    _farrenroc_march(t)
    t.do("correct", track="stability", value=1)
    enemy_card_first(t)
    t.do("assault", dice=[{"kind": "d10", "face": 1}] * 3)
    s = t.state
    assert s["over"]["result"] == "loss" and s["stability"] == 0
    assert len(s["areas"]["village-1"]["minions"]) == 2
    assert len(s["areas"]["farrenroc"]["minions"]) == 3
