"""The enemies on the board ("Enemies"): the ranks in an area, and enemies
placed or removed by hand (the enemy sheet's setup, card effects).
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth.conquest import advance_raises
from games.myth.state import MAX_MINIONS, area_name, minion_count


def enemy_tokens(state: dict, area_id: str) -> list[str]:
    """The ranks of the non-delayed enemy tokens in an area."""
    area = state["areas"][area_id]
    ranks = ["minion" for m in area["minions"] if not m["delayed"]]
    ranks += ["captain"] * len(area["captains"])
    if state["boss"]["area"] == area_id:
        ranks.append("boss")
    return ranks


def ranks_in(state: dict, area_id: str, rank: str) -> list:
    area = state["areas"][area_id]
    if rank == "minion":
        return area["minions"]
    if rank == "captain":
        return area["captains"]
    return [state["boss"]] if state["boss"]["area"] == area_id else []


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
        advance_raises(ctx)  # a raise that waited for the boss moves on
    ctx.note(f"{count} {rank}(s) placed in {area_name(state, area_id)}")


def remove(ctx: Context) -> None:
    """Take enemies off an area to the out-of-play supply (defeated, discarded)."""
    state = ctx.state
    area_id, rank, count = ctx.params["area"], ctx.params["rank"], ctx.params["count"]
    present = ranks_in(state, area_id, rank)
    if len(present) < count:
        raise RuleError(f"Only {len(present)} {rank} there"[:42],
                        f"{area_name(state, area_id)} holds {len(present)} {rank}(s).")
    if rank == "boss":
        state["boss"]["area"] = None
    else:
        del present[:count]
        state["supply"][f"{rank}s"] += count
    ctx.note(f"{count} {rank}(s) removed from {area_name(state, area_id)}")
