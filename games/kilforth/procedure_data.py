"""What each Gloom of Kilforth procedure keeps between its steps (``procedure.data``
in the state, :attr:`games.core.Context.data` in a handler): one type per kind of
step data, and the accessors that read it typed from a state.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from games.core.context import current_step, step_data
from games.core.registry import get_game
from games.kilforth.state import Encounter


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
    defeated: NotRequired[Encounter]


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
    defeated: Encounter


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
    defeated: NotRequired[Encounter]         # the encounter defeated, for its reward
    over: NotRequired[bool]             # the battle is over: its last steps are skipped


class ArriveData(TypedDict):
    """``arrive``: an encounter drawn for location ``cell`` ("Action: Move", "Action:
    Search"), its id once entered (``placed``), whether it is an Event to resolve, and
    whether the Action waits for the hero's Deeds before play passes (``deeds``)."""

    action: bool
    cell: int
    placed: NotRequired[int]
    event: NotRequired[bool]
    deeds: NotRequired[bool]


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
