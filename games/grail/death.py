"""A Character's death ("Death and Insanity", Death; "Allmother's Mercy")."""

from __future__ import annotations

from games.core import Context, RuleError, board
from games.grail import encounters
from games.grail.state import (
    ADVANCEMENT_POOL,
    ATTRIBUTES,
    DECK_MINIMUM,
    DECKS,
    Character,
    living,
    modifier,
    named_character,
    the_map,
)

DEATH_CHOICES = ("claim", "decline", "none left", "mercy")
# "Components Overview": "Character models (Beor, Ailei, Arev, Maggot)" - the core box's four.
BOX_CHARACTERS = 4
CLAIMED = " (new)"  # a claimed Character is named after the dead one, with this


def unclaimed(state: dict) -> int:
    """How many of the box's Characters are still unclaimed: four, less one per
    Character in the Campaign and one per claim so far (each claim named the fresh
    Character after the dead one with ``CLAIMED``; the dead one's place is theirs)."""
    claims = sum(c["name"].count(CLAIMED) for c in state["characters"])
    return max(0, BOX_CHARACTERS - len(state["characters"]) - claims)


def death(ctx: Context) -> None:
    """"Death and Insanity", Death; "Allmother's Mercy".

    - ``claim`` (co-op): claim an unclaimed Character, set up fresh on the
      lowest-numbered revealed Location; refused when none of the box's four is
      left (:func:`unclaimed`).
    - ``decline`` (co-op): an unclaimed Character is left in the box; play on.
    - ``none left``: single-player, or all other Characters are in use or
      dead: the Campaign ends in failure.
    - ``mercy``: the party has perished; mark "Saved by the Goddess", go to
      Verse 500 and restart the Chapter (none with Challenge mode's Allmother's
      Mercy modifier).
    """
    c = named_character(ctx)
    state = ctx.state
    choice = ctx.params["then"]
    solo = len(state["characters"]) == 1
    if choice in ("claim", "decline") and solo:
        raise RuleError("Single-player: ends", "In single-player the game ends when your Character "
                        "dies (Death); or take Allmother's Mercy.")
    if choice == "claim" and not unclaimed(state):
        raise RuleError("No Character unclaimed",
                        f"All {BOX_CHARACTERS} Characters of the box are in use or have died: \"If all "
                        "other Characters are in use or dead when a Character dies, the game ends in "
                        "failure\" (Death) - choose none left, or Allmother's Mercy if the whole "
                        "Party has perished.")
    if choice == "mercy":
        _mercy(ctx, c)
        return
    c["dead"] = True
    ctx.note(f"{c['name']} dies")
    encounters.remove_member(ctx, state["characters"].index(c), f"{c['name']} leaves the Encounter")
    if choice == "claim":
        fresh = dict(c)
        fresh.update(name=f"{c['name']}{CLAIMED}", dead=False, passed=False, energy=c["energy_start"],
                     health=c["health_start"], terror=c["terror_start"], skills=0,
                     location=board.lowest(the_map(state)),
                     attributes={a: 0 for a in ATTRIBUTES}, resources={r: 0 for r in c["resources"]},
                     decks={d: DECK_MINIMUM for d in DECKS},
                     pools={d: ADVANCEMENT_POOL for d in DECKS})
        state["characters"][state["characters"].index(c)] = fresh
        ctx.note(f"A new Character joins on {fresh['location']}: set up their tray")
    elif choice == "none left" or not living(state):
        state["failed"] = f"{c['name']} died: the Campaign ends in failure"


def _mercy(ctx: Context, c: Character) -> None:
    """"Allmother's Mercy": when you and your Party perish, mark "Saved by the
    Goddess", go to Verse 500 and restart the Chapter; none in Challenge mode
    with the Allmother's Mercy modifier."""
    state = ctx.state
    if modifier(state, "mercy"):
        raise RuleError("No Mercy: Challenge",
                        "Challenge mode, Allmother's Mercy: none - if you die, the Campaign ends "
                        "in failure.")
    if [i for i in living(state) if state["characters"][i] is not c]:
        raise RuleError("Party still alive", "Allmother's Mercy is for when you and your Party "
                        "perish (Allmother's Mercy).")
    if "Saved by the Goddess" not in state["statuses"]:
        state["statuses"].append("Saved by the Goddess")
    for ch in state["characters"]:
        ch.update(dead=False, passed=False, energy=ch["energy_start"], health=ch["health_start"],
                  terror=ch["terror_start"])
    ctx.note("Allmother's Mercy: go to Verse 500; restart the Chapter")
