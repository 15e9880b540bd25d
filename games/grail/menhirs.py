"""Menhirs and time ("Menhirs", "Time"): activating or extending a Menhir, Time
dials and Time tokens.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.grail import pack
from games.grail.locations import reveal_from
from games.grail.state import (
    living,
    menhir_at,
    modifier,
    named_character,
    named_location,
)

MENHIR_COSTS = ("magic", "wealth", "food")


def _pay_menhir(ctx: Context) -> str:
    """The activation cost read on the card ("Inspect a Menhir"; it already scales with
    the number of players in the game), paid by ``paid_by`` (Party members may pay
    Magic for each other, and trade Food and Wealth first). Story mode, Menhirs Cost:
    one chosen Resource requirement is 1 lower. Returns what was paid."""
    costs = {r: ctx.params[r] for r in MENHIR_COSTS}
    less = ctx.params["story_less"]
    if less != "none":
        if not modifier(ctx.state, "menhirs_cost"):
            raise RuleError("Story: Menhirs Cost", "Only Story mode's Menhirs Cost modifier, when chosen "
                            "at setup, treats one Menhir Resource requirement as 1 lower (Story Mode, "
                            "Menhirs Cost).")
        costs[less] = max(0, costs[less] - 1)
    if not any(costs.values()):
        return ""
    payer = named_character(ctx, "paid_by")
    short = [r for r in MENHIR_COSTS if payer["resources"][r] < costs[r]]
    if short:
        r = short[0]
        raise RuleError(f"Needs {costs[r]} {r.capitalize()}"[:42],
                        f"Activating costs {costs[r]} {r}; {payer['name']} has {payer['resources'][r]} "
                        "(Menhirs and Wyrdness; trade Food and Wealth first).")
    for r in MENHIR_COSTS:
        payer["resources"][r] -= costs[r]
    return f", {payer['name']} pays " + ", ".join(f"{costs[r]} {r}" for r in MENHIR_COSTS if costs[r])


def activate(ctx: Context) -> None:
    """"Menhirs and Wyrdness": activate a Menhir, or extend an Active one (its remaining
    power is lost); only in a Location with a Menhir seal, by a Character standing
    there (*Activated by*, who pays; "Activating Menhirs requires Characters to use
    the Action on the back of the Location card"). Challenge mode's Menhirs &
    Events modifier: activated Menhirs last one day less. Afterwards every
    Location with Characters reveals the cards its Direction Keys name that are
    now in range."""
    loc = named_location(ctx)
    days = ctx.params["days"] - (1 if modifier(ctx.state, "menhirs_events") else 0)
    if days < 1:
        raise RuleError("Lasts 0 days", "With Challenge mode's Menhirs & Events modifier an activated "
                        "Menhir lasts one day less (Challenge Mode, Menhirs & Events).")
    described = pack.card(ctx.state["pack"], loc["number"]) is not None or loc["seals"]
    if described and "menhir" not in loc["seals"]:
        raise RuleError("No Menhir seal here",
                        f"Location {loc['number']} has no Menhir seal: activation is only possible in "
                        "Locations with this seal (Menhirs and Wyrdness).")
    user = named_character(ctx, "paid_by")
    if user["passed"]:
        raise RuleError(f"{user['name'][:13]} Passed",
                        f"{user['name']} has Passed: \"you take no more Actions until the next day\" "
                        "(Pass), and activating a Menhir is an Action (Inspect a Menhir, or the "
                        "Journal during an Explore).")
    if user["location"] != loc["number"]:
        raise RuleError(f"{user['name'][:12]} not on {loc['number']}",
                        f"{user['name']} stands on {user['location']}: activating a Menhir is the "
                        f"Action on the back of Location {loc['number']}'s card, used by Characters "
                        "there (Menhirs and Wyrdness; Inspect a Menhir).")
    paid = _pay_menhir(ctx)
    if "menhir" not in loc["seals"]:
        loc["seals"].append("menhir")
    menhir = menhir_at(ctx.state, loc["number"])
    if menhir is not None:
        menhir["dial"] = days
        ctx.note(f"Menhir {loc['number']} extended: {days} days (remaining power lost){paid}")
    else:
        ctx.state["menhirs"].append({"location": loc["number"], "dial": days})
        ctx.note(f"Menhir {loc['number']} activated: {days} days{paid}")
    for number in sorted({ctx.state["characters"][i]["location"] for i in living(ctx.state)}):
        reveal_from(ctx, number)


def time_dial(ctx: Context) -> None:
    """"I) Start of the Day": a Dial with a Time Token, reduced each Start of the Day."""
    state = ctx.state
    tid = state["next_id"]
    state["next_id"] += 1
    state["time_dials"].append({"id": tid, "days": ctx.params["days"]})
    ctx.note(f"Time dial {tid} set to {ctx.params['days']}")


def time_token(ctx: Context) -> None:
    """A Time Token on a Location ("once per day" Actions), removed at the Start of the Day."""
    loc = named_location(ctx)
    loc["time_token"] = True
    ctx.note(f"Time token on {loc['number']}")
