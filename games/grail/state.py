"""Tainted Grail's state: plain JSON data beside the engine's core keys.

The shape is :class:`GrailState` and the TypedDicts it is made of (documented
for players in ``docs/games/tainted-grail.md``); then the constants and limits
the rulebook sets, the migrations from older schemas, and the look-ups every
topic module shares. A track runs from slot 0 to its ``*_top`` slot;
``*_start`` is the slot marked with two red chevrons ("Character Setup" III
and IV).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from games.core import Context, RuleError, board

SCHEMA_VERSION = 6

# "Character Setup" I and "Alternative Modes & Appendices".
MODES = ("standard", "story", "challenge")

# "Alternative Modes & Appendices": the modifiers of each mode, of which the players
# "apply any or all" - each one a setup choice, kept in ``state["modifiers"]``.
STORY_MODIFIERS = {
    "encounters": "Encounters Setup",     # Encounter decks as for 1 fewer Character
    "health_limiter": "Health Limiter",   # limiter removed: no Energy limit, no Panic
    "menhirs_cost": "Menhirs Cost",       # one Resource requirement 1 lower
    "starting_items": "Starting Items",   # 1 random Craftable Item each
}
CHALLENGE_MODIFIERS = {
    "setup": "Setup",                     # limiter flipped; Secret card 42
    "escaping": "Escaping Combat",        # once per Activation, toss a Dial
    "menhirs_events": "Menhirs & Events",  # Menhirs 1 day less; 1 fewer Random Event
    "rest": "Rest",                       # no Food: Energy 0, or -1 Health at 0
    "advancement": "Character Advancement",  # 5 Exp decks, 5/10/15... Attributes
    "items": "Items",                     # carry up to 5 Items
    "mercy": "Allmother's Mercy",         # none: a death ends the Campaign
}
MODIFIERS = {"story": STORY_MODIFIERS, "challenge": CHALLENGE_MODIFIERS, "standard": {}}

# "Character Attributes": three opposing pairs.
ATTRIBUTE_PAIRS = (("aggression", "empathy"), ("courage", "caution"), ("practicality", "spirituality"))
ATTRIBUTES = tuple(a for pair in ATTRIBUTE_PAIRS for a in pair)

# "Resources": five spendable Resources, at most 20 each except Experience.
RESOURCES = ("food", "wealth", "reputation", "magic", "experience")
RESOURCE_LIMIT = 20
EXPERIENCE_LIMIT = 999
TRADEABLE = ("food", "wealth")  # "Rep, Exp, and Magic can never be traded."

# "Character Advancement": "decks must always contain at least 15 cards". Each deck
# starts with 15 cards ("Character Setup" VIII) and grows only from its 25-card
# Advancement Pool ("Character Setup" IX), one card per advance: at most 40.
DECK_MINIMUM = 15
ADVANCEMENT_POOL = 25
DECK_MAXIMUM = DECK_MINIMUM + ADVANCEMENT_POOL
DECKS = ("combat", "diplomacy")

# "World Setup" II: the first Menhir's Dial by player count.
FIRST_MENHIR_DAYS = {1: 8, 2: 7, 3: 6, 4: 5}
# The octagonal Dial shows at most 8 days.
MENHIR_DIAL_TOP = 8

# "World Setup" I and III: the Fall of Avalon starts on 101, with 102 to the
# top, 103 to the left, 104 to the right and 105 to the bottom.
START_LOCATION = 101
START_MAP = {101: (0, 0), 102: (0, -1), 103: (-1, 0), 104: (1, 0), 105: (0, 1)}
START_KEYS = {"north": 102, "west": 103, "east": 104, "south": 105}

TRACK_LIMIT = 20  # the longest track the box accepts
# "Character Setup" XI: the Letter's unique Character Number, used to break ties.
CHARACTER_NUMBER_TOP = 99
# The four sides of a Location card (Direction Keys, blocked routes, Travel).
SIDES = tuple(board.DIRECTIONS)


# --- the shape ------------------------------------------------------------------------


class Character(TypedDict):
    """A Character's tray ("Character Setup"): three tracks, each with its top and
    starting slot, Attributes, Resources, decks and where the model stands."""

    name: str
    number: int  # the Character Number from the Letter: breaks ties
    energy: int
    energy_top: int
    energy_start: int
    health: int
    health_top: int
    health_start: int
    terror: int
    terror_top: int
    terror_start: int
    attributes: dict[str, int]  # ATTRIBUTES: three opposing pairs
    resources: dict[str, int]  # RESOURCES
    decks: dict[str, int]  # cards in each deck (15..40)
    pools: dict[str, int]  # cards left in each Advancement Pool (0..25)
    skills: int
    location: int
    passed: bool
    dead: bool


class Location(TypedDict):
    """A Location card on the map ("Locations"): number, place, Time token,
    blocked sides, Direction Keys (side -> Location number) and seals."""

    number: int
    x: int
    y: int
    time_token: bool
    blocked: list[str]
    keys: dict[str, int]
    seals: list[str]


class Menhir(TypedDict):
    location: int
    dial: int | None  # None: the Dial was removed, dark at the next Start of the Day


class Guardian(TypedDict):
    id: int
    name: str
    location: int


class TimeDial(TypedDict):
    id: int
    days: int


class Opportunity(TypedDict):
    """The Encounter card's Opportunity attack, as entered ("Character Activation")."""

    damage: int
    terror: int


class _Encounter(TypedDict):
    """What Combat and Diplomacy share: who is in it, the Encounter card, and the Turn
    ("Character Activation"; the Turn fields are documented in :mod:`~games.grail.encounters`)."""

    members: list[int]
    traits: list[str]
    guardian: int
    location: int
    turn: int
    active: int | None
    activated: list[int]
    activations: int
    escape_tried: bool
    hands: list[int]
    last_active: int | None  # the member Activated last: the Enemy Attack after it is theirs


class CombatEncounter(_Encounter):
    """A running Combat ("Combat"): the Combat Pool against the Encounter's value."""

    kind: Literal["combat"]
    value: int
    pool: int
    opportunity: Opportunity


class DiplomacyEncounter(_Encounter):
    """A running Diplomacy ("Diplomacy"): the Affinity track and its Stages."""

    kind: Literal["diplomacy"]
    top: int
    start: int
    affinity: int
    stages: int
    stage: int


Encounter = CombatEncounter | DiplomacyEncounter


class LastEncounter(TypedDict):
    kind: str
    result: str
    text: str


class HistoryDay(TypedDict):
    day: int
    tracks: list[list[int]]  # [energy, health, terror] per Character


class GrailState(TypedDict):
    """The whole state: the engine's core keys, then the game's own (documented above)."""

    game: str
    schema: int
    rng: int
    procedure: dict[str, Any] | None
    over: dict[str, Any] | None
    mode: str  # Story, Standard or Challenge ("Character Setup" I)
    modifiers: list[str]  # the mode's modifiers chosen at setup (MODIFIERS)
    day: int  # the day being played (day 1 skips the Start of the Day)
    round: int  # During the Day: the round of Actions (rounds.py)
    acted: list[int]  # who has taken an Action this round
    characters: list[Character]
    locations: list[Location]
    removed_locations: list[int]
    menhirs: list[Menhir]
    guardians: list[Guardian]
    time_dials: list[TimeDial]
    encounter: Encounter | None  # the Combat or Diplomacy being fought (encounters.py)
    last_encounter: LastEncounter | None  # how the last one ended, for the screen
    pack: dict[str, Any] | None  # a content pack's Locations (pack.py)
    statuses: list[str]  # the shared Save Sheet (story.py)
    quest_list: list[str]  # the Active Quests by name
    quests: int  # their count, always len(quest_list)
    history: list[HistoryDay]  # the tracks at each End of the Day
    next_id: int  # the next Guardian or Time dial id
    failed: str | None  # why the Campaign ended in failure




def new_location(number: int, where: tuple[int, int], keys: dict[str, int] | None = None,
                 seals: list[str] | None = None) -> Location:
    """A Location card on the map: its number, place, Time token, blocked sides,
    Direction Keys by number (side -> Location number, when known) and Location
    Seals ("Locations": the card's front)."""
    return {"number": number, "x": where[0], "y": where[1], "time_token": False, "blocked": [],
            "keys": dict(keys or {}), "seals": list(seals or [])}


def migrate_1_to_2(state: dict) -> dict:
    """Schema 2: Encounters, content packs, Direction Keys and seals on Locations."""
    state.setdefault("encounter", None)
    state.setdefault("last_encounter", None)
    state.setdefault("pack", None)
    for loc in state["locations"]:
        loc.setdefault("keys", dict(START_KEYS) if loc["number"] == START_LOCATION else {})
        loc.setdefault("seals", [])
    return state


def migrate_2_to_3(state: dict) -> dict:
    """Schema 3: a running Encounter tracks its Turns and Activations and the
    card's Opportunity attack (0 and 0 until entered)."""
    enc = state.get("encounter")
    if enc:
        enc.setdefault("turn", 1)
        enc.setdefault("active", None)
        enc.setdefault("activated", [])
        enc.setdefault("activations", 0)
        enc.setdefault("escape_tried", False)
        if enc["kind"] == "combat":
            enc.setdefault("opportunity", {"damage": 0, "terror": 0})
    return state


def migrate_3_to_4(state: dict) -> dict:
    """Schema 4: the round of Actions During the Day and who has acted in it
    (a saved day resumes at a fresh round); the Active Quests by name (a saved
    count becomes that many unnamed Quests)."""
    state.setdefault("round", 1)
    state.setdefault("acted", [])
    state.setdefault("quest_list", [f"Quest {n}" for n in range(1, state.get("quests", 0) + 1)])
    return state


def migrate_4_to_5(state: dict) -> dict:
    """Schema 5: the mode's modifiers chosen one by one (a saved Story or Challenge
    Campaign keeps all of them, as before); each deck's Advancement Pool (25 cards
    less the cards already added); a running Encounter's hand per member (the
    starting hand, none redrawn)."""
    state.setdefault("modifiers", sorted(MODIFIERS[state["mode"]]))
    for c in state["characters"]:
        c.setdefault("pools", {d: max(0, ADVANCEMENT_POOL - (c["decks"][d] - DECK_MINIMUM)) for d in DECKS})
    enc = state.get("encounter")
    if enc and "hands" not in enc:
        size = 2 if len(enc["members"]) >= 4 else 3
        size += 1 if "slow" in enc["traits"] else 0
        enc["hands"] = [size if i in enc["members"] else 0 for i in range(len(state["characters"]))]
    return state


def migrate_5_to_6(state: dict) -> dict:
    """Schema 6: a running Encounter remembers the member Activated last (the Enemy Attack
    or Opponent's Response after their Activation is theirs, and so are the cards a
    Negative Combat Pool discards): the Active Character, else the last with a Time Token
    this Turn, else nobody (a Turn just ended)."""
    enc = state.get("encounter")
    if enc and "last_active" not in enc:
        enc["last_active"] = enc["active"] if enc["active"] is not None else (
            enc["activated"][-1] if enc["activated"] else None)
    return state


MIGRATIONS = {1: migrate_1_to_2, 2: migrate_2_to_3, 3: migrate_3_to_4, 4: migrate_4_to_5, 5: migrate_5_to_6}


# --- looking things up ------------------------------------------------------------


def the_map(state: dict) -> dict[int, tuple[int, int]]:
    """The revealed Locations as a board: number -> (x, y)."""
    return {loc["number"]: (loc["x"], loc["y"]) for loc in state["locations"]}


def find_location(state: dict, number: int) -> Location | None:
    for loc in state["locations"]:
        if loc["number"] == number:
            return loc
    return None


def living(state: dict) -> list[int]:
    """The indexes of the Characters still alive."""
    return [i for i, c in enumerate(state["characters"]) if not c["dead"]]


def menhir_at(state: dict, number: int) -> Menhir | None:
    for menhir in state["menhirs"]:
        if menhir["location"] == number:
            return menhir
    return None


def connected(state: dict, number: int) -> dict[str, int]:
    """The revealed Locations one can move to from ``number`` in a straight line:
    adjacent, with neither touching edge marked blocked ("Locations", Traveling)."""
    here = location(state, number)
    out = {}
    for side, other in board.neighbours(the_map(state), number).items():
        there = location(state, other)
        if side not in here["blocked"] and board.OPPOSITE[side] not in there["blocked"]:
            out[side] = other
    return out


def location(state: dict, number: int) -> Location:
    """Location ``number``, known to be on the map (:func:`find_location` when it may not be)."""
    return cast(Location, find_location(state, number))


def characters_at(state: dict, number: int) -> list[int]:
    """The living Characters standing on Location ``number``."""
    return [i for i in living(state) if state["characters"][i]["location"] == number]


def modifier(state: dict, name: str) -> bool:
    """Whether the mode's modifier ``name`` was chosen at setup ("Alternative Modes
    & Appendices": Story and Challenge mode "apply any or all of these modifiers";
    ``STORY_MODIFIERS``, ``CHALLENGE_MODIFIERS``)."""
    return name in state["modifiers"]


# --- what a command names --------------------------------------------------------------


def named_character(ctx: Context, name: str = "character") -> Character:
    """The Character the ``name`` parameter names (by place in the party, 1-4);
    refused when there is none or they died."""
    number = ctx.params[name]
    chars = ctx.state["characters"]
    if number > len(chars):
        raise RuleError(f"No Character {number}", f"This Campaign has {len(chars)} Characters.")
    c = chars[number - 1]
    if c["dead"]:
        raise RuleError(f"{c['name'][:12]} is dead", f"{c['name']} has died (Death and Insanity).")
    return c


def named_location(ctx: Context, name: str = "location") -> Location:
    """The revealed Location the ``name`` parameter names; refused when it is not on the map."""
    loc = find_location(ctx.state, ctx.params[name])
    if loc is None:
        raise RuleError(f"{ctx.params[name]} not on the map",
                        f"Location {ctx.params[name]} is not a revealed Location on the map.")
    return loc


def joined_names(people: list[Character]) -> str:
    """"Ana & Bram": the Characters taking part, for the journal."""
    return " & ".join(p["name"] for p in people)
