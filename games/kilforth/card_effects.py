"""Card effects the box cannot read ("13. Rules Reference Guide": effects on cards
take precedence): an encounter placed at the hero's location, a hero or a card
relocated.
"""

from __future__ import annotations

from games.core import Context
from games.kilforth.heroes import leave_location
from games.kilforth.locations import where
from games.kilforth.state import CITY, active_hero, cell_index, require


def place_encounter(ctx: Context) -> None:
    """A card effect places an encounter at the active hero's location."""
    state = ctx.state
    require(not state.get("procedure") and state.get("active_hero") is not None, "Finish the step",
            "Card effects are applied between steps.")
    require(active_hero(state)["cell"] != CITY, "Not on Sprawl City",
            "No encounter may be placed on Sprawl City (Locations, Sprawl City).")
    ctx.start("arrive", {"action": False, "cell": active_hero(state)["cell"]})
    ctx.describe("Place an encounter")


def relocate_choices(state: dict) -> tuple[str, ...]:
    """What a card may relocate: a hero still in the game ("H1") or an encounter ("#3")."""
    if "heroes" not in state:
        return ("H1",)
    heroes = [f"H{i + 1}" for i, h in enumerate(state["heroes"]) if not h["eliminated"]]
    return (*heroes, *(f"#{e['id']}" for e in state["encounters"]))


def relocate(ctx: Context) -> None:
    """"Relocate: Simply pick up the card or hero standee, and place it on a location
    allowed by the ability. It doesn't cost AP and is not considered a move": no AP, no
    encounter drawn, no engagement. A hero who leaves a location "by any means" loses
    the successes gained there ("Confront Result"); a defeated hero "Cannot be affected
    by abilities or effects"; no card may be placed on Sprawl City ("safe")."""
    state, p = ctx.state, ctx.params
    require(not state.get("procedure") and state.get("active_hero") is not None, "Finish the step",
            "Card effects are applied between steps.")
    target = cell_index(p["to"])
    what = p["what"]
    if what.startswith("H"):
        hero = state["heroes"][int(what[1:]) - 1]
        require(not hero["defeated"], "Defeated: unaffected",
                f"{hero['name']} is defeated and cannot be affected by abilities (Hero Defeated).")
        if hero["cell"] != target:
            leave_location(hero)
            hero["cell"] = target
        ctx.describe(f"{hero['name']} relocated to {where(target, state)} (no AP, not a move)")
        return
    enc = next(e for e in state["encounters"] if e["id"] == int(what[1:]))
    require(target != CITY, "Not on Sprawl City",
            "No card may be placed on Sprawl City (Locations, Sprawl City).")
    enc["cell"] = target
    for hero in state["heroes"]:  # successes count at the encounter's location only
        if hero["cell"] != target:
            hero["successes"] = [e for e in hero["successes"] if e["encounter"] != enc["id"]]
            hero["evaded"] = [e for e in hero["evaded"] if e != enc["id"]]
    ctx.describe(f"{enc['name']} relocated to {where(target, state)}")
