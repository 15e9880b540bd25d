"""Kreel Manor's state: plain JSON data beside the engine's core keys.

Its shape is :class:`KreelState` and the TypedDicts it is made of (documented
for players in ``docs/games/kreel-manor.md``): a Threat is face-down
(``revealed`` false, values 0) until it is revealed, see :func:`new_threat`; a
hero's Action Power Track is in ``hero["actions"]``, see :func:`new_hero`.
The engine hands every function the state as a plain ``dict``; these types
say what is in it. The migrations of older saves are in
:mod:`games.kreel.migrations`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from games.core import RuleError, queue

SCHEMA_VERSION = 4

# "Glossary", Shadows: "Area containing 3 spaces for Threats".
SHADOW_SPACES = 3

ActionName = Literal["fight", "influence", "sneak"]
ValueName = Literal["fight", "influence", "sneak", "spirit_cost", "spirit_boost"]


class Variant(TypedDict):
    shadows: int
    wound_limit: int | None


# "Difficulty Variants": per variant, the additional Shadows added when setting
# up each Adventure and the Campaign's Wound limit ("Wounds": a fifth Wound kills;
# Valim's: 3; Masklaw's: 1). Belanor's "don't play with Wounds": no limit (None).
VARIANTS: dict[str, Variant] = {
    "standard": {"shadows": 0, "wound_limit": 5},
    "valims-dungeoneer": {"shadows": 1, "wound_limit": 3},
    "masklaws-abyss": {"shadows": 2, "wound_limit": 1},
    "belanors-lightbringer": {"shadows": 0, "wound_limit": None},
    "lequiems-warrior": {"shadows": 0, "wound_limit": 5},
    "tanklors-nightmare": {"shadows": 0, "wound_limit": 5},
}

# "Threats": Foes, Plots and Stories are all types of Threats; the Lord's
# Vengeance is "an invincible Threat".
KINDS = ("threat", "plot", "foe", "story", "vengeance")

# "Statuses" that a Threat can carry (Dazed, Shield, Bold).
STATUSES = ("dazed", "shield", "bold")

# "Heroes", Actions: the three Basic Actions, set up alphabetically in slots 1-3
# ("Setup" 1. a-c).
ACTIONS: tuple[ActionName, ...] = ("fight", "influence", "sneak")

# Threat values that take damage tokens ("Threats").
DAMAGE_VALUES = ACTIONS

# "Threats have a number of Threat values" and "a number of Spirit values".
VALUES: tuple[ValueName, ...] = ("fight", "influence", "sneak", "spirit_cost", "spirit_boost")

# How the forms and the journal name a Threat's values.
VALUE_LABELS = {
    "fight": "Fight",
    "influence": "Influence",
    "sneak": "Sneak",
    "spirit_cost": "Spirit Cost",
    "spirit_boost": "Spirit Boost",
}

# "TILT": "Limit: 6 Power per Power Die".
MAX_DIE = 6

# "Ending The Game": 4 Locations, then the Adventure Location.
LOCATIONS = 4

# "Threats", Threat Groups: "Every Threat Group contains 6 cards: 5 Threats and 1 Plot".
GROUP_CARDS = 6

# "The Campaign": 5 Adventures, 1 first and 5 last.
ADVENTURES = 5

MAX_SPIRIT_LIMIT = 30


# --- the shape -------------------------------------------------------------------------


class ActionCard(TypedDict):
    """One Action card on the Action Power Track ("Heroes", "4. Play Phase")."""

    slot: int  # 1-3 on the track
    die: int  # the Power showing on its Power Die, 0..6
    tilted: bool
    used: bool
    dazed: bool
    plus: int  # '+X' Asset bonus ("Symbol Explanations")
    advanced: bool  # on its Advanced side
    ability_used: bool  # the Advanced side's once-per-Adventure ability


class Hero(TypedDict):
    """A hero's Spirit Dial ("Setup" 3), Hero Board and Action Power Track."""

    name: str
    spirit: int
    max_spirit: int
    actions: dict[str, ActionCard]  # by Action name
    uses: int  # this round's Uses ("4. Play Phase")
    tilts: int  # this round's Tilts
    statuses: list[str]  # Bold / Shield on the hero ("Statuses")
    story: bool  # a Story card waits to be read at the next Delve ("Setup" 1 ii)
    hand: int  # Skills in hand: 1 from the free Class Skill pick ("Setup" 1 iii), +1 each Draw
    wounds: int
    out: bool  # Wounded, and the team Pressed On without them ("Multiplayer Coop Mode")
    spirit_log: list[int]  # Spirit at the end of each of this hero's rounds
    # a card lets this hero target Shadows (Glossary, Shadows: "the Night
    # Raven's Starless Longbow totally removes this restriction")
    shadow_reach: bool


class Threat(TypedDict):
    """A Threat card, face-down (``revealed`` false, values 0) until it is revealed."""

    id: int
    name: str
    revealed: bool
    kind: str  # one of KINDS
    fight: int
    influence: int
    sneak: int
    spirit_cost: int
    spirit_boost: int
    # the values printed with the * ("Multiple Threat Values with * symbols")
    starred: list[ActionName]
    overkill: int  # X of Overkill X (0: none)
    group: str  # its Threat Group, when a content pack names it
    damage: dict[str, int]  # damage tokens per Threat value
    statuses: list[str]
    exhausted: bool
    confronted_by: int | None  # the hero (index) whose Hero Threat Area holds it
    story_of: int | None  # a Story's hero (index), the only one who may damage it


class Location(TypedDict):
    """A Location card: its Sneak value and Sneak damage tokens ("Locations")."""

    name: str
    sneak: int | None  # None until the card is flipped face-up
    per_hero: bool  # the Multiplayer Symbol stands next to its Sneak value
    damage: int
    adventure: bool
    defeated: bool


class CardRecord(TypedDict):
    """A Threat defeated or discarded, as the Adventure remembers it."""

    id: int
    name: str
    kind: str


class Adventure(TypedDict):
    number: int
    foes: int
    plots: int  # Plots to defeat: 5, or 6 with 3-4 heroes
    card: NotRequired[str]  # the Adventure card chosen by name from a pack


class SetAsideStory(TypedDict):
    adventure: int
    card: int


class AdventureResult(TypedDict):
    adventure: int
    result: str  # "win" or "loss"
    rounds: int


class Campaign(TypedDict):
    """The Campaign sheet ("The Campaign", "Wounds", "Game End")."""

    adventure: int
    wounds: int
    cards: dict[str, str]  # the Adventure card chosen for each number (2-4, by pack name)
    veteran: bool  # a Campaign started after a won one ("The Campaign" A-B)
    wound_limit: int | None
    fails: int  # failures of the current Adventure in a row
    results: list[AdventureResult]  # one per Adventure played
    upgrades: int  # Skill Upgrades earned
    advanced: list[str]  # Actions upgraded to Advanced
    stories: list[SetAsideStory]  # Story cards set aside for a future Adventure
    endless: bool
    groups: list[str]  # Endless Dungeons: this Adventure's Threat Groups
    over: NotRequired[dict[str, str]]  # the Campaign's result once it has ended


class ProcedureState(TypedDict):
    """Where the game stands: the running procedure, its step, its step data."""

    name: str
    step: int
    data: dict[str, Any]


class KreelState(TypedDict):
    """The whole state: the engine's core keys, then Kreel Manor's."""

    game: str
    schema: int
    rng: int
    procedure: ProcedureState | None
    over: dict[str, Any] | None
    round: int  # rounds begun; each hero's round counts
    active_hero: int  # index into heroes, whose round it is
    variant: str  # Difficulty Variants
    shadow_spaces: int
    shadows: list[Threat | None]  # index 0 is the Sneak 1 space
    threat_area: list[Threat]  # shared area plus Confronted threats
    revealing: list[int]  # threats waiting for their values
    returned: list[Threat]  # on top of the Threat deck, the last returned on top
    next_threat_id: int
    defeated: list[CardRecord]
    discarded: list[CardRecord]
    threat_deck: int  # cards left in the Threat deck
    threat_discard: int  # cards in the Threat discard pile
    vengeance: str  # the Lord's Vengeance: aside | deck | revealed
    locations: list[Location]  # 4 Locations then the Adventure Location
    active_location: int
    adventure: Adventure
    heroes: list[Hero]
    victory: bool
    campaign: Campaign
    pack: dict[str, Any] | None  # a content pack (pack.py), or None


# --- a new Campaign, hero, Threat, Location -----------------------------------------------


def plots_needed(heroes: int) -> int:
    """"Game Objective", Victory: 5 Plots, or 6 in a 3-4 hero game."""
    return 6 if heroes >= 3 else 5


def new_action(slot: int, advanced: bool = False) -> ActionCard:
    return {"slot": slot, "die": 0, "tilted": False, "used": False, "dazed": False,
            "plus": 0, "advanced": advanced, "ability_used": False}


def new_actions(advanced: list[str] | None = None) -> dict[str, ActionCard]:
    """"Setup" 1: Fight above 1, Influence above 2, Sneak above 3 (alphabetical)."""
    advanced = advanced or []
    return {a: new_action(i + 1, a in advanced) for i, a in enumerate(ACTIONS)}


def new_hero(number: int, spirit: int, max_spirit: int) -> Hero:
    """Hero ``number`` at the start of a Campaign, their Story card waiting."""
    return {"name": f"Hero {number}", "spirit": spirit, "max_spirit": max_spirit,
            "actions": new_actions(), "uses": 0, "tilts": 0, "statuses": [],
            "story": True, "hand": 1, "wounds": 0, "out": False, "spirit_log": [],
            "shadow_reach": False}


def new_threat(threat_id: int) -> Threat:
    """A Threat drawn face-down from the Threat deck, named after its id."""
    return {"id": threat_id, "name": f"Threat {threat_id}", "revealed": False, "kind": "threat",
            "fight": 0, "influence": 0, "sneak": 0, "spirit_cost": 0, "spirit_boost": 0,
            "starred": [], "overkill": 0, "group": "", "damage": {v: 0 for v in DAMAGE_VALUES},
            "statuses": [], "exhausted": False, "confronted_by": None, "story_of": None}


def new_location(index: int) -> Location:
    """The Location card at ``index``, face-down; the last is the Adventure Location."""
    adventure = index == LOCATIONS
    name = "Adventure Location" if adventure else f"Location {index + 1}"
    return {"name": name, "sneak": None, "per_hero": False, "damage": 0,
            "adventure": adventure, "defeated": False}


def new_campaign(variant: str, adventure: int) -> Campaign:
    """A new Campaign sheet at Adventure ``adventure``, the variant's Wound limit."""
    return {"adventure": adventure, "wounds": 0, "cards": {}, "veteran": False,
            "wound_limit": VARIANTS[variant]["wound_limit"], "fails": 0, "results": [],
            "upgrades": 0, "advanced": [], "stories": [], "endless": False, "groups": []}


def threat_deck_size(heroes: int, foes: int, stories: int) -> int:
    """The Threat deck at setup ("Setup" 5; "Multiplayer Coop Mode", Threat Deck
    Setup): 5 Threat Groups of 6 cards (one Stack each; a 6th, the Rare Group,
    with 3-4 heroes), plus the Adventure's Foes and the Story cards shuffled into
    Stack 4."""
    groups = 6 if heroes >= 3 else 5
    return groups * GROUP_CARDS + foes + stories


def new_adventure(state: dict, heroes: int, spirit: int, max_spirit: int, variant: str,
                  number: int = 1, foes: int = 1, stories: int = 0) -> None:
    """Fill ``state`` (which holds only the core keys) with a new Adventure."""
    state.update(
        {
            "round": 0,
            "active_hero": 0,
            "variant": variant,
            "heroes": [new_hero(n + 1, spirit, max_spirit) for n in range(heroes)],
            "campaign": new_campaign(variant, number),
            "pack": None,
        }
    )
    reset_adventure(state, number, foes, stories)


def reset_adventure(state: dict, number: int, foes: int, stories: int) -> None:
    """The table of one Adventure, empty: Shadows, Threat Area, deck, Locations."""
    heroes = len(state["heroes"])
    state.update(
        {
            "round": 0,
            "shadow_spaces": SHADOW_SPACES,
            "shadows": queue.empty(SHADOW_SPACES),
            "threat_area": [],
            "revealing": [],
            "returned": [],
            "next_threat_id": 1,
            "defeated": [],
            "discarded": [],
            "threat_deck": threat_deck_size(heroes, foes, stories),
            "threat_discard": 0,
            "vengeance": "aside",
            "locations": [new_location(i) for i in range(LOCATIONS + 1)],
            "active_location": 0,
            "adventure": {"number": number, "foes": foes, "plots": plots_needed(heroes)},
            "victory": False,
        }
    )
    state["campaign"]["adventure"] = number


def active_hero(state: dict) -> Hero:
    return state["heroes"][state["active_hero"]]


def hero_index(state: dict, number: int | None) -> int:
    """The index of Hero ``number`` (1-4) a command names; None: the active hero."""
    if number is None:
        return state["active_hero"]
    if number > len(state["heroes"]):
        raise RuleError(f"No Hero {number}", f"This Adventure has {len(state['heroes'])} heroes.")
    return number - 1


def hero_in_play(state: dict, number: int | None) -> int:
    """The index of Hero ``number`` (None: the active hero) whose element a
    command uses: refused once the team Pressed On without them ("Multiplayer
    Coop Mode", Pressing On: "All of the Wounded hero's cards and game elements
    are removed from play")."""
    index = hero_index(state, number)
    hero = state["heroes"][index]
    if hero["out"]:
        raise RuleError(f"{hero['name']} is out", f"The team Pressed On without {hero['name']}: "
                        "all of the Wounded hero's cards and game elements are removed from play "
                        "(Multiplayer Coop Mode, Pressing On).")
    return index




def active_location(state: dict) -> Location:
    return state["locations"][state["active_location"]]


def starred_values(threat: Mapping[str, Any], starred: bool | list[str]) -> list[ActionName]:
    """The * values of ``threat``: ``True`` (every value it has), or a list."""
    if starred is True:
        return [v for v in DAMAGE_VALUES if threat[v] > 0]
    return [v for v in DAMAGE_VALUES if starred and v in starred]
