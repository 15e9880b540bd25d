"""A hero at 0 Spirit: Wounded, and the team Presses On or tends to them.

"Wounds", "Ending The Game" and "Multiplayer Coop Mode" (Defeat - Wounds,
Pressing On). :func:`games.kreel.rules.settle` starts the ``wounded``
procedure whenever a hero still in the Adventure is at 0 Spirit; its steps
are in :mod:`games.kreel.procedures`.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from games.core import Context, step_data
from games.kreel.campaign import wounds_kill
from games.kreel.threat_area import take_off_table

# The round's procedures: a Wounded active hero's round ends with the End phase.
ROUND = ("delve", "threat", "draw", "play", "spirit", "end")


class WoundedData(TypedDict, total=False):
    """What the ``wounded`` procedure keeps: the Wounded hero (index), the
    team's answer, and the step it interrupted (``resume``)."""

    hero: int
    choice: str  # "press on" or "tend"
    resume: dict[str, Any] | None


def wound(ctx: Context) -> None:
    """"Wounds": the Wounded hero draws 1 Wound card; the Campaign (the team,
    in Multiplayer Coop Mode) counts it."""
    hero = ctx.state["heroes"][cast(WoundedData, ctx.data)["hero"]]
    campaign = ctx.state["campaign"]
    if campaign["wound_limit"] is not None:  # Belanor's Lightbringer: no Wounds
        hero["wounds"] += 1
        campaign["wounds"] += 1
        ctx.note(f"{hero['name']} is Wounded: draw 1 Wound card ({campaign['wounds']} Wounds)")
    else:
        ctx.note(f"{hero['name']} is at 0 Spirit (no Wounds: Belanor's Lightbringer)")


def no_press_on_choice(state: dict) -> bool:
    """Solo, or nobody else left in: the Adventure is lost without a choice."""
    data = cast(WoundedData, step_data(state))
    others = [h for i, h in enumerate(state["heroes"]) if i != data.get("hero") and not h["out"]]
    return not others or wounds_kill(state)


def press_on(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Defeat - Wounds: Press On without the Wounded
    hero, or tend to them (the Adventure ends and restarts)."""
    cast(WoundedData, ctx.data)["choice"] = ctx.params["choice"]
    ctx.describe(f"The team chooses to {ctx.params['choice']}")


def after_wound(ctx: Context) -> None:
    """Tend (or nobody left): the Adventure is lost. Press On: the round goes
    on without the Wounded hero."""
    data = cast(WoundedData, ctx.data)
    if data.get("choice") != "press on":
        ctx.start("game-end", {"result": "loss"})
        return
    _go_on_without(ctx, data)


def _go_on_without(ctx: Context, data: WoundedData) -> None:
    """"Pressing On": "All of the Wounded hero's cards and game elements are
    removed from play (any damage tokens they have inflicted or played on
    Threats, etc. remain)": their Stories leave the Threat Area and the Shadows,
    and no command may use their elements any more
    (:func:`games.kreel.state.hero_in_play`);
    their Confronted Threat returns to the shared Threat Area, and the round
    goes on; a Wounded active hero's round goes on at its End phase."""
    state = ctx.state
    index = data["hero"]
    hero = state["heroes"][index]
    hero["out"] = True
    hero["story"] = False
    for threat in state["threat_area"]:
        if threat["confronted_by"] == index:
            threat["confronted_by"] = None
    for story in [t for t in state["threat_area"] + state["shadows"]
                  if t is not None and t["kind"] == "story" and t["story_of"] == index]:
        take_off_table(state, story)
        ctx.note(f"{story['name']}, {hero['name']}'s Story, leaves play")
    ctx.note(f"The team Presses On without {hero['name']}")
    waiting = data.get("resume")
    if waiting and waiting["name"] in ROUND and state["active_hero"] == index:
        state["procedure"] = {"name": "end", "step": 0, "data": {}} \
            if waiting["name"] != "end" else waiting
    else:
        state["procedure"] = waiting
