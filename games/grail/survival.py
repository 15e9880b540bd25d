"""The survival tracks and Resources ("Survival Tracks", "Resources"): Energy,
Health and Terror with the T-shaped Health limiter, the conditions they put a
Character in, and trading Food and Wealth.

Functions that change the state take it and change it in place.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.grail.state import RESOURCE_LIMIT, Character, modifier, named_character

# "Survival Tracks": the last two Energy slots and the two top Terror slots are red.
RED_SLOTS = 2


# --- conditions ---------------------------------------------------------------------


def health_limiter(state: dict) -> bool:
    """The Health limiter is on the tray, unless Story mode's Health Limiter modifier
    removed it: "Health no longer limits Energy and you won't Panic"."""
    return not modifier(state, "health_limiter")


def energy_cap(state: dict, character: Character) -> int:
    """"Survival Tracks", Health: "Your Energy marker can never be higher than your Health marker"."""
    if health_limiter(state):
        return min(character["energy_top"], character["health"])
    return character["energy_top"]


def exhausted(character: Character) -> bool:
    """"Survival Tracks", Energy: the last two slots are red; there you are Exhausted."""
    return character["energy"] < RED_SLOTS


def panicking(state: dict, character: Character) -> bool:
    """"Survival Tracks", Terror: Panic whenever Terror is higher than Health
    (not in Story mode without the Health limiter)."""
    return health_limiter(state) and character["terror"] > character["health"]


def going_insane(character: Character) -> bool:
    """"Survival Tracks", Terror: the two top red slots attach "You Are Going Insane"."""
    return character["terror"] > character["terror_top"] - RED_SLOTS


def dying(character: Character) -> bool:
    """"Death and Insanity", At Death's Door: at 0 Health, "You Are Dying"."""
    return character["health"] <= 0 and not character["dead"]


def conditions(state: dict, character: Character) -> list[str]:
    """The named conditions a Character is in now, for both displays."""
    if character["dead"]:
        return ["Dead"]
    out = []
    if dying(character):
        out.append("Dying")
    if exhausted(character):
        out.append("Exhausted")
    if panicking(state, character):
        out.append("Panic")
    if going_insane(character):
        out.append("Insane")
    return out


# --- the markers on their tracks -------------------------------------------------------


def keep_on_tracks(state: dict, character: Character) -> None:
    """Keep a Character's markers on their tracks, Energy below the Health limiter."""
    character["health"] = max(0, min(character["health"], character["health_top"]))
    character["terror"] = max(0, min(character["terror"], character["terror_top"]))
    character["energy"] = max(0, min(character["energy"], energy_cap(state, character)))


def push_energy(state: dict, index: int) -> None:
    """"Survival Tracks", Health: the T-shaped Health marker pushes the Energy marker
    down with it (Energy never above Health). Runs after a Health dial turn."""
    keep_on_tracks(state, state["characters"][index])


def harm(state: dict, character: Character, health: int, terror: int) -> tuple[int, int]:
    """Lose ``health`` Health and gain ``terror`` Terror; the T-shaped Health marker
    pushes Energy down with it ("Survival Tracks"). Returns what was lost and gained."""
    before = character["health"], character["terror"]
    character["health"] -= health
    character["terror"] += terror
    keep_on_tracks(state, character)
    return before[0] - character["health"], character["terror"] - before[1]


# --- Resources ---------------------------------------------------------------------------


def trade(ctx: Context) -> None:
    """"Resources": Food and Wealth may be traded in the same Location, by Characters
    not in an Encounter; at most 20 each."""
    giver, taker = named_character(ctx, "giver"), named_character(ctx, "taker")
    what, amount = ctx.params["resource"], ctx.params["amount"]
    if giver is taker:
        raise RuleError("Pick two Characters", "A trade needs two different Characters.")
    if giver["location"] != taker["location"]:
        raise RuleError("Not in one Location",
                        "Food and Wealth may be traded only by Characters in the same Location "
                        "(Resources).")
    enc = ctx.state.get("encounter")
    busy = [c for c in (giver, taker) if enc and ctx.state["characters"].index(c) in enc["members"]]
    if busy:
        raise RuleError(f"{busy[0]['name'][:12]}: Encounter",
                        f"{busy[0]['name']} is in an Encounter: Food and Wealth are traded by "
                        "Characters \"not involved in an Action or Encounter\" (III) End of the Day, "
                        "Rest; Resources; Parties and Party Actions).")
    if giver["resources"][what] < amount:
        raise RuleError(f"Not enough {what}", f"{giver['name']} has {giver['resources'][what]} {what}.")
    if taker["resources"][what] + amount > RESOURCE_LIMIT:
        raise RuleError(f"{what.capitalize()} max is 20",
                        "Characters cannot carry more than 20 of each Resource (Resources).")
    giver["resources"][what] -= amount
    taker["resources"][what] += amount
    ctx.note(f"{giver['name']} gives {amount} {what} to {taker['name']}")
