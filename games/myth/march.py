"""The March enemy action ("March", "Assaults", "Delayed Minions"): an assault on
Farrenroc and each structure where a standing minion is, center first, a d10
per enemy token; then the minions move (games.myth.enemy_movement).
"""

from __future__ import annotations

from fractions import Fraction

from games.core import Context, RuleError, dice
from games.myth.battles import d10s
from games.myth.board import farrenroc
from games.myth.enemies import enemy_tokens
from games.myth.enemy_movement import advance_march, farrenroc_excess, march_movers
from games.myth.farrenroc import lose_stability
from games.myth.state import action_data, area_name


def assault_targets(state: dict) -> list[str]:
    """"March": "players resolve the following steps for each area containing 1
    or more minion tokens: Resolve an assault on Farrenroc and each area
    containing a structure", center first ("Action Phase": enemy actions that
    target areas start with Farrenroc and work outwards). Delayed minions do
    not count ("Delayed": "ignored by enemy action card effects targeting
    minions"), so Farrenroc or a structure held only by captains, the boss or
    delayed minions is not assaulted by a March."""
    home = farrenroc(state["board"])
    targets = [a for a, s in state["areas"].items()
               if (a == home or s["structure"]) and any(not m["delayed"] for m in s["minions"])]
    return sorted(targets, key=lambda a: (state["distance"][a], a))


def resolve_assault(ctx: Context, area_id: str, faces: list[int] | None = None) -> bool | None:
    """"Assaults": a d10 per enemy token; success if any die is at most the highest
    attack value among the ranks there. Then every minion there is delayed.
    Returns None when the assault is ignored (no enemies or nothing to assault)."""
    state = ctx.state
    ranks = enemy_tokens(state, area_id)
    area = state["areas"][area_id]
    is_home = area_id == farrenroc(state["board"])
    if not ranks or not (is_home or area["structure"]):
        return None
    attack = max(state["enemy"][r]["attack"] for r in ranks)
    rolled = faces if faces is not None else ctx.roll(len(ranks), 10)
    success = any(d <= attack for d in rolled)
    where = area_name(state, area_id)
    ctx.note(f"Assault on {where}: {rolled} vs attack {attack}: {'success' if success else 'held'}")
    if success:
        if is_home:
            lose_stability(ctx, 1, "assault")
        else:
            area["structure"] = False
            ctx.note(f"Structure in {where} destroyed")
    for minion in area["minions"]:
        minion["delayed"] = True
    return success


def assault_chance(state: dict, area_id: str) -> Fraction:
    """Exact chance that an assault on ``area_id`` succeeds ("Assaults": a d10 per
    enemy token, success if any is at most the highest attack there)."""
    ranks = enemy_tokens(state, area_id)
    if not ranks:
        return Fraction(0)
    attack = max(state["enemy"][r]["attack"] for r in ranks)
    return dice.chance_at_least(1, len(ranks), attack, 10, at_most=True)


def waiting_assaults(state: dict) -> list[str]:
    return action_data(state).get("assaults") or []


def assault_dice(state: dict) -> tuple[int, str]:
    return (len(enemy_tokens(state, waiting_assaults(state)[0])), "d10")


def assault(ctx: Context) -> None:
    """"March" / "Assaults": the next assault's dice, a d10 per enemy token there
    (tray, typed in, or virtual); the prompt asks again for the next area."""
    waiting = waiting_assaults(ctx.state)
    if not waiting:
        raise RuleError("No assault now", "No March is waiting for assault dice.")
    area_id = waiting[0]
    count = len(enemy_tokens(ctx.state, area_id))
    resolve_assault(ctx, area_id, d10s(ctx.params["dice"], count, ctx))
    waiting.pop(0)
    if waiting and ctx.state["stability"] > 0:
        ctx.stay()


def march_start(ctx: Context) -> None:
    """"March", second step: the minions that move, one at a time, nearest
    Farrenroc first; those with one place to go move now, the first tie waits
    for the players ("march_to")."""
    state = ctx.state
    data = action_data(state)
    data["march_before"] = {a: len(s["minions"]) for a, s in state["areas"].items()}
    data["march"] = march_movers(state)
    advance_march(state, data["march"])


def march_end(ctx: Context) -> None:
    """All movement resolved: the moves journaled, then Farrenroc's excess rule
    ("Enemy Movement")."""
    state = ctx.state
    data = action_data(state)
    before = data.pop("march_before", {})
    data.pop("march", None)
    moved = [f"{area_name(state, a)} {len(s['minions'])}" for a, s in state["areas"].items()
             if len(s["minions"]) != before.get(a, len(s["minions"]))]
    ctx.note("Minions move: " + (", ".join(moved) or "none"))
    farrenroc_excess(ctx)
