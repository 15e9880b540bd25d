"""Tainted Grail's limits, conditions and the mechanics the procedures share.

Every function cites the section of rules/tainted-grail.md (the 2.0 rules) it
follows. Functions that change the state take it and change it in place.
"""

from __future__ import annotations

import copy

from games.core import Context, TrackSpec, board
from games.grail.rounds import settle_day, settle_round
from games.grail.state import (
    ADVANCEMENT_POOL,
    ATTRIBUTE_PAIRS,
    ATTRIBUTES,
    DECK_MAXIMUM,
    DECK_MINIMUM,
    DECKS,
    EXPERIENCE_LIMIT,
    MENHIR_DIAL_TOP,
    RESOURCE_LIMIT,
    RESOURCES,
    TRACK_LIMIT,
    connected,
    living,
    the_map,
)
from games.grail.story import settle_quests

# "Character Setup" XI: the Letter's unique Character Number, used to break ties.
CHARACTER_NUMBER_TOP = 99
# "Survival Tracks": the last two Energy slots and the two top Terror slots are red.
RED_SLOTS = 2
# "III) End of the Day", Restore your Energy: "If you are Exhausted ... restore only 4 points".
EXHAUSTED_RESTORE = 4
# "Menhirs and Wyrdness": a removed Location, or the last Menhir gone.
WYRDNESS_HEALTH = 2
WYRDNESS_TERROR = 2

# --- conditions ---------------------------------------------------------------------


def modifier(state: dict, name: str) -> bool:
    """Whether the mode's modifier ``name`` was chosen at setup ("Alternative Modes
    & Appendices": Story and Challenge mode "apply any or all of these modifiers";
    ``state.STORY_MODIFIERS``, ``state.CHALLENGE_MODIFIERS``)."""
    return name in state["modifiers"]


def health_limiter(state: dict) -> bool:
    """The Health limiter is on the tray, unless Story mode's Health Limiter modifier
    removed it: "Health no longer limits Energy and you won't Panic"."""
    return not modifier(state, "health_limiter")


def energy_cap(state: dict, character: dict) -> int:
    """"Survival Tracks", Health: "Your Energy marker can never be higher than your Health marker"."""
    if health_limiter(state):
        return min(character["energy_top"], character["health"])
    return character["energy_top"]


def exhausted(character: dict) -> bool:
    """"Survival Tracks", Energy: the last two slots are red; there you are Exhausted."""
    return character["energy"] < RED_SLOTS


def panicking(state: dict, character: dict) -> bool:
    """"Survival Tracks", Terror: Panic whenever Terror is higher than Health
    (not in Story mode without the Health limiter)."""
    return health_limiter(state) and character["terror"] > character["health"]


def going_insane(character: dict) -> bool:
    """"Survival Tracks", Terror: the two top red slots attach "You Are Going Insane"."""
    return character["terror"] > character["terror_top"] - RED_SLOTS


def dying(character: dict) -> bool:
    """"Death and Insanity", At Death's Door: at 0 Health, "You Are Dying"."""
    return character["health"] <= 0 and not character["dead"]


def conditions(state: dict, character: dict) -> list[str]:
    """The named conditions a Character is in now, for both displays."""
    if character["dead"]:
        return ["Dead"]
    out = []
    if dying(character):
        out.append("Dying")
    if exhausted(character):
        out.append("Exhausted")
    if panicking(state, character):
        out.append("Panic")
    if going_insane(character):
        out.append("Insane")
    return out


# --- tracks and limits ------------------------------------------------------------


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["characters"]) == 1 else f"C{index + 1} {what}"


def tracks(state: dict) -> list[TrackSpec]:
    """Every number the box tracks, with its bounds: the dial cycle first, then
    the values set by rule or by hand (``dial=False``).

    The dial cycle (the Menhir dial steps through it, the Spirit dial turns
    the focused one) holds the numbers a player turns most: the running
    Encounter's Combat Pool or Affinity marker, first while it runs; every
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
      T-shaped marker, :func:`push_energy` as the track's ``on_change``).
    - Resources 0..20, Experience uncapped ("Resources").
    - Menhir Dials 1..8 (a Dial at 1 is removed at the Start of the Day).
    """
    from games.grail import encounters

    specs: list[TrackSpec] = encounters.tracks(state)
    people = living(state)
    for i in people:
        c = f"characters.{i}"
        specs += [
            TrackSpec(f"c{i + 1}.energy", _label(state, i, "Energy"), f"{c}.energy", 0,
                      lambda s, i=i: energy_cap(s, s["characters"][i])),
            TrackSpec(f"c{i + 1}.health", _label(state, i, "Health"), f"{c}.health", 0,
                      lambda s, i=i: s["characters"][i]["health_top"],
                      on_change=lambda ctx, before, after, i=i: health_changed(ctx, i)),
            TrackSpec(f"c{i + 1}.terror", _label(state, i, "Terror"), f"{c}.terror", 0,
                      lambda s, i=i: s["characters"][i]["terror_top"]),
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
                                   f"{c}.resources.{r}", 0, top))
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
                f"{c}.{track}_start", 0, lambda s, i=i, t=track: s["characters"][i][f"{t}_top"],
                dial=False))
            specs.append(TrackSpec(
                f"c{i + 1}.{track}_top", _label(state, i, f"{track.capitalize()} top"),
                f"{c}.{track}_top",
                lambda s, i=i, t=track: max(RED_SLOTS, s["characters"][i][t],
                                            s["characters"][i][f"{t}_start"]),
                TRACK_LIMIT, dial=False))
    return specs


def invariants(state: dict) -> list[str]:
    """What is broken beyond the tracks' bounds (the engine checks those): the map,
    the models on it, the Encounter's members and the Menhir Dials."""
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


# --- survival --------------------------------------------------------------------------


def keep_on_tracks(state: dict, character: dict) -> None:
    """Keep a Character's markers on their tracks, Energy below the Health limiter."""
    character["health"] = max(0, min(character["health"], character["health_top"]))
    character["terror"] = max(0, min(character["terror"], character["terror_top"]))
    character["energy"] = max(0, min(character["energy"], energy_cap(state, character)))


def push_energy(state: dict, index: int) -> None:
    """"Survival Tracks", Health: the T-shaped Health marker pushes the Energy marker
    down with it (Energy never above Health). Runs after a Health dial turn."""
    keep_on_tracks(state, state["characters"][index])


def health_changed(ctx, index: int) -> None:
    """After a Health dial turn: Energy pushed down with it, and the running
    Encounter's rules on Health (You Are Dying leaves it; Robber)."""
    from games.grail import encounters

    push_energy(ctx.state, index)
    encounters.after_health(ctx, index)


def harm(state: dict, character: dict, health: int, terror: int) -> tuple[int, int]:
    """Lose ``health`` Health and gain ``terror`` Terror; the T-shaped Health marker
    pushes Energy down with it ("Survival Tracks"). Returns what was lost and gained."""
    before = character["health"], character["terror"]
    character["health"] -= health
    character["terror"] += terror
    keep_on_tracks(state, character)
    return before[0] - character["health"], character["terror"] - before[1]


def restored_energy(state: dict, character: dict) -> int:
    """"III) End of the Day", Restore your Energy: back to the starting slot; if
    Exhausted only 4 points; never past the Health marker."""
    target = character["energy_start"]
    if exhausted(character):
        target = min(target, character["energy"] + EXHAUSTED_RESTORE)
    return max(0, min(target, energy_cap(state, character)))


def rest(state: dict, character: dict, eat: bool) -> str:
    """"III) End of the Day", Rest: pay 1 Food to gain 1 Health and lose 1 Terror.

    Challenge mode's Rest modifier: "if you don't eat Food when Resting, set
    Energy to 0; if already at 0, lose 1 Health instead". Returns what happened.
    """
    if eat:
        character["resources"]["food"] -= 1
        character["health"] += 1
        character["terror"] -= 1
        keep_on_tracks(state, character)
        return f"{character['name']} eats: Health {character['health']}, Terror {character['terror']}"
    if modifier(state, "rest"):
        if character["energy"] == 0:
            harm(state, character, 1, 0)
            return f"{character['name']} goes hungry: loses 1 Health"
        character["energy"] = 0
        return f"{character['name']} goes hungry: Energy 0"
    return f"{character['name']} rests without Food"


# --- advancement ------------------------------------------------------------------------


def pair_of(attribute: str) -> tuple[str, str]:
    for pair in ATTRIBUTE_PAIRS:
        if attribute in pair:
            return pair
    raise KeyError(attribute)


def attribute_cost(challenge: bool, point: int) -> int:
    """Exp for the ``point``-th point in a pair of opposing Attributes ("Character
    Advancement": 2/4/6/8/10, then 10; with Challenge mode's Character Advancement
    modifier: 5/10/15/20/25/30, then 5 more than the last for each further point)."""
    if point < 1:
        raise ValueError("points start at 1")
    if challenge:
        return 5 * point
    return min(2 * point, 10)


def raise_cost(state: dict, character: dict, attribute: str) -> int:
    """The Exp cost of raising ``attribute`` by one: by the pair's total after the raise."""
    total = sum(character["attributes"][a] for a in pair_of(attribute))
    return attribute_cost(modifier(state, "advancement"), total + 1)


def deck_cost(challenge: bool) -> int:
    """"Character Advancement": 2 Exp per Combat/Diplomacy deck advance; 5 with
    Challenge mode's Character Advancement modifier."""
    return 5 if challenge else 2


def gains_skill(value: int) -> bool:
    """"Buying Skills": a 3rd or any later point in one Attribute gains a Skill."""
    return value >= 3


# --- encounters ------------------------------------------------------------------------------


def starting_hand(characters: int) -> int:
    """"Starting Combat" / "Starting Diplomacy": each member draws 3 cards with 1-3
    Characters in the Encounter, 2 with 4."""
    return 2 if characters >= 4 else 3


# --- the map and the Menhirs -----------------------------------------------------------


def menhir_places(state: dict, menhirs: list[dict] | None = None) -> list[tuple[int, int]]:
    where = the_map(state)
    return [where[m["location"]] for m in (state["menhirs"] if menhirs is None else menhirs)]


def out_of_range(state: dict, menhirs: list[dict] | None = None) -> list[int]:
    """"I) Start of the Day", Remove Locations out of Menhir range: every Location
    must be within one card, straight or diagonal, of an Active Menhir. With no
    Menhir left, no Location is removed ("Menhirs and Wyrdness")."""
    centres = menhir_places(state, menhirs)
    if not centres:
        return []
    keep = set(board.within(the_map(state), centres, 1))
    return sorted(n for n in the_map(state) if n not in keep)


def nearest_remaining(state: dict, gone: list[int], origin: int) -> int | None:
    """"Menhirs and Wyrdness": the nearest remaining Location, lowest-numbered if tied."""
    where = the_map(state)
    remaining = {n: p for n, p in where.items() if n not in gone}
    return board.nearest(remaining, where[origin])


def remove_locations(state: dict, gone: list[int]) -> list[tuple[int, int, int]]:
    """Discard the Locations ``gone``: Characters there lose 2 Health, gain 2 Terror
    and move to the nearest remaining Location (not a Travel); Guardians and Time
    tokens on them are discarded ("Menhirs and Wyrdness").

    Returns ``(character index, from, to)`` for every Character moved.
    """
    moved = []
    for i in living(state):
        c = state["characters"][i]
        if c["location"] in gone:
            to = nearest_remaining(state, gone, c["location"])
            harm(state, c, WYRDNESS_HEALTH, WYRDNESS_TERROR)
            moved.append((i, c["location"], to))
            c["location"] = to
    state["guardians"] = [g for g in state["guardians"] if g["location"] not in gone]
    state["locations"] = [loc for loc in state["locations"] if loc["number"] not in gone]
    state["removed_locations"] += gone
    return moved


def place_allowed(state: dict, where: tuple[int, int]) -> bool:
    """"Locations", Reveal further Location cards: only within one card
    (diagonals too) of an Active Menhir."""
    return board.in_range(where, menhir_places(state), 1)


def guardian_target(state: dict, at: int, direction: str) -> int:
    """Where a Guardian rolled ``direction`` from ``at`` ends ("Guardians").

    It moves one card that way; "if a Guardian would move to an unrevealed or
    unconnected Location, move it to the highest-numbered connected Location
    instead" (it stays when none is connected).
    """
    links = connected(state, at)
    if direction in links:
        return links[direction]
    return board.highest(links.values()) or at


def characters_at(state: dict, number: int) -> list[int]:
    return [i for i in living(state) if state["characters"][i]["location"] == number]


# --- the forecast -------------------------------------------------------------------------


def forecast(state: dict) -> dict:
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
    night = []
    for i in living(state):
        c = copy.deepcopy(state["characters"][i])
        eats = c["resources"]["food"] > 0
        rest(state, c, eats)
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
