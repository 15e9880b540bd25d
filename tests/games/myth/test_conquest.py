"""Conquest tracks ("Conquest", "Conquest Tracks", "The Siege"): each ability
the marker enters is resolved before the marker moves on, and before anything
else the raising effect does next; the siege, its boss and its track; each
scenario drives the box's commands."""

from __future__ import annotations

from games.myth import GAME
from tests.games.myth.helpers import Table, enemy_card_first, played, put


def _hope_tokens(state: dict) -> list[str]:
    return [a for a, s in state["areas"].items() if s["objective"] == "hope"]


def test_conquest_each_ability_is_resolved_before_the_marker_moves_on_to_the_siege():
    """"Conquest": "If a conquest marker enters a conquest ability space, players
    must immediately resolve that conquest track's ability. When moving the
    conquest marker multiple spaces, players fully resolve each conquest
    ability before continuing to move the conquest marker. The first time any
    conquest marker reaches the last space on the track, the siege begins."
    A raise of 2 from space 8 over the ability on 9: the ability first, with
    the objective tokens still on the board and no boss; then the siege."""
    t = Table().setup(abilities={"despair": [9]})
    t.do("correct", track="despair", value=8)
    tokens = _hope_tokens(t.state)
    assert tokens
    t.do("raise", track="despair", spaces=2)
    s = t.state
    assert t.step().id == "abilities"
    assert s["pending"] == ["Despair ability (space 9)"]
    assert s["conquest"]["despair"] == 9 and not s["siege"]
    assert _hope_tokens(s) == tokens and s["boss"] == {"area": None, "damage": 0}
    assert s["raising"] == [{"track": "despair", "spaces": 1}]
    t.do("next")  # the players have resolved the Despair ability
    s = t.state
    assert s["conquest"]["despair"] == 10 and s["siege"]
    assert _hope_tokens(s) == [] and s["boss"]["arriving"]
    assert t.step().id in ("boss_pick", "boss") and s["pending"] == [] and s["raising"] == []


def test_conquest_two_ability_spaces_are_resolved_one_at_a_time_in_order():
    """"Conquest": "players fully resolve each conquest ability before
    continuing to move the conquest marker": the marker waits on each."""
    t = Table().setup(abilities={"despair": [3, 4]})
    t.do("raise", track="despair", spaces=4)
    assert (t.state["conquest"]["despair"], t.state["pending"]) == (3, ["Despair ability (space 3)"])
    t.do("next")
    assert (t.state["conquest"]["despair"], t.state["pending"]) == (4, ["Despair ability (space 4)"])
    t.do("next")
    assert t.state["conquest"]["despair"] == 5 and t.state["pending"] == []
    assert t.state["procedure"]["name"] == "planning"  # the card effect is over


def test_conquest_card_ability_is_resolved_before_its_spawns():
    """"Despair" step 1 raises the track; "If a conquest marker enters a
    conquest ability space, players must immediately resolve that conquest
    track's ability", so the ability comes before step 2's spawns."""
    t = Table().setup(abilities={"despair": [2]})
    (token,) = _hope_tokens(t.state)
    put(t.state, token, 1)  # a hope objective location held: +1 despair
    enemy_card_first(t, "despair")
    s = t.state
    assert s["conquest"]["despair"] == 2
    assert t.step().id == "raise_abilities" and s["pending"] == ["Despair ability (space 2)"]
    assert len(s["areas"][token]["minions"]) == 1  # nothing spawned yet
    t.do("next")  # ability resolved: step 2 spawns a minion on the token
    assert len(t.state["areas"][token]["minions"]) == 2


def test_overrun_raise_ability_is_resolved_before_the_overrun_choice():
    """"Overruns": "Each time an overrun occurs in an objective location, players
    must immediately raise the corresponding conquest track by 1" (Quick
    Reference, Overrun: 2. raise, then 3. discard or move): the ability the
    raise enters is resolved before the players answer the overrun."""
    t = Table().setup(abilities={"despair": [2]})
    (token,) = _hope_tokens(t.state)
    put(t.state, token, 3)
    t.do("correct", track="hope", value=1)
    t.do("spawn", area=token, count=1)
    assert t.step().id == "abilities" and t.state["overruns"] == [{"area": token, "count": 1}]
    t.do("next")
    assert t.step().id == "overrun"


def test_siege_ability_resolved_once_for_a_raise_on_the_last_space():
    """"Conquest": "If players are required to raise a conquest track by one or
    more spaces when the conquest marker is already on the last space, they
    must immediately resolve that conquest track's siege ability. Each time a
    conquest track is raised the siege ability is only triggered once"."""
    t = Table().setup(fate=["rage"] * 5)
    t.do("correct", track="corruption", value=9)
    t.do("raise", track="corruption", spaces=3)  # the siege begins: no siege ability
    t.do("boss_fate")
    assert t.state["pending"] == [] and t.state["siege"]
    t.do("raise", track="corruption", spaces=3)
    assert t.state["pending"] == ["Corruption siege ability"]


def test_the_abilities_step_names_the_raise_still_to_move():
    t = Table().setup(abilities={"devastation": [4]})
    t.do("raise", track="devastation", spaces=5)
    assert GAME.view(t.state).step == "Resolve: Devastation ability (space 4); then Devastation +2"


# --- the siege ----------------------------------------------------------------------------


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
    err = t.refused("boss_fate", dice=[{"kind": "d10", "face": 3}])
    assert err.short == "Roll 1 fate die"
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
    t.refused("correct", track="despair", value=5)
