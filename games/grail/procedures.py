"""Tainted Grail's day, stage by stage, in the 2.0 rulebook's order.

"Playing the Game": a day has three stages, I) Start of the Day, II) During
the Day, III) End of the Day, cycled continuously. Each is one procedure and
names the next in ``then``. Setup starts day 1 During the Day: "Skip this
sequence on the very first day of the Campaign."

Automatic steps do the bookkeeping and keep what they did in the procedure's
``data``; the reminder after each tells the players what to do with the
models and cards (the view words it from that data).
"""

from __future__ import annotations

from games.core import Context, Procedure, Step, StepKind
from games.core.engine import resume
from games.grail import rules
from games.grail.rounds import new_day
from games.grail.state import living


def note(ctx: Context, text: str) -> None:
    """Add ``text`` to the journal entry's description and the events."""
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


def _data(state: dict) -> dict:
    proc = state.get("procedure")
    return proc["data"] if proc else {}


def _nothing(key: str):
    return lambda state: not _data(state).get(key)


# --- Campaign Setup -----------------------------------------------------------------------


def _without(*modifiers: str):
    """Skip a step unless one of the mode's ``modifiers`` was chosen at setup."""
    return lambda state: not any(rules.modifier(state, m) for m in modifiers)


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
)


# --- I) Start of the Day -----------------------------------------------------------------


def _dawn(ctx: Context) -> None:
    """A new day: every Character may act again ("II) During the Day", Pass lasts the day)."""
    ctx.state["day"] += 1
    for c in ctx.state["characters"]:
        c["passed"] = False
    new_day(ctx.state)
    note(ctx, f"Day {ctx.state['day']} begins")


def _remove_expired(ctx: Context) -> None:
    """"I) Start of the Day", Remove expired Menhirs: a Menhir with no Dial goes dark."""
    state = ctx.state
    dark = [m["location"] for m in state["menhirs"] if m["dial"] is None]
    state["menhirs"] = [m for m in state["menhirs"] if m["dial"] is not None]
    ctx.data["dark"] = dark
    if dark:
        note(ctx, "Menhir dark: " + ", ".join(map(str, dark)))


def _remove_out_of_range(ctx: Context) -> None:
    """"I) Start of the Day", Remove Locations out of Menhir range; "Menhirs and
    Wyrdness": Characters there lose 2 Health, gain 2 Terror and move to the
    nearest remaining Location (lowest-numbered if tied), not a Travel - but an
    arrival: the cards its Keys name are revealed and a Guardian there is met
    ("Locations": "Instant rules must be resolved even if you arrived by other
    means than Travel (such as being moved from a removed Location)"). When the
    last Menhir is gone the Locations stay and every Character loses 2 Health and
    gains 2 Terror."""
    state = ctx.state
    if not state["menhirs"]:
        ctx.data["last_menhir"] = True
        for i in living(state):
            rules.harm(state, state["characters"][i], rules.WYRDNESS_HEALTH, rules.WYRDNESS_TERROR)
        note(ctx, "No Menhir left: everyone -2 Health, +2 Terror")
        return
    from games.grail.locations import remove

    gone = rules.out_of_range(state)
    if gone:
        note(ctx, "Locations vanish: " + ", ".join(map(str, gone)))
    moved, met = remove(ctx, gone)
    ctx.data["vanished"] = gone
    ctx.data["moved"] = [list(m) for m in moved]
    ctx.data["met"] = met


def _reduce_menhir_dials(ctx: Context) -> None:
    """"I) Start of the Day", Reduce Menhir Dials by 1; a Dial already at 1 is
    removed, but the Menhir stays until the next Start of the Day."""
    removed = []
    for m in ctx.state["menhirs"]:
        if m["dial"] is None:
            continue
        if m["dial"] <= 1:
            m["dial"] = None
            removed.append(m["location"])
        else:
            m["dial"] -= 1
    ctx.data["dials_removed"] = removed
    if removed:
        note(ctx, "Dial removed from Menhir " + ", ".join(map(str, removed)))


def _reduce_time(ctx: Context) -> None:
    """"I) Start of the Day", Reduce Time Dials and remove Time Tokens (Dials with
    Quest Tokens are not reduced; the box tracks only Time Dials)."""
    state = ctx.state
    ended = []
    for dial in state["time_dials"]:
        if dial["days"] > 0:
            dial["days"] -= 1
            if dial["days"] == 0:
                ended.append(dial["id"])
    tokens = [loc["number"] for loc in state["locations"] if loc["time_token"]]
    for loc in state["locations"]:
        loc["time_token"] = False
    ctx.data["time_ended"] = ended
    ctx.data["tokens"] = tokens
    if ended:
        note(ctx, "Time dial at 0: " + ", ".join(map(str, ended)))


def _prepare_guardians(ctx: Context) -> None:
    """"I) Start of the Day", Move Guardians: one Guardian die for each Guardian."""
    ctx.data["to_roll"] = [g["id"] for g in ctx.state["guardians"]]
    ctx.data["encounters"] = []


START_OF_DAY = Procedure(
    "start-of-day",
    "I. Start of the Day",
    (
        Step("dawn", StepKind.AUTO, "A new day", "Playing the Game", run=_dawn),
        Step("effects", StepKind.REMINDER, "Resolve Start of Day effects",
             "I) Start of the Day: Resolve Start of the Day effects"),
        Step("expired", StepKind.AUTO, "Remove expired Menhirs",
             "I) Start of the Day: Remove expired Menhirs", run=_remove_expired),
        Step("expired_note", StepKind.REMINDER, "Remove the dark Menhirs",
             "I) Start of the Day: Remove expired Menhirs", skip=_nothing("dark")),
        Step("range", StepKind.AUTO, "Remove Locations out of range",
             "I) Start of the Day: Remove Locations out of Menhir range; Menhirs and Wyrdness",
             run=_remove_out_of_range),
        Step("range_note", StepKind.REMINDER, "Discard the Locations; move models",
             "Menhirs and Wyrdness",
             skip=lambda s: not (_data(s).get("vanished") or _data(s).get("last_menhir"))),
        Step("arrival_fight", StepKind.REMINDER, "Guardian Encounter on arrival!",
             "Locations: Traveling and revealing Locations; Guardians", skip=_nothing("met")),
        Step("dials", StepKind.AUTO, "Reduce Menhir Dials by 1",
             "I) Start of the Day: Reduce Menhir Dials", run=_reduce_menhir_dials),
        Step("dials_note", StepKind.REMINDER, "Turn each Menhir Dial down 1",
             "I) Start of the Day: Reduce Menhir Dials", skip=lambda s: not s["menhirs"]),
        Step("time", StepKind.AUTO, "Reduce Time Dials", "I) Start of the Day: Reduce Time Dials",
             run=_reduce_time),
        Step("time_note", StepKind.REMINDER, "Time Dials -1, remove Time tokens",
             "I) Start of the Day: Reduce Time Dials and remove Time Tokens"),
        Step("guardians", StepKind.AUTO, "Move Guardians", "I) Start of the Day: Move Guardians",
             run=_prepare_guardians),
        Step("guardian", StepKind.PROMPT, "Roll the Guardian die", "Guardians",
             command="guardian_roll", skip=_nothing("to_roll"), dice=lambda state: (1, "guardian")),
        Step("guardian_fight", StepKind.REMINDER, "Guardian Encounter!", "Guardians",
             skip=_nothing("encounters")),
        Step("event", StepKind.REMINDER, "Reveal the Event; Quest to Quest pile",
             "I) Start of the Day: Reveal and read a new Event card"),
    ),
    then="day",
)


# --- II) During the Day --------------------------------------------------------------------


def _all_pass(ctx: Context) -> None:
    """"II) During the Day": the day ends when all have Passed or run out of Energy."""
    for c in ctx.state["characters"]:
        c["passed"] = True
    new_day(ctx.state)


DAY = Procedure(
    "day",
    "II. During the Day",
    (
        Step("actions", StepKind.REMINDER, "Take Actions; next when all Pass",
             "II) During the Day"),
        Step("all_pass", StepKind.AUTO, "Everyone has Passed", "II) During the Day", run=_all_pass),
    ),
    then="end-of-day",
)


# --- III) End of the Day -------------------------------------------------------------------


def _prepare_rest(ctx: Context) -> None:
    ctx.data["resting"] = living(ctx.state)


def _restore(ctx: Context) -> None:
    """"III) End of the Day", Restore your Energy (Exhausted: only 4 points; never past
    Health); then the day's tracks go into the history."""
    state = ctx.state
    lines = []
    for i in living(state):
        c = state["characters"][i]
        was_exhausted = rules.exhausted(c)
        c["energy"] = rules.restored_energy(state, c)
        lines.append(f"{c['name']} Energy {c['energy']}" + (" (was Exhausted)" if was_exhausted else ""))
    note(ctx, "; ".join(lines))
    state["history"].append({
        "day": state["day"],
        "tracks": [[c["energy"], c["health"], c["terror"]] for c in state["characters"]],
    })


END_OF_DAY = Procedure(
    "end-of-day",
    "III. End of the Day",
    (
        Step("effects", StepKind.REMINDER, "Resolve End of Day effects",
             "III) End of the Day: Resolve End of the Day effects"),
        Step("rests", StepKind.AUTO, "Rest", "III) End of the Day: Rest", run=_prepare_rest),
        Step("rest", StepKind.PROMPT, "Rest: pay 1 Food?", "III) End of the Day: Rest",
             command="rest", skip=_nothing("resting")),
        Step("restore", StepKind.AUTO, "Restore Energy", "III) End of the Day: Restore your Energy",
             run=_restore),
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
)

# --- Challenge mode: the Escape Dial ------------------------------------------------------


ESCAPE_TOSS = Procedure(
    "escape-toss",
    "Escape: toss a Dial",
    (
        Step("toss", StepKind.PROMPT, "Toss a Dial: Skull stays, Grail escapes",
             "Challenge Mode: Escaping Combat", command="escape_toss",
             dice=lambda state: (1, "dial")),
    ),
    on_finish=resume,  # back to where the Escape was called
)

PROCEDURES = (CAMPAIGN_SETUP, START_OF_DAY, DAY, END_OF_DAY, ESCAPE_TOSS)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: the next Start of the Day."""
    return None if state.get("over") else "start-of-day"

