"""Myth: Dark Frontier's state: plain JSON data beside the engine's core keys.

Its shape is :class:`MythState` (documented for players in
``docs/games/myth-dark-frontier.md``, "State fields"); what a procedure keeps
between its steps is one ``TypedDict`` per procedure (:class:`SetupData`,
:class:`ActionData`, :class:`RollData`, ...), read through the typed accessors
below. Also here: the rules' constants and limits, and the migrations between
schemas.

The enemy action cards in ``plan`` are hidden slots (:func:`games.core.deck.face_down`):
the state keeps them (it is journaled) but no view sees one before it is revealed
(:data:`SECRETS`).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from games.core import step_data

SCHEMA_VERSION = 4

# "Determining Enemy Actions": the enemy action cards placed face down on the action
# decks, the order in which each action deck's cards still face down will come, and
# the order of the enemy action deck are known to no player; the displays never
# receive them (games.core.secrets).
SECRETS = ("plan.*.enemy.card", "plan.*.order[next:]", "enemy_deck.draw")

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
Skill = Literal["tactics", "cunning", "intellect", "spirit"]


# --- the state's shape ----------------------------------------------------------------------


class Hero(TypedDict):
    """A hero card's values ("Setup" 2, "Skills") and where the figure stands."""

    name: str
    tactics: int
    cunning: int
    intellect: int
    spirit: int
    vitality: int
    damage: int
    area: str
    defeated: bool
    assets: int
    burdens: int


class RankValues(TypedDict):
    """One rank of the enemy sheet ("Enemy Sheet")."""

    vitality: int
    attack: int
    defence: int


class BoardArea(TypedDict):
    """One area of the board (games.myth.board checks the format)."""

    name: str
    type: str
    neighbours: list[str]
    flames: int | None
    fate: str | None
    pos: list[int] | None
    short: str


class Board(TypedDict):
    name: str
    areas: dict[str, BoardArea]


class Minion(TypedDict):
    damage: int
    delayed: bool


class Area(TypedDict):
    """What stands in an area: minions, captains (their damage), a structure, an objective token."""

    minions: list[Minion]
    captains: list[int]
    structure: bool
    objective: str | None


class Boss(TypedDict):
    area: str | None
    damage: int
    arriving: NotRequired[bool]     # while its fate die is awaited ("The Siege")
    defeated: NotRequired[bool]


class Objective(TypedDict):
    location: str | None
    tokens: int
    done: bool


class EnemySlot(TypedDict):
    """An enemy action card placed face down (games.core.deck.face_down)."""

    card: str
    revealed: bool


class PlannedDeck(TypedDict):
    """One action deck of the round: its enemy card, the shuffled order, the next card."""

    enemy: EnemySlot
    order: list[int | str]
    next: int


class Raise(TypedDict):
    track: str
    spaces: int


class Overrun(TypedDict):
    area: str
    count: int


class Discard(TypedDict):
    count: int
    why: str


class RoundRecord(TypedDict):
    round: int
    stability: int
    despair: int
    devastation: int
    corruption: int


class MythState(TypedDict):
    """The game's own keys (beside the engine's core keys: game, schema, rng, procedure, over)."""

    round: int
    heroes: list[Hero]
    enemy: dict[str, RankValues]        # the enemy sheet, by rank
    abilities: dict[str, list[int]]     # each conquest track's ability spaces
    conquest: dict[str, int]            # each conquest track's marker, 1..10
    siege: bool
    board: Board
    distance: dict[str, int]            # areas to move through to Farrenroc
    areas: dict[str, Area]
    boss: Boss
    supply: dict[str, int]              # out-of-play minions and captains
    objectives: dict[str, Objective]    # hope, supply, influence
    completed: int
    final_revealed: bool
    final_done: bool
    quest: str | None                   # the active quest's location type
    stability: int
    reserves: dict[str, int]
    fate: list[str]                     # five fate dice, their faces up
    enemy_deck: dict[str, list[str]]    # games.core.deck: draw, discard
    plan: dict[str, PlannedDeck] | None  # morning, day, night
    pending: list[str]                  # conquest abilities and scheme effects to resolve
    raising: list[Raise]                # raises waiting while an ability is resolved
    overruns: list[Overrun]             # overruns waiting for the players' choice
    discards: list[Discard]             # resources to discard, the players' choice
    captains_defeated: int
    history: list[RoundRecord]          # each round's values at its Reset Step


# --- what a procedure keeps between its steps (``procedure.data``) ----------------------------


class SetupData(TypedDict, total=False):
    """"Setup": the answers counted so far to the prompts asked once per hero, track, objective."""

    hero: int
    track: int
    objective: int


class PickData(TypedDict, total=False):
    """A Muster's, a Conquest's or the boss's fate dice: the ones the players
    picked ("fate_pick", faces joined by commas), kept until the roll."""

    fate_pick: str


class CurrentCard(TypedDict):
    deck: str
    card: int | str     # a hero's index, or "enemy"


class ActionData(PickData, total=False):
    """The Action phase (and the card effects it starts): the card being resolved
    and what its enemy action waits for."""

    current: CurrentCard | None
    assaults: list[str]             # March: the areas still to assault, center first
    march: list[str]                # March: the area of each minion still to move
    march_before: dict[str, int]    # March: each area's minions before the movement
    conquest: str                   # Conquest: the objective kind whose spawn waits for dice
    resume: dict | None


class BattleRoll(TypedDict):
    """"Battle": a d10 per enemy of the rank; ``target`` is their defence."""

    purpose: Literal["battle"]
    hero: int
    rank: str
    count: int
    target: int
    attack: int
    pool: NotRequired[dict | None]      # games.core.dice.new_pool, once rolled


class TestRoll(TypedDict):
    """"Skill Tests": a test a card asks for, a quest or an encounter card's test."""

    purpose: Literal["test", "quest", "encounter"]
    hero: int
    skill: str
    count: int
    target: int
    pool: NotRequired[dict | None]


Roll = BattleRoll | TestRoll


class RollData(TypedDict, total=False):
    """The ``roll`` procedure: the roll (None: an encounter card with no test), the
    hero, whether an encounter card waits, whether a quest was completed."""

    roll: Roll | None
    hero: int
    card: bool
    quest_done: bool
    resume: dict | None


class EffectData(PickData, total=False):
    """A card effect from the menu: the musters waiting for their fate dice."""

    muster: int
    resume: dict | None


class SpendData(TypedDict, total=False):
    """A fate ability: the symbol whose die waits to be rerolled."""

    spent: str | None
    resume: dict | None




def setup_data(state: dict) -> SetupData:
    """The running procedure's data (``ctx.data``) as the Setup keeps it."""
    return cast(SetupData, step_data(state))


def action_data(state: dict) -> ActionData:
    """The running procedure's data as the Action phase and card effects keep it."""
    return cast(ActionData, step_data(state))


def roll_data(state: dict) -> RollData:
    """The running procedure's data as a battle or skill test keeps it."""
    return cast(RollData, step_data(state))


def pick_data(state: dict) -> PickData:
    """The running procedure's data as far as a fate-dice pick goes (Action, effect)."""
    return cast(PickData, step_data(state))


def effect_data(state: dict) -> EffectData:
    return cast(EffectData, step_data(state))


def spend_data(state: dict) -> SpendData:
    return cast(SpendData, step_data(state))


# --- reading the state ---------------------------------------------------------------------


def minion_count(state: dict, area_id: str) -> int:
    return len(state["areas"][area_id]["minions"])


def structures(state: dict) -> int:
    return sum(1 for a in state["areas"].values() if a["structure"])


def area_name(state: dict, area_id: str) -> str:
    return state["board"]["areas"][area_id]["name"]


def area_type(state: dict, area_id: str) -> str:
    return state["board"]["areas"][area_id]["type"]


def objective_areas(state: dict, kind: str | None = None) -> list[str]:
    """The objective locations: the areas holding an objective token (of ``kind``)."""
    return [a for a, s in state["areas"].items()
            if s["objective"] and (kind is None or s["objective"] == kind)]


def short_label(area_id: str, kind: object) -> str:
    """A map cell's default label: the type's letter and the id's number
    ("village-3" -> "V3", "farrenroc" -> "F")."""
    digits = "".join(ch for ch in area_id if ch.isdigit())[-2:]
    letter = kind[0].upper() if isinstance(kind, str) and kind else "?"
    return letter + digits



# --- migrations ----------------------------------------------------------------------------


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
