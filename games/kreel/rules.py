"""Kreel Manor's tracks, limits, end check and ``settle``.

Every function cites the rulebook section (rules/kreel-manor.md) it follows.
The mechanics are in the topic modules, one per rulebook section
(:mod:`games.kreel.threat_phase`, :mod:`games.kreel.action_track`...).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Context, TrackSpec
from games.kreel.delve_phase import location_sneak
from games.kreel.state import (
    ACTIONS,
    DAMAGE_VALUES,
    KINDS,
    MAX_DIE,
    MAX_SPIRIT_LIMIT,
    STATUSES,
    VALUES,
)

# --- tracks and limits ------------------------------------------------------------


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["heroes"]) == 1 else f"H{index + 1} {what}"


def tracks(state: dict) -> list[TrackSpec]:
    """The dial-adjustable numbers, the active hero's Spirit first.

    "Spirit Dial": Spirit runs 0..the hero's maximum; "heroes can never heal
    Spirit beyond their maximum Spirit", and '+' Assets may raise that maximum;
    the maximum cannot be turned below the Spirit it caps (lower Spirit first,
    or use ``asset_spirit`` to move both, as an unequipped '+' Asset does).
    Whatever brings a hero to 0 Spirit Wounds them (:func:`settle`).

    The Power Dice run 0..6 ("Lose/Gain Power": "simply adjust the Power Die",
    "Limit: 6 Power per Power Die"). A card's gain or loss is entered on these
    dials, so a turn of several steps past a stop is applied up to it
    (``partial``): "A hero cannot lose more Power than they have, or gain more
    than 6 Power to an Action, any extra loss or gain is simply ignored";
    Glossary, Heal X and Reveal: "resolve as much of that effect as possible"
    (Heal 3 at 8/10 gives 10). A turn from the stop itself is refused. A loss
    that is a cost must be paid in full: ``power_effect`` / ``spirit_effect``
    with ``cost``. The active Location's Sneak tokens run
    0..its Sneak value ("Damage Tokens"); the Threat deck counts its cards.
    """
    order = [state["active_hero"]] + [
        i for i in range(len(state["heroes"])) if i != state["active_hero"]
    ]
    specs = []
    for i in order:
        specs.append(
            TrackSpec(
                f"hero{i + 1}.spirit",
                _label(state, i, "Spirit"),
                f"heroes.{i}.spirit",
                0,
                _max_spirit(i),
                partial=True,
            )
        )
        if i == state["active_hero"]:
            specs += _dice_tracks(state, i)
    for i in order[1:]:
        specs += _dice_tracks(state, i)
    for i in order:
        specs.append(
            TrackSpec(
                f"hero{i + 1}.max_spirit",
                _label(state, i, "Max Spirit"),
                f"heroes.{i}.max_spirit",
                _spirit_at_least_1(i),
                MAX_SPIRIT_LIMIT,
                dial=False,
            )
        )
    specs.append(TrackSpec("location.damage", "Location tokens",
                           f"locations.{state['active_location']}.damage", 0,
                           lambda s: location_sneak(s, s["locations"][s["active_location"]])))
    # Counted by the box; a correction fixes them, the dials leave them alone.
    specs.append(TrackSpec("threat_deck", "Threat deck", "threat_deck", 0, 200, dial=False))
    specs.append(TrackSpec("threat_discard", "Threat discard", "threat_discard", 0, 200,
                           dial=False))
    specs.append(TrackSpec("wounds", "Wounds", "campaign.wounds", 0, 20, dial=False))
    specs.append(TrackSpec("round", "Round", "round", 0, 999, dial=False))
    return specs


def _max_spirit(i: int) -> Callable[[dict], int]:
    """Hero ``i``'s Spirit runs up to their maximum ("Spirit Dial")."""
    return lambda s: s["heroes"][i]["max_spirit"]


def _spirit_at_least_1(i: int) -> Callable[[dict], int]:
    """Hero ``i``'s maximum cannot be turned below the Spirit it caps (nor below 1)."""
    return lambda s: max(1, s["heroes"][i]["spirit"])


def _dice_tracks(state: dict, i: int) -> list[TrackSpec]:
    """The hero's three Power Dice and the Skills in their hand."""
    return [
        TrackSpec(f"hero{i + 1}.{a}_die", _label(state, i, f"{a.capitalize()} die"),
                  f"heroes.{i}.actions.{a}.die", 0, MAX_DIE, partial=True)
        for a in ACTIONS
    ] + [TrackSpec(f"hero{i + 1}.hand", _label(state, i, "Hand"), f"heroes.{i}.hand", 0, 40)]


def invariants(state: dict) -> list[str]:
    """What is broken: Shadows within their spaces, threat values non-negative,
    damage tokens within their values (Overkill threats excepted, "Damage
    Tokens"), each Action Power Track a permutation of slots 1-3, at most 1
    Confronted threat per hero and no Confronted Foe ("Multiplayer Coop Mode",
    Confront Threats)."""
    broken = []
    if len(state["shadows"]) != state["shadow_spaces"]:
        broken.append(f"Shadows hold {len(state['shadows'])} spaces, not {state['shadow_spaces']}")
    threats = [t for t in state["shadows"] if t is not None] + state["threat_area"]
    ids = [t["id"] for t in threats + state["returned"]]
    if state["threat_deck"] < len(state["returned"]):
        broken.append(f"the Threat deck counts {state['threat_deck']} cards under "
                      f"{len(state['returned'])} Returned on top")
    if len(ids) != len(set(ids)):
        broken.append("a threat id is used twice")
    confronted: dict[int, int] = {}
    for t in threats:
        for value in VALUES:
            if not isinstance(t[value], int) or t[value] < 0:
                broken.append(f"{t['name']} {value} = {t[value]!r} is negative")
        for value in DAMAGE_VALUES:
            tokens = t["damage"][value]
            if tokens < 0 or (tokens and not t[value]):
                broken.append(f"{t['name']} holds {tokens} {value} tokens without the value")
            if not t["overkill"] and tokens > t[value]:
                broken.append(f"{t['name']} holds {tokens} {value} tokens over {t[value]}")
        if t["kind"] not in KINDS:
            broken.append(f"{t['name']} has unknown kind {t['kind']!r}")
        if (not isinstance(t["starred"], list) or any(v not in DAMAGE_VALUES for v in t["starred"])
                or len(set(t["starred"])) != len(t["starred"])):
            broken.append(f"{t['name']} has bad * values {t['starred']!r}")
        if any(s not in STATUSES for s in t["statuses"]) or len(set(t["statuses"])) != len(t["statuses"]):
            broken.append(f"{t['name']} has bad statuses {t['statuses']!r}")
        hero = t["confronted_by"]
        if hero is not None:
            confronted[hero] = confronted.get(hero, 0) + 1
            if t["kind"] == "foe":
                broken.append(f"{t['name']} is a Foe and cannot be Confronted")
    for hero, count in confronted.items():
        if count > 1:
            broken.append(f"Hero {hero + 1} Confronts {count} threats (at most 1)")
    for hero in state["heroes"]:
        slots = sorted(a["slot"] for a in hero["actions"].values())
        if slots != [1, 2, 3]:
            broken.append(f"{hero['name']}'s Actions are in slots {slots}, not 1, 2, 3")
        if hero["tilts"] > 1:
            broken.append(f"{hero['name']} Tilted {hero['tilts']} times this round")
    return broken


def end_check(state: dict) -> dict | None:
    """The Campaign's end ("The Campaign", "Wounds", "Multiplayer Coop Mode"):
    the hero (team) dies at the Wound limit, or wins Adventure 5. An Adventure's
    own end is the Game End procedure, not the end of the game."""
    return state["campaign"].get("over")


# --- Spirit at 0 ("Ending The Game", "Multiplayer Coop Mode", Defeat - Wounds) ---------


def settle(ctx: Context) -> None:
    """After every accepted command (a dial turn, a correction, an attack, an
    unequipped Asset...): a hero at 0 Spirit who is still in the Adventure is
    Wounded at once ("Game Objective", Defeat: "The hero immediately loses the
    Adventure if they run out of Spirit"; "Ending The Game"; "Multiplayer Coop
    Mode", Defeat - Wounds), unless an Adventure's end is already being
    resolved. The running step resumes afterwards when the team Presses On."""
    state = ctx.state
    running = (state.get("procedure") or {}).get("name")
    if running in ("wounded", "game-end") or state["campaign"].get("over"):
        return
    for i, hero in enumerate(state["heroes"]):
        if hero["spirit"] <= 0 and not hero["out"]:
            ctx.interrupt("wounded", {"hero": i})
            return
