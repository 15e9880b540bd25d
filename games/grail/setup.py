"""A new Tainted Grail Campaign ("Campaign Setup"): the new-game form and the
state it builds ("Character Setup", "World Setup").

The setup reminders that follow (the Tiles' Attributes and Resources, the
mode's own setup, the Chapter I Setup card) are the ``campaign-setup``
procedure in :mod:`~games.grail.procedures`.
"""

from __future__ import annotations

from games.core import Context, Param, RuleError
from games.grail.state import (
    ADVANCEMENT_POOL,
    ATTRIBUTES,
    DECK_MINIMUM,
    DECKS,
    FIRST_MENHIR_DAYS,
    MODES,
    MODIFIERS,
    RESOURCES,
    START_KEYS,
    START_LOCATION,
    START_MAP,
    TRACK_LIMIT,
    Character,
    new_location,
)

# The new-game form's label of each modifier: at most 20 characters for the OLED, and
# narrow enough to sit beside its place ("15/19") in the OLED's tiny font.
MODIFIER_LABELS = {
    "story": {"encounters": "Story: Encounters", "health_limiter": "Story: no limiter",
              "menhirs_cost": "Story: Menhir cost", "starting_items": "Story: Start Items"},
    "challenge": {"setup": "Chall: Setup", "escaping": "Chall: Escaping", "menhirs_events":
                  "Chall: Menhir/Event", "rest": "Chall: Rest", "advancement": "Chall: Exp costs",
                  "items": "Chall: 5 Items", "mercy": "Chall: No Mercy"},
}


def modifier_params() -> tuple[Param, ...]:
    """One yes/no field per modifier of Story and Challenge mode ("Alternative Modes
    & Appendices": "apply any or all of these modifiers"); all on by default, and
    only the chosen mode's count."""
    return tuple(Param(f"{mode}_{name}", "bool", MODIFIER_LABELS[mode][name], default=True)
                 for mode in ("story", "challenge") for name in MODIFIERS[mode])


def chosen_modifiers(params: dict) -> list[str]:
    """The chosen mode's modifiers switched on in the new-game form."""
    mode = params["mode"]
    return sorted(name for name in MODIFIERS[mode] if params[f"{mode}_{name}"])


SETUP_PARAMS = (
    Param("mode", "choice", "Mode", choices=MODES, default="standard"),
    Param("characters", "int", "Characters", low=1, high=4, default=1),
    Param("energy_top", "int", "Energy top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("energy_start", "int", "Energy start", low=0, high=TRACK_LIMIT, default=5),
    Param("health_top", "int", "Health top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("health_start", "int", "Health start", low=1, high=TRACK_LIMIT, default=6),
    Param("terror_top", "int", "Terror top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("terror_start", "int", "Terror start", low=0, high=TRACK_LIMIT, default=0),
    *modifier_params(),
)


def new_character(index: int, tracks: dict) -> Character:
    """A Character as set up ("Character Setup" III-VI): tracks at their starting slots."""
    return {
        "name": f"Character {index + 1}",
        "number": index + 1,
        "energy": tracks["energy_start"],
        "energy_top": tracks["energy_top"],
        "energy_start": tracks["energy_start"],
        "health": tracks["health_start"],
        "health_top": tracks["health_top"],
        "health_start": tracks["health_start"],
        "terror": tracks["terror_start"],
        "terror_top": tracks["terror_top"],
        "terror_start": tracks["terror_start"],
        "attributes": {a: 0 for a in ATTRIBUTES},
        "resources": {r: 0 for r in RESOURCES},
        "decks": {d: DECK_MINIMUM for d in DECKS},
        "pools": {d: ADVANCEMENT_POOL for d in DECKS},
        "skills": 0,
        "location": START_LOCATION,
        "passed": False,
        "dead": False,
    }


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


def setup(ctx: Context) -> None:
    """A new Campaign ("Campaign Setup").

    Character Setup I: the mode, and which of its modifiers apply ("Story Mode",
    "Challenge Mode": "apply any or all"); III-IV: the tracks' starting slots (entered
    here for every Character; each Character's own lengths, Attributes and
    Resources are set with the dials, "correct" or a content pack). World
    Setup I-III: Location 101 with 102/103/104/105 around it, all models on
    101, its Menhir's Dial at 8/7/6/5 days for 1/2/3/4 players. Then the
    setup reminders (the Tiles' Attributes and Resources, the mode's own setup,
    the Chapter I Setup card); the first day skips the Start of the Day, so play
    begins During the Day.
    """
    p = ctx.params
    modifiers = chosen_modifiers(p)
    for track in ("energy", "health", "terror"):
        if p[f"{track}_start"] > p[f"{track}_top"]:
            raise RuleError(f"{track.capitalize()} start > top",
                            f"The {track} start slot {p[f'{track}_start']} is past the track's "
                            f"top slot {p[f'{track}_top']} (Character Setup III-IV).")
    if "health_limiter" not in modifiers and p["energy_start"] > p["health_start"]:
        raise RuleError("Energy above Health",
                        "Energy can never be higher than Health: the Energy marker never passes "
                        "the T-shaped Health marker (Survival Tracks).")
    new_campaign(ctx.state, p["mode"], p["characters"], p, modifiers)
    ctx.start("campaign-setup")
    people = "1 Character" if p["characters"] == 1 else f"{p['characters']} Characters"
    chosen = ", ".join(MODIFIERS[p["mode"]][name] for name in modifiers)
    ctx.describe(f"New {p['mode']} campaign: {people}, Menhir 101 at "
                 f"{FIRST_MENHIR_DAYS[p['characters']]} days" + (f"; {chosen}" if chosen else ""))
