"""Tainted Grail's tracks, invariants, end check and settle: what the engine asks
of the game after every command. The mechanics are in the topic modules.

Every function cites the section of rules/tainted-grail.md (the 2.0 rules) it
follows.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Context, TrackSpec
from games.grail import combat, diplomacy, encounters
from games.grail.rounds import settle_day, settle_round
from games.grail.state import (
    ADVANCEMENT_POOL,
    ATTRIBUTES,
    CHARACTER_NUMBER_TOP,
    DECK_MAXIMUM,
    DECK_MINIMUM,
    DECKS,
    EXPERIENCE_LIMIT,
    MENHIR_DIAL_TOP,
    RESOURCE_LIMIT,
    RESOURCES,
    TRACK_LIMIT,
    living,
)
from games.grail.story import settle_quests
from games.grail.survival import RED_SLOTS, energy_cap, push_energy

# --- tracks ------------------------------------------------------------------------------


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["characters"]) == 1 else f"C{index + 1} {what}"


def tracks(state: dict) -> list[TrackSpec]:
    """Every number the box tracks, with its bounds: the dial cycle first, then
    the values set by rule or by hand (``dial=False``).

    The dial cycle (the Menhir dial steps through it, the Spirit dial turns
    the focused one) holds the numbers a player turns most: the running
    Encounter's Combat Pool (never negative: markers it cannot cover are
    cards discarded, :func:`~games.grail.combat.negative_pool`) or Affinity
    marker (arrows past either end stop on it: "Up / Down arrow - move the marker up
    or down the Affinity track", whose ends win the Stage or lose), first while it runs; every
    Character's Energy, Health and Terror; each Menhir's Dial and each Time
    dial; every Character's five Resources. With one Character that is 9
    stops plus the Menhirs, instead of the 25 a full tray would need.

    Off the dial (:func:`off_dial`): the Quest count, Attributes, decks and the
    tracks' top and starting slots. They change rarely and mostly by rule
    (``raise_attribute``, ``advance_deck``, the Event reminder); the core
    ``correct`` (the action menu's "Correct a value") sets them, and the engine
    keeps them in bounds after every command like every other track.

    - Energy 0..its top slot, never above Health ("Survival Tracks").
    - Health 0..its top; turning it down pushes Energy down with it (the
      T-shaped marker, :func:`health_changed` as the track's ``on_change``).
      Damage past the Health left stops at 0 (You Are Dying), Terror past the
      top on the top slot (``partial``: the tracks end there).
    - Resources 0..20, Experience uncapped ("Resources"); a gain past 20 is
      carried up to 20 and the rest named to give away or discard
      (:func:`over_the_limit`); a loss past 0 stops at 0.
    - Menhir Dials 1..8 (a Dial at 1 is removed at the Start of the Day).
    """
    specs = encounter_tracks(state)
    people = living(state)
    for i in people:
        c = f"characters.{i}"
        specs += [
            TrackSpec(f"c{i + 1}.energy", _label(state, i, "Energy"), f"{c}.energy", 0, _energy_cap(i)),
            TrackSpec(f"c{i + 1}.health", _label(state, i, "Health"), f"{c}.health", 0,
                      _slot(i, "health_top"), on_change=_health_changed(i), partial=True),
            TrackSpec(f"c{i + 1}.terror", _label(state, i, "Terror"), f"{c}.terror", 0,
                      _slot(i, "terror_top"), partial=True),
        ]
    for m, menhir in enumerate(state["menhirs"]):
        if menhir["dial"] is not None:
            specs.append(TrackSpec(f"menhir{menhir['location']}.days", f"Menhir {menhir['location']}",
                                   f"menhirs.{m}.dial", 1, MENHIR_DIAL_TOP))
    for t, dial in enumerate(state["time_dials"]):
        specs.append(TrackSpec(f"time{dial['id']}.days", f"Time dial {dial['id']}",
                               f"time_dials.{t}.days", 0, MENHIR_DIAL_TOP))
    for i in people:
        c = f"characters.{i}"
        for r in RESOURCES:
            top = EXPERIENCE_LIMIT if r == "experience" else RESOURCE_LIMIT
            specs.append(TrackSpec(f"c{i + 1}.{r}", _label(state, i, r.capitalize()),
                                   f"{c}.resources.{r}", 0, top, on_change=_over_the_limit(i, r),
                                   partial=True))
    return specs + off_dial(state)


def off_dial(state: dict) -> list[TrackSpec]:
    """The tracks outside the dial cycle (``dial=False``): the Quest count, each
    Character Number (from the Character's Letter, "Character Setup" XI: "used to
    break ties"), Attributes (0..20), decks (15..40 cards: "Character Advancement", "Character
    Setup" VIII-IX), the cards left in each Advancement Pool (0..25), and each
    track's starting and top slot ("Character Setup" III-IV; a top slot never
    below the marker or the starting slot, nor below the two red slots)."""
    specs = [TrackSpec("quests", "Active Quests", "quests", 0, 99, dial=False)]
    for i in living(state):
        c = f"characters.{i}"
        specs.append(TrackSpec(f"c{i + 1}.number", _label(state, i, "Character Number"), f"{c}.number",
                               1, CHARACTER_NUMBER_TOP, dial=False))
        for a in ATTRIBUTES:
            specs.append(TrackSpec(f"c{i + 1}.{a}", _label(state, i, a.capitalize()),
                                   f"{c}.attributes.{a}", 0, TRACK_LIMIT, dial=False))
        for d in DECKS:
            specs.append(TrackSpec(f"c{i + 1}.{d}_deck", _label(state, i, f"{d.capitalize()} deck"),
                                   f"{c}.decks.{d}", DECK_MINIMUM, DECK_MAXIMUM, dial=False))
            specs.append(TrackSpec(f"c{i + 1}.{d}_pool", _label(state, i, f"{d.capitalize()} pool"),
                                   f"{c}.pools.{d}", 0, ADVANCEMENT_POOL, dial=False))
        for track in ("energy", "health", "terror"):
            specs.append(TrackSpec(
                f"c{i + 1}.{track}_start", _label(state, i, f"{track.capitalize()} start"),
                f"{c}.{track}_start", 0, _slot(i, f"{track}_top"), dial=False))
            specs.append(TrackSpec(
                f"c{i + 1}.{track}_top", _label(state, i, f"{track.capitalize()} top"),
                f"{c}.{track}_top", _lowest_top(i, track), TRACK_LIMIT, dial=False))
    return specs


def encounter_tracks(state: dict) -> list[TrackSpec]:
    """The running Encounter's own dial track, first in the cycle while it runs:
    the Combat Pool (the Victory Check after every turn) or the Affinity marker
    (the Affinity Check)."""
    enc = state.get("encounter")
    if not enc:
        return []
    if enc["kind"] == "combat":
        return [TrackSpec("combat.pool", "Combat Pool", "encounter.pool", 0, 99,
                          on_change=combat.victory_check, shortfall=combat.negative_pool)]
    return [TrackSpec("diplomacy.affinity", f"Affinity (Stage {enc['stage']}/{enc['stages']})",
                      "encounter.affinity", 0, enc["top"], on_change=diplomacy.affinity_check,
                      partial=True)]


# A bound reads the state it is handed (games.core.tracks): each is built for one
# Character by place in the party.


def _energy_cap(i: int) -> Callable[[dict], int]:
    return lambda s: energy_cap(s, s["characters"][i])


def _slot(i: int, key: str) -> Callable[[dict], int]:
    return lambda s: s["characters"][i][key]


def _lowest_top(i: int, track: str) -> Callable[[dict], int]:
    """A track's top slot is never below its marker, its starting slot, nor the two red slots."""
    return lambda s: max(RED_SLOTS, s["characters"][i][track], s["characters"][i][f"{track}_start"])


def _over_the_limit(i: int, resource: str) -> Callable[[Context, int, int], None]:
    return lambda ctx, before, after: over_the_limit(ctx, i, resource, before, after)


def over_the_limit(ctx: Context, index: int, resource: str, before: int, after: int) -> None:
    """"Resources": "You may carry at most 20 of each type (except Experience); any gained
    over the limit must be given to another Character in your Location who has room, or
    discarded." After a dial turn (``adjust``, whose ``delta`` says what was gained) that
    stopped at 20: how much is over."""
    over = before + ctx.params["delta"] - after
    if resource == "experience" or over <= 0:
        return
    c = ctx.state["characters"][index]
    ctx.note(f"{c['name']} carries 20 {resource.capitalize()}: {over} over - give to a Character "
             "there with room, or discard")


def _health_changed(i: int) -> Callable[[Context, int, int], None]:
    return lambda ctx, before, after: health_changed(ctx, i)


def health_changed(ctx: Context, index: int) -> None:
    """After a Health dial turn: Energy pushed down with it ("Survival Tracks": the
    T-shaped Health marker), and the running Encounter's rules on Health (You Are
    Dying leaves it; Robber)."""
    push_energy(ctx.state, index)
    encounters.after_health(ctx, index)


# --- invariants, the end, settle ------------------------------------------------------------




def invariants(state: dict) -> list[str]:
    """What is broken beyond the tracks' bounds (the engine checks those): the map,
    the models on it, the living Characters' unique Character Numbers ("Character Setup"
    XI: "your unique Character Number, used to break ties"), the Encounter's members and
    the Menhir Dials."""
    broken = []
    numbers = [loc["number"] for loc in state["locations"]]
    places = [(loc["x"], loc["y"]) for loc in state["locations"]]
    if len(set(numbers)) != len(numbers):
        broken.append("a Location number is on the map twice")
    if len(set(places)) != len(places):
        broken.append("two Locations share a place on the map")
    for c in state["characters"]:
        if not c["dead"] and c["location"] not in numbers:
            broken.append(f"{c['name']} stands on Location {c['location']}, not on the map")
    taken = [state["characters"][i]["number"] for i in living(state)]
    for n in sorted({n for n in taken if taken.count(n) > 1}):
        broken.append(f"Number {n} taken twice")  # "Character Setup" XI: "your unique Character Number"
    for g in state["guardians"]:
        if g["location"] not in numbers:
            broken.append(f"{g['name']} stands on Location {g['location']}, not on the map")
    enc = state.get("encounter")
    if enc and (not enc["members"] or not set(enc["members"]) <= set(living(state))):
        broken.append("an Encounter's members must be living Characters")
    for m in state["menhirs"]:
        if m["location"] not in numbers:
            broken.append(f"the Menhir on {m['location']} is off the map")
        if m["dial"] is not None and not 1 <= m["dial"] <= MENHIR_DIAL_TOP:
            broken.append(f"the Menhir on {m['location']} has Dial {m['dial']}")
    acted = state["acted"]
    if len(set(acted)) != len(acted) or not set(acted) <= set(range(len(state["characters"]))):
        broken.append(f"the round's Actions name unknown Characters: {acted}")
    if state["quests"] != len(state["quest_list"]):
        broken.append(f"Active Quests {state['quests']} but {len(state['quest_list'])} listed")
    return broken


def settle(ctx: Context) -> None:
    """After every command: a new round of Actions when everyone has acted
    (:mod:`~games.grail.rounds`), the Quest list matching a corrected count,
    and the End of the Day once everyone has Passed."""
    settle_round(ctx)
    settle_quests(ctx)
    settle_day(ctx)


def end_check(state: dict) -> dict | None:
    """"Death and Insanity", Death: the Campaign ends in failure when a Character
    dies in single-player, or when no unclaimed Character is left to claim."""
    if state["failed"]:
        return {"result": "loss", "text": state["failed"]}
    return None
