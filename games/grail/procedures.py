"""Tainted Grail's day, stage by stage, in the 2.0 rulebook's order.

"Playing the Game": a day has three stages, I) Start of the Day, II) During
the Day, III) End of the Day, cycled continuously. Each is one procedure and
names the next in ``then``. Setup starts day 1 During the Day: "Skip this
sequence on the very first day of the Campaign."

Automatic steps do the bookkeeping and keep what they did in the procedure's
``data``; the reminder after each tells the players what to do with the
models and cards (the view words it from that data). This module is the steps
as data; what they run is in the topic modules (:mod:`~games.grail.start_of_day`,
:mod:`~games.grail.guardians`, :mod:`~games.grail.rounds`,
:mod:`~games.grail.end_of_day`).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Context, Procedure, Step, StepKind
from games.core.context import resume
from games.grail.encounters import resolved_first
from games.grail.end_of_day import prepare_rest, resting, restore
from games.grail.guardians import fight_first, fighting, prepare_rolls
from games.grail.rounds import all_pass
from games.grail.start_of_day import (
    dawn,
    reduce_menhir_dials,
    reduce_time,
    remove_expired,
    remove_out_of_range,
    start_of_day_data,
)
from games.grail.state import modifier

# --- Campaign Setup -----------------------------------------------------------------------


def _without(*modifiers: str) -> Callable[[dict], bool]:
    """Skip a step unless one of the mode's ``modifiers`` was chosen at setup."""
    return lambda state: not any(modifier(state, m) for m in modifiers)


CAMPAIGN_SETUP = Procedure(
    "campaign-setup",
    "Campaign Setup",
    (
        Step("tray", StepKind.REMINDER, "Mark Attributes, Resources",
             "Character Setup V-VI: starting Attributes and Resources (back of the Tile)"),
        Step("story_items", StepKind.REMINDER, "Each draws a Craftable Item",
             "Story Mode: Starting Items", skip=_without("starting_items")),
        Step("challenge", StepKind.REMINDER, "Flip Health limiter; Secret 42",
             "Challenge Mode: Setup; Items", skip=_without("setup", "items")),
        Step("chapter", StepKind.REMINDER, "Chapter I Setup: Events, Encounters",
             "World Setup IV-IX"),
    ),
    then="day",
    short="Setup",
)


# --- I) Start of the Day -----------------------------------------------------------------




def _no_dark_menhir(state: dict) -> bool:
    return not start_of_day_data(state).get("dark")


def _nothing_vanished(state: dict) -> bool:
    data = start_of_day_data(state)
    return not (data.get("vanished") or data.get("last_menhir"))


def _nobody_met(state: dict) -> bool:
    return not start_of_day_data(state).get("met")


def _no_guardian_to_roll(state: dict) -> bool:
    return not start_of_day_data(state).get("to_roll")


def _no_guardian_encounter(state: dict) -> bool:
    return not start_of_day_data(state).get("encounters")


START_OF_DAY = Procedure(
    "start-of-day",
    "I. Start of the Day",
    (
        Step("dawn", StepKind.AUTO, "A new day", "Playing the Game", run=dawn),
        Step("effects", StepKind.REMINDER, "Resolve Start of Day effects",
             "I) Start of the Day: Resolve Start of the Day effects"),
        Step("expired", StepKind.AUTO, "Remove expired Menhirs",
             "I) Start of the Day: Remove expired Menhirs", run=remove_expired),
        Step("expired_note", StepKind.REMINDER, "Remove the dark Menhirs",
             "I) Start of the Day: Remove expired Menhirs", skip=_no_dark_menhir),
        Step("range", StepKind.AUTO, "Remove Locations out of range",
             "I) Start of the Day: Remove Locations out of Menhir range; Menhirs and Wyrdness",
             run=remove_out_of_range),
        Step("range_note", StepKind.REMINDER, "Discard the Locations; move models",
             "Menhirs and Wyrdness",
             skip=_nothing_vanished),
        Step("arrival_fight", StepKind.REMINDER, "Guardian Encounter on arrival!",
             "Locations: Traveling and revealing Locations; Guardians", skip=_nobody_met,
             hold=fight_first),
        Step("dials", StepKind.AUTO, "Reduce Menhir Dials by 1",
             "I) Start of the Day: Reduce Menhir Dials", run=reduce_menhir_dials),
        Step("dials_note", StepKind.REMINDER, "Turn each Menhir Dial down 1",
             "I) Start of the Day: Reduce Menhir Dials", skip=lambda s: not s["menhirs"]),
        Step("time", StepKind.AUTO, "Reduce Time Dials", "I) Start of the Day: Reduce Time Dials",
             run=reduce_time),
        Step("time_note", StepKind.REMINDER, "Time Dials -1, remove Time tokens",
             "I) Start of the Day: Reduce Time Dials and remove Time Tokens"),
        Step("guardians", StepKind.AUTO, "Move Guardians", "I) Start of the Day: Move Guardians",
             run=prepare_rolls),
        Step("guardian", StepKind.PROMPT, "Roll the Guardian die", "Guardians",
             command="guardian_roll", skip=_no_guardian_to_roll, dice=lambda state: (1, "guardian")),
        Step("guardian_fight", StepKind.REMINDER, "Guardian Encounter!", "Guardians",
             skip=_no_guardian_encounter, hold=fight_first),
        Step("event", StepKind.REMINDER, "Reveal the Event; Quest to Quest pile",
             "I) Start of the Day: Reveal and read a new Event card"),
    ),
    then="day",
    short="Morning",
)


# --- II) During the Day --------------------------------------------------------------------



DAY = Procedure(
    "day",
    "II. During the Day",
    (
        Step("actions", StepKind.REMINDER, "Take Actions; next when all Pass",
             "II) During the Day", hold=resolved_first),
        Step("all_pass", StepKind.AUTO, "Everyone has Passed", "II) During the Day", run=all_pass),
    ),
    then="end-of-day",
    short="Day",
)


# --- III) End of the Day -------------------------------------------------------------------




def _nobody_rests(state: dict) -> bool:
    return not resting(state)


END_OF_DAY = Procedure(
    "end-of-day",
    "III. End of the Day",
    (
        Step("effects", StepKind.REMINDER, "Resolve End of Day effects",
             "III) End of the Day: Resolve End of the Day effects", hold=resolved_first),
        Step("rests", StepKind.AUTO, "Rest", "III) End of the Day: Rest", run=prepare_rest),
        Step("rest", StepKind.PROMPT, "Rest: pay 1 Food?", "III) End of the Day: Rest",
             command="rest", skip=_nobody_rests),
        Step("restore", StepKind.AUTO, "Restore Energy", "III) End of the Day: Restore your Energy",
             run=restore),
        Step("restore_note", StepKind.REMINDER, "Move Energy markers",
             "III) End of the Day: Restore your Energy"),
        Step("advance", StepKind.REMINDER, "Advance: spend Exp (actions)",
             "III) End of the Day: Advance your Character; Character Advancement"),
        Step("decks", StepKind.REMINDER, "Build decks (15+ cards each)",
             "III) End of the Day: Build your Character decks"),
        Step("dreams", StepKind.REMINDER, "Dream icon? Dream / Nightmare",
             "III) End of the Day: Experience Dreams"),
    ),
    then="start-of-day",
    short="Evening",
)

# --- Challenge mode: the Escape Dial ------------------------------------------------------


def _back_to_the_escape(ctx: Context) -> None:
    """Back to where the Escape was called (the procedure the toss interrupted)."""
    resume(ctx)


ESCAPE_TOSS = Procedure(
    "escape-toss",
    "Escape: toss a Dial",
    (
        Step("toss", StepKind.PROMPT, "Toss a Dial: Skull stays, Grail escapes",
             "Challenge Mode: Escaping Combat", command="escape_toss",
             dice=lambda state: (1, "dial")),
    ),
    on_finish=_back_to_the_escape,
    short="Escape",
)

# --- a Guardian met at Move Guardians while others still roll -------------------------------


def _back_to_the_rolls(ctx: Context) -> None:
    """Back to Move Guardians: the next Guardian rolls."""
    resume(ctx)


GUARDIAN_FIGHT = Procedure(
    "guardian-fight",
    "Guardian Encounter",
    (
        Step("fight", StepKind.REMINDER, "Guardian Encounter!",
             "Guardians: it immediately triggers the Encounter", skip=fighting, hold=fight_first),
    ),
    on_finish=_back_to_the_rolls,
    short="Guardian",
)

PROCEDURES = (CAMPAIGN_SETUP, START_OF_DAY, DAY, END_OF_DAY, ESCAPE_TOSS, GUARDIAN_FIGHT)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: the next Start of the Day."""
    return None if state.get("over") else "start-of-day"

