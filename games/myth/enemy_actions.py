"""The enemy action card, drawn in the Action phase ("Enemy Actions"): a March
(games.myth.march), a Scheme ("Scheme": the quest's scheme effects, the
captains' moves, a defeated captain back), or a Conquest action (Despair,
Devastation, Corruption: a track raised per objective location held, then the
spawns on objective locations and by non-darkness fate dice).
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth.action_phase import enemy_card
from games.myth.board import distances, farrenroc
from games.myth.conquest import raise_track
from games.myth.enemy_movement import step_toward
from games.myth.fate import fate_area, fate_faces, roll_non_darkness
from games.myth.march import assault_targets
from games.myth.spawning import spawn
from games.myth.state import TRACK_OF, action_data, area_name, objective_areas


def resolve_enemy_card(ctx: Context) -> None:
    """Resolve the revealed enemy card's action type ("Enemy Actions")."""
    card = enemy_card(ctx.state)
    assert card is not None, "the step runs for an enemy card"
    data = action_data(ctx.state)
    if card == "march":
        data["assaults"] = assault_targets(ctx.state)
        if not data["assaults"]:
            ctx.note("March: no assault (no enemies at Farrenroc or a structure)")
    elif card == "scheme":
        scheme_effects(ctx)
    else:
        kind = {"despair": "hope", "devastation": "supply", "corruption": "influence"}[card]
        conquest_raise(ctx, kind)
        if not ctx.state.get("over"):
            data["conquest"] = kind


# --- Scheme -------------------------------------------------------------------------------


def scheme_effects(ctx: Context) -> None:
    """"Scheme" 1: "For each quest location containing an enemy captain, players
    resolve the active quest's scheme effect" (queued in ``pending``: the
    players resolve them at the abilities reminder before the captains move)."""
    state = ctx.state
    areas = state["board"]["areas"]
    for area_id, s in state["areas"].items():
        if s["captains"] and areas[area_id]["type"] == state["quest"]:
            state["pending"].append(f"Quest scheme effect ({area_name(state, area_id)})")


def scheme_moves(ctx: Context) -> None:
    """"Scheme" 2 and 3: each captain not in a quest area moves 1 area toward the
    nearest quest area or Farrenroc, whichever is closer (a tie: Farrenroc; a
    captain in Farrenroc does not move); then 1 defeated captain is placed in
    a random Outland location (skipped if none has been defeated)."""
    state = ctx.state
    home = farrenroc(state["board"])
    quest = state["quest"]
    areas = state["board"]["areas"]
    goals = [a for a in areas if areas[a]["type"] == quest] + [home]
    moves = []
    for area_id, s in list(state["areas"].items()):
        if not s["captains"] or area_id == home or areas[area_id]["type"] == quest:
            continue
        best = min(goals, key=lambda g: (distances(state["board"], g)[area_id], g != home))
        dist = distances(state["board"], best)
        moves.append((area_id, step_toward(state, area_id, dist), len(s["captains"])))
    for src, dest, count in moves:
        moved = state["areas"][src]["captains"][:count]
        del state["areas"][src]["captains"][:count]
        state["areas"][dest]["captains"].extend(moved)
        ctx.note(f"{count} captain(s) {area_name(state, src)} \u2192 {area_name(state, dest)}")
    if state["captains_defeated"] and state["supply"]["captains"]:
        outlands = [a for a in areas if areas[a]["type"] == "outland"]
        where = outlands[ctx.below(len(outlands))]
        state["captains_defeated"] -= 1
        state["supply"]["captains"] -= 1
        state["areas"][where]["captains"].append(0)
        ctx.note(f"A defeated captain returns in {area_name(state, where)}")


# --- Despair, Devastation, Corruption -----------------------------------------------------


def conquest_raise(ctx: Context, kind: str) -> None:
    """"Conquest" (Despair/Devastation/Corruption for hope/supply/influence) step
    1: raise by 1 per objective location of ``kind`` holding a minion (by 1 if
    no such token remains). The Action phase then resolves the abilities it
    entered, asks for the fate dice (:func:`conquest_dice`) and spawns
    (:func:`conquest_spawn`)."""
    state = ctx.state
    places = objective_areas(state, kind)
    held = sum(1 for a in places if any(not m["delayed"] for m in state["areas"][a]["minions"]))
    raise_track(ctx, TRACK_OF[kind], held if places else 1)


def _missing_objectives(state: dict, kind: str) -> int:
    return max(0, len(state["heroes"]) - len(objective_areas(state, kind)))


def conquest_dice(state: dict, kind: str) -> int:
    """How many non-darkness fate dice "Conquest" step 2 rolls: one per missing
    objective, as many as the pool has without darkness."""
    usable = sum(1 for face in state["fate"] if face != "darkness")
    return min(_missing_objectives(state, kind), usable)


def conquest_spawn(ctx: Context, kind: str, faces: list[str] | None = None) -> None:
    """"Conquest" step 2 (objective locations counted after the raise, which may
    have begun the siege and discarded them)."""
    state = ctx.state
    places = objective_areas(state, kind)
    rolled, unrolled = roll_non_darkness(ctx, _missing_objectives(state, kind), faces)
    if rolled:
        ctx.note("Fate: " + ", ".join(f.capitalize() for f in rolled))
    targets = list(places) + [a for a in (fate_area(state, f) for f in rolled) if a]
    spawn(ctx, targets)
    raise_track(ctx, TRACK_OF[kind], unrolled)


def waiting_conquest(state: dict) -> str | None:
    return action_data(state).get("conquest")


def conquest_roll(state: dict) -> tuple[int, str]:
    return (waiting_conquest_dice(state), "fate")


def waiting_conquest_dice(state: dict) -> int:
    """The fate dice the waiting Conquest rolls (0 when none waits)."""
    kind = waiting_conquest(state)
    return conquest_dice(state, kind) if kind else 0


def conquest_without_dice(ctx: Context) -> None:
    """"Conquest" step 2 without dice to roll (every die shows darkness, or no
    objective is missing)."""
    conquest_spawn(ctx, action_data(ctx.state).pop("conquest"))


def conquest_fate(ctx: Context) -> None:
    """"Conquest" step 2: the non-darkness fate dice of the pool rolled for the
    missing objectives (tray kind ``fate``, or virtual); spawns follow."""
    data = action_data(ctx.state)
    kind = data.get("conquest")
    if not kind:
        raise RuleError("No roll asked now", "No Conquest action waits for fate dice.")
    faces = fate_faces(ctx.params["dice"], conquest_dice(ctx.state, kind))
    conquest_spawn(ctx, data.pop("conquest"), faces)
