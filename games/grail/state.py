"""Tainted Grail's state: plain JSON data beside the engine's core keys.

Shape (documented for players in ``docs/games/tainted-grail.md``)::

    {
      "mode": "standard",            # Story, Standard or Challenge ("Character Setup" I)
      "modifiers": [],               # the mode's modifiers chosen at setup (MODIFIERS)
      "day": 3,                      # the day being played (day 1 skips the Start of Day)
      "round": 2, "acted": [0],      # During the Day: the round, who has acted in it (rounds.py)
      "characters": [{
        "name": "Character 1", "number": 1,          # Character Number breaks ties
        "energy": 5, "energy_top": 8, "energy_start": 5,
        "health": 6, "health_top": 8, "health_start": 6,
        "terror": 0, "terror_top": 8, "terror_start": 0,
        "attributes": {"aggression": 0, "empathy": 0, ...},   # three opposing pairs
        "resources": {"food": 2, "wealth": 0, "reputation": 0, "magic": 0, "experience": 0},
        "decks": {"combat": 15, "diplomacy": 15},   # cards in each deck (15..40)
        "pools": {"combat": 25, "diplomacy": 25},   # cards left in each Advancement Pool
        "skills": 0, "location": 101, "passed": false, "dead": false,
      }],
      "locations": [{"number": 101, "x": 0, "y": 0, "time_token": false, "blocked": [],
                     "keys": {"north": 102}, "seals": ["menhir"]}],   # Direction Keys, seals
      "removed_locations": [106],
      "menhirs": [{"location": 101, "dial": 7}],   # dial null: the Dial was removed
      "guardians": [{"id": 1, "name": "Guardian 1", "location": 103}],
      "time_dials": [{"id": 1, "days": 3}],
      "encounter": null,             # the Combat or Diplomacy being fought (encounters.py)
      "last_encounter": null,        # how the last one ended, for the screen
      "pack": null,                  # a content pack's Locations (pack.py), or null
      "statuses": ["Saved by the Goddess"],   # the shared Save Sheet (story.py)
      "quest_list": ["The Wyrd"], "quests": 1,   # Active Quests by name; quests = their count
      "history": [{"day": 1, "tracks": [[energy, health, terror], ...]}],
      "next_id": 2, "failed": null,
    }

A track runs from slot 0 to its ``*_top`` slot; ``*_start`` is the slot
marked with two red chevrons ("Character Setup" III and IV).
"""

from __future__ import annotations

from games.core import board

SCHEMA_VERSION = 5

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


def new_character(index: int, tracks: dict) -> dict:
    """A Character as set up ("Character Setup" III-VI): tracks at their starting slots."""
    character = {"name": f"Character {index + 1}", "number": index + 1}
    for track in ("energy", "health", "terror"):
        character[track] = tracks[f"{track}_start"]
        character[f"{track}_top"] = tracks[f"{track}_top"]
        character[f"{track}_start"] = tracks[f"{track}_start"]
    character.update(
        attributes={a: 0 for a in ATTRIBUTES},
        resources={r: 0 for r in RESOURCES},
        decks={d: DECK_MINIMUM for d in DECKS},
        pools={d: ADVANCEMENT_POOL for d in DECKS},
        skills=0,
        location=START_LOCATION,
        passed=False,
        dead=False,
    )
    return character


def new_campaign(state: dict, mode: str, count: int, tracks: dict, modifiers: list[str]) -> None:
    """Fill ``state`` (which holds only the core keys) with a new Campaign ("Campaign Setup")."""
    state.update(
        {
            "mode": mode,
            "modifiers": list(modifiers),
            "day": 1,
            "round": 1,
            "acted": [],
            "characters": [new_character(i, tracks) for i in range(count)],
            "locations": [new_location(n, p, START_KEYS if n == START_LOCATION else None)
                          for n, p in sorted(START_MAP.items())],
            "removed_locations": [],
            "menhirs": [{"location": START_LOCATION, "dial": FIRST_MENHIR_DAYS[count]}],
            "guardians": [],
            "time_dials": [],
            "encounter": None,
            "last_encounter": None,
            "pack": None,
            "statuses": [],
            "quests": 0,
            "quest_list": [],
            "history": [],
            "next_id": 1,
            "failed": None,
        }
    )


def new_location(number: int, where: tuple[int, int], keys: dict | None = None,
                 seals: list | None = None) -> dict:
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


MIGRATIONS = {1: migrate_1_to_2, 2: migrate_2_to_3, 3: migrate_3_to_4, 4: migrate_4_to_5}


# --- looking things up ------------------------------------------------------------


def the_map(state: dict) -> dict[int, tuple[int, int]]:
    """The revealed Locations as a board: number -> (x, y)."""
    return {loc["number"]: (loc["x"], loc["y"]) for loc in state["locations"]}


def find_location(state: dict, number: int) -> dict | None:
    for loc in state["locations"]:
        if loc["number"] == number:
            return loc
    return None


def living(state: dict) -> list[int]:
    """The indexes of the Characters still alive."""
    return [i for i, c in enumerate(state["characters"]) if not c["dead"]]


def menhir_at(state: dict, number: int) -> dict | None:
    for menhir in state["menhirs"]:
        if menhir["location"] == number:
            return menhir
    return None


def connected(state: dict, number: int) -> dict[str, int]:
    """The revealed Locations one can move to from ``number`` in a straight line:
    adjacent, with neither touching edge marked blocked ("Locations", Traveling)."""
    here = find_location(state, number)
    out = {}
    for side, other in board.neighbours(the_map(state), number).items():
        there = find_location(state, other)
        if side not in here["blocked"] and board.OPPOSITE[side] not in there["blocked"]:
            out[side] = other
    return out
