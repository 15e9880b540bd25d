"""Driving a Tainted Grail campaign through the engine, as the box does."""

from __future__ import annotations

import copy
from functools import partial

from games.core import get_game, new_game
from games.core.context import current_step
from tests.games import driving

GAME = get_game("tainted-grail")
do = partial(driving.do, GAME)
refused = partial(driving.refused, GAME)


def new(characters: int = 1, mode: str = "standard", seed: int = 7, **tracks) -> dict:
    """A new Campaign past its setup reminders: day 1, During the Day."""
    options = {"characters": characters, "mode": mode, **tracks}
    state = new_game(GAME, options, seed).state
    while state["procedure"]["name"] == "campaign-setup":
        state = do(state, "next")
    return state


def step_id(state: dict) -> str | None:
    step = current_step(GAME, state)
    return None if step is None else f"{state['procedure']['name']}.{step.id}"


def next_until(state: dict, target: str, limit: int = 60, eat: bool = False, face: str = "nothing") -> dict:
    """Press next (answering Rest and Guardian prompts) until the step is ``target``."""
    for _ in range(limit):
        sid = step_id(state)
        if sid == target:
            return state
        if sid == "end-of-day.rest":
            state = do(state, "rest", eat=eat and _has_food(state))
        elif sid == "start-of-day.guardian":
            state = do(state, "guardian_roll", face=face)
        else:
            state = do(state, "next")
    raise AssertionError(f"never reached {target}; at {step_id(state)}")


def _has_food(state: dict) -> bool:
    c = state["characters"][state["procedure"]["data"]["resting"][0]]
    return c["resources"]["food"] > 0


def to_next_day(state: dict, **kw) -> dict:
    """From During the Day to the next day's During the Day."""
    state = next_until(state, "end-of-day.effects", **kw)
    return next_until(state, "day.actions", **kw)


def with_map(state: dict, places: dict[int, tuple[int, int]]) -> dict:
    """``state`` with more Locations laid on the map (for scenarios)."""
    from games.grail.state import new_location

    state = copy.deepcopy(state)
    for number, where in places.items():
        state["locations"].append(new_location(number, where))
    state["locations"].sort(key=lambda loc: loc["number"])
    return state


def edit(state: dict, fn) -> dict:
    state = copy.deepcopy(state)
    fn(state)
    return state


def standing(state: dict, number: int, *characters: int) -> dict:
    """``state`` with the Characters (1-based; all when none named) on Location ``number``."""
    people = characters or range(1, len(state["characters"]) + 1)
    return edit(state, lambda s: [s["characters"][i - 1].update(location=number) for i in people])
