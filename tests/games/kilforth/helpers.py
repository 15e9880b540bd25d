"""Shared set-ups for the Gloom of Kilforth tests."""

from __future__ import annotations

from functools import partial

from games.core import new_game
from games.core.context import current_step
from games.core.registry import get_game
from tests.games import driving

GAME = get_game("gloom-of-kilforth")
do = partial(driving.do, GAME)
refused = partial(driving.refused, GAME)

# A Human Warrior-like hero ("Example Solo Hero Turn"): values are the player's entry.
WARRIOR = {"fight": 3, "study": 1, "sneak": 2, "influence": 2, "max_hp": 5, "gold": 1}


def d6(*faces: int) -> list[dict]:
    """A tray report of d6 faces."""
    return [{"kind": "d6", "face": f} for f in faces]


def step_id(state: dict) -> str | None:
    step = current_step(GAME, state)
    return step.id if step else None


def begin(options: dict, seed: int = 7) -> dict:
    """A new game past Setup's content pack step (no pack): the hero form is next."""
    state = new_game(GAME, options, seed).state
    assert step_id(state) == "pack"
    return do(state, "next")


def start(heroes: list[dict] | None = None, seed: int = 7, **options) -> dict:
    """A game past setup: heroes entered, the table laid out; Day 1 Daylight."""
    heroes = heroes or [WARRIOR]
    options.setdefault("heroes", len(heroes))
    options.setdefault("mode", "solo" if len(heroes) == 1 else "coop")
    state = begin(options, seed)
    for values in heroes:
        state = do(state, "hero_values", **values)
    while step_id(state) == "ancient":
        state = do(state, "ancient_plot", terrain="badlands")
    while step_id(state) == "discard":
        state = do(state, "difficulty_discard", location="A1")
    assert step_id(state) == "table"
    return do(state, "next")


def place(state: dict, cell: int, kind: str, **values) -> int:
    """Put an encounter straight on the map (as a card already there); returns its id."""
    from games.kilforth.state import new_encounter

    enc_id = state["next_encounter_id"]
    state["next_encounter_id"] += 1
    state["encounters"].append(new_encounter(enc_id, cell, kind, values))
    return enc_id


def camp_all(state: dict) -> dict:
    """Every hero still awake makes Camp; the Night starts."""
    while state["procedure"] is None and not all(h["camped"] for h in state["heroes"]):
        state = do(state, "camp")
    return state


def fight_round(state: dict, hero: list[int], foe: list[int]) -> dict:
    """One round of a battle ("Stage 3: Battle"): the Trap sprung if it is asked, the hero's and
    the foe's Fight rolled with these faces, no Fate called."""
    if step_id(state) == "trap":
        state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(*hero))
    state = do(state, "foe_fight", dice=d6(*foe))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    return state
