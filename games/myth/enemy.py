"""The enemy's side of the board ("Enemies", "Spawning Enemies", "Muster",
"Conquest", "The Siege", "Overruns"): enemies placed and removed by hand, spawns,
musters and the boss's arrival with their fate dice, a conquest track raised,
and the resources the players discard for them.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth import rules
from games.myth.fate import fate_faces
from games.myth.rules import note
from games.myth.state import (
    MAX_MINIONS,
    RESOURCES,
    area_name,
    minion_count,
)


def conquest_fate(ctx: Context) -> None:
    """"Conquest" step 2: the non-darkness fate dice of the pool rolled for the
    missing objectives (tray kind ``fate``, or virtual); spawns follow."""
    kind = ctx.data.get("conquest")
    if not kind:
        raise RuleError("No roll asked now", "No Conquest action waits for fate dice.")
    faces = fate_faces(ctx.params["dice"], rules.conquest_dice(ctx.state, kind))
    rules.conquest_spawn(ctx, ctx.data.pop("conquest"), faces)


def place(ctx: Context) -> None:
    """Put enemies on the board from the supply (enemy sheet setup, card effects).
    "Glossary", Area: never more than three minions; use spawn for overruns.
    "Enemies": "The boss enters play only during a siege"."""
    state = ctx.state
    area_id, rank, count = ctx.params["area"], ctx.params["rank"], ctx.params["count"]
    if rank == "minion":
        if minion_count(state, area_id) + count > MAX_MINIONS:
            raise RuleError("3 minions per area", f"{area_name(state, area_id)} would hold "
                            f"{minion_count(state, area_id) + count} minions; an area can never "
                            "contain more than three (Glossary, Area).")
        if count > state["supply"]["minions"]:
            raise RuleError("Not enough minions", "The out-of-play supply lacks minions.")
        state["supply"]["minions"] -= count
        state["areas"][area_id]["minions"] += [{"damage": 0, "delayed": False}] * count
    elif rank == "captain":
        if count > state["supply"]["captains"]:
            raise RuleError("Not enough captains", "All four captains are in play (Enemies).")
        state["supply"]["captains"] -= count
        state["areas"][area_id]["captains"] += [0] * count
    else:
        if not state["siege"]:
            raise RuleError("Boss: siege only", "The boss enters play only during a siege "
                            "(Enemies; The Siege).")
        state["boss"]["area"] = area_id
        state["boss"].pop("arriving", None)  # placed by hand: no fate die for it
        rules.advance_raises(ctx)  # a raise that waited for the boss moves on
    note(ctx, f"{count} {rank}(s) placed in {area_name(state, area_id)}")


def remove(ctx: Context) -> None:
    """Take enemies off an area to the out-of-play supply (defeated, discarded)."""
    state = ctx.state
    area_id, rank, count = ctx.params["area"], ctx.params["rank"], ctx.params["count"]
    present = rules.ranks_in(state, area_id, rank)
    if len(present) < count:
        raise RuleError(f"Only {len(present)} {rank} there"[:42],
                        f"{area_name(state, area_id)} holds {len(present)} {rank}(s).")
    if rank == "boss":
        state["boss"]["area"] = None
    else:
        del present[:count]
        state["supply"][f"{rank}s"] += count
    note(ctx, f"{count} {rank}(s) removed from {area_name(state, area_id)}")


def spawn_cmd(ctx: Context) -> None:
    """A card says spawn: one spawn effect ("Spawning Enemies"), with overruns."""
    rules.spawn(ctx, [ctx.params["area"]] * ctx.params["count"])
    ctx.interrupt("effect")


def muster_cmd(ctx: Context) -> None:
    """A card says muster ("Muster"): the fate dice are rolled at the prompt that
    follows (tray armed for the pool's non-darkness dice, or virtual); dice
    given with the command (typed in, a script) are used at once."""
    if ctx.params["dice"]:
        faces = fate_faces(ctx.params["dice"], len(ctx.params["dice"]))
        rules.muster(ctx, ctx.params["count"], faces)
        ctx.interrupt("effect")
        return
    ctx.interrupt("effect", {"muster": ctx.params["count"]})
    ctx.describe(f"Muster {ctx.params['count']}: roll the fate dice")


def muster_fate(ctx: Context) -> None:
    """"Muster": the non-darkness fate dice rolled together (tray or virtual);
    minions spawn at the matching Outlands and Lairs."""
    from games.myth.procedures import muster_dice

    count = ctx.data.get("muster")
    if not count:
        raise RuleError("No muster now", "No Muster waits for fate dice.")
    faces = fate_faces(ctx.params["dice"], muster_dice(ctx.state))
    del ctx.data["muster"]
    rules.muster(ctx, count, faces)


def boss_fate(ctx: Context) -> None:
    """"The Siege": the boss's fate die (tray or virtual) places the boss."""
    if not rules.boss_arriving(ctx.state):
        raise RuleError("No boss arriving", "The boss is placed when the siege begins.")
    rules.place_boss(ctx, fate_faces(ctx.params["dice"], 1))


def discard_resource(ctx: Context) -> None:
    """"Running Out of Minions" / "Muster": one resource of the players' choice;
    the prompt asks again while the effect still owes resources."""
    choice = ctx.params["resource"]
    if choice == "none":
        rules.settle_discards(ctx)
    else:
        rules.discard_one(ctx, choice)
    if ctx.state["discards"]:
        ctx.stay()


def discard_options(state: dict) -> tuple[str, ...]:
    """The resources the reserves hold ("none" when empty: the debt is then unpayable)."""
    return rules.discard_choices(state) or ("none",)


def discard_labels(state: dict) -> dict[str, str]:
    return {k: f"{k} ({state['reserves'][k]})" for k in RESOURCES}


def raise_cmd(ctx: Context) -> None:
    """A card raises a conquest track: abilities resolved space by space."""
    rules.raise_track(ctx, ctx.params["track"], ctx.params["spaces"])
    ctx.interrupt("effect")


def overrun(ctx: Context) -> None:
    """"Overruns": the players' choice for the first waiting overrun (a resource
    to discard, or which area one closer to Farrenroc takes the minions); the
    prompt asks again while overruns with a real choice wait."""
    rules.resolve_overrun(ctx, ctx.params["choice"])
    rules.settle_overruns(ctx)
    if ctx.state["overruns"]:
        ctx.stay()


def march_to(ctx: Context) -> None:
    """"Enemy Movement Priority": "If there is a tie between multiple objectives
    or multiple structures when resolving enemy movement, players choose where
    the enemy moves": the first waiting minion moves to the chosen area; the
    prompt asks again while another minion has a tie."""
    movers = ctx.data.get("march")
    if not movers:
        raise rules.march_refusal(ctx.state, ctx.params["area"])
    src = movers[0]
    rules.move_minion(ctx.state, src, ctx.params["area"])
    movers.pop(0)
    note(ctx, f"Minion {area_name(ctx.state, src)} \u2192 {area_name(ctx.state, ctx.params['area'])}")
    rules.advance_march(ctx.state, movers)
    if movers:
        ctx.stay()
