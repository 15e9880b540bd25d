"""Farrenroc and its reserves ("Farrenroc", "Resources", "Farrenroc Reserves"):
stability lost, and the resources the players discard for an effect ("Running
Out of Minions", "Muster"), of their choice when there is one.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth.state import RESOURCES


def lose_stability(ctx: Context, amount: int, why: str) -> None:
    """"Farrenroc": stability reduced. "If Farrenroc's stability is reduced to
    zero, the players immediately lose the game": at 0 the running procedure
    stops, so nothing more of it happens (no minion moves after the loss);
    end_check then ends the game."""
    state = ctx.state
    state["stability"] = max(0, state["stability"] - amount)
    ctx.note(f"Stability -{amount} ({why}): {state['stability']}")
    if state["stability"] == 0:
        ctx.stop()


def owe_resources(ctx: Context, count: int, why: str) -> None:
    """Resources the players must discard, "of the players' choice" ("Running Out
    of Minions", "Muster", "Farrenroc Reserves").

    When there is nothing to choose (one kind left in the reserves, or the debt
    takes everything) the box discards at once: as many as possible, then
    stability -1 if the reserves could not pay (once for this effect).
    Otherwise the debt waits in ``discards`` and the players choose each
    resource at the "discard" prompt (:func:`settle_discards` after each).
    """
    ctx.state["discards"].append({"count": count, "why": why})
    settle_discards(ctx)


def discard_choices(state: dict) -> tuple[str, ...]:
    """The resources the players may discard now (those the reserves hold)."""
    return tuple(k for k in RESOURCES if state["reserves"][k] > 0)


def settle_discards(ctx: Context) -> None:
    """Pay every waiting discard the players have no choice about, first to last;
    stop at the first one that needs a choice."""
    state = ctx.state
    reserves = state["reserves"]
    while state["discards"]:
        debt = state["discards"][0]
        kinds = discard_choices(state)
        total = sum(reserves.values())
        if debt["count"] < total and len(kinds) > 1:
            return
        paid = []
        for _ in range(min(debt["count"], total)):
            kind = next(k for k in RESOURCES if reserves[k] > 0)
            reserves[kind] -= 1
            paid.append(kind)
        state["discards"].pop(0)
        if paid:
            ctx.note(f"Discarded {', '.join(paid)} ({debt['why']})")
        if debt["count"] > total:
            lose_stability(ctx, 1, f"{debt['why']}, reserves empty")


def discard_one(ctx: Context, kind: str) -> None:
    """The players' choice for the first waiting discard: one ``kind`` resource."""
    state = ctx.state
    if not state["discards"]:
        raise RuleError("No discard asked", "No effect is waiting for resources.")
    if state["reserves"][kind] == 0:
        raise RuleError(f"No {kind} to discard",
                        f"The reserves hold no {kind}; choose another resource (Spend).")
    debt = state["discards"][0]
    state["reserves"][kind] -= 1
    debt["count"] -= 1
    ctx.note(f"Discarded 1 {kind} ({debt['why']})")
    if debt["count"] == 0:
        state["discards"].pop(0)
    settle_discards(ctx)


def discard_resource(ctx: Context) -> None:
    """"Running Out of Minions" / "Muster": one resource of the players' choice;
    the prompt asks again while the effect still owes resources."""
    choice = ctx.params["resource"]
    if choice == "none":
        settle_discards(ctx)
    else:
        discard_one(ctx, choice)
    if ctx.state["discards"]:
        ctx.stay()


def discard_options(state: dict) -> tuple[str, ...]:
    """The resources the reserves hold ("none" when empty: the debt is then unpayable)."""
    return discard_choices(state) or ("none",)


def discard_labels(state: dict) -> dict[str, str]:
    return {k: f"{k} ({state['reserves'][k]})" for k in RESOURCES}
