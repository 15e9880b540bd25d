"""Myth: Dark Frontier's state: plain JSON data beside the engine's core keys.

Shape (documented for players in ``docs/games/myth-dark-frontier.md``)::

    {
      "round": 1,
      "heroes": [{"name", "tactics", "cunning", "intellect", "spirit",
                  "vitality", "damage", "area", "defeated", "assets", "burdens"}],
      "enemy": {"minion": {"vitality", "attack", "defence"}, "captain": {...},
                "boss": {...}},
      "abilities": {"despair": [3, 6], ...},      # conquest ability spaces
      "conquest": {"despair": 1, "devastation": 1, "corruption": 1},
      "siege": false,
      "board": {"name", "areas": {id: {"name", "type", "neighbours", "flames", "fate",
                                       "pos": [column, row] | null, "short"}}},
      "distance": {id: areas to Farrenroc},
      "areas": {id: {"minions": [{"damage", "delayed"}], "captains": [damage, ...],
                     "structure": bool, "objective": "hope" | null}},
      "boss": {"area": id | null, "damage": 0},
      "supply": {"minions": 20, "captains": 4},    # out-of-play enemies
      "objectives": {"hope": {"location": "village", "tokens": 0, "done": false}, ...},
      "completed": 0, "final_revealed": false, "final_done": false,
      "quest": "ruins",                            # the active quest's location type
      "stability": 10,
      "reserves": {"hope": 0, "supply": 0, "influence": 0},
      "fate": ["rage", "guile", ...],              # five fate dice, their faces up
      "enemy_deck": {"draw": [...], "discard": [...]},   # games.core.deck
      "plan": {"morning": {"enemy": {"card", "revealed"}, "order": [...], "next": 0}, ...},
      "pending": ["Despair ability (space 3)", ...],     # conquest effects to resolve
      "raising": [{"track", "spaces"}],            # raises waiting while an ability is resolved
      "overruns": [{"area", "count"}],             # overruns waiting for the players' choice
      "discards": [{"count", "why"}],              # resources to discard, the players' choice
      "history": [{"round", "stability", "despair", "devastation", "corruption"}],
    }

The enemy action cards in ``plan`` are hidden slots (:func:`games.core.deck.face_down`):
the state keeps them (it is journaled) but no view shows one before it is revealed.
"""

from __future__ import annotations

import json
from collections import deque
from importlib import resources

from games.core.packs import PackError, read_toml, unknown_keys

SCHEMA_VERSION = 4

# "Farrenroc": stability 10 (pieces numbered 10 down to the base).
STABILITY = 10

# "Enemies": up to twenty minions, up to four captains, one boss.
MINIONS = 20
CAPTAINS = 4

# "Glossary", Area: never more than three minion tokens.
MAX_MINIONS = 3

# "Hero Actions", Fortify: the structures in play cannot exceed six.
MAX_STRUCTURES = 6

# "Encounter Cards": a hero may have only three assets at one time.
MAX_ASSETS = 3

# "Conquest": three 10-space tracks; the marker starts on the first space
# ("Setup" 3) and the siege icon is the last space ("The Siege").
TRACKS = ("despair", "devastation", "corruption")
TRACK_SPACES = 10
# "Conquest": Despair vs. Hope, Devastation vs. Supply, Corruption vs. Influence.
TRACK_OF = {"hope": "despair", "supply": "devastation", "influence": "corruption"}
RESOURCES = ("hope", "supply", "influence")

# "Fate Pool": five fate dice, six symbols.
FATE_FACES = ("rage", "guile", "nature", "arcane", "faith", "darkness")
FATE_DICE = 5

# "Locations": the four basic types and the special ones.
BASIC_TYPES = ("village", "sanctuary", "dungeon", "ruins")
SPECIAL_TYPES = ("farrenroc", "lair", "outland")
AREA_TYPES = BASIC_TYPES + SPECIAL_TYPES

# "Action Phase": the three action decks in order.
DECKS = ("morning", "day", "night")

# "Game Components": 5 enemy action cards. "Enemy Actions" names the types
# March, Scheme and the three Conquest actions; the base game's cards are
# taken as one of each (edit here for other armies).
ENEMY_CARDS = ("march", "scheme", "despair", "devastation", "corruption")

# "Enemies": the three ranks on the enemy sheet.
RANKS = ("minion", "captain", "boss")
SKILLS = ("tactics", "cunning", "intellect", "spirit")


# The board an owner edits: a TOML file beside this module wins over the shipped
# JSON stand-in (see docs/games/myth-dark-frontier.md, "The board").
BOARD_FILES = ("board.toml", "board.json")
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


def board_folder():
    """Where the board files live: this package's folder."""
    return resources.files("games.myth")


def load_board(name: str | None = None) -> dict:
    """The board definition from the package: ``name``, else the owner's
    ``board.toml`` if there is one, else the shipped ``board.json``.
    Raises :class:`BoardError` naming every problem."""
    folder = board_folder()
    if name is None:
        name = next(n for n in BOARD_FILES if folder.joinpath(n).is_file())
    try:
        text = folder.joinpath(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise BoardError(f"games/myth/{name}", [f"cannot be read ({err})"]) from None
    return board_from_text(text, f"games/myth/{name}")


def board_from_text(text: str, source: str) -> dict:
    """Parse a board file's text: TOML when ``source`` ends in ``.toml`` (bounded,
    games.core.packs), else JSON."""
    try:
        data = read_toml(text) if source.endswith(".toml") else json.loads(text)
    except PackError as err:
        raise BoardError(source, err.problems) from None
    except json.JSONDecodeError as err:
        raise BoardError(source, [f"not valid JSON: {err}"]) from None
    return parse_board(data, source)


def parse_board(data: object, source: str = "board", *, partial: bool = False) -> dict:
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
    areas: dict[str, dict] = {}
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
            "type": kind,
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
    cells: dict[tuple[int, int], str] = {}
    for area_id in placed:
        cell = tuple(areas[area_id]["pos"])
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


def short_label(area_id: str, kind: object) -> str:
    """A map cell's default label: the type's letter and the id's number
    ("village-3" -> "V3", "farrenroc" -> "F")."""
    digits = "".join(ch for ch in area_id if ch.isdigit())[-2:]
    letter = kind[0].upper() if isinstance(kind, str) and kind else "?"
    return letter + digits


def _reachable(areas: dict, start: str) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for other in areas[todo.pop()]["neighbours"]:
            if other in areas and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def distances(board: dict, start: str) -> dict[str, int]:
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


def farrenroc(board: dict) -> str:
    return next(i for i, a in board["areas"].items() if a["type"] == "farrenroc")


def new_hero(number: int) -> dict:
    """A hero card's values, entered at setup ("Setup" 2. Choose Heroes)."""
    return {"name": f"Hero {number}", "tactics": 1, "cunning": 1, "intellect": 1, "spirit": 1,
            "vitality": 5, "damage": 0, "area": "farrenroc", "defeated": False,
            "assets": 0, "burdens": 0}


def migrate_1_to_2(state: dict) -> dict:
    """Schema 2: heroes count their assets and burdens ("Encounter Cards")."""
    for hero in state["heroes"]:
        hero.setdefault("assets", 0)
        hero.setdefault("burdens", 0)
    return state


def migrate_2_to_3(state: dict) -> dict:
    """Schema 3: board areas may have a map position and a short label (the
    screen's grid); resource discards wait for the players' choice."""
    for area_id, area in state["board"]["areas"].items():
        area.setdefault("pos", None)
        area.setdefault("short", short_label(area_id, area.get("type")))
    state.setdefault("discards", [])
    return state


def migrate_3_to_4(state: dict) -> dict:
    """Schema 4: a conquest raise waits while the ability it entered is resolved
    ("Conquest": "players fully resolve each conquest ability before continuing
    to move the conquest marker"); the spaces still to move are kept here."""
    state.setdefault("raising", [])
    return state


MIGRATIONS = {1: migrate_1_to_2, 2: migrate_2_to_3, 3: migrate_3_to_4}


def new_area() -> dict:
    return {"minions": [], "captains": [], "structure": False, "objective": None}


def new_game_state(state: dict, heroes: int, board: dict) -> None:
    """Fill ``state`` (which holds only the core keys) with a new game."""
    home = farrenroc(board)
    state.update({
        "round": 0,
        "heroes": [dict(new_hero(n + 1), area=home) for n in range(heroes)],
        "enemy": {rank: {"vitality": 1, "attack": 1, "defence": 10} for rank in RANKS},
        "abilities": {track: [] for track in TRACKS},
        "conquest": {track: 1 for track in TRACKS},
        "siege": False,
        "board": board,
        "distance": distances(board, home),
        "areas": {area_id: new_area() for area_id in board["areas"]},
        "boss": {"area": None, "damage": 0},
        "supply": {"minions": MINIONS, "captains": CAPTAINS},
        "objectives": {kind: {"location": None, "tokens": 0, "done": False} for kind in RESOURCES},
        "completed": 0,
        "final_revealed": False,
        "final_done": False,
        "quest": None,
        "stability": STABILITY,
        "reserves": {kind: 0 for kind in RESOURCES},
        "fate": [],
        "enemy_deck": {"draw": [], "discard": []},
        "plan": None,
        "pending": [],
        "raising": [],
        "overruns": [],
        "discards": [],
        "captains_defeated": 0,
        "history": [],
    })


def minion_count(state: dict, area_id: str) -> int:
    return len(state["areas"][area_id]["minions"])


def structures(state: dict) -> int:
    return sum(1 for a in state["areas"].values() if a["structure"])


def area_name(state: dict, area_id: str) -> str:
    return state["board"]["areas"][area_id]["name"]


def area_type(state: dict, area_id: str) -> str:
    return state["board"]["areas"][area_id]["type"]


def area_choices(board: dict) -> tuple[str, ...]:
    return tuple(board["areas"])


# The shipped stand-in board (tests and the hypothesis strategies use its ids).
# A new game loads the board file again (commands.setup), so an owner's edit
# applies to the next game, and a bad file refuses a new game with its problems
# instead of stopping the package from loading.
try:
    DEFAULT_BOARD = load_board("board.json")
except BoardError:  # an owner broke the shipped file: setup reports it
    DEFAULT_BOARD = {"name": "none", "areas": {}}
AREA_IDS = tuple(DEFAULT_BOARD["areas"])
