"""During the Day ("II) During the Day"): Travel, Explore, a Location or Character
Action, Pass and a move that is not a Travel - each by a Character who has not
Passed, alone or with a Party ("Parties and Party Actions").
"""

from __future__ import annotations

from typing import TypedDict, cast

from games.core import Context, RuleError
from games.grail.locations import arrive
from games.grail.rounds import check_turn, took_action
from games.grail.state import (
    SIDES,
    Character,
    connected,
    joined_names,
    living,
    named_character,
    named_location,
)


class Arrived(TypedDict):
    """Who travelled together onto a Location with a Guardian, and where."""

    location: int
    party: list[int]


class Arrival(TypedDict, total=False):
    """The ``day`` procedure's data: the last Travel that met a Guardian (Travel: "In a
    Party: any automatic Action or Guardian Encounter triggered by the new Location is
    resolved as a Party"; read when its Combat begins, :func:`arrived_with`)."""

    arrived: Arrived


def arrived_with(state: dict, index: int) -> list[int]:
    """The Characters who travelled with Character ``index`` onto the Location where they
    stand, when that Travel met a Guardian (themselves included); else just them."""
    proc = state.get("procedure")
    arrived = cast(Arrival, proc["data"] if proc and proc["name"] == "day" else {}).get("arrived")
    c = state["characters"][index]
    if arrived and index in arrived["party"] and arrived["location"] == c["location"]:
        return [i for i in arrived["party"] if state["characters"][i]["location"] == c["location"]
                and not state["characters"][i]["dead"]]
    return [index]


def during_day(state: dict) -> bool:
    return (state.get("procedure") or {}).get("name") == "day"


def _acting(ctx: Context, turn: bool = True) -> Character:
    """The Character taking an Action: During the Day, not Passed, no Encounter
    being resolved, and (``turn``) not having taken an Action this round yet
    (:mod:`~games.grail.rounds`)."""
    c = named_character(ctx)
    if not during_day(ctx.state):
        raise RuleError("Not During the Day", "Actions are taken During the Day (II) During the Day).")
    if c["passed"]:
        raise RuleError(f"{c['name'][:13]} Passed",
                        "Pass is irreversible: no more Actions until the next day (Pass).")
    if ctx.state.get("encounter"):
        raise RuleError("Encounter running",
                        "An Encounter is being resolved: Actions are taken one at a time, and a new "
                        "one starts once it ends - Escape, or End the Encounter (II) During the Day; "
                        "Character Action: \"usable only outside Encounters\").")
    if turn:
        check_turn(ctx.state, _index(ctx, c))
    return c


def _index(ctx: Context, c: Character) -> int:
    return ctx.state["characters"].index(c)


def _acted(ctx: Context, people: list[Character]) -> None:
    took_action(ctx.state, [_index(ctx, p) for p in people])


def _pay_energy(c: Character, cost: int, what: str) -> None:
    if c["energy"] < cost:
        raise RuleError("Not enough Energy",
                        f"{what} costs {cost} Energy; {c['name']} has {c['energy']} "
                        "(II) During the Day: the six most important Actions).")
    c["energy"] -= cost


def _party(ctx: Context, c: Character) -> list[Character]:
    """The acting Character, and with ``party`` everyone who can join them: alive,
    not Passed, in the same Location ("Parties and Party Actions"), and not having
    taken their Action this round ("II) During the Day": one Action each)."""
    if not ctx.params.get("party"):
        return [c]
    here = [o for o in ctx.state["characters"]
            if o is not c and not o["dead"] and not o["passed"] and o["location"] == c["location"]]
    others = [o for o in here if _index(ctx, o) not in ctx.state["acted"]]
    for o in here:
        if o not in others:
            ctx.note(f"{o['name']} has acted this round and stays out")
    if not others:
        raise RuleError("Nobody here to join",
                        f"No other Character on {c['location']} who has not Passed nor acted this "
                        "round can form a Party with them (Parties and Party Actions; II) During "
                        "the Day: one Action each).")
    return [c] + others


def _payer(ctx: Context, members: list[Character]) -> Character | None:
    if not ctx.params.get("paid_by"):
        return None
    payer = named_character(ctx, "paid_by")
    if payer not in members:
        raise RuleError("Payer not in Party",
                        f"{payer['name']} is not in this Party; only Party members may pay "
                        "another member's Energy (Parties and Party Actions).")
    return payer


def _pay_each(ctx: Context, members: list[Character], what: str) -> list[Character]:
    """1 Energy per Party member ("Explore", "Travel" in a Party). With ``paid_by``
    that member pays it all ("you may pay your own Energy ... in place of another
    member's - even the entire cost"); otherwise each pays their own and a member
    who cannot pay is dropped while the rest proceed. Returns who takes part."""
    payer = _payer(ctx, members)
    if payer is not None:
        _pay_energy(payer, len(members), f"{what} for {len(members)}")
        return members
    _pay_energy(members[0], 1, what)
    going = [members[0]]
    for m in members[1:]:
        if m["energy"] >= 1:
            m["energy"] -= 1
            going.append(m)
        else:
            ctx.note(f"{m['name']} cannot pay and is dropped")
    return going


def _energies(people: list[Character]) -> str:
    return ", ".join(str(p["energy"]) for p in people)


def travel_choices(state: dict) -> tuple[str, ...]:
    """Where Travel can go: the Location numbers connected to any living Character's
    Location (lowest first), then the four sides (Travel by side, as before)."""
    numbers: set[int] = set()
    for i in living(state):
        numbers.update(connected(state, state["characters"][i]["location"]).values())
    return tuple(str(n) for n in sorted(numbers)) + SIDES


def travel(ctx: Context) -> None:
    """"II) During the Day", Travel: 1 Energy, to a Location connected to the current
    one by matching Direction Keys, in a straight line (no diagonal Travel); named by
    its number (or by side). In a Party the cost scales to 1 Energy per member and
    everyone moves; Guardians there are met as a Party."""
    c = _acting(ctx)
    where = ctx.params["direction"]
    links = connected(ctx.state, c["location"])
    if where in SIDES:
        if where not in links:
            raise RuleError(f"No route {where}",
                            f"There is no revealed Location connected {where} of {c['location']} "
                            "(Travel: matching Direction Keys, straight lines only).")
        to = links[where]
    else:
        to = int(where)
        if to not in links.values():
            raise RuleError(f"{to} not connected",
                            f"Location {to} is not connected to {c['location']}, where {c['name']} "
                            "stands: Travel goes to an adjacent Location joined by matching Direction "
                            "Keys, in a straight line (Travel).")
    going = _pay_each(ctx, _party(ctx, c), "Travel")
    was = c["location"]
    for m in going:
        m["location"] = to
    _acted(ctx, going)
    ctx.note(f"{joined_names(going)} travel{'s' if len(going) == 1 else ''} {was} \u2192 {to} "
             f"(Energy {_energies(going)})")
    if arrive(ctx, to):  # a Guardian there: it is "resolved as a Party" by those who came
        cast(Arrival, ctx.data)["arrived"] = {"location": to, "party": [_index(ctx, m) for m in going]}


def explore(ctx: Context) -> None:
    """"II) During the Day", Explore: 1 Energy; in a Party 1 Energy per member."""
    c = _acting(ctx)
    going = _pay_each(ctx, _party(ctx, c), "Explore")
    _acted(ctx, going)
    ctx.note(f"{joined_names(going)} explore{'s' if len(going) == 1 else ''} {c['location']} "
             f"(Energy {_energies(going)})")


ACTION_KINDS = ("location", "character")


def action(ctx: Context) -> None:
    """"II) During the Day", Location Action or Character Action: the cost on the card.

    A ``helper`` in the same Location (a Party member, not Passed) may pay
    ``helper_pays`` of it ("Parties and Party Actions"). A Location Action in
    a Party is paid once, the members splitting it as they like; a Character
    Action is only the acting Character's own, and "the acting Character must
    always spend at least 1 Energy".
    """
    c = _acting(ctx)
    cost, kind = ctx.params["energy"], ctx.params["kind"]
    share = ctx.params["helper_pays"]
    helper = None
    if ctx.params["helper"]:
        helper = named_character(ctx, "helper")
        if helper is c or helper["passed"] or helper["location"] != c["location"]:
            raise RuleError("Helper not in Party",
                            "Only another Character in the same Location who has not Passed can "
                            "join and help pay (Parties and Party Actions).")
        check_turn(ctx.state, _index(ctx, helper))
    elif share:
        raise RuleError("Pick the helper", "Name the Character who pays part of the cost.")
    if share > cost:
        raise RuleError("Helps more than cost", f"The helper pays {share} of a {cost} Energy cost.")
    if kind == "character" and cost >= 1 and cost - share < 1:
        raise RuleError("Actor pays 1+ Energy",
                        "When performing a Character Action, the acting Character must always spend "
                        "at least 1 Energy (Parties and Party Actions).")
    if helper is not None:
        if helper["energy"] < share:
            raise RuleError("Helper lacks Energy", f"{helper['name']} has {helper['energy']} Energy.")
    _pay_energy(c, cost - share, f"The {kind.capitalize()} Action")
    _acted(ctx, [c] if helper is None else [c, helper])
    if helper is not None:
        helper["energy"] -= share
        ctx.note(f"{c['name']} takes a {kind.capitalize()} Action for {cost} Energy, "
                 f"{helper['name']} pays {share} (Energy {c['energy']}, {helper['energy']})")
    else:
        ctx.note(f"{c['name']} takes a {kind.capitalize()} Action for {cost} Energy "
                 f"(Energy {c['energy']})")


def pass_day(ctx: Context) -> None:
    """"II) During the Day", Pass: free and irreversible. A Character may Pass at
    any point of a round ("After everyone has taken one Action or Passed"): it
    only ends their day."""
    c = _acting(ctx, turn=False)
    c["passed"] = True
    ctx.note(f"{c['name']} Passes")


def move(ctx: Context) -> None:
    """"Locations", Special movement: not a Travel, costs no Energy, "but it still
    reveals further Location cards and triggers instant Actions and Guardian
    Encounters"."""
    c = named_character(ctx)
    loc = named_location(ctx)
    c["location"] = loc["number"]
    ctx.note(f"{c['name']} moved to {loc['number']} (not a Travel)")
    arrive(ctx, loc["number"], travelled=False)
