"""Rounds of Actions During the Day ("II) During the Day").

"Each player performs one Action, in an order the players agree on (ties
broken by lowest Character Number). ... After everyone has taken one Action or
Passed, players may each take another Action, and so on, until all players
Pass or run out of Energy."

The box keeps the round: ``state["round"]`` (1, 2, ... within the day) and
``state["acted"]`` (the indexes of the Characters who have taken their Action
this round). A Character who has acted is refused another Action until
everyone still in the day (alive, not Passed, with Energy left) has acted or
Passed; then a new round begins (:func:`settle_round`, run after every command). The order
within a round is the players' to agree on; the box shows the lowest
Character Number still to act, the rule's tie-break, as whose turn it is and
starts the action forms on that Character.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core import Context, RuleError
from games.grail.state import find_location, living


def in_the_day(state: dict) -> list[int]:
    """The Characters still in the day (alive, not Passed), by Character Number (the
    tie-break), then by place in the party."""
    people = [i for i, c in enumerate(state["characters"]) if not c["dead"] and not c["passed"]]
    return sorted(people, key=lambda i: (state["characters"][i]["number"], i))


def still_in(state: dict) -> list[int]:
    """The Characters the rounds wait for: in the day and with Energy left. One who has
    run out of Energy is out of the rounds like one who Passed ("After everyone has taken
    one Action or Passed, players may each take another Action, and so on, until all
    players Pass or run out of Energy"); a free Action they still take counts as theirs."""
    return [i for i in in_the_day(state) if state["characters"][i]["energy"] > 0]


def waiting(state: dict) -> list[int]:
    """Who has not yet taken an Action this round, in Character Number order."""
    return [i for i in still_in(state) if i not in state["acted"]]


def whose_turn(state: dict) -> int | None:
    """The Character to act next when the players do not agree otherwise: the lowest
    Character Number still to act this round ("ties broken by lowest Character Number")."""
    left = waiting(state)
    return left[0] if left else None


def turn_default(state: dict) -> int:
    """The action forms' Character (1-4): whose turn it is, else the first."""
    if "acted" not in state:
        return 1
    i = whose_turn(state)
    return 1 if i is None else i + 1


def check_turn(state: dict, index: int) -> None:
    """Refuse an Action by a Character who has already taken one this round."""
    if index in state["acted"]:
        c = state["characters"][index]
        left = ", ".join(state["characters"][i]["name"] for i in waiting(state))
        raise RuleError(f"{c['name'][:12]}: acted",
                        f"{c['name']} has taken an Action in round {state['round']}: each player performs "
                        "one Action, and only after everyone has taken one Action or Passed may each "
                        f"take another (II) During the Day). Still to act: {left}.")


def took_action(state: dict, indexes: Iterable[int]) -> None:
    """Mark the Characters who took part in an Action (a Party acts together)."""
    for i in indexes:
        if i not in state["acted"]:
            state["acted"].append(i)
    state["acted"].sort()


def new_day(state: dict) -> None:
    """A new day starts at round 1 with nobody having acted."""
    state["round"] = 1
    state["acted"] = []


def all_pass(ctx: Context) -> None:
    """"II) During the Day": the day ends when all have Passed or run out of Energy."""
    for c in ctx.state["characters"]:
        c["passed"] = True
    new_day(ctx.state)


def settle_round(ctx: Context) -> None:
    """After every command: when everyone still in the day has acted (or Passed)
    a new round begins. Nothing to do when nobody has acted, or nobody is left."""
    state = ctx.state
    if not state.get("acted"):
        return
    if not still_in(state):
        return
    if not waiting(state):
        state["round"] += 1
        state["acted"] = []
        ctx.emit(f"Round {state['round']}: everyone may act again")


def may_still_act(state: dict, index: int) -> str | None:
    """What a Character at 0 Energy who has not Passed may still do, as far as the box
    knows, or None: on a Location with a Menhir seal, "Inspect a Menhir - always free. ...
    if you meet all requirements you may activate the Menhir right away" (Resources, no
    Energy); with a Guardian on their Location, its Encounter ("If a Character or Party
    enters a Location with a Guardian, immediately trigger the Encounter")."""
    c = state["characters"][index]
    loc = find_location(state, c["location"])
    if loc is not None and "menhir" in loc["seals"]:
        return f"{c['name']} may Inspect the Menhir on {c['location']} (free)"
    if any(g["location"] == c["location"] for g in state["guardians"]):
        return f"{c['name']} meets the Guardian on {c['location']}"
    return None


def day_over(state: dict) -> str | None:
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy" ("II) During the Day": "until all players Pass or run out of Energy. Then go to
    End of the Day"). Why the day is over, or None: not while an Encounter is being
    resolved, nor while a Character at 0 Energy may still act (:func:`may_still_act`)."""
    if state.get("encounter"):
        return None
    people = living(state)
    if not people:
        return None
    if all(state["characters"][i]["passed"] for i in people):
        return "Everyone has Passed: the day ends"
    if not out_of_energy(state) or any(may_still_act(state, i) for i in in_the_day(state)):
        return None
    return "Everyone has Passed or run out of Energy: the day ends"


def out_of_energy(state: dict) -> bool:
    """Everyone still in the day (alive, not Passed) is at 0 Energy (False when nobody is)."""
    return bool(in_the_day(state)) and not still_in(state)


def settle_day(ctx: Context) -> None:
    """After every command During the Day: when :func:`day_over` says so, the day ends
    by itself (the End of the Day begins)."""
    proc = ctx.state.get("procedure")
    if not proc or proc["name"] != "day" or ctx.game.procedure("day").steps[proc["step"]].id != "actions":
        return
    why = day_over(ctx.state)
    if why:
        ctx.goto("all_pass")
        ctx.emit(why)
