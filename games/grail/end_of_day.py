"""The End of the Day ("III) End of the Day"): each Character Rests, paying 1 Food
or going without, then Energy is restored and the day's tracks are kept for
the history. (Advancing a Character, the next step, is in
:mod:`~games.grail.advancement`.)
"""

from __future__ import annotations

from typing import TypedDict, cast

from games.core import Context, RuleError, step_data
from games.grail.state import Character, living, modifier
from games.grail.survival import energy_cap, exhausted, harm, keep_on_tracks

# "III) End of the Day", Restore your Energy: "If you are Exhausted ... restore only 4 points".
EXHAUSTED_RESTORE = 4


class Resting(TypedDict):
    """The ``end-of-day`` procedure's data: the Characters still to Rest, the next one first."""

    resting: list[int]


def resting(state: dict) -> list[int]:
    """Who still Rests tonight, read from a state (a step's ``skip``, the views)."""
    return cast(Resting, step_data(state)).get("resting", [])


# --- Rest ------------------------------------------------------------------------------------


def eat_or_go_hungry(state: dict, character: Character, eat: bool) -> str:
    """"III) End of the Day", Rest: pay 1 Food to gain 1 Health and lose 1 Terror.

    Challenge mode's Rest modifier: "if you don't eat Food when Resting, set
    Energy to 0; if already at 0, lose 1 Health instead". Returns what happened.
    """
    if eat:
        character["resources"]["food"] -= 1
        character["health"] += 1
        character["terror"] -= 1
        keep_on_tracks(state, character)
        return f"{character['name']} eats: Health {character['health']}, Terror {character['terror']}"
    if modifier(state, "rest"):
        if character["energy"] == 0:
            harm(state, character, 1, 0)
            return f"{character['name']} goes hungry: loses 1 Health"
        character["energy"] = 0
        return f"{character['name']} goes hungry: Energy 0"
    return f"{character['name']} rests without Food"


def prepare_rest(ctx: Context) -> None:
    """"III) End of the Day", Rest: every living Character rests, one after another."""
    cast(Resting, ctx.data)["resting"] = living(ctx.state)


def rest(ctx: Context) -> None:
    """"III) End of the Day", Rest: the Character at the front of the queue rests."""
    queue = cast(Resting, ctx.data)["resting"]
    c = ctx.state["characters"][queue[0]]
    eat = ctx.params["eat"]
    if eat and c["resources"]["food"] < 1:
        raise RuleError("No Food to eat", f"{c['name']} has no Food to pay (III) End of the Day: Rest).")
    ctx.note(eat_or_go_hungry(ctx.state, c, eat))
    queue.pop(0)
    if queue:
        ctx.stay()  # the next Character rests at the same prompt


# --- Restore your Energy ----------------------------------------------------------------------


def restored_energy(state: dict, character: Character) -> int:
    """"III) End of the Day", Restore your Energy: back to the starting slot; if
    Exhausted only 4 points; never past the Health marker."""
    target = character["energy_start"]
    if exhausted(character):
        target = min(target, character["energy"] + EXHAUSTED_RESTORE)
    return max(0, min(target, energy_cap(state, character)))


def restore(ctx: Context) -> None:
    """"III) End of the Day", Restore your Energy (Exhausted: only 4 points; never past
    Health); then the day's tracks go into the history."""
    state = ctx.state
    lines = []
    for i in living(state):
        c = state["characters"][i]
        was_exhausted = exhausted(c)
        c["energy"] = restored_energy(state, c)
        lines.append(f"{c['name']} Energy {c['energy']}" + (" (was Exhausted)" if was_exhausted else ""))
    ctx.note("; ".join(lines))
    state["history"].append({
        "day": state["day"],
        "tracks": [[c["energy"], c["health"], c["terror"]] for c in state["characters"]],
    })
