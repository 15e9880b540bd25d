"""What most commands name and how a handler finds it: a Character by their place
in the party (1-4), a Party and who pays for it, a Location by its number, a side
of the map.
"""

from __future__ import annotations

from games.core import Context, Param, RuleError, board
from games.grail.rounds import turn_default
from games.grail.state import find_location

SIDES = tuple(board.DIRECTIONS)


def character_param() -> Param:
    """The Character a command is for, by their place in the party."""
    return Param("character", "int", "Character", low=1, high=4, default=1)


def turn_param() -> Param:
    """The Character taking an Action During the Day: the form starts on whose turn
    it is ("II) During the Day": ties broken by lowest Character Number)."""
    return Param("character", "int", "Character", low=1, high=4, default=1, default_from=turn_default)


def party_params() -> tuple[Param, ...]:
    """"Parties and Party Actions": everyone here joins; who pays for the whole Party."""
    return (Param("party", "bool", "With the Party here", default=False),
            Param("paid_by", "int", "Paid by (0 each)", low=0, high=4, default=0))


def location_param(name: str = "location", label: str = "Location") -> Param:
    """A Location by its card number."""
    return Param(name, "int", label, low=100, high=999, default=101)


def named_character(ctx: Context, name: str = "character") -> dict:
    """The Character the ``name`` parameter names; refused when there is none or they died."""
    number = ctx.params[name]
    chars = ctx.state["characters"]
    if number > len(chars):
        raise RuleError(f"No Character {number}", f"This Campaign has {len(chars)} Characters.")
    c = chars[number - 1]
    if c["dead"]:
        raise RuleError(f"{c['name'][:12]} is dead", f"{c['name']} has died (Death and Insanity).")
    return c


def named_location(ctx: Context, name: str = "location") -> dict:
    """The revealed Location the ``name`` parameter names; refused when it is not on the map."""
    loc = find_location(ctx.state, ctx.params[name])
    if loc is None:
        raise RuleError(f"{ctx.params[name]} not on the map",
                        f"Location {ctx.params[name]} is not a revealed Location on the map.")
    return loc


def joined_names(people: list[dict]) -> str:
    """"Ana & Bram": the Characters taking part, for the journal."""
    return " & ".join(p["name"] for p in people)
