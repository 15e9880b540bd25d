"""Gloom of Kilforth's tracked numbers, limits and end: what the engine checks
after every command ("4. Winning the Game", "Health/Health Points", "Limit of 6").

Every function cites the section of rules/gloom-of-kilforth.md it follows. The
mechanics are in the modules named after the rulebook's sections (games/README.md).
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from games.core import Context, TrackSpec
from games.kilforth.battles import fighters, hp_turned
from games.kilforth.heroes import hero_order
from games.kilforth.procedure_data import BattleData, battle_data
from games.kilforth.state import (
    CITY,
    LIMIT,
    MAX_AP,
    MAX_ATTRIBUTE,
    MAX_FATE,
    MAX_FOE_HP,
    MAX_GOLD,
    MAX_HP_LIMIT,
    SIZE,
    encounters_at,
)


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["heroes"]) == 1 else f"H{index + 1} {what}"


def tracks(state: dict) -> list[TrackSpec]:
    """The tracked numbers: on the Menhir dial's focus cycle the active hero's HP, AP,
    Fate and gold first, then the other heroes', then rumours and Loot; max HP,
    assets, asset gold and attributes are off the dial (``correct`` sets them).

    "Health/Health Points": HP 0..maximum health ("A hero cannot gain more HP
    than their maximum health"); the maximum cannot be turned below current HP.
    AP, Fate and gold have no printed ceiling ("Gold: There is no limit").
    """
    if "heroes" not in state:
        return []
    specs = []
    for i in hero_order(state):
        hp = f"heroes.{i}"
        specs += [
            TrackSpec(f"hero{i + 1}.hp", _label(state, i, "HP"), f"{hp}.hp", 0,
                      _value_of("heroes", i, "max_hp"), on_change=_hp_turned(i)),
            TrackSpec(f"hero{i + 1}.ap", _label(state, i, "AP"), f"{hp}.ap", 0, MAX_AP),
            TrackSpec(f"hero{i + 1}.fate", _label(state, i, "Fate"), f"{hp}.fate", 0, MAX_FATE),
            TrackSpec(f"hero{i + 1}.gold", _label(state, i, "Gold"), f"{hp}.gold", 0,
                      _no_limit("heroes", i, "gold")),
        ]
    for i in hero_order(state):
        hp = f"heroes.{i}"
        specs += [
            TrackSpec(f"hero{i + 1}.rumours", _label(state, i, "Rumours"), f"{hp}.rumours", 0, LIMIT),
            TrackSpec(f"hero{i + 1}.loot", _label(state, i, "Loot"), f"{hp}.loot", 0, LIMIT),
        ]
    # Off the dial (``correct`` still sets them): values set once or changed by commands.
    for i in hero_order(state):
        hp = f"heroes.{i}"
        specs += [
            TrackSpec(f"hero{i + 1}.max_hp", _label(state, i, "Max HP"), f"{hp}.max_hp",
                      _one_or("heroes", i, "hp"), MAX_HP_LIMIT, dial=False),
            TrackSpec(f"hero{i + 1}.assets", _label(state, i, "Assets"), f"{hp}.assets", 0, LIMIT,
                      dial=False),
            TrackSpec(f"hero{i + 1}.asset_gold", _label(state, i, "Asset gold"),
                      f"{hp}.asset_gold", 0, _no_limit("heroes", i, "asset_gold"), dial=False),
        ]
        for attribute in ("fight", "study", "sneak", "influence"):
            specs.append(TrackSpec(f"hero{i + 1}.{attribute}",
                                   _label(state, i, attribute.capitalize()),
                                   f"{hp}.{attribute}", 0, MAX_ATTRIBUTE, dial=False))
    return specs + foe_tracks(state)


def _value_of(table: str, index: int, key: str) -> Callable[[dict], int]:
    """A bound read from the state it is checked in: ``state[table][index][key]``."""
    return lambda s: s[table][index][key]


def _no_limit(table: str, index: int, key: str) -> Callable[[dict], int]:
    """"Gold: There is no limit to how much gold a hero can have" ("12. Additional Rules"):
    the dial turns up to MAX_GOLD, and the rules (a reward, a sale) take it past that -
    then the value itself is the bound."""
    return lambda s: max(MAX_GOLD, s[table][index][key])


def _one_or(table: str, index: int, key: str) -> Callable[[dict], int]:
    """A lower bound read from the state it is checked in: ``state[table][index][key]``, at least 1."""
    return lambda s: max(1, s[table][index][key])


def _hp_turned(index: int) -> Callable[[Context, int, int], None]:
    """Hero ``index``'s HP turned on the dial: :func:`~games.kilforth.battles.hp_turned`."""
    return lambda ctx, before, after: hp_turned(ctx, index, before, after)


def foe_tracks(state: dict) -> list[TrackSpec]:
    """The foes' HP for ``correct`` ("13. Rules Reference Guide": "effects on cards always
    take precedence"), off the dial: while a battle is fought, the foe's HP in it (a card
    ability may defeat an encounter - "Defeat" - but "An Ancient cannot be defeated by an
    ability", so an Ancient keeps 1); and each Ancient on the map, its HP ("though the
    Ancient's Abilities may heal it at Night", "Ancient Battles") and maximum HP (the
    Prince's "+1 maximum and current HP", "Assault Example")."""
    specs = []
    proc = state.get("procedure")
    battle = battle_data(state) if proc and proc["name"] == "battle" else None
    fighting = battle.get("ancient") if battle is not None else None
    if battle is not None and not battle.get("over"):
        low = 1 if fighting is not None else 0
        specs.append(TrackSpec("foe.hp", "Foe HP", "procedure.data.foe_hp", low, MAX_FOE_HP,
                               dial=False))
    for n, ancient in enumerate(state["ancients"]):
        if not ancient["in_play"] or ancient["defeated"] or ancient["cell"] is None:
            continue
        if n != fighting:
            specs.append(TrackSpec(f"ancient{n + 1}.hp", f"{ancient['name']} HP", f"ancients.{n}.hp",
                                   1, _value_of("ancients", n, "max_hp"), dial=False))
        specs.append(TrackSpec(f"ancient{n + 1}.max_hp", f"{ancient['name']} max HP",
                               f"ancients.{n}.max_hp", _one_or("ancients", n, "hp"), MAX_FOE_HP,
                               dial=False))
    return specs


def invariants(state: dict) -> list[str]:
    """What is broken: heroes on the map, no encounter on Sprawl City ("Sprawl City
    ... no Enemy, Ancient, Plot, encounter ... may be placed here"), successes
    only against encounters in play, and a battle still being fought has its hero
    in it (:func:`battle_broken`)."""
    if "heroes" not in state:
        return []
    broken = []
    for hero in state["heroes"]:
        if not 0 <= hero["cell"] < SIZE * SIZE:
            broken.append(f"{hero['name']} is off the map")
        for entry in hero["successes"]:
            if entry["encounter"] is not None and not any(
                e["id"] == entry["encounter"] for e in state["encounters"]
            ):
                broken.append(f"{hero['name']} holds successes on a missing encounter")
    if encounters_at(state, CITY) or state["map"][CITY]["plots"]:
        broken.append("a card is on Sprawl City")
    proc = state.get("procedure")
    if proc and proc["name"] == "battle" and not battle_data(state).get("over"):
        broken += battle_broken(state, battle_data(state))
    return broken


def battle_broken(state: dict, data: BattleData) -> list[str]:
    """"Stage 3: Battle": the rounds "continue until the hero is defeated, the hero
    escapes, or the foe is defeated" - so a battle still being fought has its own
    hero fighting (never an empty Team), and the roll it asks is a fighter's."""
    team = fighters(state, data)
    if data["hero"] not in team:
        return [f"{state['heroes'][data['hero']]['name']} battles while defeated"]
    if not 0 <= data.get("rolling", 0) < len(team):
        return ["The battle asks a roll of no hero"]
    return []


def victory_points(hero: dict) -> int:
    """"4. Winning the Game", Victory Points: gold plus the gold value of assets."""
    return hero["gold"] + hero["asset_gold"]


def team_victory_points(state: dict) -> int:
    """Co-op: the sum of each hero's score divided by the heroes who started, rounded up."""
    return ceil(sum(victory_points(h) for h in state["heroes"]) / len(state["heroes"]))


def end_check(state: dict) -> dict | None:
    """"4. Winning the Game": all Ancients defeated wins; time running out (the last
    Night card drawn and resolved) loses the solo/co-op game; in the competitive
    game the hero with the most Victory Points wins a Pyrrhic victory."""
    if "heroes" not in state:
        return None
    if state["ancients"] and all(a["defeated"] for a in state["ancients"]):
        if state["mode"] == "competitive":
            winner = state["ancients"][0].get("defeated_by")
            name = state["heroes"][winner]["name"] if winner is not None else "A hero"
            return {"result": "win", "text": f"{name} defeats the Ancient and wins!"}
        return {"result": "win", "text": f"The Ancients are defeated! VP {team_victory_points(state)}"}
    if all(h["eliminated"] for h in state["heroes"]):
        return {"result": "loss", "text": "Every hero is eliminated"}
    if not state["time_up"]:
        return None
    if state["mode"] == "competitive":
        best = max(state["heroes"], key=victory_points)
        return {"result": "win",
                "text": f"Time is up: {best['name']} wins a Pyrrhic victory ({victory_points(best)} VP)"}
    return {"result": "loss", "text": f"Time is up: the gloom wins. VP {team_victory_points(state)}"}
