"""Content packs: the Location cards an owner describes, as optional TOML.

A pack tells the box what is printed on Location cards ("Locations": the
Location number, Legacy Location number, Location Seals and Direction Keys),
and where a card lies on the table when it is always laid the same way::

    name = "Fall of Avalon, my cards"

    [locations.101]
    name = "Cursed Village"                       # optional
    keys = { north = 102, west = 103, east = 104, south = 105 }
    seals = ["menhir"]                            # menhir, dreams, unfriendly, friendly
    position = [0, 0]                             # optional: x east, y south of 101

    [locations.125]
    legacy = 105                                  # optional: the card it replaced

With a pack the box reveals Locations by their Direction Keys on arrival,
blocks edges without a Key, and knows which Locations carry a Menhir seal.
Without one it prompts and the players place cards by hand (DESIGN.md
"Content packs"). :func:`parse` returns the checked data or raises
:class:`PackError` listing every problem, each naming where it is; nothing is
read from disk here (the text comes in a command, so a journal replays it).
"""

from __future__ import annotations

from typing import Any, TypedDict

from games.core import board
from games.core.packs import MAX_TEXT, PackError, read_toml

SEALS = ("menhir", "dreams", "unfriendly", "friendly")
LOWEST, HIGHEST = 100, 999


class Card(TypedDict):
    """What a pack says about one Location card."""

    name: str
    keys: dict[str, int]  # side -> the Location number its Direction Key names
    seals: list[str]
    legacy: int | None  # the Legacy Location number: the card it replaced
    position: list[int] | None  # [x, y] when the card always lies there


def _number(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    if isinstance(value, bool) or not LOWEST <= number <= HIGHEST:
        return None
    return number


def parse(text: str) -> dict:
    """The pack in ``text`` as ``{"name": str, "locations": {"101": {...}}}``.

    Each Location holds ``keys`` ({side: number}), ``seals``, ``legacy`` (or
    None), ``name`` and ``position`` ([x, y] or None). Raises PackError.
    """
    raw = read_toml(text, MAX_TEXT)
    problems: list[str] = []
    unknown = sorted(set(raw) - {"name", "locations"})
    if unknown:
        problems.append(f"unknown top-level key {unknown[0]!r} (allowed: name, locations)")
    name = raw.get("name", "content pack")
    if not isinstance(name, str):
        problems.append("name: must be text")
        name = "content pack"
    places = raw.get("locations")
    if not isinstance(places, dict) or not places:
        problems.append("locations: need at least one [locations.NUMBER] table")
        raise PackError(problems)
    out: dict[str, Card] = {}
    for key, entry in places.items():
        where = f"locations.{key}"
        number = _number(key)
        if number is None:
            problems.append(f"{where}: a Location number must be {LOWEST}..{HIGHEST}")
            continue
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a table")
            continue
        extra = sorted(set(entry) - {"name", "keys", "seals", "legacy", "position"})
        if extra:
            problems.append(f"{where}.{extra[0]}: unknown field (allowed: name, keys, seals, legacy, "
                            "position)")
        loc: Card = {"name": "", "keys": {}, "seals": [], "legacy": None, "position": None}
        if "name" in entry:
            if isinstance(entry["name"], str):
                loc["name"] = entry["name"]
            else:
                problems.append(f"{where}.name: must be text")
        keys = entry.get("keys", {})
        if not isinstance(keys, dict):
            problems.append(f"{where}.keys: must be a table like {{ north = 102 }}")
            keys = {}
        for side, target in keys.items():
            if side not in board.DIRECTIONS:
                problems.append(f"{where}.keys.{side}: not a side (north, east, south, west)")
            elif _number(target) is None or not isinstance(target, int):
                problems.append(f"{where}.keys.{side}: a Location number {LOWEST}..{HIGHEST}")
            elif target == number:
                problems.append(f"{where}.keys.{side}: a Location cannot lead to itself")
            else:
                loc["keys"][side] = target
        seals = entry.get("seals", [])
        if not isinstance(seals, list):
            problems.append(f"{where}.seals: must be a list like [\"menhir\"]")
            seals = []
        for seal in seals:
            if seal not in SEALS:
                problems.append(f"{where}.seals: {seal!r} is not a seal ({', '.join(SEALS)})")
            elif seal not in loc["seals"]:
                loc["seals"].append(seal)
        if "legacy" in entry:
            if _number(entry["legacy"]) is None or not isinstance(entry["legacy"], int):
                problems.append(f"{where}.legacy: a Location number {LOWEST}..{HIGHEST}")
            else:
                loc["legacy"] = entry["legacy"]
        if "position" in entry:
            spot = entry["position"]
            if (not isinstance(spot, list) or len(spot) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in spot)):
                problems.append(f"{where}.position: must be two whole numbers [x, y]")
            else:
                loc["position"] = list(spot)
        out[str(number)] = loc
    problems += _disagreements(out)
    if problems:
        raise PackError(problems)
    return {"name": name, "locations": out}


def _disagreements(locations: dict[str, Card]) -> list[str]:
    """Cards that contradict each other: two on one position, or matching Keys
    whose positions do not lie side by side."""
    problems = []
    seen: dict[tuple[int, int], str] = {}
    for number, loc in sorted(locations.items()):
        if loc["position"] is not None:
            spot = board.pos(loc["position"])
            if spot in seen:
                problems.append(f"locations.{number}.position: {list(spot)} is also "
                                f"Location {seen[spot]}'s")
            seen[spot] = number
    for number, loc in sorted(locations.items()):
        for side, target in loc["keys"].items():
            other = locations.get(str(target))
            if other is None or loc["position"] is None or other["position"] is None:
                continue
            if board.step(loc["position"], side) != board.pos(other["position"]):
                problems.append(f"locations.{number}.keys.{side}: Location {target} is not "
                                f"{side} of {number} by their positions")
    return problems


def card(pack: dict | None, number: int) -> Card | None:
    """What the pack says about Location ``number``, or None."""
    if not pack:
        return None
    return pack["locations"].get(str(number))


def key_target(pack: dict | None, number: int, on_map: set[int]) -> int:
    """The card a Direction Key naming ``number`` leads to: ``number`` itself, or a
    pack card whose Legacy Location number is ``number`` when that card is the one
    in play ("Legacy Location numbers")."""
    if pack:
        for other, loc in sorted(pack["locations"].items()):
            if loc["legacy"] == number and int(other) in on_map:
                return int(other)
    return number
