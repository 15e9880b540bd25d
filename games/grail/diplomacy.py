"""Diplomacy ("Diplomacy"): starting one on its Affinity track, the Affinity
Check with its Stages, the Opponent's Response and Escaping Diplomacy. What
Combat and Diplomacy share is in :mod:`~games.grail.encounters`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.grail import encounters


def diplomacy(ctx: Context) -> None:
    """"Starting Diplomacy": the marker starts on the gray slot of the Affinity track;
    the track's top slot and the number of Stages come from the card."""
    top, start, stages = ctx.params["top"], ctx.params["start"], ctx.params["stages"]
    if not 0 < start < top:
        raise RuleError("Gray slot off track",
                        f"The gray slot {start} must lie between the lowest (0) and the highest "
                        f"slot ({top}) of the Affinity track (Starting Diplomacy).")
    encounters.begin(ctx, "diplomacy", {"top": top, "start": start, "affinity": start, "stages": stages,
                                        "stage": 1})


def affinity_check(ctx: Context, before: int, after: int) -> None:
    """"Affinity Check": on the lowest slot you lose; on the highest you win the Stage
    (the whole Encounter after the last Stage; otherwise the marker goes back to the
    gray slot and the next Stage begins). The Affinity track's ``on_change``."""
    enc = ctx.state["encounter"]
    if after <= 0:
        encounters.close(ctx, "lost", "Diplomacy lost: apply the Failure cost to each member; card to "
                                      "the bottom of its deck; reshuffle your Diplomacy decks")
    elif after >= enc["top"]:
        if enc["stage"] >= enc["stages"]:
            encounters.close(ctx, "won", "Diplomacy won: each member gains the Reward; card to the "
                                         "bottom of its deck; reshuffle your Diplomacy decks")
        else:
            next_stage(ctx)


def next_stage(ctx: Context) -> None:
    """"Affinity Check", a Stage won that is not the last: "begin the next Stage: move the
    marker to the gray slot, place a marker on the completed Stage, and go to Check
    Readiness" - the Activation ends there, with no Opponent's Response."""
    enc = ctx.state["encounter"]
    enc["stage"] += 1
    enc["affinity"] = enc["start"]
    text = f"Stage {enc['stage'] - 1} won: marker on the Stage; Stage {enc['stage']} begins at the gray slot"
    if enc["active"] is not None:
        text += f"; {ctx.state['characters'][enc['active']]['name']}'s Activation ends (Check Readiness)"
        enc["active"] = None
    ctx.note(text)
    encounters.check_readiness(ctx)


def opponents_response(ctx: Context) -> None:
    """"Diplomacy Turn", II: after the cards, the Opponent's Response for the current Stage."""
    ctx.note("Opponent's Response for the Stage")


def escape_diplomacy(ctx: Context) -> None:
    """"Escaping or Avoiding Diplomacy": the whole Party Escapes by paying the Failure
    cost, each member."""
    encounters.close(ctx, "escaped", "The Party Escapes: each member pays the Failure cost; "
                                     "card to the bottom of its deck")
