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
      "board": {"name", "areas": {id: {"name", "type", "neighbours", "flames", "fate"}}},
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
      "history": [{"round", "stability", "despair", "devastation", "corruption"}],
    }

The enemy action cards in ``plan`` are hidden slots (:func:`games.core.deck.face_down`):
the state keeps them (it is journaled) but no view shows one before it is revealed.
"""

from __future__ import annotations

import json
from collections import deque
from importlib import resources

SCHEMA_VERSION = 2

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


def load_board(name: str = "board.json") -> dict:
    """The board definition shipped with the package (an editable JSON file)."""
    text = resources.files("games.myth").joinpath(name).read_text(encoding="utf-8")
    return parse_board(json.loads(text))


def parse_board(data: dict) -> dict:
    """Check a board definition and key its areas by id.

    Every area has a known type, neighbours that exist and name it back, and
    exactly one area is Farrenroc ("Farrenroc": the center location).
    """
    areas = {}
    for area in data["areas"]:
        if area["type"] not in AREA_TYPES:
            raise ValueError(f"area {area['id']!r} has unknown type {area['type']!r}")
        areas[area["id"]] = {
            "name": area.get("name", area["id"]),
            "type": area["type"],
            "neighbours": list(area["neighbours"]),
            "flames": area.get("flames"),
            "fate": area.get("fate"),
        }
    for area_id, area in areas.items():
        for other in area["neighbours"]:
            if other not in areas:
                raise ValueError(f"area {area_id!r} names unknown neighbour {other!r}")
            if area_id not in areas[other]["neighbours"]:
                raise ValueError(f"{other!r} does not name {area_id!r} back as a neighbour")
    if [a for a in areas.values() if a["type"] == "farrenroc"].__len__() != 1:
        raise ValueError("a board needs exactly one Farrenroc")
    return {"name": data.get("name", "board"), "areas": areas}


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


MIGRATIONS = {1: migrate_1_to_2}


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
        "overruns": [],
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


DEFAULT_BOARD = load_board()
AREA_IDS = tuple(DEFAULT_BOARD["areas"])
