"""Multiplayer Coop Mode: Confronted Threats and the Spirit Boost a team shares.

"Multiplayer Coop Mode" (Confront Threats, Spirit Boost), "Threat Spirit
Boost" and "Symbol Explanations" (the white Spirit symbol). Each hero's
round, the Multiplayer Symbol and Pressing On are in
:mod:`games.kreel.delve_phase`, :mod:`games.kreel.threat_phase` and
:mod:`games.kreel.wounds`.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from games.core import Context, RuleError, step_data
from games.kreel.action_track import need_play
from games.kreel.spirit_phase import heal
from games.kreel.state import active_hero
from games.kreel.stories import own_story_only
from games.kreel.threat_area import chosen_threat


class SpiritBoostData(TypedDict, total=False):
    """What the ``spirit-boost`` procedure keeps: the Boost, the Threat that
    gave it, the hero who defeated it (where the form starts), and the step it
    interrupted (``resume``)."""

    amount: int
    threat: str
    hero: int
    resume: dict[str, Any] | None


def confront(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Confront Threats: during their Play phase the
    active hero moves a non-Foe Threat from the shared Threat Area to their own
    Hero Threat Area (at most 1 there; no un-Confronting)."""
    state = ctx.state
    if len(state["heroes"]) == 1:
        raise RuleError("Multiplayer only", "Confronting is a Multiplayer Coop Mode rule.")
    need_play(ctx, "A hero may Confront a Threat on their turn (Multiplayer Coop Mode)")
    threat = chosen_threat(ctx, shadows=False)
    hero = state["active_hero"]
    own_story_only(ctx, threat, hero, "Confront")
    if threat["kind"] == "foe":
        raise RuleError("Foes cannot be Confronted", "Foes cannot be Confronted "
                        "(Multiplayer Coop Mode, Confront Threats).")
    if threat["confronted_by"] is not None:
        raise RuleError("Already Confronted", f"{threat['name']} is already Confronted; heroes "
                        "cannot 'un-Confront' Threats (Multiplayer Coop Mode).")
    if any(t["confronted_by"] == hero for t in state["threat_area"]):
        raise RuleError("1 Confronted at most", "A Hero Threat Area cannot contain more than 1 "
                        "Confronted Threat at a time (Multiplayer Coop Mode, Confront Threats).")
    threat["confronted_by"] = hero
    ctx.describe(f"{active_hero(state)['name']} Confronts {threat['name']}")


def boost_heroes(state: dict) -> tuple[str, ...]:
    """The heroes a Spirit Boost may go to: those still in the Adventure."""
    return tuple(h["name"] for h in state["heroes"] if not h["out"])


def boost_default(state: dict) -> str | None:
    """Where the Spirit Boost form starts: the hero who defeated the Threat."""
    data = cast(SpiritBoostData, step_data(state))
    return state["heroes"][data["hero"]]["name"] if "hero" in data else None


def boost(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Spirit Boost: a defeated Threat's Spirit Boost
    goes whole to one hero still in the Adventure, up to their maximum
    ("Threat Spirit Boost"; "Symbol Explanations", white Spirit symbol)."""
    data = cast(SpiritBoostData, ctx.data)
    hero = next(h for h in ctx.state["heroes"] if h["name"] == ctx.params["hero"])
    gained = heal(hero, data["amount"])
    ctx.describe(f"{data['threat']}'s Spirit Boost: {hero['name']} +{gained} Spirit")
