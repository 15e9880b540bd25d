"""The conquest tracks and the siege ("Conquest Tracks", "The Siege"): a track
raised space by space, each ability space it enters resolved before the marker
moves on, the siege begun on the last space, the boss placed by a fate die.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Context, RuleError
from games.myth.fate import fate_area, fate_faces, roll_non_darkness
from games.myth.state import TRACK_SPACES, TRACKS, area_name


def raise_track(ctx: Context, track: str, spaces: int) -> None:
    """"Conquest" and "The Siege": raise ``track`` by ``spaces``.

    The raise joins ``raising`` and the marker moves space by space
    (:func:`advance_raises`); it stops on a conquest ability space until the
    players have resolved that ability, and a raise made meanwhile waits its
    turn behind it.
    """
    if spaces <= 0:
        return
    ctx.state["raising"].append({"track": track, "spaces": spaces})
    advance_raises(ctx)


def advance_raises(ctx: Context) -> None:
    """Move the waiting raises' markers, first raise first, one space at a time.

    "Conquest": "If a conquest marker enters a conquest ability space, players
    must immediately resolve that conquest track's ability. When moving the
    conquest marker multiple spaces, players fully resolve each conquest
    ability before continuing to move the conquest marker." So the marker
    stops on an ability space: the ability goes in ``pending`` and the rest of
    the raise waits in ``raising`` until the procedure's abilities step has
    been confirmed (it calls this again). Entering the last space begins the
    siege ("The Siege": no siege ability then, the rest of that raise is
    spent) and the marker waits for the boss to be placed; once the siege has
    begun, reaching the last space or being raised while on it resolves the
    siege ability once per raise ("Each time a conquest track is raised the
    siege ability is only triggered once").
    """
    state = ctx.state
    while state["raising"] and not state["pending"] and not boss_arriving(state):
        entry = state["raising"][0]
        track = entry["track"]
        label = track.capitalize()
        pos = state["conquest"][track]
        if pos >= TRACK_SPACES:
            state["raising"].pop(0)
            if state["siege"]:
                state["pending"].append(f"{label} siege ability")
            ctx.note(f"{label} raised on the siege space")
            continue
        pos += 1
        state["conquest"][track] = pos
        entry["spaces"] -= 1
        done = entry["spaces"] == 0 or pos == TRACK_SPACES
        if done:
            state["raising"].pop(0)
        if pos in state["abilities"][track]:
            state["pending"].append(f"{label} ability (space {pos})")
        if pos == TRACK_SPACES and state["siege"]:
            state["pending"].append(f"{label} siege ability")
        if done or state["pending"]:
            rest = "" if done else f", {entry['spaces']} more after its ability"
            ctx.note(f"{label} raised to {pos}{rest}")
        if pos == TRACK_SPACES and not state["siege"]:
            begin_siege(ctx, f"{label} full")


def raise_waiting(state: dict) -> str:
    """The spaces still to move after the abilities now resolved, for the step text."""
    return ", ".join(f"{r['track'].capitalize()} +{r['spaces']}" for r in state["raising"])


def begin_siege(ctx: Context, why: str) -> None:
    """"The Siege": it begins; objective tokens and cards other than a revealed
    final objective are discarded. The boss arrives by one non-darkness fate
    die of the pool (:func:`place_boss`), rolled at the "boss" prompt that
    follows (tray or virtual)."""
    state = ctx.state
    state["siege"] = True
    state["boss"] = {"area": None, "damage": 0, "arriving": True}
    for area_state in state["areas"].values():
        area_state["objective"] = None
    for objective in state["objectives"].values():
        if not objective["done"]:
            objective["location"] = None
    ctx.note(f"Siege ({why}): a fate die places the boss")


def boss_arriving(state: dict) -> bool:
    return bool(state["boss"].get("arriving"))


def place_boss(ctx: Context, faces: list[str] | None = None) -> None:
    """"The Siege": "Place the boss in a random Outland location by rolling one
    non-darkness fate die in the fate pool. If all dice are darkness, the boss
    appears in the darkness location." ``faces`` is the tray's die, else virtual."""
    state = ctx.state
    rolled, _ = roll_non_darkness(ctx, 1, faces)
    face = rolled[0] if rolled else "darkness"
    area = fate_area(state, face)
    state["boss"] = {"area": area, "damage": 0}
    where = area_name(state, area) if area else "?"
    ctx.note(f"The boss arrives in {where} ({face.capitalize()})")
    advance_raises(ctx)


def closest_ability(state: dict) -> tuple[str, int] | None:
    """The track closest to its next ability or siege space, and the spaces left
    (for the Planning forecast)."""
    best = None
    for track in TRACKS:
        pos = state["conquest"][track]
        ahead = [s for s in state["abilities"][track] if s > pos] + [TRACK_SPACES]
        gap = min(ahead) - pos
        if pos < TRACK_SPACES and (best is None or gap < best[1]):
            best = (track, gap)
    return best


def boss_to_darkness(ctx: Context) -> None:
    """"The Siege": every die of the pool shows darkness: no die to roll."""
    place_boss(ctx)


def abilities_resolved(prefix: str) -> Callable[[Context], None]:
    """The step after the abilities reminder: the players have resolved them, so
    the raises that waited move on ("Conquest": "fully resolve each conquest
    ability before continuing to move the conquest marker"); a new ability or
    the siege's boss loops back to the start of the resolve steps."""

    def run(ctx: Context) -> None:
        ctx.state["pending"] = []
        advance_raises(ctx)
        if ctx.state["pending"] or boss_arriving(ctx.state):
            ctx.goto(f"{prefix}boss_pick")

    return run


def raise_cmd(ctx: Context) -> None:
    """A card raises a conquest track: abilities resolved space by space."""
    raise_track(ctx, ctx.params["track"], ctx.params["spaces"])
    ctx.interrupt("effect")


def boss_fate(ctx: Context) -> None:
    """"The Siege": the boss's fate die (tray or virtual) places the boss."""
    if not boss_arriving(ctx.state):
        raise RuleError("No boss arriving", "The boss is placed when the siege begins.")
    place_boss(ctx, fate_faces(ctx.params["dice"], 1))
