"""Survival beyond the tracks: the Rest at the End of the Day, trading Food and
Wealth, and a Character's death ("Death and Insanity").
"""

from __future__ import annotations

from games.core import Context, RuleError, board
from games.grail import encounters, rules
from games.grail.procedures import note
from games.grail.state import (
    ADVANCEMENT_POOL,
    ATTRIBUTES,
    DECK_MINIMUM,
    DECKS,
    RESOURCE_LIMIT,
    living,
    named_character,
    the_map,
)


def rest(ctx: Context) -> None:
    """"III) End of the Day", Rest: the Character at the front of the queue rests."""
    index = ctx.data["resting"][0]
    c = ctx.state["characters"][index]
    eat = ctx.params["eat"]
    if eat and c["resources"]["food"] < 1:
        raise RuleError("No Food to eat", f"{c['name']} has no Food to pay (III) End of the Day: Rest).")
    note(ctx, rules.rest(ctx.state, c, eat))
    ctx.data["resting"].pop(0)
    if ctx.data["resting"]:
        ctx.stay()  # the next Character rests at the same prompt


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
    note(ctx, f"{giver['name']} gives {amount} {what} to {taker['name']}")


DEATH_CHOICES = ("claim", "decline", "none left", "mercy")


def death(ctx: Context) -> None:
    """"Death and Insanity", Death; "Allmother's Mercy".

    - ``claim`` (co-op): claim an unclaimed Character, set up fresh on the
      lowest-numbered revealed Location.
    - ``decline`` (co-op): an unclaimed Character is left in the box; play on.
    - ``none left``: single-player, or all other Characters are in use or
      dead: the Campaign ends in failure.
    - ``mercy``: the party has perished; mark "Saved by the Goddess", go to
      Verse 500 and restart the Chapter (none with Challenge mode's Allmother's
      Mercy modifier).
    """
    c = named_character(ctx)
    state = ctx.state
    choice = ctx.params["then"]
    solo = len(state["characters"]) == 1
    if choice in ("claim", "decline") and solo:
        raise RuleError("Single-player: ends", "In single-player the game ends when your Character "
                        "dies (Death); or take Allmother's Mercy.")
    if choice == "mercy":
        if rules.modifier(state, "mercy"):
            raise RuleError("No Mercy: Challenge",
                            "Challenge mode, Allmother's Mercy: none - if you die, the Campaign ends "
                            "in failure.")
        if [i for i in living(state) if state["characters"][i] is not c]:
            raise RuleError("Party still alive", "Allmother's Mercy is for when you and your Party "
                            "perish (Allmother's Mercy).")
        if "Saved by the Goddess" not in state["statuses"]:
            state["statuses"].append("Saved by the Goddess")
        for ch in state["characters"]:
            ch.update(dead=False, passed=False, energy=ch["energy_start"], health=ch["health_start"],
                      terror=ch["terror_start"])
        note(ctx, "Allmother's Mercy: go to Verse 500; restart the Chapter")
        return
    c["dead"] = True
    note(ctx, f"{c['name']} dies")
    encounters.remove_member(ctx, state["characters"].index(c), f"{c['name']} leaves the Encounter")
    if choice == "claim":
        fresh = dict(c)
        fresh.update(name=f"{c['name']} (new)", dead=False, passed=False, energy=c["energy_start"],
                     health=c["health_start"], terror=c["terror_start"], skills=0,
                     location=board.lowest(the_map(state)),
                     attributes={a: 0 for a in ATTRIBUTES}, resources={r: 0 for r in c["resources"]},
                     decks={d: DECK_MINIMUM for d in DECKS},
                     pools={d: ADVANCEMENT_POOL for d in DECKS})
        state["characters"][state["characters"].index(c)] = fresh
        note(ctx, f"A new Character joins on {fresh['location']}: set up their tray")
    elif choice == "none left" or not living(state):
        state["failed"] = f"{c['name']} died: the Campaign ends in failure"
