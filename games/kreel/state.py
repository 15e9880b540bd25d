"""Kreel Manor's state: plain JSON data beside the engine's core keys.

Shape (documented for players in ``docs/games/kreel-manor.md``)::

    {
      "round": 3,                  # rounds begun; each hero's round counts
      "active_hero": 0,            # index into heroes, whose round it is
      "variant": "standard",       # Difficulty Variants that change the setup
      "shadow_spaces": 3,
      "shadows": [t | null, ...],  # index 0 is the Sneak 1 space
      "threat_area": [t, ...],     # shared area plus Confronted threats
      "revealing": [id, ...],      # threats waiting for their values
      "next_threat_id": 7,
      "defeated": [{"id", "name", "kind"}], "discarded": [...],
      "heroes": [{"name": "Hero 1", "spirit": 9, "max_spirit": 10}],
      "victory": false,
    }

A threat ``t`` is one dict, face-down (``revealed`` false, values 0) until it
is revealed; see :func:`new_threat`.
"""

from __future__ import annotations

from games.core import queue

SCHEMA_VERSION = 1

# "Glossary", Shadows: "Area containing 3 spaces for Threats".
SHADOW_SPACES = 3

# "Difficulty Variants": the variants that change how an Adventure is set up,
# with the number of additional Shadows each adds.
VARIANTS = {
    "standard": 0,
    "valims-dungeoneer": 1,  # "Add 1 additional Shadow when setting up each Adventure."
    "masklaws-abyss": 2,  # "Add 2 additional Shadows when setting up each Adventure."
}

# "Threats": Foes, Plots and Stories are all types of Threats.
KINDS = ("threat", "plot", "foe", "story")

# "Statuses" that a Threat can carry (Dazed, Shield, Bold).
STATUSES = ("dazed", "shield", "bold")

# "Threats have a number of Threat values" and "a number of Spirit values".
VALUES = ("fight", "influence", "sneak", "spirit_cost", "spirit_boost")

MAX_SPIRIT_LIMIT = 30


def new_hero(number: int, spirit: int, max_spirit: int) -> dict:
    """A hero's Spirit Dial ("Setup" 3. Spirit Dial) and maximum (Hero Board)."""
    return {"name": f"Hero {number}", "spirit": spirit, "max_spirit": max_spirit}


def new_threat(threat_id: int) -> dict:
    """A Threat drawn face-down from the Threat deck, named after its id."""
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
        "statuses": [],
        "exhausted": False,
        "confronted_by": None,
    }


def new_adventure(state: dict, heroes: int, spirit: int, max_spirit: int, variant: str) -> None:
    """Fill ``state`` (which holds only the core keys) with a new Adventure."""
    state.update(
        {
            "round": 0,
            "active_hero": 0,
            "variant": variant,
            "shadow_spaces": SHADOW_SPACES,
            "shadows": queue.empty(SHADOW_SPACES),
            "threat_area": [],
            "revealing": [],
            "next_threat_id": 1,
            "defeated": [],
            "discarded": [],
            "heroes": [new_hero(n + 1, spirit, max_spirit) for n in range(heroes)],
            "victory": False,
        }
    )


def active_hero(state: dict) -> dict:
    return state["heroes"][state["active_hero"]]


def find_threat(state: dict, threat_id: int) -> dict | None:
    """The threat with ``threat_id`` in the Threat Area, or None."""
    for threat in state["threat_area"]:
        if threat["id"] == threat_id:
            return threat
    return None


def shadow_label(index: int) -> str:
    """The Shadows space at ``index``: 0 is 'Sneak 1', next to the Threat Area."""
    return f"Sneak {index + 1}"
