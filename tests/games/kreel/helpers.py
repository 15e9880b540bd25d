"""Driving a Kreel Manor adventure through the engine, as the box does."""

from __future__ import annotations

import copy
from functools import partial

from games.core import get_game, new_game
from games.core.context import current_step
from tests.games import driving

GAME = get_game("kreel-manor")
do = partial(driving.do, GAME)
refused = partial(driving.refused, GAME)


LOCATION_SNEAK = 3  # what the helpers answer when a Location is flipped


def new(heroes: int = 1, spirit: int = 10, max_spirit: int = 10, variant: str = "standard",
        seed: int = 7, **options) -> dict:
    return new_game(GAME, {"heroes": heroes, "spirit": spirit, "max_spirit": max_spirit,
                           "variant": variant, **options}, seed).state


def step_id(state: dict) -> str | None:
    step = current_step(GAME, state)
    return None if step is None else f"{state['procedure']['name']}.{step.id}"


def next_until(state: dict, target: str, limit: int = 50) -> dict:
    """Press next until the current step is ``target`` ("threat.reveal")."""
    for _ in range(limit):
        if step_id(state) == target:
            return state
        state = advance(state)
    raise AssertionError(f"never reached {target}; at {step_id(state)}")


def advance(state: dict, block: int = 0) -> dict:
    """Press next, or answer the prompt that waits with plain values."""
    sid = step_id(state)
    if sid == "delve.flip":
        return do(state, "location", sneak=LOCATION_SNEAK)
    if sid == "spirit.block":
        return do(state, "block", points=block)
    if sid is not None and sid.endswith(".reveal"):
        return do(state, "reveal", fight=2, spirit_cost=1)
    return do(state, "next")


def play_threat_phase(state: dict, **values) -> dict:
    """From anywhere between rounds: run to the Threat phase, add a Threat,
    answer the reveal prompt with ``values`` if one comes, stop at Draw."""
    state = next_until(state, "threat.draw")
    state = do(state, "next")
    if step_id(state) == "threat.reveal":
        state = do(state, "reveal", **values)
        state = do(state, "next")  # Reveal abilities resolved
    assert step_id(state) == "draw.draw"
    return state


def finish_round(state: dict, block: int = 0) -> dict:
    """From the Draw phase to the end of the round (nothing running)."""
    for _ in range(50):
        sid = step_id(state)
        if sid is None or state["over"]:
            return state
        state = advance(state, block)
    raise AssertionError("round did not end")


def play_round(state: dict, block: int = 0, **values) -> dict:
    return finish_round(play_threat_phase(state, **values), block)


def win_adventure(state: dict, until: str = "game-end.fables") -> dict:
    """All Locations, Plots and Foes done: the next Delve wins the Adventure
    ("Ending The Game"); press on until ``until`` waits or the game is over."""
    state = copy.deepcopy(state)
    for loc in state["locations"]:
        loc.update(sneak=3, damage=3)
    for loc in state["locations"][:4]:
        loc["defeated"] = True
    state["active_location"] = 4
    state["defeated"] = [{"id": 90 + i, "name": "P", "kind": "plot"} for i in range(5)] + [
        {"id": 80 + i, "name": "F", "kind": "foe"} for i in range(state["adventure"]["foes"])]
    for _ in range(10):
        if state["over"] or step_id(state) == until:
            return state
        state = advance(state)
    raise AssertionError("the Adventure was not won")


def shadow_ids(shadows: list) -> list:
    """The Threat ids in Sneak 1, 2, 3 (None where a space is empty)."""
    return [None if t is None else t["id"] for t in shadows]


def with_threats(state: dict, *threats: dict) -> dict:
    """``state`` with revealed threats in the Threat Area (for scenarios).

    Each dict gives some values (``spirit_cost=2, statuses=["bold"]``); the
    rest are a fresh threat's. Ids continue from ``next_threat_id``.
    """
    from games.kreel.state import new_threat

    state = copy.deepcopy(state)
    for values in threats:
        threat: dict = {**new_threat(state["next_threat_id"]), **values, "revealed": True}
        state["next_threat_id"] += 1
        if "damage" in values:
            threat["damage"] = {"fight": 0, "influence": 0, "sneak": 0, **values["damage"]}
        state["threat_area"].append(threat)
    return state


def to_spirit(state: dict) -> dict:
    """From between rounds to the Spirit phase's Block prompt (or past it, when nothing attacks):
    the Threat phase played, then Draw and Play confirmed ("5. Spirit Phase": the attacks run at once)."""
    state = play_threat_phase(state)
    state = do(state, "next")  # Draw -> Play
    return do(state, "next")  # Play -> Spirit


def spirit_attack(state: dict) -> int:
    """What the Spirit phase's attacks cost (0 when the Block prompt was skipped)."""
    return state["procedure"]["data"]["attack"] if step_id(state) == "spirit.block" else 0
