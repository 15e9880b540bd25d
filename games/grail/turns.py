"""An Encounter's Turns, as the players tell them to the box ("Combat Turn";
"Diplomacy Turn": "as in Combat"): pick the Active Character, end their
Activation with the cards they played, or Escape during it. Each kind's own
part is in :mod:`~games.grail.combat` and :mod:`~games.grail.diplomacy`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.grail import combat, diplomacy, encounters


def active_default(state: dict) -> int:
    """Where the Pick the Active Character form starts: "If they can't agree, the
    lowest Character Number becomes Active" among the members not yet Activated."""
    enc = state.get("encounter")
    if not enc:
        return 1
    people = state["characters"]
    left = [i for i in enc["members"] if i not in enc["activated"]]
    if not left:
        return 1
    return min(left, key=lambda i: (people[i]["number"], i)) + 1


def picking(state: dict) -> bool:
    """An Encounter runs and nobody is Active: pick the Active Character."""
    return bool(state.get("encounter")) and state["encounter"]["active"] is None


def activated(state: dict) -> bool:
    """An Encounter runs and someone is Active: their Activation can end."""
    return bool(state.get("encounter")) and state["encounter"]["active"] is not None


def pick_active(ctx: Context) -> None:
    """"Combat Turn" / "Diplomacy Turn", I. Pick the Active Character (Rush and
    Ambush strike the first one Activated)."""
    encounters.start_activation(ctx, encounters.member(ctx))


def end_activation(ctx: Context) -> None:
    """"Character Activation": the cards played (the Opportunity attack when none,
    Opportunist fewer than 2; Fast at most 2), the Enemy Attack or the Opponent's
    Response, then Check Readiness - End Turn once every member has been Activated."""
    enc = ctx.state["encounter"]
    if not enc:
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    if enc["active"] is None:
        raise RuleError("Pick the Active first",
                        "No Character is Active: pick the Active Character (Combat Turn, I).")
    cards = ctx.params["cards"]
    if enc["kind"] == "combat":
        combat.check_cards(enc, cards)
        enc = combat.after_cards(ctx, cards)
        if enc is None:
            return
    else:
        diplomacy.opponents_response(ctx)
    enc["active"] = None
    encounters.check_readiness(ctx)


def escape(ctx: Context) -> None:
    """Escape the running Encounter: a Combat by the Active Character ("Escaping
    Combat / Run Away", :func:`games.grail.combat.escape_combat`), a Diplomacy by the whole
    Party ("Escaping or Avoiding Diplomacy")."""
    index = encounters.member(ctx)
    if ctx.state["encounter"]["kind"] == "diplomacy":
        diplomacy.escape_diplomacy(ctx)
        return
    combat.escape_combat(ctx, index)
