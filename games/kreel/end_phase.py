"""6. End Phase: the Skill limit, and the Threats and the hero's Actions reset.

"6. End Phase" B-C. The next round (D) begins with the next Delve Phase
(:func:`games.kreel.delve_phase.begin_round`); the steps are in
:mod:`games.kreel.procedures`.
"""

from __future__ import annotations

from games.core import Context
from games.kreel.action_track import reset_actions
from games.kreel.state import active_hero


def hand_limit(ctx: Context) -> None:
    """"6. End Phase" B: Play or discard down to 6 Skills."""
    hero = active_hero(ctx.state)
    hero["hand"] = min(hero["hand"], 6)


def reset_upright(ctx: Context) -> None:
    """"6. End Phase" C: reset every Threat and the hero's Actions upright; the
    hero's Spirit at the end of the round goes on their plot."""
    for threat in ctx.state["threat_area"]:
        threat["exhausted"] = False
    hero = active_hero(ctx.state)
    reset_actions(hero)
    hero["spirit_log"].append(hero["spirit"])
