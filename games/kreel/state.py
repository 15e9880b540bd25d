"""Kreel Manor's state: plain JSON data beside the engine's core keys.

Shape (documented for players in ``docs/games/kreel-manor.md``)::

    {
      "round": 3,                  # rounds begun; each hero's round counts
      "active_hero": 0,            # index into heroes, whose round it is
      "variant": "standard",       # Difficulty Variants
      "shadow_spaces": 3,
      "shadows": [t | null, ...],  # index 0 is the Sneak 1 space
      "threat_area": [t, ...],     # shared area plus Confronted threats
      "revealing": [id, ...],      # threats waiting for their values
      "next_threat_id": 7,
      "defeated": [{"id", "name", "kind"}], "discarded": [...],
      "threat_deck": 31,           # cards left in the Threat deck
      "threat_discard": 2,         # cards in the Threat discard pile
      "vengeance": "aside",        # the Lord's Vengeance: aside | deck | revealed
      "locations": [loc, ...],     # 4 Locations then the Adventure Location
      "active_location": 0,
      "adventure": {"number": 1, "foes": 2, "plots": 5},
      "heroes": [hero, ...],
      "victory": false,
      "campaign": {...},           # see new_campaign
      "pack": null,                # a content pack (pack.py), or null
    }

A threat ``t`` is one dict, face-down (``revealed`` false, values 0) until it
is revealed; see :func:`new_threat`. A hero's Action Power Track is in
``hero["actions"]``; see :func:`new_hero`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from games.core import RuleError, queue

SCHEMA_VERSION = 4

# "Glossary", Shadows: "Area containing 3 spaces for Threats".
SHADOW_SPACES = 3



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
ACTIONS = ("fight", "influence", "sneak")

# Threat values that take damage tokens ("Threats").
DAMAGE_VALUES = ACTIONS

# "Threats have a number of Threat values" and "a number of Spirit values".
VALUES = ("fight", "influence", "sneak", "spirit_cost", "spirit_boost")

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


def plots_needed(heroes: int) -> int:
    """"Game Objective", Victory: 5 Plots, or 6 in a 3-4 hero game."""
    return 6 if heroes >= 3 else 5


def new_action(slot: int, advanced: bool = False) -> dict:
    """One Action card on the Action Power Track ("Heroes", "4. Play Phase")."""
    return {"slot": slot, "die": 0, "tilted": False, "used": False, "dazed": False,
            "plus": 0, "advanced": advanced, "ability_used": False}


def new_actions(advanced: list[str] | None = None) -> dict:
    """"Setup" 1: Fight above 1, Influence above 2, Sneak above 3 (alphabetical)."""
    advanced = advanced or []
    return {a: new_action(i + 1, a in advanced) for i, a in enumerate(ACTIONS)}


def new_hero(number: int, spirit: int, max_spirit: int) -> dict:
    """A hero's Spirit Dial ("Setup" 3), Hero Board and Action Power Track.

    ``story``: the Hero Board's Story card waits to be read in the first Delve
    ("Setup" 1 ii). ``hand``: Skills in hand, 1 from the free Class Skill pick
    ("Setup" 1 iii), +1 each Draw. ``uses`` / ``tilts``: this round's Use and Tilt ("4. Play
    Phase"). ``statuses``: Bold / Shield on the hero ("Statuses"). ``out``: a
    Wounded hero the team Pressed On without ("Multiplayer Coop Mode").
    ``spirit_log``: Spirit at the end of each of this hero's rounds.
    ``shadow_reach``: a card lets this hero target Shadows (Glossary, Shadows:
    "the Night Raven's Starless Longbow totally removes this restriction").
    """
    return {"name": f"Hero {number}", "spirit": spirit, "max_spirit": max_spirit,
            "actions": new_actions(), "uses": 0, "tilts": 0, "statuses": [],
            "story": True, "hand": 1, "wounds": 0, "out": False, "spirit_log": [],
            "shadow_reach": False}


def new_threat(threat_id: int) -> dict:
    """A Threat drawn face-down from the Threat deck, named after its id.

    ``damage``: damage tokens per Threat value; ``starred``: the Threat values
    printed with the * ("Multiple Threat Values with * symbols"), a list;
    ``story_of``: a Story's hero (index), the only one who may damage it;
    ``overkill``: X of Overkill X (0: none); ``group``: its Threat Group when a
    content pack names it.
    """
    return {
        "id": threat_id,
        "name": f"Threat {threat_id}",
        "revealed": False,
        "kind": "threat",
        "fight": 0,
        "influence": 0,
        "sneak": 0,
        "spirit_cost": 0,
        "spirit_boost": 0,
        "starred": [],
        "overkill": 0,
        "group": "",
        "damage": {v: 0 for v in DAMAGE_VALUES},
        "statuses": [],
        "exhausted": False,
        "confronted_by": None,
        "story_of": None,
    }


def new_location(index: int) -> dict:
    """A Location card, face-down: its Sneak value and Sneak damage tokens ("Locations").

    ``per_hero``: the Multiplayer Symbol stands next to its Sneak value.
    ``sneak`` is None until the card is flipped face-up.
    """
    adventure = index == LOCATIONS
    name = "Adventure Location" if adventure else f"Location {index + 1}"
    return {"name": name, "sneak": None, "per_hero": False, "damage": 0,
            "adventure": adventure, "defeated": False}


def new_campaign(variant: str, adventure: int) -> dict:
    """The Campaign sheet ("The Campaign", "Wounds", "Game End").

    ``results``: one entry per Adventure played ({"adventure", "result"});
    ``fails``: failures of the current Adventure in a row; ``upgrades``:
    Skill Upgrades earned; ``advanced``: Actions upgraded to Advanced;
    ``stories``: Story cards set aside for a future Adventure; ``cards``: the
    Adventure card chosen for each number (the choice of 2-4, by pack name);
    ``veteran``: a Campaign started after a won one ("The Campaign" A-B).
    """
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


def active_hero(state: dict) -> dict:
    return state["heroes"][state["active_hero"]]


def hero_index(state: dict, number: int | None) -> int:
    """The index of Hero ``number`` (1-4) a command names; None: the active hero."""
    if number is None:
        return state["active_hero"]
    if number > len(state["heroes"]):
        raise RuleError(f"No Hero {number}", f"This Adventure has {len(state['heroes'])} heroes.")
    return number - 1


def step_data(state: dict) -> dict[str, Any]:
    """The running procedure's step data (empty when none runs): what
    ``ctx.data`` is to a handler, for a step's ``skip`` or a form's choices,
    which see only the state."""
    proc = state.get("procedure")
    return proc["data"] if proc else {}


def active_location(state: dict) -> dict:
    return state["locations"][state["active_location"]]


def find_threat(state: dict, threat_id: int) -> dict | None:
    """The threat with ``threat_id`` in the Threat Area, or None."""
    for threat in state["threat_area"]:
        if threat["id"] == threat_id:
            return threat
    return None


def find_shadow(state: dict, threat_id: int) -> dict | None:
    """The threat with ``threat_id`` in the Shadows, or None."""
    for threat in state["shadows"]:
        if threat is not None and threat["id"] == threat_id:
            return threat
    return None


def shadow_label(index: int) -> str:
    """The Shadows space at ``index``: 0 is 'Sneak 1', next to the Threat Area."""
    return f"Sneak {index + 1}"


def starred_values(threat: dict, starred: bool | list[str]) -> list[str]:
    """The * values of ``threat``: ``True`` (every value it has), or a list."""
    if starred is True:
        return [v for v in DAMAGE_VALUES if threat[v] > 0]
    return [v for v in DAMAGE_VALUES if starred and v in starred]


def migrate_3_to_4(state: dict) -> dict:
    """Schema 4: a hero may be able to target Shadows (``shadow_reach``, Glossary,
    Shadows); no hero of an older save was. A pack's Threat names the values
    printed with the Multiplayer Symbol (``per_hero``); an older pack named none."""
    for hero in state["heroes"]:
        hero.setdefault("shadow_reach", False)
    if state.get("pack"):
        for card in state["pack"]["threats"].values():
            card.setdefault("per_hero", [])
    return state


def migrate_2_to_3(state: dict) -> dict:
    """Schema 3: ``starred`` is per value (a list), not one flag per Threat; a
    Story knows its hero (``story_of``, unknown for an old save: None); Threats
    returned to the top of the Threat deck (``returned``, none yet)."""
    for threat in [t for t in state["shadows"] if t] + state["threat_area"]:
        threat["starred"] = starred_values(threat, threat["starred"])
        threat.setdefault("story_of", None)
    state.setdefault("returned", [])
    if state.get("pack"):
        for card in state["pack"]["threats"].values():
            card["starred"] = starred_values(card, card["starred"])
    return state


def migrate_1_to_2(state: dict) -> dict:
    """A schema-1 save (the foundation slice) gains the Action Power Track,
    damage tokens, Locations, the Threat deck and the Campaign sheet."""
    variant = state.get("variant", "standard")
    for hero in state["heroes"]:
        fresh = new_hero(1, hero["spirit"], hero["max_spirit"])
        for key, value in fresh.items():
            hero.setdefault(key, value)
        hero["story"] = False
    for threat in [t for t in state["shadows"] if t] + state["threat_area"]:
        for key, value in new_threat(threat["id"]).items():
            threat.setdefault(key, value)
    state["campaign"] = new_campaign(variant, 1)
    state["pack"] = None
    heroes = len(state["heroes"])
    state.update({
        "threat_deck": threat_deck_size(heroes, 1, 0),
        "threat_discard": 0,
        "vengeance": "aside",
        "locations": [new_location(i) for i in range(LOCATIONS + 1)],
        "active_location": 0,
        "adventure": {"number": 1, "foes": 1, "plots": plots_needed(heroes)},
    })
    return state
