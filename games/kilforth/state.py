"""Gloom of Kilforth's state: plain JSON data beside the engine's core keys.

Its shape is :class:`KilforthState` (documented for players in
``docs/games/gloom-of-kilforth.md``), built by :func:`games.kilforth.setup.new_state`;
what each procedure keeps between its steps (``procedure.data``) is typed in
:mod:`games.kilforth.procedure_data`.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from games.core import RuleError

SCHEMA_VERSION = 5

# "2. Setup", Night Deck: "Shuffle the Night deck and place it face-down beside the map."
# The order of the cards to come is known to no player; the displays get the pile's
# size only (games.core.secrets).
SECRETS = ("night_deck.draw.*",)

# "3. Card Anatomy", Races: the four core attributes.
ATTRIBUTES = ("fight", "study", "sneak", "influence")
Attribute = Literal["fight", "study", "sneak", "influence"]
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
MAX_GOLD = 999  # the dial's reach: rewards and sales take gold past it (rules._no_limit)
MAX_FOE_HP = 99  # an encounter's or an Ancient's HP, raised by card effects


# --- the state's shape --------------------------------------------------------------------------


class Success(TypedDict):
    """Successes a hero holds against an encounter today (None: their Finale), "Confront"."""

    encounter: int | None
    attribute: str
    count: int


class Hero(TypedDict):
    """A hero ("2. Setup", Races and Classes; built by :func:`~games.kilforth.setup.new_hero`)."""

    name: str
    fight: int
    study: int
    sneak: int
    influence: int
    max_hp: int
    hp: int
    ap: int
    fate: int
    gold: int
    cell: int                   # where the standee is (index into ``map``)
    hidden: bool
    defeated: bool
    eliminated: bool
    camped: bool
    fate_used: bool             # Fate is called once per Day
    regaled: bool               # a chapter or Finale completed today
    actions_today: int
    long_rested: bool           # a Long Rest taken today: the Day's only Action
    chapter: int                # 1-4 chapters, 5 the Finale, 6 saga complete
    chapter4_day: int | None
    rumours: int                # "Hero Starting Rewards": one card into their hand
    assets: int
    asset_gold: int
    loot: int
    enemy_tokens: int
    uniques: list[str]          # the unique (*) keywords of the hero's assets in play
    unique_gold: dict[str, int]  # keyword -> the gold value of the asset carrying it
    successes: list[Success]
    evaded: list[int]           # encounters evaded until the Day ends or the hero leaves


class Cell(TypedDict):
    """A location ("Locations"), colour side up until it falls into gloom."""

    name: str
    terrain: str                # "city", "unknown" or one of TERRAINS
    gloom: bool
    gloom_hp: int               # the red shield; 1 unless the card says otherwise
    obstacles: int
    plots: list[int]            # one entry per Plot card here: the index of its Ancient


class Encounter(TypedDict):
    """An encounter card on a location, with the values printed on it ("Encounters")."""

    id: int
    name: str
    type: str                   # one of ENCOUNTER_TYPES
    cell: int
    fight: int
    study: int
    sneak: int
    influence: int
    hp: int
    gold: int
    enemy_of: list[int]         # the heroes whose Enemy token it holds ("Strangers")
    confronted_by: list[int]    # the heroes who have made a Confront Test against it
    fresh: bool                 # just drawn this turn: Surprise ("Stage 1")


class Ancient(TypedDict):
    """An Ancient ("Ancients and Ancient Abilities"): its Plot location type, and once it
    enters the map (the first Finale) its card's location, Fight, HP and gold. ``hp``
    is its current HP: damage stays after a battle ("Ancient Battles")."""

    name: str
    plot_terrain: str
    in_play: bool
    defeated: bool
    defeated_by: int | None
    cell: int | None
    fight: int
    hp: int
    max_hp: int
    gold: int
    plots_joined: int


class Weather(TypedDict):
    """The Weather in effect ("Night", Weather: until the next Weather)."""

    card: int
    cell: int
    name: NotRequired[str]      # the pack's card


class KilforthState(TypedDict):
    """The game's keys, beside the engine's (``game``, ``schema``, ``rng``, ``procedure``, ``over``)."""

    mode: str                   # "solo", "coop" or "competitive"
    success_on: int             # 5 (5-6) or 4 (4-6, the easier Difficulty Variant)
    advanced_regale: bool       # Regale costs chapter x 2 gold
    plots: bool                 # Ancient Abilities and Plots in use
    auto_evade: bool            # Advanced Variant: Sneak above the foe's evades
    coop_finale: bool           # co-op variant: all heroes at the Finale's location
    day: int
    first_hero: int             # holder of the First Hero marker
    active_hero: int | None     # whose Daylight turn it is (None before Day 1)
    first_camper: int | None    # the first hero to Camp this Day
    heroes: list[Hero]
    map: list[Cell]             # row by row; index 12 (C3) is Sprawl City
    encounters: list[Encounter]
    next_encounter_id: int
    night_deck: dict            # {"draw": [card numbers], "discard": [...]} (games.core.deck)
    weather: Weather | None
    ancients: list[Ancient]
    pack: dict | None           # the content pack loaded at Setup (pack.py)
    night_cards: list[str]      # the pack's Night cards drawn so far
    pending_losses: list[int]   # defeated heroes yet to lose a card
    gloom_per_day: list[int]    # gloom locations after each Night (for the plot)
    time_up: bool               # the last Night card was drawn and resolved


def cell_label(index: int) -> str:
    """A map cell's name on the box: columns A-E, rows 1-5 (C3 is Sprawl City)."""
    row, col = divmod(index, SIZE)
    return f"{'ABCDE'[col]}{row + 1}"


CELL_LABELS = tuple(cell_label(i) for i in range(SIZE * SIZE))


def cell_index(label: str) -> int:
    return CELL_LABELS.index(label)


def new_encounter(encounter_id: int, cell: int, kind: str, values: dict) -> Encounter:
    """An encounter placed on a location, with the values printed on its card."""
    enc: dict[str, Any] = {"id": encounter_id, "name": f"{kind.capitalize()} {encounter_id}", "type": kind,
           "cell": cell}
    for attribute in ATTRIBUTES:
        enc[attribute] = values.get(attribute, 0)
    enc.update({"hp": values.get("hp", 0), "gold": values.get("gold", 0), "enemy_of": [],
                "confronted_by": [], "fresh": bool(values.get("fresh", False))})
    return cast(Encounter, enc)


def new_ancient(index: int) -> Ancient:
    """An Ancient before its card enters the map (:class:`Ancient`)."""
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


def migrate_4(state: dict) -> dict:
    """Schema 4 -> 5: whether a hero took a Long Rest today ("Action: Rest (or Long
    Rest)": "the first and only Action the hero takes this Day"; unknown before: no),
    and who has made a Confront Test against each encounter ("Strangers": only "their
    first Confront Test" can make a Stranger an Enemy) - before, known only of a hero
    holding successes against it today."""
    for hero in state.get("heroes", []):
        hero.setdefault("long_rested", False)
    for enc in state.get("encounters", []):
        enc.setdefault("confronted_by", [i for i, hero in enumerate(state.get("heroes", []))
                                         if any(e["encounter"] == enc["id"] for e in hero["successes"])])
    return state


def active_hero(state: dict) -> dict:
    """The hero whose Daylight turn it is."""
    return state["heroes"][state["active_hero"]]


def find_encounter(state: dict, encounter_id: int | None) -> Encounter | None:
    """Encounter ``encounter_id`` if it is in play."""
    for enc in state["encounters"]:
        if enc["id"] == encounter_id:
            return enc
    return None


def encounter_in_play(state: dict, encounter_id: int | None) -> Encounter:
    """Encounter ``encounter_id``, which the caller knows is in play (a battle's foe,
    a Confront's encounter, one just entered)."""
    enc = find_encounter(state, encounter_id)
    if enc is None:
        raise KeyError(f"encounter {encounter_id} is not in play")
    return enc


def encounters_at(state: dict, cell: int) -> list[Encounter]:
    """The encounters on location ``cell``."""
    return [enc for enc in state["encounters"] if enc["cell"] == cell]


def hero_name(state: dict, index: int) -> str:
    return state["heroes"][index]["name"]


def require(condition: object, short: str, long: str) -> None:
    """Refuse the command (``short`` for the OLED, ``long`` citing the rule) unless ``condition``."""
    if not condition:
        raise RuleError(short, long)
