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

A hero and a map cell are the dicts built by :func:`games.kilforth.setup.new_hero`
and :func:`~games.kilforth.setup.new_cell`, an encounter by :func:`new_encounter`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

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


def active_hero(state: dict) -> dict:
    return state["heroes"][state["active_hero"]]


def find_encounter(state: dict, encounter_id: int | None) -> dict | None:
    for enc in state["encounters"]:
        if enc["id"] == encounter_id:
            return enc
    return None


def encounter_in_play(state: dict, encounter_id: int | None) -> dict:
    """Encounter ``encounter_id``, which the caller knows is in play (a battle's foe,
    a Confront's encounter, one just entered)."""
    enc = find_encounter(state, encounter_id)
    if enc is None:
        raise KeyError(f"encounter {encounter_id} is not in play")
    return enc


def encounters_at(state: dict, cell: int) -> list[dict]:
    return [enc for enc in state["encounters"] if enc["cell"] == cell]


def hero_name(state: dict, index: int) -> str:
    return state["heroes"][index]["name"]


# --- what a procedure keeps between its steps (``procedure.data``) ---------------------------


class SetupData(TypedDict):
    """``setup`` ("2. Setup"): the hero and the Ancient the prompts are at, the Night
    cards discarded so far and how many the Difficulty Variant discards (0: none)."""

    hero: int
    ancient: int
    discards: int
    difficulty: int


class NightData(TypedDict, total=False):
    """``night`` ("11. Night Phase"): the Night card drawn (None: the deck was empty);
    once it is entered, its location, its type and whether that location fell into
    gloom tonight ("Step 2: Darkness"); the Plot to place ("Step 2d: Plot")."""

    card: int | None
    cell: int
    type: str
    fell: bool
    plot: str


class _RolledTest(TypedDict):
    """What every rolled Test keeps ("Test"): the hero rolling which attribute with how
    many dice for how many successes (0: no number to reach), those gained before
    against the same encounter ("Confront"), the encounter (None: none), whether this
    is the first Test against it, the successes rolled and called from Fate, the Team."""

    hero: int
    attribute: str
    dice: int
    needed: int
    prior: int
    encounter: int | None
    first: bool
    rolled: int
    fates: int
    team: list[int]
    action: NotRequired[bool]       # an Action's Test: the turn passes after it
    faces: NotRequired[list[int]]   # the roll
    total: NotRequired[int]         # the successes counted
    resume: NotRequired[dict | None]  # an Event's Test: the procedure it interrupted


class CardTest(_RolledTest):
    """A Test a card or an Event asks for, rolled once ("Event")."""

    purpose: Literal["test"]


class ConfrontTest(_RolledTest):
    """"Action: Confront": a Test against an encounter's value; ``defeated`` once it is."""

    purpose: Literal["confront"]
    defeated: NotRequired[dict]


class FinaleTest(_RolledTest):
    """"Saga Finale Completion": the Finale's Test; once completed, the Totem to choose
    (``finale``) and, on the first Finale, the Ancients' cards to enter, one after
    another (``ancients_enter``, ``ancient``)."""

    purpose: Literal["finale"]
    finale: NotRequired[bool]
    ancients_enter: NotRequired[bool]
    ancient: NotRequired[int]


class OvercomeData(TypedDict):
    """"Deed: Overcome": no roll, straight to the reward for the encounter ``defeated``."""

    purpose: Literal["overcome"]
    hero: int
    defeated: dict


RolledTest = CardTest | ConfrontTest | FinaleTest
TestData = RolledTest | OvercomeData  # the ``test`` procedure's data


class BattleData(TypedDict):
    """``battle`` ("9. Engagement"): the engaging hero and their Team, the foe (an
    encounter's id, or an Ancient's index) and its HP in this battle, who has Surprise
    ("hero", "foe" or None), the round, whether the hero is Hidden, whether the
    engagement is part of an Action; in a round, the Team hero whose roll is asked
    (``rolling``), the hits each hero and the foe rolled (by hero index, as text) and
    Fate's successes."""

    hero: int
    team: list[int]
    foe: int | None
    ancient: int | None
    foe_hp: int
    surprise: str | None
    round: int
    hidden: bool
    action: bool
    rolling: int
    hero_hits: dict[str, int]
    foe_hits: dict[str, int]
    fates: int
    team_asked: bool                    # the Team was formed (or refused) by the command
    stance: NotRequired[str]            # a Hidden hero's "surprise" or "evade" (Stage 1)
    auto_evade: NotRequired[bool]       # the Advanced Variant's evasion (Stage 2)
    evade_successes: NotRequired[int]   # the Sneak Test's (Stage 2)
    joined: NotRequired[int]            # the Plots that joined the Ancient ("Ancient Battles")
    defeated: NotRequired[dict]         # the encounter defeated, for its reward
    over: NotRequired[bool]             # the battle is over: its last steps are skipped


class ArriveData(TypedDict):
    """``arrive``: an encounter drawn for location ``cell`` ("Action: Move", "Action:
    Search"), its id once entered (``placed``), whether it is an Event to resolve."""

    action: bool
    cell: int
    placed: NotRequired[int]
    event: NotRequired[bool]


class MarketData(TypedDict):
    """``market`` ("Action: Market", Option 1 - Heal): the buyer, the heroes still to be
    asked, whether an option was performed yet ("at least one must be performed")."""

    hero: int
    action: bool
    queue: list[int]
    performed: bool


class EngagementsData(TypedDict):
    """``engagements`` ("7. Hero Turn", Enemy Engagement): the hero who engages the
    Enemies here in the order of their choice, and whether it is part of an Action."""

    hero: int
    action: bool


def step_data(state: dict) -> dict:
    """The running procedure's data (``ctx.data`` for a function of the state alone)."""
    proc = state.get("procedure")
    return proc["data"] if proc else {}


def setup_data(state: dict) -> SetupData:
    return cast(SetupData, step_data(state))


def night_data(state: dict) -> NightData:
    return cast(NightData, step_data(state))


def test_data(state: dict) -> TestData:
    return cast(TestData, step_data(state))


def rolled_test(state: dict) -> RolledTest:
    """The ``test`` procedure's data at a step that only a rolled Test reaches."""
    return cast(RolledTest, step_data(state))


def finale_test(state: dict) -> FinaleTest:
    """The ``test`` procedure's data at a step that only a completed Finale reaches."""
    return cast(FinaleTest, step_data(state))


def reward_data(state: dict) -> ConfrontTest | OvercomeData | BattleData:
    """The data of a procedure at its ``reward`` step: a Confront's, an Overcome's, a battle's."""
    return cast(ConfrontTest | OvercomeData | BattleData, step_data(state))


def battle_data(state: dict) -> BattleData:
    return cast(BattleData, step_data(state))


def arrive_data(state: dict) -> ArriveData:
    return cast(ArriveData, step_data(state))


def market_data(state: dict) -> MarketData:
    return cast(MarketData, step_data(state))


def engagements_data(state: dict) -> EngagementsData:
    return cast(EngagementsData, step_data(state))


def step_id(state: dict) -> str | None:
    """The id of the running procedure's current step (None between procedures)."""
    step = current_step(get_game(state["game"]), state)
    return step.id if step else None


def require(condition: object, short: str, long: str) -> None:
    """Refuse the command (``short`` for the OLED, ``long`` citing the rule) unless ``condition``."""
    if not condition:
        raise RuleError(short, long)
