"""The Myth board ("Game Board", "Locations"): its format, checked, the
distances that steer the enemies, and the stand-in board the box ships.

The rulebook does not print the map ("Game Board": the map is composed of
locations; "Glossary", Area: a single hex), so the box ships a stand-in
(:data:`STAND_IN`, plain data in this module) and an owner describes the
printed board in a content pack (:mod:`games.myth.pack`), which enters the
game as the journaled ``load_pack`` command's text. Nothing here reads a file.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Mapping
from typing import Any, cast

from games.core.packs import PackError, unknown_keys
from games.myth.state import AREA_TYPES, BASIC_TYPES, FATE_FACES, Board, BoardArea, short_label

# The board format's fields ("The board" in the docs): a typo is reported, not ignored.
BOARD_FIELDS = ("name", "areas")
AREA_FIELDS = ("id", "name", "type", "neighbours", "flames", "fate", "pos", "short")
# The map grid's size (columns and rows) for the screen.
MAX_GRID = 12


class BoardError(PackError):
    """A board file that cannot be used: a :class:`~games.core.packs.PackError`
    (``problems`` lists every fault found, each naming the area and field, so
    an owner can fix them all at once) that names its file, ``source``."""

    def __init__(self, source: str, problems: list[str]) -> None:
        super().__init__(problems)
        self.source = source

    def __str__(self) -> str:
        return f"{self.source}: " + "; ".join(self.problems)


def parse_board(data: object, source: str = "board", *, partial: bool = False) -> Board:
    """Check a board definition and key its areas by id; :class:`BoardError` lists
    every problem.

    What the rules need of the map ("Game Board", "Locations", "Farrenroc",
    "Muster", "The Siege"): each area a known location type; neighbours that
    exist and name it back (movement is both ways); exactly one Farrenroc, the
    center, reachable from every area (distances to it steer the enemies);
    ``flames`` (the players needed for an objective token there, "Locations"
    3) only on basic locations; each fate symbol on
    exactly one Outland or Lair (muster, the boss's arrival). ``partial``
    (a fragment for a scenario) lets a symbol name no area.
    """
    problems: list[str] = []
    if not isinstance(data, dict) or not isinstance(data.get("areas"), list):
        raise BoardError(source, ["needs a list of areas (\"areas\": [...] or [[areas]])"])
    problems += unknown_keys("board", data, BOARD_FIELDS)
    areas: dict[str, BoardArea] = {}
    for n, area in enumerate(data["areas"], 1):
        if not isinstance(area, dict) or not isinstance(area.get("id"), str) or not area["id"]:
            problems.append(f"area {n} has no id")
            continue
        area_id = area["id"]
        where = f"area {area_id!r}"
        if area_id in areas:
            problems.append(f"{where} is listed twice")
            continue
        problems += unknown_keys(where, area, AREA_FIELDS)
        pos = area.get("pos")
        if pos is not None and not (isinstance(pos, list) and len(pos) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < MAX_GRID for v in pos)):
            problems.append(f"{where}.pos: [column, row], whole numbers 0..{MAX_GRID - 1}")
            pos = None
        short = area.get("short")
        if short is not None and not (isinstance(short, str) and 0 < len(short) <= 4):
            problems.append(f"{where}.short: 1 to 4 characters")
            short = None
        kind = area.get("type")
        if kind not in AREA_TYPES:
            problems.append(f"{where}: type {kind!r} is not one of {', '.join(AREA_TYPES)}")
        neighbours = area.get("neighbours")
        if not isinstance(neighbours, list) or not all(isinstance(x, str) for x in neighbours):
            problems.append(f"{where}: neighbours must be a list of area ids")
            neighbours = []
        if area_id in neighbours:
            problems.append(f"{where} names itself as a neighbour")
        flames = area.get("flames")
        if flames is not None and (kind not in BASIC_TYPES or isinstance(flames, bool)
                                   or not isinstance(flames, int) or flames < 1):
            problems.append(f"{where}: flames must be a whole number from 1, "
                            "on a basic location only")
        fate = area.get("fate")
        if fate is not None and (kind not in ("outland", "lair") or fate not in FATE_FACES):
            problems.append(f"{where}: fate must be one of {', '.join(FATE_FACES)}, "
                            "on an Outland or Lair only")
        areas[area_id] = {
            "name": str(area.get("name", area_id)),
            "type": cast(str, kind),    # a bad type is listed in problems, then refused
            "neighbours": list(dict.fromkeys(neighbours)),
            "flames": flames,
            "fate": fate,
            "pos": list(pos) if pos is not None else None,
            "short": short or short_label(area_id, kind),
        }
    for area_id, area in areas.items():
        for other in area["neighbours"]:
            if other == area_id:
                continue
            if other not in areas:
                problems.append(f"area {area_id!r} names unknown neighbour {other!r}")
            elif area_id not in areas[other]["neighbours"]:
                problems.append(f"{other!r} does not name {area_id!r} back as a neighbour")
    centres = [a for a, s in areas.items() if s["type"] == "farrenroc"]
    if len(centres) != 1:
        problems.append(f"a board needs exactly one Farrenroc, this one has {len(centres)}")
    else:
        reached = _reachable(areas, centres[0])
        cut_off = [a for a in areas if a not in reached]
        if cut_off:
            problems.append("not connected to Farrenroc: " + ", ".join(cut_off))
    placed = [a for a, s in areas.items() if s["pos"] is not None]
    if placed and len(placed) != len(areas):
        problems.append("pos must be given for every area or none; missing on: "
                        + ", ".join(a for a in areas if areas[a]["pos"] is None))
    cells: dict[tuple[int, ...], str] = {}
    for area_id in placed:
        cell = tuple(areas[area_id]["pos"] or ())
        if cell in cells:
            problems.append(f"area {area_id!r}.pos {list(cell)} is also {cells[cell]!r}'s")
        cells.setdefault(cell, area_id)
    for face in FATE_FACES:
        named = [a for a, s in areas.items() if s["fate"] == face]
        if len(named) > 1 or (len(named) == 0 and not partial):
            problems.append(f"fate symbol {face!r} must name exactly one Outland or Lair, "
                            f"found {len(named)}")
    if problems:
        raise BoardError(source, problems)
    return {"name": str(data.get("name", "board")), "areas": areas}


def _reachable(areas: dict, start: str) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for other in areas[todo.pop()]["neighbours"]:
            if other in areas and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def distances(board: Mapping[str, Any], start: str) -> dict[str, int]:
    """Areas to move through from ``start`` to every area (breadth first)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for other in board["areas"][here]["neighbours"]:
            if other not in dist:
                dist[other] = dist[here] + 1
                todo.append(other)
    return dist


def farrenroc(board: Mapping[str, Any]) -> str:
    return next(i for i, a in board["areas"].items() if a["type"] == "farrenroc")


# The stand-in board, in the board format (a hex map of Farrenroc, 18 basic
# locations, 4 Outlands, 2 Lairs; its hexes laid out as docs/games/myth-dark-frontier.md,
# "The board", says). A new game starts on it; a board pack replaces it at Setup 1.
STAND_IN = {
    "name": "Stand-in board (a hex map; describe the printed one in a board pack)",
    "areas": [
        {"id": "farrenroc", "name": "Farrenroc", "type": "farrenroc", "pos": [3, 3],
         "neighbours": ["dungeon-1", "ruins-1", "village-2", "sanctuary-2", "village-1", "sanctuary-1"]},
        {"id": "village-1", "name": "Village 1", "type": "village", "flames": 1, "pos": [3, 2],
         "neighbours": ["sanctuary-1", "farrenroc", "sanctuary-2", "sanctuary-5", "dungeon-2", "ruins-2"]},
        {"id": "sanctuary-1", "name": "Sanctuary 1", "type": "sanctuary", "flames": 2, "pos": [2, 2],
         "neighbours": ["sanctuary-3", "dungeon-1", "farrenroc", "village-1", "ruins-2", "village-3"]},
        {"id": "dungeon-1", "name": "Dungeon 1", "type": "dungeon", "flames": 1, "pos": [2, 3],
         "neighbours": ["dungeon-3", "ruins-3", "ruins-1", "farrenroc", "sanctuary-1", "sanctuary-3"]},
        {"id": "ruins-1", "name": "Ruins 1", "type": "ruins", "flames": 3, "pos": [2, 4],
         "neighbours": ["ruins-3", "village-4", "sanctuary-4", "village-2", "farrenroc", "dungeon-1"]},
        {"id": "village-2", "name": "Village 2", "type": "village", "flames": 3, "pos": [3, 4],
         "neighbours": ["ruins-1", "sanctuary-4", "dungeon-4", "ruins-4", "sanctuary-2", "farrenroc"]},
        {"id": "sanctuary-2", "name": "Sanctuary 2", "type": "sanctuary", "flames": 4, "pos": [4, 3],
         "neighbours": ["farrenroc", "village-2", "ruins-4", "village-5", "sanctuary-5", "village-1"]},
        {"id": "dungeon-2", "name": "Dungeon 2", "type": "dungeon", "flames": 2, "pos": [4, 1],
         "neighbours": ["ruins-2", "village-1", "sanctuary-5", "outland-4"]},
        {"id": "ruins-2", "name": "Ruins 2", "type": "ruins", "flames": 1, "pos": [3, 1],
         "neighbours": ["village-3", "sanctuary-1", "village-1", "dungeon-2"]},
        {"id": "village-3", "name": "Village 3", "type": "village", "flames": 5, "pos": [2, 1],
         "neighbours": ["sanctuary-3", "sanctuary-1", "ruins-2", "lair-2"]},
        {"id": "sanctuary-3", "name": "Sanctuary 3", "type": "sanctuary", "flames": 1, "pos": [1, 2],
         "neighbours": ["dungeon-3", "dungeon-1", "sanctuary-1", "village-3"]},
        {"id": "dungeon-3", "name": "Dungeon 3", "type": "dungeon", "flames": 3, "pos": [1, 3],
         "neighbours": ["outland-1", "ruins-3", "dungeon-1", "sanctuary-3"]},
        {"id": "ruins-3", "name": "Ruins 3", "type": "ruins", "flames": 4, "pos": [1, 4],
         "neighbours": ["village-4", "ruins-1", "dungeon-1", "dungeon-3"]},
        {"id": "village-4", "name": "Village 4", "type": "village", "flames": 2, "pos": [2, 5],
         "neighbours": ["outland-2", "sanctuary-4", "ruins-1", "ruins-3"]},
        {"id": "sanctuary-4", "name": "Sanctuary 4", "type": "sanctuary", "flames": 3, "pos": [3, 5],
         "neighbours": ["village-4", "dungeon-4", "village-2", "ruins-1"]},
        {"id": "dungeon-4", "name": "Dungeon 4", "type": "dungeon", "flames": 4, "pos": [4, 5],
         "neighbours": ["sanctuary-4", "lair-1", "ruins-4", "village-2"]},
        {"id": "ruins-4", "name": "Ruins 4", "type": "ruins", "flames": 2, "pos": [4, 4],
         "neighbours": ["village-2", "dungeon-4", "village-5", "sanctuary-2"]},
        {"id": "village-5", "name": "Village 5", "type": "village", "flames": 4, "pos": [5, 3],
         "neighbours": ["sanctuary-2", "ruins-4", "outland-3", "sanctuary-5"]},
        {"id": "sanctuary-5", "name": "Sanctuary 5", "type": "sanctuary", "flames": 5, "pos": [4, 2],
         "neighbours": ["village-1", "sanctuary-2", "village-5", "dungeon-2"]},
        {"id": "outland-1", "name": "Outland 1 (Rage)", "type": "outland", "fate": "rage", "pos": [0, 3],
         "neighbours": ["dungeon-3"]},
        {"id": "outland-2", "name": "Outland 2 (Guile)", "type": "outland", "fate": "guile", "pos": [1, 6],
         "neighbours": ["village-4"]},
        {"id": "lair-1", "name": "Lair 1 (Faith)", "type": "lair", "fate": "faith", "pos": [4, 6],
         "neighbours": ["dungeon-4"]},
        {"id": "outland-3", "name": "Outland 3 (Nature)", "type": "outland", "fate": "nature", "pos": [6, 3],
         "neighbours": ["village-5"]},
        {"id": "outland-4", "name": "Outland 4 (Arcane)", "type": "outland", "fate": "arcane", "pos": [4, 0],
         "neighbours": ["dungeon-2"]},
        {"id": "lair-2", "name": "Lair 2 (Darkness)", "type": "lair", "fate": "darkness", "pos": [1, 0],
         "neighbours": ["village-3"]},
    ],
}

DEFAULT_BOARD = parse_board(STAND_IN, "the stand-in board")
AREA_IDS = tuple(DEFAULT_BOARD["areas"])


def stand_in_board() -> Board:
    """A new game's own copy of the stand-in board (the state is changed in place)."""
    return copy.deepcopy(DEFAULT_BOARD)
