"""A Muster ("Muster"): one non-darkness fate die per muster, rolled together,
minions spawned at the matching Outlands and Lairs; a resource owed for each
die that cannot be rolled.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth.farrenroc import owe_resources
from games.myth.fate import fate_area, fate_faces, non_darkness_dice, roll_non_darkness
from games.myth.spawning import spawn
from games.myth.state import effect_data


def muster(ctx: Context, count: int, faces: list[str] | None = None) -> None:
    """"Muster": one non-darkness fate die per muster, rolled together; minions
    spawn in the Outland or Lair matching each result (one spawn effect).

    Dice that cannot be rolled (too few non-darkness dice): the rulebook says
    two things. The "Muster" section ("For each die that cannot be rolled
    discard one resource from the reserve") and the Glossary's "Muster" entry
    ("For each die that cannot be rolled discard 1 resource from the reserve")
    agree; the Quick Reference's "Muster" step 2 ("raise the lowest conquest
    track a number of times equal to the missing number of fate die") differs.
    The box follows the two full rules passages over the summary table: one
    resource per missing die (the players choose which,
    :func:`~games.myth.farrenroc.owe_resources`),
    and when the reserves cannot pay, stability -1
    ("Farrenroc Reserves": discard as many as possible, then reduce stability
    by 1). Players who read it the Quick Reference's way can turn the track
    with the ``raise`` command and correct the reserves.
    """
    rolled, unrolled = roll_non_darkness(ctx, count, faces)
    ctx.note("Muster: " + (", ".join(f.capitalize() for f in rolled) or "no dice"))
    spawn(ctx, [a for a in (fate_area(ctx.state, f) for f in rolled) if a])
    if unrolled:
        owe_resources(ctx, unrolled, "muster: dice not rolled")


def waiting_musters(state: dict) -> int:
    return effect_data(state).get("muster") or 0


def muster_dice(state: dict) -> int:
    """"Muster": one non-darkness fate die per muster, as many as the pool has."""
    return min(waiting_musters(state), non_darkness_dice(state))


def muster_without_dice(ctx: Context) -> None:
    """"Muster" with no non-darkness die in the pool: nothing to roll."""
    muster(ctx, effect_data(ctx.state).pop("muster"))


def muster_cmd(ctx: Context) -> None:
    """A card says muster ("Muster"): the fate dice are rolled at the prompt that
    follows (tray armed for the pool's non-darkness dice, or virtual); dice
    given with the command (typed in, a script) are used at once."""
    if ctx.params["dice"]:
        faces = fate_faces(ctx.params["dice"], len(ctx.params["dice"]))
        muster(ctx, ctx.params["count"], faces)
        ctx.interrupt("effect")
        return
    ctx.interrupt("effect", {"muster": ctx.params["count"]})
    ctx.describe(f"Muster {ctx.params['count']}: roll the fate dice")


def muster_fate(ctx: Context) -> None:
    """"Muster": the non-darkness fate dice rolled together (tray or virtual);
    minions spawn at the matching Outlands and Lairs."""
    data = effect_data(ctx.state)
    count = data.get("muster")
    if not count:
        raise RuleError("No muster now", "No Muster waits for fate dice.")
    faces = fate_faces(ctx.params["dice"], muster_dice(ctx.state))
    del data["muster"]
    muster(ctx, count, faces)
