"""The Start of the Day ("I) Start of the Day"), the automatic steps in the 2.0
rulebook's order: a new day, expired Menhirs removed, Locations out of Menhir
range removed ("Menhirs and Wyrdness"), Menhir Dials and Time Dials reduced.
(Moving the Guardians is in :mod:`~games.grail.guardians`.) And the
forecast: what the next Start of the Day will do.

Each step keeps what it did in the procedure's data, its own part of
:class:`StartOfDayData`; the reminder after it words that for the players.
"""

from __future__ import annotations

import copy
from typing import TypedDict, cast

from games.core import Context, step_data
from games.grail.end_of_day import eat_or_go_hungry, restored_energy
from games.grail.guardians import GuardianRolls
from games.grail.locations import WYRDNESS_HEALTH, WYRDNESS_TERROR, out_of_range, remove
from games.grail.rounds import new_day
from games.grail.state import living
from games.grail.survival import exhausted, harm, panicking


class ExpiredMenhirs(TypedDict, total=False):
    dark: list[int]  # the Menhirs that went dark


class Wyrdness(TypedDict, total=False):
    last_menhir: bool  # no Menhir was left: everyone -2 Health, +2 Terror
    vanished: list[int]  # the Locations out of range, discarded
    moved: list[list[int]]  # [Character index, from, to]
    met: list[int]  # the Guardians met where the moved Characters arrived


class DialsReduced(TypedDict, total=False):
    dials_removed: list[int]  # the Menhirs whose Dial at 1 was removed


class TimeReduced(TypedDict, total=False):
    time_ended: list[int]  # the Time dials that reached 0
    tokens: list[int]  # the Locations whose Time token was removed


class StartOfDayData(ExpiredMenhirs, Wyrdness, DialsReduced, TimeReduced, GuardianRolls, total=False):
    """The ``start-of-day`` procedure's data: each step's own part."""


class Night(TypedDict):
    """Tonight for one living Character: Rest (eating 1 Food if they have it), then restore."""

    character: int
    eats: bool
    energy: int
    exhausted: bool
    panic: bool


class Forecast(TypedDict):
    """What the next Start of the Day will do (:func:`forecast`)."""

    dark: list[int]
    vanish: list[int]
    caught: list[int]
    last_menhir: bool
    dials_out: list[int]
    night: list[Night]


def start_of_day_data(state: dict) -> StartOfDayData:
    """The Start of the Day's data read from a state (a step's ``skip``, the views)."""
    return cast(StartOfDayData, step_data(state))


def dawn(ctx: Context) -> None:
    """A new day: every Character may act again ("II) During the Day", Pass lasts the day)."""
    ctx.state["day"] += 1
    for c in ctx.state["characters"]:
        c["passed"] = False
    new_day(ctx.state)
    ctx.note(f"Day {ctx.state['day']} begins")


def remove_expired(ctx: Context) -> None:
    """"I) Start of the Day", Remove expired Menhirs: a Menhir with no Dial goes dark."""
    state = ctx.state
    dark = [m["location"] for m in state["menhirs"] if m["dial"] is None]
    state["menhirs"] = [m for m in state["menhirs"] if m["dial"] is not None]
    cast(ExpiredMenhirs, ctx.data)["dark"] = dark
    if dark:
        ctx.note("Menhir dark: " + ", ".join(map(str, dark)))


def remove_out_of_range(ctx: Context) -> None:
    """"I) Start of the Day", Remove Locations out of Menhir range; "Menhirs and
    Wyrdness": Characters there lose 2 Health, gain 2 Terror and move to the
    nearest remaining Location (lowest-numbered if tied), not a Travel - but an
    arrival: the cards its Keys name are revealed and a Guardian there is met
    ("Locations": "Instant rules must be resolved even if you arrived by other
    means than Travel (such as being moved from a removed Location)"). When the
    last Menhir is gone the Locations stay and every Character loses 2 Health and
    gains 2 Terror."""
    state = ctx.state
    data = cast(Wyrdness, ctx.data)
    if not state["menhirs"]:
        data["last_menhir"] = True
        for i in living(state):
            harm(state, state["characters"][i], WYRDNESS_HEALTH, WYRDNESS_TERROR)
        ctx.note("No Menhir left: everyone -2 Health, +2 Terror")
        return
    gone = out_of_range(state)
    if gone:
        ctx.note("Locations vanish: " + ", ".join(map(str, gone)))
    moved, met = remove(ctx, gone)
    data["vanished"] = gone
    data["moved"] = [list(m) for m in moved]
    data["met"] = met


def reduce_menhir_dials(ctx: Context) -> None:
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
    cast(DialsReduced, ctx.data)["dials_removed"] = removed
    if removed:
        ctx.note("Dial removed from Menhir " + ", ".join(map(str, removed)))


def reduce_time(ctx: Context) -> None:
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
    data = cast(TimeReduced, ctx.data)
    data["time_ended"] = ended
    data["tokens"] = tokens
    if ended:
        ctx.note("Time dial at 0: " + ", ".join(map(str, ended)))


# --- the forecast ----------------------------------------------------------------------------


def forecast(state: dict) -> Forecast:
    """What the next Start of the Day will do, and tonight's Rest and Energy restore.

    - ``dark``: Menhirs with no Dial, removed ("Remove expired Menhirs").
    - ``vanish``: Locations out of range of the Menhirs that stay.
    - ``caught``: Characters on those Locations (-2 Health, +2 Terror, moved).
    - ``last_menhir``: no Menhir stays, so every Character takes -2/+2.
    - ``dials_out``: Menhirs whose Dial at 1 is removed (dark the day after).
    - ``night``: per living Character, Energy after Rest (eating 1 Food if they
      have it) and restore, and whether they would be Exhausted or Panicking.
    """
    staying = [m for m in state["menhirs"] if m["dial"] is not None]
    dark = [m["location"] for m in state["menhirs"] if m["dial"] is None]
    last = not staying
    vanish = [] if last else out_of_range(state, staying)
    caught = [i for i in living(state) if last or state["characters"][i]["location"] in vanish]
    night: list[Night] = []
    for i in living(state):
        c = copy.deepcopy(state["characters"][i])
        eats = c["resources"]["food"] > 0
        eat_or_go_hungry(state, c, eats)
        c["energy"] = restored_energy(state, c)
        night.append({"character": i, "eats": eats, "energy": c["energy"],
                      "exhausted": exhausted(c), "panic": panicking(state, c)})
    return {
        "dark": dark,
        "vanish": vanish,
        "caught": caught,
        "last_menhir": last,
        "dials_out": [m["location"] for m in staying if m["dial"] == 1],
        "night": night,
    }
