"""Gloom of Kilforth's state: plain JSON data beside the engine's core keys.

Shape (documented for players in ``docs/games/gloom-of-kilforth.md``)::

    {
      "mode": "solo" | "coop" | "competitive",
      "success_on": 5,              # 5 (5-6) or 4 (4-6, the easier Difficulty Variant)
      "advanced_regale": false,     # Regale costs chapter x 2 gold
      "plots": true,                # Ancient Abilities and Plots in use
      "auto_evade": false,          # Advanced Variant: Sneak above the foe's evades
      "coop_finale": false,         # co-op variant: all heroes at the Finale's location
      "day": 1,
      "first_hero": 0,              # holder of the First Hero marker
      "active_hero": 0,             # whose Daylight turn it is (null before Day 1)
      "first_camper": null,         # the first hero to Camp this Day
      "heroes": [hero, ...],
      "map": [cell x 25],           # row by row; index 12 (C3) is Sprawl City
      "encounters": [encounter, ...],
      "next_encounter_id": 1,
      "night_deck": {"draw": [card ids], "discard": [...]},
      "weather": null | {"card": 7, "cell": 3},
      "ancients": [ancient, ...],   # see new_ancient
      "pack": null | {...},         # the content pack loaded at Setup (games/kilforth/pack.py)
      "night_cards": [names],       # the pack's Night cards drawn so far
      "pending_losses": [hero index, ...],  # defeated heroes yet to lose a card
      "gloom_per_day": [0, 1, ...], # gloom locations after each Night (for the plot)
      "time_up": false,             # the last Night card was drawn and resolved
    }

A hero, a map cell and an encounter are the dicts built by :func:`new_hero`,
:func:`new_cell` and :func:`new_encounter`.
"""

from __future__ import annotations

from games.core import RuleError
from games.core.engine import current_step
from games.core.registry import get_game

SCHEMA_VERSION = 4

# "3. Card Anatomy", Races: the four core attributes.
ATTRIBUTES = ("fight", "study", "sneak", "influence")
ATTRIBUTE_LABELS = {"fight": "Fight", "study": "Study", "sneak": "Sneak", "influence": "Influence"}

# "Locations": 25 locations, Sprawl City at the centre of a 5 x 5 grid.
SIZE = 5
CITY = 12
TERRAINS = ("unknown", "badlands", "forest", "mountain", "plains")

# "Encounters": Encounter Type - Enemy, Place, Quest, Stranger (or Event).
ENCOUNTER_TYPES = ("enemy", "place", "quest", "stranger", "event")
# "Night": Type - Event, Weather, Encounter Type.
NIGHT_TYPES = ("event", "weather", "enemy", "place", "quest", "stranger")

MODES = ("solo", "coop", "competitive")

# "Discover", Important / "Rewards": each reward card's unique (*) keyword.
UNIQUE_KEYWORDS = ("Arcane", "Martial", "Pious", "Shadow",      # Ally
                   "Armour", "Jewellery", "Potion", "Weapon",   # Item
                   "Aid", "Combat", "Healing", "Kinetic",       # Spell
                   "Order", "Rank", "Reputation", "Steed")      # Title

# "1. Components": 25 Night cards; "Difficulty Variant": draw and discard 3.
NIGHT_CARDS = 25
DIFFICULTY_DISCARDS = 3

# "2. Setup", Tokens: each hero takes 4 HP, 4 Fate, 4 Enemy tokens, 4 AP.
START_HP = 4
START_FATE = 4
ENEMY_TOKENS = 4

# "Limit of 6": rumours, assets and Loot.
LIMIT = 6

# Track ceilings where the rules set none ("Gold: There is no limit").
MAX_ATTRIBUTE = 20
MAX_HP_LIMIT = 20
MAX_AP = 20
# "Token Limitations: There is no limit to the number of tokens that can be in play. If
# the provided tokens run out, any substitute may be used" - not the 16 Fate tokens.
MAX_FATE = 99
MAX_GOLD = 999
MAX_FOE_HP = 99  # an encounter's or an Ancient's HP, raised by card effects


def cell_label(index: int) -> str:
    """A map cell's name on the box: columns A-E, rows 1-5 (C3 is Sprawl City)."""
    row, col = divmod(index, SIZE)
    return f"{'ABCDE'[col]}{row + 1}"


CELL_LABELS = tuple(cell_label(i) for i in range(SIZE * SIZE))


def cell_index(label: str) -> int:
    return CELL_LABELS.index(label)


def new_cell(index: int) -> dict:
    """A location, colour side up; Sprawl City is the City terrain."""
    city = index == CITY
    return {
        "name": "Sprawl City" if city else cell_label(index),
        "terrain": "city" if city else "unknown",
        "gloom": False,
        "gloom_hp": 1,  # the red shield; 1 unless the card says otherwise
        "obstacles": 0,
        "plots": [],  # one entry per Plot card here: the index of its Ancient
    }


def new_hero(number: int, values: dict) -> dict:
    """A hero after "2. Setup": race/class values, 4 HP, 4 Fate, 4 AP, on Sprawl City."""
    hero = {"name": f"Hero {number}"}
    for attribute in ATTRIBUTES:
        hero[attribute] = values.get(attribute, 1)
    hero.update(
        {
            "max_hp": values.get("max_hp", START_HP),
            "hp": START_HP,
            "ap": START_HP,
            "fate": START_FATE,
            "gold": values.get("gold", 1),
            "cell": CITY,
            "hidden": False,
            "defeated": False,
            "eliminated": False,
            "camped": False,
            "fate_used": False,
            "regaled": False,
            "actions_today": 0,
            "chapter": 1,  # 1-4 chapters, 5 the Finale, 6 saga complete
            "chapter4_day": None,
            "rumours": 1,  # "Hero Starting Rewards": one card into their hand
            "assets": 0,
            "asset_gold": 0,
            "loot": 0,
            "enemy_tokens": ENEMY_TOKENS,
            "uniques": [],  # the unique (*) keywords of the hero's assets in play
            "unique_gold": {},  # keyword -> the gold value of the asset carrying it
            "successes": [],  # [{"encounter": id, "attribute": "sneak", "count": 1}]
            "evaded": [],  # encounter ids evaded until the Day ends or the hero leaves
        }
    )
    return hero


def new_encounter(encounter_id: int, cell: int, kind: str, values: dict) -> dict:
    """An encounter placed on a location, with the values printed on its card."""
    enc = {"id": encounter_id, "name": f"{kind.capitalize()} {encounter_id}", "type": kind,
           "cell": cell}
    for attribute in ATTRIBUTES:
        enc[attribute] = values.get(attribute, 0)
    enc.update({"hp": values.get("hp", 0), "gold": values.get("gold", 0), "enemy_of": [],
                "fresh": bool(values.get("fresh", False))})
    return enc


def new_ancient(index: int) -> dict:
    """An Ancient ("Ancients and Ancient Abilities"): its Plot location type, and once it
    enters the map (the first Finale) its card's location, Fight, HP and gold. ``hp``
    is its current HP: damage stays after a battle ("Ancient Battles")."""
    return {"name": f"Ancient {index + 1}", "plot_terrain": "unknown", "in_play": False,
            "defeated": False, "defeated_by": None, "cell": None, "fight": 0, "hp": 0,
            "max_hp": 0, "gold": 0, "plots_joined": 0}


def migrate_1(state: dict) -> dict:
    """Schema 1 -> 2: Ancients carry their card values, Plots know their Ancient, heroes
    their unique keywords, the state its content pack."""
    for index, ancient in enumerate(state.get("ancients", [])):
        for key, value in new_ancient(index).items():
            ancient.setdefault(key, value)
    for cell in state.get("map", []):
        if isinstance(cell.get("plots"), int):
            cell["plots"] = [0] * cell["plots"]
    for hero in state.get("heroes", []):
        hero.setdefault("uniques", [])
    state.setdefault("pack", None)
    return state


def migrate_2(state: dict) -> dict:
    """Schema 2 -> 3: each unique keyword's asset gold value (unknown before: 0), the
    pack's Night cards drawn."""
    for hero in state.get("heroes", []):
        hero.setdefault("unique_gold", {keyword: 0 for keyword in hero.get("uniques", [])})
    state.setdefault("night_cards", [])
    return state


def migrate_3(state: dict) -> dict:
    """Schema 3 -> 4: the two variants a new game may choose, off for an older game;
    the ``market`` command changed (the cards sold are named), see
    :func:`migrate_market_3`."""
    state.setdefault("auto_evade", False)
    state.setdefault("coop_finale", False)
    return state


def migrate_market_3(command: dict) -> dict:
    """A command journaled under schema 3, in its schema-4 form: a ``market`` that sold
    (gold gained, no cards named then) becomes ``old_market``, which replays it as it
    was; every other command is unchanged."""
    params = command.get("params", {})
    if command.get("name") == "market" and params.get("sell"):
        return {**command, "name": "old_market"}
    return command


def new_state(state: dict, mode: str, heroes: int, success_on: int, advanced_regale: bool,
              plots: bool) -> None:
    """Fill ``state`` (which holds only the core keys) with a new game."""
    ancients = heroes if mode == "coop" else 1  # "Ancients": each hero draws 1 in the coop game
    state.update(
        {
            "mode": mode,
            "success_on": success_on,
            "advanced_regale": advanced_regale,
            "plots": plots,
            "auto_evade": False,
            "coop_finale": False,
            "day": 1,
            "first_hero": 0,
            "active_hero": None,
            "first_camper": None,
            "heroes": [new_hero(n + 1, {}) for n in range(heroes)],
            "map": [new_cell(i) for i in range(SIZE * SIZE)],
            "encounters": [],
            "next_encounter_id": 1,
            "night_deck": {"draw": [], "discard": []},
            "weather": None,
            "ancients": [new_ancient(n) for n in range(ancients)],
            "pack": None,
            "night_cards": [],
            "pending_losses": [],
            "gloom_per_day": [],
            "time_up": False,
        }
    )


def active_hero(state: dict) -> dict:
    return state["heroes"][state["active_hero"]]


def find_encounter(state: dict, encounter_id: int) -> dict | None:
    for enc in state["encounters"]:
        if enc["id"] == encounter_id:
            return enc
    return None


def encounters_at(state: dict, cell: int) -> list[dict]:
    return [enc for enc in state["encounters"] if enc["cell"] == cell]


def hero_name(state: dict, index: int) -> str:
    return state["heroes"][index]["name"]


def step_data(state: dict) -> dict:
    """The running procedure's data (``ctx.data`` for a function of the state alone)."""
    proc = state.get("procedure")
    return proc["data"] if proc else {}


def step_id(state: dict) -> str | None:
    """The id of the running procedure's current step (None between procedures)."""
    step = current_step(get_game(state["game"]), state)
    return step.id if step else None


def require(condition: bool, short: str, long: str) -> None:
    """Refuse the command (``short`` for the OLED, ``long`` citing the rule) unless ``condition``."""
    if not condition:
        raise RuleError(short, long)
