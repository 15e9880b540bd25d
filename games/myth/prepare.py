"""The Prepare phase ("Prepare Phase"): resources from structures, defeated
heroes and delayed minions stood up, the enemy action cards reset.
"""

from __future__ import annotations

from games.core import Context, RuleError, deck
from games.myth.board import farrenroc
from games.myth.state import RESOURCES, TRACKS, structures


def produce(ctx: Context) -> None:
    """"Resource Step": 1 resource of the players' choice per structure."""
    total = sum(ctx.params[k] for k in RESOURCES)
    count = structures(ctx.state)
    if total != count:
        raise RuleError(f"Choose {count} resources", f"Each of the {count} structures produces "
                        "1 resource of the players' choice (Resource Step).")
    for kind in RESOURCES:
        ctx.state["reserves"][kind] = min(10, ctx.state["reserves"][kind] + ctx.params[kind])
    ctx.describe("Resources: " + ", ".join(f"+{ctx.params[k]} {k}" for k in RESOURCES))


def revive(ctx: Context) -> None:
    """"Revive Step": defeated heroes stand in Farrenroc, delayed minions stand."""
    state = ctx.state
    home = farrenroc(state["board"])
    for hero in state["heroes"]:
        if hero["defeated"]:
            hero["defeated"] = False
            hero["area"] = home
            ctx.note(f"{hero['name']} stands in Farrenroc")
    for area in state["areas"].values():
        for minion in area["minions"]:
            minion["delayed"] = False


def reset(ctx: Context) -> None:
    """"Reset Step": used enemy action cards shuffled under the unused ones."""
    state = ctx.state
    deck.used_under_unused(state["enemy_deck"], ctx.shuffle)
    state["plan"] = None
    state["history"].append({"round": state["round"], "stability": state["stability"],
                             **{t: state["conquest"][t] for t in TRACKS}})
    ctx.note("Used enemy actions shuffled under the unused")
