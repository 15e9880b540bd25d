"""Daylight Actions ("8. Actions"): each costs 1 AP on the active hero's turn -
Move, Search, Hide, Confront, Rest, Long Rest, Clear, Discover - and the encounter
a Move or a Search draws ("Action: Move", "Action: Search"). Market, Regale and
Make Camp are in :mod:`~games.kilforth.market`, :mod:`~games.kilforth.sagas` and
:mod:`~games.kilforth.turns`.
"""

from __future__ import annotations

from typing import Literal

from games.core import Context
from games.core.dice import counted
from games.kilforth.battles import start_battle
from games.kilforth.encounters import defeat_encounter, encounter_here, encounters_seen, make_enemy
from games.kilforth.heroes import accumulated, add_successes, hero_order, leave_location, others_in_game
from games.kilforth.locations import adjacent, where
from games.kilforth.procedure_data import ConfrontTest, arrive_data
from games.kilforth.rewards import check_limits, gain_asset
from games.kilforth.state import (
    ATTRIBUTE_LABELS,
    CITY,
    Attribute,
    Encounter,
    active_hero,
    cell_index,
    encounter_in_play,
    encounters_at,
    find_encounter,
    require,
)
from games.kilforth.teams import chosen_team
from games.kilforth.turns import deeds_in_action, end_turn, engage_enemies, in_daylight


def _here(state: dict) -> list[Encounter]:
    """The encounters at the active hero's location, as that hero sees them: not a foe
    they evaded today ("Stage 2: Evasion Opportunity": "the hero continues the game as
    if the foe doesn't exist until either the Day ends or the hero leaves")."""
    return encounters_seen(state, state["active_hero"])


def begin_action(ctx: Context, name: str) -> dict:
    """"8. Actions": each Action costs 1 AP, taken on the hero's turn."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", f"{name} is a Daylight Action (6. Daylight Phase).")
    hero = active_hero(state)
    require(not hero["long_rested"], "Long Rest: no more",
            f"{hero['name']} took a Long Rest, which has to be the first and only Action the hero "
            "takes this Day (Action: Rest (or Long Rest)): make Camp.")
    require(hero["ap"] > 0, "No AP left: Camp",
            f"{hero['name']} has no Action Points: make Camp (7. Hero Turn, Action or Camp).")
    hero["ap"] -= 1
    hero["actions_today"] += 1
    return hero


def spend_done(ctx: Context, text: str) -> None:
    """An Action done: say what it did, and play passes ("Daylight Turns")."""
    ctx.note(text)
    end_turn(ctx)


def move(ctx: Context) -> None:
    """"Action: Move": to an orthogonally adjacent location, or via a shortcut; a new
    location with no encounter draws one (not Sprawl City); successes are lost."""
    state = ctx.state
    target = cell_index(ctx.params["to"])
    hero = active_hero(state) if in_daylight(state) else None
    if hero is not None:
        require(target != hero["cell"], "Already there", "Move to another location (Action: Move).")
        require(ctx.params["shortcut"] or adjacent(hero["cell"], target), "Not adjacent",
                f"{where(target)} is not orthogonally adjacent to {where(hero['cell'])}; "
                "only a shared shortcut allows it (Action: Move; Definitions, Adjacent).")
    hero = begin_action(ctx, "Move")
    leave_location(hero)
    hero["cell"] = target
    text = f"{hero['name']} moves to {where(target)}"
    if target != CITY and not encounters_at(state, target):
        ctx.note(text)
        ctx.start("arrive", {"action": True, "cell": target})
        return
    ctx.note(text)
    if engage_enemies(ctx, state["active_hero"], action=True):
        return
    end_turn(ctx)


def search(ctx: Context) -> None:
    """"Action: Search": location with no encounter and no obstacle; draw one."""
    state = ctx.state
    if in_daylight(state):
        hero = active_hero(state)
        cell = state["map"][hero["cell"]]
        require(hero["cell"] != CITY, "Nothing to search",
                "Sprawl City has no encounter deck (Action: Move, Location's Encounter Deck).")
        require(not _here(state), "Encounter here",
                "Search needs a location with no encounter (Action: Search, Restriction).")
        require(not cell["obstacles"], "Obstacle here",
                "Search needs a location with no obstacle (Action: Search, Restriction).")
    hero = begin_action(ctx, "Search")
    ctx.note(f"{hero['name']} searches {where(hero['cell'])}")
    ctx.start("arrive", {"action": True, "cell": hero["cell"]})


def hide(ctx: Context) -> None:
    """"Action: Hide": the hero must not be Hidden."""
    if in_daylight(ctx.state):
        require(not active_hero(ctx.state)["hidden"], "Already Hidden",
                "Hide needs a hero who is not Hidden (Action: Hide, Restriction).")
    hero = begin_action(ctx, "Hide")
    hero["hidden"] = True
    spend_done(ctx, f"{hero['name']} hides")


def confront(ctx: Context) -> None:
    """"Action: Confront": no obstacles; a Quest, Place or Stranger here; Strangers
    not while Hidden and by Influence only; the same attribute all Day. The
    ``enemy`` attribute makes a Stranger an Enemy on purpose."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", "Confront is a Daylight Action.")
    hero = active_hero(state)
    enc = encounter_here(state, ctx.params["encounter"], hero)
    require(not state["map"][hero["cell"]]["obstacles"], "Obstacle here",
            "Confront needs a location with no obstacles (Action: Confront, Restriction).")
    require(enc["type"] in ("quest", "place", "stranger") and state["active_hero"] not in enc["enemy_of"],
            "Not confrontable", "Only a Quest, Place or Stranger can be Confronted; Enemies are "
            "engaged (Action: Confront).")
    attribute: Attribute | Literal["enemy"] = ctx.params["attribute"]
    if enc["type"] == "stranger":
        require(not hero["hidden"], "Hidden: no Stranger",
                "Heroes cannot Confront a Stranger while Hidden (Action: Confront, Strangers).")
        require(attribute in ("influence", "enemy"), "Influence only",
                "Against a Stranger heroes can only Test Influence (Action: Confront, Strangers).")
    else:
        require(attribute != "enemy", "Strangers only", "Only a Stranger can be made an Enemy.")
    entry = accumulated(hero, enc["id"])
    if entry is not None and attribute != "enemy":  # made an Enemy "instead of rolling": no attribute
        require(entry["attribute"] == attribute, f"Keep {entry['attribute']}"[:21],
                f"Successes so far are in {entry['attribute']}: keep the same attribute all Day (Confront).")
    if attribute != "enemy":
        require(enc[attribute] > 0, f"No {attribute} value"[:21],
                f"{enc['name']} has no {attribute} value to Test against (Confront).")
    team = chosen_team(ctx)
    hero = begin_action(ctx, "Confront")
    if attribute == "enemy":
        make_enemy(state, state["active_hero"], enc)
        ctx.note(f"{hero['name']} makes {enc['name']} an Enemy")
        start_battle(ctx, state["active_hero"], enc, no_surprise=True)
        return
    n = max(0, hero[attribute] + ctx.params["bonus"] + len(team))
    ctx.start("test", {"hero": state["active_hero"], "attribute": attribute, "dice": n,
                       "needed": enc[attribute], "prior": entry["count"] if entry else 0,
                       "encounter": enc["id"], "purpose": "confront",
                       "first": state["active_hero"] not in enc["confronted_by"],
                       "rolled": 0, "fates": 0, "team": team, "action": True})
    ctx.note(f"{hero['name']} confronts {enc['name']}: {counted(n)} for {enc[attribute]} "
             f"{ATTRIBUTE_LABELS[attribute]}")


def rest(ctx: Context) -> None:
    """"Action: Rest": no encounters here and HP below maximum; gain 1 HP (no AP)."""
    _rest_check(ctx, "Rest")
    hero = begin_action(ctx, "Rest")
    hero["hp"] += 1
    spend_done(ctx, f"{hero['name']} rests: HP {hero['hp']}")


def _rest_check(ctx: Context, name: str) -> None:
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", f"{name} is a Daylight Action.")
    hero = active_hero(state)
    require(not _here(state), "Encounter here",
            f"{name} needs a location with no encounters (Action: Rest, Restriction).")
    require(hero["hp"] < hero["max_hp"], "HP already full",
            f"{name} needs fewer HP than maximum health (Action: Rest, Restriction).")


def long_rest(ctx: Context) -> None:
    """"Long Rest": as Rest, and "the first and only Action the hero takes this Day";
    discard all AP and heal to maximum. No Action follows it that Day, even with AP
    gained after it (:func:`begin_action`)."""
    _rest_check(ctx, "Long Rest")
    require(active_hero(ctx.state)["actions_today"] == 0, "Must be 1st Action",
            "A Long Rest has to be the first and only Action the hero takes this Day.")
    hero = begin_action(ctx, "Long Rest")
    hero["long_rested"] = True
    hero["ap"] = 0
    hero["hp"] = hero["max_hp"]
    spend_done(ctx, f"{hero['name']} takes a Long Rest: HP {hero['hp']}")


def plot_choices(state: dict) -> tuple[str, ...]:
    """The Plots at the active hero's location, by their Ancient ("Plots": each Plot card
    names the Ancient that places it); "any" when the hero need not choose."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("any",)
    plots = state["map"][active_hero(state)["cell"]]["plots"]
    return ("any", *dict.fromkeys(state["ancients"][a]["name"] for a in plots))


def clear(ctx: Context) -> None:
    """"Action: Clear": remove 1 obstacle or, if there are none, 1 Plot card "by
    following the To Defeat instructions on the Plot card" (the player does; the box
    cannot read them) - the defeated Plot goes into the hand as a rumour; then draw
    1 Loot token. With Plots of several Ancients here the hero names whose."""
    state = ctx.state
    if in_daylight(state):
        cell = state["map"][active_hero(state)["cell"]]
        require(cell["obstacles"] or cell["plots"], "Nothing to Clear",
                "Clear needs 1 or more obstacles or Plots here (Action: Clear, Restriction).")
    hero = begin_action(ctx, "Clear")
    cell = state["map"][hero["cell"]]
    whose = ctx.params.get("plot") or "any"
    if cell["obstacles"]:
        require(whose == "any", "Obstacles first",
                "A Plot is Cleared only if there are no obstacles (Action: Clear).")
        cell["obstacles"] -= 1
        what = "an obstacle"
    else:
        names = [state["ancients"][a]["name"] for a in cell["plots"]]
        require(whose == "any" or whose in names, "No such Plot here",
                f"There is no Plot of {whose} at {where(hero['cell'], state)}.")
        at = len(names) - 1 if whose == "any" else len(names) - 1 - names[::-1].index(whose)
        ancient = state["ancients"][cell["plots"].pop(at)]
        hero["rumours"] += 1
        what = f"{ancient['name']}'s Plot (To Defeat done; into hand)"
    hero["loot"] += 1
    check_limits(ctx, hero)
    spend_done(ctx, f"{hero['name']} clears {what}, draws Loot")


def discover(ctx: Context) -> None:
    """"Action: Discover": a reward rumour matching this location goes into play."""
    if in_daylight(ctx.state):
        require(active_hero(ctx.state)["rumours"] > 0, "No rumours",
                "Discover plays a rumour from hand (Action: Discover).")
    hero = begin_action(ctx, "Discover")
    hero["rumours"] -= 1
    gain_asset(ctx, hero, ctx.params["gold"], ctx.params["keyword"], ctx.params["keep"])
    check_limits(ctx, hero)
    spend_done(ctx, f"{hero['name']} discovers an asset")


def hidden_choices(state: dict) -> tuple[str, ...]:
    """The Hidden heroes ("H1".."H4"), the active hero first."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("H1",)
    return tuple(f"H{i + 1}" for i in hero_order(state) if state["heroes"][i]["hidden"]) or ("H1",)


def unhide(ctx: Context) -> None:
    """"Action: Hide", Important: "A hero can choose to no longer be Hidden at any point
    in the game, during their turn or not" - the active hero by default, or the one
    named (``hero``), between steps."""
    state = ctx.state
    require((not state.get("procedure") or deeds_in_action(state)) and state.get("active_hero") is not None,
            "Finish the step", "Stand a hero up between steps.")
    who = ctx.params.get("hero")
    hero = state["heroes"][int(who[1:]) - 1] if who else active_hero(state)
    require(hero["hidden"], "Not Hidden", f"{hero['name']} is not Hidden.")
    hero["hidden"] = False
    ctx.note(f"{hero['name']} comes out of hiding")


def arrive_next(ctx: Context) -> None:
    """An Enemy just drawn is engaged at once ("Action: Move") - not by a hero defeated
    while it was drawn, who "Cannot be affected by abilities or effects" ("Hero
    Defeated"); an Event is resolved and discarded ("Event"). A Quest, Place or Stranger
    stays on the map, and the Action that drew it waits for the hero's Deeds before play
    passes ("10. Deeds": "at any time during their turn - including during an Action"):
    the Stranger a Move drew may be Overcome by the hero who drew it. Alone in the game,
    the hero's next turn is theirs again and the same Deeds come before anything else,
    so a solo game does not wait."""
    data = arrive_data(ctx.state)
    enc = find_encounter(ctx.state, data.get("placed") or -1)
    if enc is None:
        return
    hero = ctx.state["heroes"][ctx.state["active_hero"]]
    if enc["type"] == "event":
        ctx.state["encounters"].remove(enc)
        data["event"] = True
    elif enc["type"] == "enemy" and not hero["defeated"]:
        start_battle(ctx, ctx.state["active_hero"], enc)
    elif data.get("action") and not hero["defeated"] and others_in_game(ctx.state):
        data["deeds"] = True


def confront_result(ctx: Context, data: ConfrontTest) -> None:
    """"Confront": the successes add to those gained against this encounter today; at
    or above its value the encounter is defeated and every hero's successes on it are
    discarded ("Confront Result"). A Stranger met with zero successes in the hero's
    first Confront Test with it - ever, not just today ("if the hero has zero total
    successes after their first Confront Test with this Stranger") - becomes an Enemy
    to that hero ("Strangers") and is engaged at once."""
    state, total = ctx.state, data["total"]
    hero = state["heroes"][data["hero"]]
    entry = add_successes(hero, data["encounter"], data["attribute"], total)
    enc = encounter_in_play(state, data["encounter"])
    if data["hero"] not in enc["confronted_by"]:
        enc["confronted_by"].append(data["hero"])
    if enc["type"] == "stranger" and data["first"] and total == 0:
        hero["successes"].remove(entry)
        make_enemy(state, data["hero"], enc)
        ctx.note(f"No successes: {enc['name']} becomes your Enemy")
        start_battle(ctx, data["hero"], enc, no_surprise=True, action=data.get("action", True))
        return
    if total >= data["needed"]:
        defeat_encounter(state, enc)
        data["defeated"] = enc
        ctx.note(f"{enc['name']} is defeated ({total}/{data['needed']})")
    else:
        ctx.note(f"{enc['name']}: {total}/{data['needed']} successes so far")
