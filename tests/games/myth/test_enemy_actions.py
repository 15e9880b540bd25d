"""The enemy action card ("Enemy Actions"): the Conquest actions (Despair,
Devastation, Corruption: a raise per objective location held, then spawns by
fate dice), the Scheme, and the card's Siege action once the siege has begun."""

from __future__ import annotations

from games.myth import GAME
from tests.games.myth.helpers import enemy_card_first, played, put


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


def test_despair_spawns_by_fate_dice_from_the_tray_for_missing_objectives():
    """"Conquest", Despair: raise by 1 (no hope token left), then one
    non-darkness fate die per missing hope objective, minions where they point."""
    t = played(heroes=2)
    enemy_card_first(t, "despair", ["rage", "darkness", "guile", "darkness", "darkness"])
    assert t.step().id == "conquest"
    assert t.step().dice(t.state) == (2, "fate")
    assert t.state["conquest"]["despair"] == 2
    err = t.refused("conquest_fate", dice=[{"kind": "d10", "face": 3}] * 2)
    assert "2 fate dice" in err.long
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
