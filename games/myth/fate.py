"""The fate dice ("Fate Pool"): the pool rolled at setup, a symbol spent and its
die rerolled, the enemy card's mandatory Darkness ability; and how a tray's fate
dice are read (firmware_bridge/PROTOCOL.md).
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.core.dice import named_faces_from_report
from games.myth import rules
from games.myth.rules import note
from games.myth.state import (
    FATE_DICE,
    FATE_FACES,
)


def fate_faces(report: list[dict] | None, count: int) -> list[str] | None:
    """Fate dice from the tray (kind ``fate``, faces by name, firmware_bridge/PROTOCOL.md)
    or typed in; None when the box should roll. A roll of another kind or count, or
    an unknown face, is refused naming what was expected ("Fate Pool")."""
    if report is None:
        return None
    return named_faces_from_report(report, "fate", FATE_FACES, count, rule="Fate Pool")


def roll_fate(ctx: Context) -> None:
    """"Fate Pool": the five fate dice rolled at setup (tray or virtual)."""
    faces = fate_faces(ctx.params["dice"], FATE_DICE)
    ctx.state["fate"] = faces or [rules.roll_face(ctx) for _ in range(FATE_DICE)]
    ctx.describe("Fate pool: " + ", ".join(f.capitalize() for f in ctx.state["fate"]))


def spend_fate(ctx: Context) -> None:
    """"Fate Pool": spend a symbol. "That fate die is rerolled after fully
    resolving the fate effect": a prompt waits while the players resolve it,
    then takes the die's new face (tray or virtual). A die given with the
    command (typed in, a script) is used at once."""
    face = ctx.params["face"]
    if face not in ctx.state["fate"]:
        raise RuleError(f"No {face} in the pool", f"The fate pool shows no {face} symbol "
                        "(Fate Ability).")
    if ctx.params["dice"] is not None:
        rolled = fate_faces(ctx.params["dice"], 1)
        new = rules.spend_fate(ctx, face, rolled[0])
        note(ctx, f"Spent {face.capitalize()}; rerolled: {new.capitalize()}")
        return
    ctx.interrupt("spend", {"spent": face})
    ctx.describe(f"Spent {face.capitalize()}: resolve its ability")


def darkness_fate(ctx: Context) -> None:
    """"Action Phase": an enemy card's Darkness fate ability is mandatory ("always
    triggered and resolved" while a Darkness symbol is in the pool); the players
    resolve it, then that die is rerolled (tray or virtual) and returned."""
    if "darkness" not in ctx.state["fate"]:
        raise RuleError("No Darkness in pool", "No Darkness symbol is in the fate pool.")
    rolled = fate_faces(ctx.params["dice"], 1)
    new = rules.spend_fate(ctx, "darkness", rolled[0] if rolled else None)
    note(ctx, f"Darkness ability resolved; its die rerolled: {new.capitalize()}")


def fate_reroll(ctx: Context) -> None:
    """"Fate Pool": the spent die rerolled and returned to the pool."""
    face = ctx.data.get("spent")
    if face is None or face not in ctx.state["fate"]:
        raise RuleError("No die to reroll", "No spent fate die waits to be rerolled.")
    rolled = fate_faces(ctx.params["dice"], 1)
    new = rules.spend_fate(ctx, face, rolled[0] if rolled else None)
    ctx.data["spent"] = None
    note(ctx, f"{face.capitalize()} die rerolled: {new.capitalize()}")


def fate_pick(ctx: Context) -> None:
    """"Muster" / "Conquest" / "The Siege": the players pick which non-darkness
    dice of the pool are rolled (the roll prompt that follows takes their new
    faces, tray or virtual)."""
    ctx.data["fate_pick"] = ctx.params["dice"]
    note(ctx, "Fate dice to roll: " + rules.fate_pick_label(ctx.params["dice"]))
