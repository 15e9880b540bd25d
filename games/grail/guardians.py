"""Guardians ("Guardians"): one roams from a Location, one is defeated, and the
Guardian die rolled at the Start of the Day.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.core.dice import named_faces_from_report
from games.grail import rules
from games.grail.procedures import note
from games.grail.state import SIDES, named_location

# "Guardians": the Guardian (Direction) die shows a cardinal direction, Nothing or
# Discard. The tray reports it as kind "guardian" with the faces North, East, South,
# West, Nothing, Discard (firmware_bridge/PROTOCOL.md, named kinds); one face each.
GUARDIAN_KIND = "guardian"
GUARDIAN_FACES = SIDES + ("nothing", "discard")


def guardian(ctx: Context) -> None:
    """"Guardians": an escaped Guardian's card is placed where it was triggered."""
    loc = named_location(ctx)
    state = ctx.state
    gid = state["next_id"]
    state["next_id"] += 1
    state["guardians"].append({"id": gid, "name": f"Guardian {gid}", "location": loc["number"]})
    note(ctx, f"Guardian {gid} roams from {loc['number']}")


def defeat_guardian(ctx: Context) -> None:
    """"Guardians": once defeated (or discarded), its card goes to the bottom of its deck."""
    gid = ctx.params["guardian"]
    left = [g for g in ctx.state["guardians"] if g["id"] != gid]
    if len(left) == len(ctx.state["guardians"]):
        raise RuleError(f"No Guardian {gid}", f"No Guardian {gid} is on the map.")
    ctx.state["guardians"] = left
    note(ctx, f"Guardian {gid} defeated")


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
    stays on a Location with Characters starts its Encounter.
    """
    state = ctx.state
    face = _face(ctx)
    gid = ctx.data["to_roll"].pop(0)
    if ctx.data["to_roll"]:
        ctx.stay()  # the next Guardian rolls at the same prompt
    g = next(g for g in state["guardians"] if g["id"] == gid)
    if face == "discard":
        state["guardians"].remove(g)
        note(ctx, f"{g['name']}: Discard - card to the bottom of its deck")
        return
    was = g["location"]
    if face != "nothing":
        g["location"] = rules.guardian_target(state, was, face)
    moved = "stays" if g["location"] == was else f"{was} \u2192 {g['location']}"
    note(ctx, f"{g['name']} rolls {face}: {moved}")
    met = rules.characters_at(state, g["location"])
    if met:
        ctx.data["encounters"].append(g["id"])
        names = ", ".join(state["characters"][i]["name"] for i in met)
        note(ctx, f"{g['name']} Encounter with {names}")
