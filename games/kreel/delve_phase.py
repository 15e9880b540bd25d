"""1. Delve Phase: a new round, the Active Location explored and flipped, the Victory check.

"1. Delve Phase" B-D, "Locations" (the Sneak value, the Multiplayer Symbol),
"Defeated Locations", "Ending The Game" (4 Locations, then the Adventure
Location) and "Game Objective", Victory. A new round goes to the next hero
("6. End Phase" D; "Multiplayer Coop Mode"). The Story read in step A is in
:mod:`games.kreel.stories`; the steps are in :mod:`games.kreel.procedures`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel import pack
from games.kreel.state import Location, active_hero, active_location

# --- Locations -------------------------------------------------------------------------


def location_sneak(state: dict, location: Location) -> int:
    """Its Sneak value, times the heroes who started the Adventure when the
    Multiplayer Symbol stands next to it; 0 while face-down."""
    if location["sneak"] is None:
        return 0
    return location["sneak"] * (len(state["heroes"]) if location["per_hero"] else 1)


def defeated_count(state: dict, kind: str) -> int:
    return sum(1 for t in state["defeated"] if t["kind"] == kind)


def plots_and_foes_done(state: dict) -> bool:
    """"1. Delve Phase" C: the Adventure Location cannot be defeated until all
    the Adventure's Plots (5, or 6 with 3-4 heroes) and Foes are defeated."""
    adventure = state["adventure"]
    return (defeated_count(state, "plot") >= adventure["plots"]
            and defeated_count(state, "foe") >= adventure["foes"])


def explore_location(state: dict) -> list[str]:
    """"1. Delve Phase" C. Explore Location: Sneak tokens equal to or above its
    Sneak defeat the Active Location; it is discarded and the next flipped
    face-up ("only one Location can be defeated per round"). The Adventure
    Location is defeated only after all Plots and Foes; its tokens remain."""
    location = state["locations"][state["active_location"]]
    sneak = location_sneak(state, location)
    if location["sneak"] is None or location["damage"] < sneak:
        return []
    if location["adventure"]:
        if not plots_and_foes_done(state):
            return ["Adventure Location waits: Plots and Foes remain"]
        location["defeated"] = True
        return ["Adventure Location defeated"]
    location["defeated"] = True
    location["damage"] = 0
    state["active_location"] += 1
    return [f"{location['name']} explored; flip the next Location"]


def explore_active(ctx: Context, amount: int) -> str:
    """Sneak tokens on the Active Location, never more than its Sneak value
    ("Damage Tokens"); returns a note for the player."""
    location = active_location(ctx.state)
    if location["sneak"] is None or location["defeated"]:
        raise RuleError("No Location to explore", "The Active Location is already defeated; the "
                        "next is flipped in the Delve Phase (Defeated Locations).")
    cap = location_sneak(ctx.state, location)
    placed = min(cap, location["damage"] + amount) - location["damage"]
    location["damage"] += placed
    return f"{placed} Sneak on {location['name']} ({location['damage']}/{cap})"


# --- the steps and the Location prompt --------------------------------------------------


def begin_round(ctx: Context) -> None:
    """A new round for the next hero in clockwise order ("Multiplayer Coop Mode");
    heroes the team Pressed On without take no more rounds."""
    state = ctx.state
    count = len(state["heroes"])
    state["round"] += 1
    if state["round"] > 1:
        following = (state["active_hero"] + 1) % count
        for _ in range(count):
            if not state["heroes"][following]["out"]:
                break
            following = (following + 1) % count
        state["active_hero"] = following
    who = "" if count == 1 else f" ({active_hero(state)['name']})"
    ctx.note(f"Round {state['round']}{who} begins")


def explore(ctx: Context) -> None:
    """"1. Delve Phase" C. Explore the Active Location (:func:`explore_location`)."""
    for text in explore_location(ctx.state):
        ctx.note(text)


def location_known(state: dict) -> bool:
    return active_location(state)["sneak"] is not None


def location(ctx: Context) -> None:
    """"1. Delve Phase" C: the next Location is flipped face-up and becomes the
    Active Location; its Sneak value (times the heroes with the Multiplayer
    Symbol) is what Exploring must reach ("Locations")."""
    loc = active_location(ctx.state)
    loc["sneak"] = ctx.params["sneak"]
    loc["per_hero"] = ctx.params["per_hero"]
    if ctx.params["card"] != pack.BY_VALUES:
        card = ctx.state["pack"]["locations"][ctx.params["card"]]
        loc.update({"name": ctx.params["card"], "sneak": card["sneak"], "per_hero": card["per_hero"]})
    ctx.describe(f"{loc['name']} is Active: Sneak {location_sneak(ctx.state, loc)}")


def victory(ctx: Context) -> None:
    """"1. Delve Phase" D. Victory Check: the Adventure Location defeated."""
    if ctx.state["locations"][-1]["defeated"]:
        ctx.state["victory"] = True
        ctx.note("Victory! Read the Adventure's Defeat paragraph")
        ctx.start("game-end", {"result": "win"})
