"""Guardians ("Guardians"): one roams from a Location, one is defeated, and the
Guardian die rolled at the Start of the Day.
"""

from __future__ import annotations

from typing import TypedDict, cast

from games.core import Context, RuleError, board, step_data
from games.core.dice import named_faces_from_report
from games.grail.state import SIDES, characters_at, connected, named_location

# "Guardians": the Guardian (Direction) die shows a cardinal direction, Nothing or
# Discard. The tray reports it as kind "guardian" with the faces North, East, South,
# West, Nothing, Discard (firmware_bridge/PROTOCOL.md, named kinds); one face each.
GUARDIAN_KIND = "guardian"
GUARDIAN_FACES = SIDES + ("nothing", "discard")


class GuardianRolls(TypedDict, total=False):
    """The Start of the Day's Move Guardians: who still rolls the Guardian die (the
    next one first), and the Guardians whose Encounter starts after the last roll."""

    to_roll: list[int]
    encounters: list[int]


class GuardianFight(TypedDict, total=False):
    """The ``guardian-fight`` procedure's data: the Guardian met while others still roll,
    whether its Encounter has begun, and the Move Guardians step it interrupted."""

    guardian: int
    begun: bool
    resume: dict | None


def fighting(state: dict) -> bool:
    """The Guardian met mid-roll has been fought: its Encounter began and is over (the
    ``guardian-fight`` step is then done by itself and the next Guardian rolls)."""
    data = cast(GuardianFight, step_data(state))
    return bool(data.get("begun")) and not state.get("encounter")


def began(ctx: Context) -> None:
    """An Encounter started while the ``guardian-fight`` reminder waits is that fight."""
    proc = ctx.state.get("procedure")
    if proc is not None and proc["name"] == "guardian-fight":
        cast(GuardianFight, ctx.data)["begun"] = True


def guardian(ctx: Context) -> None:
    """"Guardians": an escaped Guardian's card is placed where it was triggered."""
    loc = named_location(ctx)
    state = ctx.state
    gid = state["next_id"]
    state["next_id"] += 1
    state["guardians"].append({"id": gid, "name": f"Guardian {gid}", "location": loc["number"]})
    ctx.note(f"Guardian {gid} roams from {loc['number']}")


def defeat_guardian(ctx: Context) -> None:
    """"Guardians": once defeated (or discarded), its card goes to the bottom of its deck."""
    gid = ctx.params["guardian"]
    left = [g for g in ctx.state["guardians"] if g["id"] != gid]
    if len(left) == len(ctx.state["guardians"]):
        raise RuleError(f"No Guardian {gid}", f"No Guardian {gid} is on the map.")
    ctx.state["guardians"] = left
    pending = ctx.data.get("to_roll")
    if pending:  # defeated before its Start of the Day roll: it no longer rolls
        ctx.data["to_roll"] = [i for i in pending if i != gid]
    ctx.note(f"Guardian {gid} defeated")


def fight_first(state: dict) -> RuleError | None:
    """The Start of the Day's Guardian Encounter holds the day there while it runs
    ("Guardians": "If a Guardian enters a Location with any Character, it immediately
    triggers the Encounter"; "If a Guardian stays in a Location with Characters present,
    immediately start the Encounter"): Move Guardians comes before "Reveal and read a new
    Event card" ("I) Start of the Day"), so the Event waits until that Encounter is over.
    The same for a Guardian met where a Character was moved off a removed Location."""
    enc = state.get("encounter")
    if not enc:
        return None
    names = ", ".join(state["characters"][i]["name"] for i in enc["members"])
    return RuleError("Encounter first",
                     f"The {enc['kind'].capitalize()} with {names} is still being fought: a "
                     "Guardian's Encounter starts immediately and the Start of the Day goes on "
                     "once it is over - win it, Escape, or End the Encounter (Guardians; I) Start "
                     "of the Day).")


def prepare_rolls(ctx: Context) -> None:
    """"I) Start of the Day", Move Guardians: one Guardian die for each Guardian."""
    rolls = cast(GuardianRolls, ctx.data)
    rolls["to_roll"] = [g["id"] for g in ctx.state["guardians"]]
    rolls["encounters"] = []


def target(state: dict, at: int, direction: str) -> int:
    """Where a Guardian rolled ``direction`` from ``at`` ends ("Guardians").

    It moves one card that way; "if a Guardian would move to an unrevealed or
    unconnected Location, move it to the highest-numbered connected Location
    instead" (it stays when none is connected).
    """
    links = connected(state, at)
    if direction in links:
        return links[direction]
    return board.highest(links.values()) or at


def _face(ctx: Context) -> str:
    """The Guardian die's face: from the tray (one die of kind ``guardian``,
    faces as firmware_bridge/PROTOCOL.md names them), chosen in the form, or a
    seeded virtual roll."""
    report = ctx.params.get("dice")
    if report:
        [face] = named_faces_from_report(report, GUARDIAN_KIND, GUARDIAN_FACES, 1,
                                         asked="Roll 1 Guardian die", rule="Guardians")
        return face
    if ctx.params["face"] != "roll":
        return ctx.params["face"]
    return GUARDIAN_FACES[ctx.below(len(GUARDIAN_FACES))]


def guardian_roll(ctx: Context) -> None:
    """"Guardians": roll the Guardian die for the next Guardian and move it.

    A direction moves it one card (to the highest-numbered connected Location
    when that way is unrevealed or unconnected); Nothing: it stays; Discard: its
    card goes to the bottom of its Encounter deck. A Guardian that enters or
    stays on a Location with Characters starts its Encounter ("it immediately
    triggers the Encounter"): the last one's at the *Guardian Encounter!* step,
    one met while others still roll at once, in the ``guardian-fight`` procedure
    on top of the rolls, which go on when it is over.
    """
    state = ctx.state
    rolls = cast(GuardianRolls, ctx.data)
    face = _face(ctx)
    on_map = {g["id"] for g in state["guardians"]}
    rolls["to_roll"] = [i for i in rolls["to_roll"] if i in on_map]  # one defeated meanwhile rolls no more
    if not rolls["to_roll"]:
        ctx.note("No Guardian is left on the map to roll for")
        return
    gid = rolls["to_roll"].pop(0)
    if rolls["to_roll"]:
        ctx.stay()  # the next Guardian rolls at the same prompt
    g = next(g for g in state["guardians"] if g["id"] == gid)
    if face == "discard":
        state["guardians"].remove(g)
        ctx.note(f"{g['name']}: Discard - card to the bottom of its deck")
        return
    was = g["location"]
    if face != "nothing":
        g["location"] = target(state, was, face)
    moved = "stays" if g["location"] == was else f"{was} \u2192 {g['location']}"
    ctx.note(f"{g['name']} rolls {face}: {moved}")
    met = characters_at(state, g["location"])
    if not met:
        return
    names = ", ".join(state["characters"][i]["name"] for i in met)
    ctx.note(f"{g['name']} Encounter with {names}")
    if rolls["to_roll"]:  # "immediately": fought before the next Guardian rolls
        ctx.interrupt("guardian-fight", {"guardian": g["id"]})
    else:
        rolls["encounters"].append(g["id"])
