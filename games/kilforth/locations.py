"""The map ("3. Card Anatomy", Locations; "Definitions", Adjacent): 25 locations
in a 5 x 5 grid around Sprawl City, how the players name them, what lies next to
what, and a location's card values entered by hand.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kilforth.state import CELL_LABELS, CITY, SIZE, cell_index, cell_label, require


def adjacent(a: int, b: int) -> bool:
    """"Definitions", Adjacent: orthogonally bordering - not diagonal, not via a shortcut."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb) == 1


def distance(a: int, b: int) -> int:
    """Steps between two locations without shortcuts."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb)


def where(index: int, state: dict | None = None) -> str:
    """A location as the players say it: "Sprawl City", "B2", or "B2 Green Meadows"
    when a content pack named it."""
    if index == CITY:
        return "Sprawl City"
    label = cell_label(index)
    name = state["map"][index]["name"] if state else label
    return label if name == label else f"{label} {name}"


def cell_names(state: dict) -> dict[str, str]:
    """The names a content pack gave the map's cells, for the forms (``labels_from``):
    the form shows "Spire Tor" and the command stores "B4". Without a pack, none."""
    if not state.get("pack") or "map" not in state:
        return {}
    return {CELL_LABELS[i]: cell["name"] for i, cell in enumerate(state["map"])
            if cell["name"] != CELL_LABELS[i]}


def pack_cell(state: dict, place: str) -> int:
    """A pack card's location: a location name (where the pack dealt it) or a cell."""
    if place in CELL_LABELS:
        return cell_index(place)
    for i, cell in enumerate(state["map"]):
        if cell["name"] == place:
            return i
    raise RuleError("Location not on map", f"The pack's location {place!r} is not on the map.")


def location(ctx: Context) -> None:
    """Set a location's card values: terrain, gloom, the red shield's HP, obstacles.
    Sprawl City keeps its City terrain; like every location it has a gloom side
    ("Locations ... may be flipped - 'fall into gloom'"), which a Night card or a
    Difficulty discard naming it turns up ("Sprawl City" being 'safe' is about cards
    placed there, not gloom)."""
    p = ctx.params
    cell = cell_index(p["location"])
    require(cell != CITY or p["terrain"] == "unknown", "Sprawl City is City",
            "Sprawl City's terrain is City (3. Card Anatomy, Locations: Terrain Type).")
    spot = ctx.state["map"][cell]
    if cell != CITY:
        spot["terrain"] = p["terrain"]
    spot["gloom"] = p["gloom"]
    spot["gloom_hp"] = p["gloom_hp"]
    spot["obstacles"] = p["obstacles"]
    ctx.describe(f"{where(cell)}: {spot['terrain']}, gloom {'yes' if spot['gloom'] else 'no'}")
