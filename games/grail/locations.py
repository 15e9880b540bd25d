"""The map of Locations ("Locations", "World Setup"): placing and revealing
Location cards, Direction Keys, blocked routes, a removed Location, and a content
pack's Locations.
"""

from __future__ import annotations

from typing import cast

from games.core import Context, RuleError, board
from games.core.packs import PackError, refused
from games.grail import pack
from games.grail.state import (
    SIDES,
    Location,
    Menhir,
    find_location,
    living,
    location,
    menhir_at,
    named_location,
    new_location,
    the_map,
)
from games.grail.survival import harm

# "Menhirs and Wyrdness": a removed Location, or the last Menhir gone.
WYRDNESS_HEALTH = 2
WYRDNESS_TERROR = 2


# --- Menhir range ---------------------------------------------------------------------------


def menhir_places(state: dict, menhirs: list[Menhir] | None = None) -> list[tuple[int, int]]:
    """Where the Active Menhirs (or ``menhirs``) stand on the map."""
    where = the_map(state)
    return [where[m["location"]] for m in (state["menhirs"] if menhirs is None else menhirs)]


def out_of_range(state: dict, menhirs: list[Menhir] | None = None) -> list[int]:
    """"I) Start of the Day", Remove Locations out of Menhir range: every Location
    must be within one card, straight or diagonal, of an Active Menhir. With no
    Menhir left, no Location is removed ("Menhirs and Wyrdness")."""
    centres = menhir_places(state, menhirs)
    if not centres:
        return []
    keep = set(board.within(the_map(state), centres, 1))
    return sorted(n for n in the_map(state) if n not in keep)


def place_allowed(state: dict, where: tuple[int, int]) -> bool:
    """"Locations", Reveal further Location cards: only within one card
    (diagonals too) of an Active Menhir."""
    return board.in_range(where, menhir_places(state), 1)


# --- laying and revealing cards ------------------------------------------------------------


def _lay(ctx: Context, number: int, where: tuple[int, int]) -> Location:
    """Put Location ``number`` on the map at ``where`` with what the content pack
    says about it: its Direction Keys, seals, and its edges without a Key blocked
    ("Locations": touching edges without Direction Keys block the route)."""
    info = pack.card(ctx.state["pack"], number)
    loc = new_location(number, where)
    if info:
        _describe(loc, info)
    ctx.state["locations"].append(loc)
    ctx.state["locations"].sort(key=lambda loc: loc["number"])
    if number in ctx.state["removed_locations"]:
        ctx.state["removed_locations"].remove(number)
    return loc


def _describe(loc: Location, info: pack.Card) -> None:
    loc["keys"] = dict(info["keys"])
    loc["seals"] = list(info["seals"])
    if info["keys"]:
        loc["blocked"] = [side for side in SIDES if side not in info["keys"]]


def _check_spot(ctx: Context, number: int, where: tuple[int, int]) -> None:
    if find_location(ctx.state, number) is not None:
        raise RuleError(f"{number} is on the map", f"Location {number} is already on the map.")
    taken = board.at(the_map(ctx.state), where)
    if taken is not None:
        raise RuleError(f"{taken} is there", f"Location {taken} already lies where {number} would go.")
    if not place_allowed(ctx.state, where):
        raise RuleError("Out of Menhir range",
                        "A Location is attached only if it is no further than 1 card (including "
                        "diagonally) from an Active Menhir (Locations, Reveal further Location cards).")


def place(ctx: Context) -> None:
    """"Locations", Reveal further Location cards: attach a card at a Direction Key,
    only within one card (diagonals too) of an Active Menhir."""
    number = ctx.params["number"]
    beside = named_location(ctx, "next_to")
    where = board.step((beside["x"], beside["y"]), ctx.params["side"])
    _check_spot(ctx, number, where)
    _lay(ctx, number, where)
    ctx.note(f"Location {number} placed {ctx.params['side']} of {beside['number']}")


def _key_spots(state: dict, number: int) -> list[tuple[int, str, tuple[int, int]]]:
    """Where revealed Locations' Direction Keys put ``number``: (from, side, position)."""
    out = []
    for loc in state["locations"]:
        for side, target in sorted(loc["keys"].items()):
            if target == number:
                out.append((loc["number"], side, board.step((loc["x"], loc["y"]), side)))
    return out


def reveal(ctx: Context) -> None:
    """"Locations", Reveal further Location cards, by number: the box finds the
    revealed Location whose Direction Key names it (or the pack's position) and
    attaches it there, if within one card of an Active Menhir."""
    number = ctx.params["number"]
    spots = _key_spots(ctx.state, number)
    info = pack.card(ctx.state["pack"], number)
    if info and info["position"] is not None:
        where, origin = board.pos(info["position"]), "its pack position"
    elif spots:
        came, side, where = spots[0]
        origin = f"{side} of {came}"
    else:
        raise RuleError(f"No Key shows {number}",
                        f"No revealed Location has a Direction Key {number}; enter the Key "
                        "(Direction Key) or place the card by its side (Place a Location).")
    _check_spot(ctx, number, where)
    _lay(ctx, number, where)
    ctx.note(f"Location {number} revealed {origin}")


def reveal_from(ctx: Context, number: int, gone: tuple[int, ...] = ()) -> None:
    """On arrival (or after a Menhir activation): attach the cards the Location's
    Direction Keys name, each only if within Active Menhir range ("Locations",
    Traveling and revealing Locations; "Menhirs and Wyrdness"). The cards
    ``gone``, discarded by the very removal that moved the Character here, are
    not laid again."""
    loc = location(ctx.state, number)
    on_map = set(the_map(ctx.state))
    for side, key in sorted(loc["keys"].items()):
        target = pack.key_target(ctx.state["pack"], key, on_map)
        if find_location(ctx.state, target) is not None or target in gone:
            continue
        where = board.step((loc["x"], loc["y"]), side)
        if board.at(the_map(ctx.state), where) is not None:
            continue
        if not place_allowed(ctx.state, where):
            ctx.note(f"{target} ({side} of {number}) is out of Menhir range: not attached")
            continue
        _lay(ctx, target, where)
        ctx.note(f"Reveal Location {target} {side} of {number}")


def arrive(ctx: Context, number: int, travelled: bool = True, gone: tuple[int, ...] = ()) -> list[int]:
    """Arriving on Location ``number`` ("Locations", Traveling and revealing
    Locations: "Whenever you arrive at a new Location"): reveal the cards its
    Direction Keys name within Active Menhir range, then a Guardian there is met
    before the Location's instant (lightning) rules ("If a Guardian is present,
    resolve its Encounter before triggering the Location's instant rule").

    Special movement and being moved off a removed Location count too (not
    ``travelled``): "it still reveals further Location cards and triggers instant
    Actions and Guardian Encounters"; "Instant rules must be resolved even if you
    arrived by other means than Travel (such as being moved from a removed
    Location)"; the cards that removal discarded (``gone``) are not laid again.
    Returns the ids of the Guardians met there."""
    reveal_from(ctx, number, gone)
    guards = [g for g in ctx.state["guardians"] if g["location"] == number]
    if guards:
        ctx.note(f"Guardian here: {', '.join(g['name'] for g in guards)} - Encounter first")
    if not travelled:
        ctx.note(f"Arrived on {number}: resolve its lightning rules")
    return [g["id"] for g in guards]


def remove(ctx: Context, gone: list[int]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Discard the Locations ``gone`` ("Menhirs and Wyrdness"): Characters there lose
    2 Health, gain 2 Terror and are moved to the nearest remaining Location, which
    is an arrival (:func:`arrive`, not a Travel). Returns the Characters moved as
    ``(index, from, to)`` and the ids of the Guardians met where they arrived."""
    moved = _discard(ctx.state, gone)
    for i, was, to in moved:
        ctx.note(f"{ctx.state['characters'][i]['name']}: {was} \u2192 {to}, -2 Health +2 Terror")
    met = []
    for to in sorted({to for _, _, to in moved}):
        met += arrive(ctx, to, travelled=False, gone=tuple(gone))
    return moved, met


def _discard(state: dict, gone: list[int]) -> list[tuple[int, int, int]]:
    """Discard the Locations ``gone``: Characters there lose 2 Health, gain 2 Terror
    and move to the nearest remaining Location (not a Travel); Guardians and Time
    tokens on them are discarded ("Menhirs and Wyrdness").

    Returns ``(character index, from, to)`` for every Character moved.
    """
    moved = []
    for i in living(state):
        c = state["characters"][i]
        if c["location"] in gone:
            to = nearest_remaining(state, gone, c["location"])
            harm(state, c, WYRDNESS_HEALTH, WYRDNESS_TERROR)
            moved.append((i, c["location"], to))
            c["location"] = to
    state["guardians"] = [g for g in state["guardians"] if g["location"] not in gone]
    state["locations"] = [loc for loc in state["locations"] if loc["number"] not in gone]
    state["removed_locations"] += gone
    return moved


def nearest_remaining(state: dict, gone: list[int], origin: int) -> int:
    """"Menhirs and Wyrdness": the nearest remaining Location, lowest-numbered if tied
    (the last Location always stays, so there is one)."""
    where = the_map(state)
    remaining = {n: p for n, p in where.items() if n not in gone}
    return cast(int, board.nearest(remaining, where[origin]))


def direction_key(ctx: Context) -> None:
    """A Direction Key read off a Location card: the number of the Location that
    side leads to ("Locations": Direction Keys). The box then reveals it on arrival."""
    loc = named_location(ctx)
    side, number = ctx.params["side"], ctx.params["number"]
    if number == loc["number"]:
        raise RuleError("Key to itself", "A Direction Key names another Location.")
    loc["keys"][side] = number
    if side in loc["blocked"]:
        loc["blocked"].remove(side)
    ctx.note(f"{loc['number']} {side} Key: {number}")


def load_pack(ctx: Context) -> None:
    """Load a content pack (TOML text, see games/grail/pack.py): Locations' Direction
    Keys, seals and positions. A bad pack is refused with every problem listed and
    changes nothing; the game goes on without it."""
    try:
        data = pack.parse(ctx.params["toml"])
    except PackError as err:
        raise refused(err) from None
    ctx.state["pack"] = data
    described = 0
    for loc in ctx.state["locations"]:
        info = pack.card(data, loc["number"])
        if info:
            _describe(loc, info)
            described += 1
    ctx.note(f"Pack {data['name']!r}: {len(data['locations'])} Locations, {described} on the map")


def remove_location(ctx: Context) -> None:
    """A card says to discard a Location (the same effects as the Wyrdness:
    Characters there lose 2 Health, gain 2 Terror and move, and arrive where they
    are moved - :func:`remove`)."""
    loc = named_location(ctx)
    if len(ctx.state["locations"]) == 1:
        raise RuleError("Last Location", "The last Location stays on the table (Menhirs and Wyrdness).")
    if menhir_at(ctx.state, loc["number"]):
        ctx.state["menhirs"] = [m for m in ctx.state["menhirs"] if m["location"] != loc["number"]]
    ctx.note(f"Location {loc['number']} removed")
    remove(ctx, [loc["number"]])


def blocked(ctx: Context) -> None:
    """"Locations": touching edges without Direction Keys block the route."""
    loc = named_location(ctx)
    side = ctx.params["side"]
    if ctx.params["on"] and side not in loc["blocked"]:
        loc["blocked"].append(side)
    elif not ctx.params["on"] and side in loc["blocked"]:
        loc["blocked"].remove(side)
    ctx.note(f"{loc['number']} {side}: {'blocked' if ctx.params['on'] else 'open'}")
