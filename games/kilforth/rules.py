"""Gloom of Kilforth's checks, limits and the mechanics the procedures share.

Every function cites the section of rules/gloom-of-kilforth.md it follows.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING

from games.core import RuleError, TrackSpec, dice
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
    cell_label,
    encounters_at,
)

if TYPE_CHECKING:
    from games.core import Context

# --- tracks and limits --------------------------------------------------------------


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["heroes"]) == 1 else f"H{index + 1} {what}"


def hero_order(state: dict) -> list[int]:
    """Hero indices clockwise from the active hero (or the First Hero at Night)."""
    start = state["active_hero"] if state["active_hero"] is not None else state["first_hero"]
    n = len(state["heroes"])
    return [(start + k) % n for k in range(n)]


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
                      lambda s, i=i: s["heroes"][i]["max_hp"],
                      on_change=lambda ctx, before, after, i=i: hp_turned(ctx, i, before, after)),
            TrackSpec(f"hero{i + 1}.ap", _label(state, i, "AP"), f"{hp}.ap", 0, MAX_AP),
            TrackSpec(f"hero{i + 1}.fate", _label(state, i, "Fate"), f"{hp}.fate", 0, MAX_FATE),
            TrackSpec(f"hero{i + 1}.gold", _label(state, i, "Gold"), f"{hp}.gold", 0, MAX_GOLD),
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
                      lambda s, i=i: max(1, s["heroes"][i]["hp"]), MAX_HP_LIMIT, dial=False),
            TrackSpec(f"hero{i + 1}.assets", _label(state, i, "Assets"), f"{hp}.assets", 0, LIMIT,
                      dial=False),
            TrackSpec(f"hero{i + 1}.asset_gold", _label(state, i, "Asset gold"),
                      f"{hp}.asset_gold", 0, MAX_GOLD, dial=False),
        ]
        for attribute in ("fight", "study", "sneak", "influence"):
            specs.append(TrackSpec(f"hero{i + 1}.{attribute}",
                                   _label(state, i, attribute.capitalize()),
                                   f"{hp}.{attribute}", 0, MAX_ATTRIBUTE, dial=False))
    return specs + foe_tracks(state)


def foe_tracks(state: dict) -> list[TrackSpec]:
    """The foes' HP for ``correct`` ("13. Rules Reference Guide": "effects on cards always
    take precedence"), off the dial: while a battle is fought, the foe's HP in it (a card
    ability may defeat an encounter - "Defeat" - but "An Ancient cannot be defeated by an
    ability", so an Ancient keeps 1); and each Ancient on the map, its HP ("though the
    Ancient's Abilities may heal it at Night", "Ancient Battles") and maximum HP (the
    Prince's "+1 maximum and current HP", "Assault Example")."""
    specs = []
    proc = state.get("procedure")
    fighting = proc["data"].get("ancient") if proc and proc["name"] == "battle" else None
    if proc and proc["name"] == "battle" and not proc["data"].get("over"):
        low = 1 if fighting is not None else 0
        specs.append(TrackSpec("foe.hp", "Foe HP", "procedure.data.foe_hp", low, MAX_FOE_HP,
                               dial=False))
    for n, ancient in enumerate(state["ancients"]):
        if not ancient["in_play"] or ancient["defeated"] or ancient["cell"] is None:
            continue
        if n != fighting:
            specs.append(TrackSpec(f"ancient{n + 1}.hp", f"{ancient['name']} HP", f"ancients.{n}.hp",
                                   1, lambda s, n=n: s["ancients"][n]["max_hp"], dial=False))
        specs.append(TrackSpec(f"ancient{n + 1}.max_hp", f"{ancient['name']} max HP",
                               f"ancients.{n}.max_hp", lambda s, n=n: max(1, s["ancients"][n]["hp"]),
                               MAX_FOE_HP, dial=False))
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
    if proc and proc["name"] == "battle" and not proc["data"].get("over"):
        broken += battle_broken(state, proc["data"])
    return broken


def battle_broken(state: dict, data: dict) -> list[str]:
    """"Stage 3: Battle": the rounds "continue until the hero is defeated, the hero
    escapes, or the foe is defeated" - so a battle still being fought has its own
    hero fighting (never an empty Team), and the roll it asks is a fighter's."""
    team = fighters(state, data)
    if data["hero"] not in team:
        return [f"{state['heroes'][data['hero']]['name']} battles while defeated"]
    if not 0 <= data.get("rolling", 0) < len(team):
        return ["The battle asks a roll of no hero"]
    return []


# --- the map ---------------------------------------------------------------------------


def adjacent(a: int, b: int) -> bool:
    """"Definitions", Adjacent: orthogonally bordering - not diagonal, not via a shortcut."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb) == 1


def distance(a: int, b: int) -> int:
    """Steps between two locations without shortcuts."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb)


def gloom_cost(state: dict, hero: dict) -> int:
    """"11. Night Phase" Step 1: Gloom - the HP a hero loses tonight where they stand."""
    cell = state["map"][hero["cell"]]
    if hero["defeated"] or hero["eliminated"] or not cell["gloom"]:
        return 0
    return cell["gloom_hp"]


# --- HP, AP and defeat ------------------------------------------------------------------


def lose_hp(state: dict, index: int, amount: int) -> int:
    """"8. Actions", Important: whenever a hero loses HP, they also lose 1 AP per HP
    lost. "Health Points": when a hero loses their last HP, they are defeated.
    Returns the HP actually lost; a defeated hero "cannot be affected"."""
    hero = state["heroes"][index]
    if hero["defeated"] or hero["eliminated"] or amount <= 0:
        return 0
    lost = min(amount, hero["hp"])
    hero["hp"] -= lost
    hero["ap"] = max(0, hero["ap"] - lost)
    if hero["hp"] == 0:
        defeat(state, index)
    return lost


def hp_turned(ctx: Context, index: int, before: int, after: int) -> None:
    """The Spirit dial turned a hero's HP (a card effect, Weather, a Trap): "whenever
    a hero loses HP, they also lose 1 AP for each HP lost" ("8. Actions",
    Important) - healing never gives AP back - and "when a hero loses their last
    HP, they are defeated" ("Health/Health Points").

    A battling hero's last HP: the battle goes on as :func:`procedures.hero_down`
    says; elsewhere the defeat happens now and the ``defeat`` procedure asks for
    the lost card (the hero's turn ends if they were the active hero).

    Turning HP up is refused for a defeated hero, who "Cannot be affected by
    abilities or effects" and regains 2 HP at Dawn ("Hero Defeated"), and for a
    battling hero at 0 HP: they lost their last HP and the Hero Defeated Check
    declares them defeated ("Step 3: Hero Defeated Check")."""
    state = ctx.state
    hero = state["heroes"][index]
    proc = state.get("procedure")
    battling = bool(proc) and proc["name"] == "battle" and index in fighters(state, proc["data"])
    if after > before:
        require(not hero["defeated"] and not hero["eliminated"], "Defeated: no healing",
                f"{hero['name']} is {'eliminated' if hero['eliminated'] else 'defeated'}: they "
                "cannot be affected by abilities or effects; a defeated hero regains 2 HP at "
                "Dawn (Hero Defeated; 11. Night Phase, Step 3: Dawn).")
        require(not (battling and before == 0), "0 HP: defeated",
                f"{hero['name']} lost their last HP: the Hero Defeated Check declares them "
                "defeated (Health/Health Points; Step 3: Hero Defeated Check).")
        return
    if after == before or hero["defeated"] or hero["eliminated"]:
        return
    hero["ap"] = max(0, hero["ap"] - (before - after))
    if after > 0:
        return
    if battling:
        from games.kilforth import procedures  # the battle's steps (procedures imports rules)

        procedures.hero_down(ctx, index)
        return
    defeat(state, index)
    ctx.emit(f"{hero['name']} has no HP left: defeated, back to Sprawl City")
    if not proc:
        ctx.start("defeat", {"action": index == state["active_hero"]})


def battle_heroes(data: dict) -> list[int]:
    """The heroes fighting in a battle: the active hero and any Team members."""
    return [data["hero"], *data.get("team", [])]


def fighters(state: dict, data: dict) -> list[int]:
    """The heroes still fighting a battle, the active hero first ("Team Engagement"); a
    defeated or eliminated hero is out of it ("Step 3: Hero Defeated Check")."""
    return [i for i in battle_heroes(data)
            if not state["heroes"][i]["defeated"] and not state["heroes"][i]["eliminated"]]


def lose_hp_in_battle(state: dict, index: int, amount: int) -> int:
    """"Step 1: Skirmish": each foe success costs 1 HP and 1 AP; defeat waits for the
    Hero Defeated Check (after the Foe Defeated Check)."""
    hero = state["heroes"][index]
    lost = min(amount, hero["hp"])
    hero["hp"] -= lost
    hero["ap"] = max(0, hero["ap"] - lost)
    return lost


def defeat(state: dict, index: int) -> None:
    """"Hero Defeated": make Camp, return all gold, lose a card (``pending_losses``),
    back to Sprawl City, immune until Dawn."""
    hero = state["heroes"][index]
    hero["defeated"] = True
    hero["ap"] = 0
    make_camp(state, index)
    hero["gold"] = 0
    leave_location(hero)
    hero["cell"] = CITY
    hero["hidden"] = False
    if hero["rumours"] or hero["assets"]:
        state["pending_losses"].append(index)


def eliminate(state: dict, index: int) -> None:
    """"Ancient Battles", Hero Defeated Check: "the hero is eliminated from the game. All
    their cards and tokens are returned to their appropriate discard piles and token
    supplies. All rules and card references to heroes no longer include that hero."
    So they take no further turns (as if Camped, without taking the First Hero
    marker: they did not make Camp) and a marker they hold passes clockwise."""
    hero = state["heroes"][index]
    hero.update(eliminated=True, defeated=False, hp=0, ap=0, fate=0, gold=0, rumours=0, assets=0,
                asset_gold=0, loot=0, hidden=False, cell=CITY, uniques=[], unique_gold={},
                camped=True, successes=[], evaded=[])
    if index in state["pending_losses"]:
        state["pending_losses"].remove(index)
    if state["first_hero"] == index:  # "First Hero Marker": to the next hero still in the game
        n = len(state["heroes"])
        clockwise = [(index + k) % n for k in range(1, n)]
        state["first_hero"] = next((i for i in clockwise if not state["heroes"][i]["eliminated"]), index)


def enemies_here(state: dict, index: int) -> list[dict]:
    """"7. Hero Turn", Enemy Engagement: Enemy cards and Strangers with this hero's Enemy
    token at the hero's location, except those evaded ("Stage 2: Evasion Opportunity")."""
    hero = state["heroes"][index]
    return [e for e in encounters_at(state, hero["cell"])
            if (e["type"] == "enemy" or index in e["enemy_of"]) and e["id"] not in hero["evaded"]]


def leave_location(hero: dict) -> None:
    """"Confront": a hero loses all accumulated successes when they leave the location
    (and what they evaded no longer stays evaded, "Stage 2: Evasion Opportunity")."""
    hero["successes"] = []
    hero["evaded"] = []


def make_camp(state: dict, index: int) -> None:
    """"Action or Camp": discard remaining AP, no more turns this phase; successes are
    lost on Camping ("Confront"). "The first hero to make Camp each Day takes the First
    Hero marker. They will take the first turn the next Day - they also choose how to
    resolve certain Night card effects": the marker moves now, so tonight's First Hero
    (who draws the Night card and chooses) is already the first to Camp."""
    hero = state["heroes"][index]
    if hero["camped"]:
        return
    hero["camped"] = True
    hero["ap"] = 0
    hero["successes"] = []
    if state["first_camper"] is None:
        state["first_camper"] = index
        state["first_hero"] = index


def pass_turn(state: dict) -> None:
    """"Daylight Turns": play passes clockwise to the next hero who has not Camped."""
    n = len(state["heroes"])
    current = state["active_hero"]
    for k in range(1, n + 1):
        i = (current + k) % n
        hero = state["heroes"][i]
        if not hero["camped"] and not hero["eliminated"]:
            state["active_hero"] = i
            return


# --- Tests --------------------------------------------------------------------------------


def accumulated(hero: dict, encounter_id: int | None) -> dict | None:
    for entry in hero["successes"]:
        if entry["encounter"] == encounter_id:
            return entry
    return None


def odds(needed: int, dice_count: int, success_on: int, fate: bool) -> tuple[str, str | None]:
    """"Test": the chance of ``needed`` successes with ``dice_count`` dice, and with Fate."""
    plain = dice.percent(dice.chance_at_least(needed, dice_count, success_on))
    with_fate = dice.percent(dice.chance_at_least(needed, dice_count, success_on, extra=1)) if fate else None
    return plain, with_fate


def can_call_fate(hero: dict) -> bool:
    """"Test", Fate: once per Day, by discarding 1 Fate token or 1 rumour; not by a
    defeated hero, who "Cannot be affected by abilities or effects" ("Hero Defeated")."""
    return (not hero["fate_used"] and not hero["defeated"] and not hero["eliminated"]
            and (hero["fate"] > 0 or hero["rumours"] > 0))


def require(condition: bool, short: str, long: str) -> None:
    if not condition:
        raise RuleError(short, long)


# --- the end ---------------------------------------------------------------------------------


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


def where(index: int, state: dict | None = None) -> str:
    """A location as the players say it: "Sprawl City", "B2", or "B2 Green Meadows"
    when a content pack named it."""
    if index == CITY:
        return "Sprawl City"
    label = cell_label(index)
    name = state["map"][index]["name"] if state else label
    return label if name == label else f"{label} {name}"
