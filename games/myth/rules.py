"""Myth: Dark Frontier's tracked values, limits and end: what the engine checks
after every command.

Every function cites the rulebook section (rules/myth-dark-frontier.md) it
follows. The mechanics are in the modules named after the rulebook's
sections (games/README.md).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import TrackSpec
from games.myth.board import farrenroc
from games.myth.state import (
    FATE_FACES,
    MAX_ASSETS,
    MAX_MINIONS,
    MAX_STRUCTURES,
    RANKS,
    RESOURCES,
    SKILLS,
    TRACK_SPACES,
    TRACKS,
    area_name,
    structures,
)


def _track_low(track: str) -> Callable[[dict], int]:
    """"The Siege": a track that reached the siege icon cannot be reduced."""
    return lambda s: TRACK_SPACES if s["conquest"][track] >= TRACK_SPACES else 1


def _damage_high(hero: int) -> Callable[[dict], int]:
    """"Damage and Healing": damage equal to the vitality defeats the hero, so
    the damage a hero can carry is one less."""
    return lambda s: max(0, s["heroes"][hero]["vitality"] - 1)


def _vitality_low(hero: int) -> Callable[[dict], int]:
    """A hero's vitality never drops to the damage they carry (one above it at least)."""
    return lambda s: s["heroes"][hero]["damage"] + 1


def tracks(state: dict) -> list[TrackSpec]:
    """The tracked numbers. On the dial (the Menhir dial cycles through them):
    stability, the reserves, the conquest tracks (corrections: a dial turn
    resolves no ability) and the heroes' damage. Off the dial (``correct``
    still sets them, their bounds still hold): the values set once at Setup
    and changed only by card effects: each hero's skills and vitality ("Skill":
    different game effects can modify a hero's skills), assets and burdens, and
    the enemy sheet's values ("Enemy Sheet")."""
    specs = [TrackSpec("stability", "Stability", "stability", 0, 10)]
    for kind in RESOURCES:
        specs.append(TrackSpec(kind, kind.capitalize(), f"reserves.{kind}", 0, 10))
    for track in TRACKS:
        specs.append(TrackSpec(track, track.capitalize(), f"conquest.{track}",
                               _track_low(track), TRACK_SPACES))
    for i in range(len(state["heroes"])):
        specs.append(TrackSpec(f"hero{i + 1}.damage", f"H{i + 1} damage", f"heroes.{i}.damage",
                               0, _damage_high(i)))
    for i in range(len(state["heroes"])):
        for skill in SKILLS:
            specs.append(TrackSpec(f"hero{i + 1}.{skill}", f"H{i + 1} {skill}",
                                   f"heroes.{i}.{skill}", 0, 9, dial=False))
        specs.append(TrackSpec(f"hero{i + 1}.vitality", f"H{i + 1} vitality",
                               f"heroes.{i}.vitality",
                               _vitality_low(i), 20, dial=False))
        specs.append(TrackSpec(f"hero{i + 1}.assets", f"H{i + 1} assets", f"heroes.{i}.assets",
                               0, MAX_ASSETS, dial=False))
        specs.append(TrackSpec(f"hero{i + 1}.burdens", f"H{i + 1} burdens",
                               f"heroes.{i}.burdens", 0, 20, dial=False))
    for rank in RANKS:
        specs.append(TrackSpec(f"{rank}.vitality", f"{rank.capitalize()} vitality",
                               f"enemy.{rank}.vitality", 1, 20, dial=False))
        for key in ("attack", "defence"):
            specs.append(TrackSpec(f"{rank}.{key}", f"{rank.capitalize()} {key}",
                                   f"enemy.{rank}.{key}", 0, 10, dial=False))
    return specs


def marching(state: dict) -> bool:
    """A March's movement is under way (waiting for a tied minion's answer, or
    for a card effect started meanwhile): "During enemy movement, more than
    three minions may end their movement in Farrenroc" until all movement is
    resolved ("Enemy Movement")."""
    proc = state.get("procedure")
    while proc:
        if "march_before" in proc["data"]:
            return True
        proc = proc["data"].get("resume")
    return False


def invariants(state: dict) -> list[str]:
    """"Glossary", Area: at most 3 minions (Farrenroc may hold more while a March's
    movement is under way, :func:`marching`, and as it stood when the game was
    lost during one); Fortify: at most 6 structures,
    basic locations only; 20 minions and 4 captains in all; "Encounter
    Cards": three assets at most per hero."""
    broken = []
    board = state["board"]["areas"]
    home = farrenroc(state["board"])
    on_board = 0
    captains = 0
    for area_id, area in state["areas"].items():
        excess_allowed = area_id == home and (marching(state) or state.get("over"))
        if len(area["minions"]) > MAX_MINIONS and not excess_allowed:
            broken.append(f"{area_name(state, area_id)} holds {len(area['minions'])} minions")
        if area["structure"] and board[area_id]["type"] not in (
                "village", "sanctuary", "dungeon", "ruins"):
            broken.append(f"structure in special location {area_id}")
        on_board += len(area["minions"])
        captains += len(area["captains"])
    for hero in state["heroes"]:
        if not 0 <= hero.get("assets", 0) <= MAX_ASSETS:
            broken.append(f"{hero['name']} holds {hero['assets']} assets")
    if structures(state) > MAX_STRUCTURES:
        broken.append(f"{structures(state)} structures")
    pending = sum(o["count"] for o in state.get("overruns", []))
    if on_board + state["supply"]["minions"] + pending != 20:
        broken.append(f"minions: {on_board} on board + {state['supply']['minions']} out of play")
    if captains + state["supply"]["captains"] != 4:
        broken.append(f"captains: {captains} on board + {state['supply']['captains']} out of play")
    if len(state["fate"]) not in (0, 5) or any(f not in FATE_FACES for f in state["fate"]):
        broken.append(f"fate pool {state['fate']!r}")
    return broken


def end_check(state: dict) -> dict | None:
    """"End of Game" / "Object of the Game"."""
    if state["stability"] <= 0:
        return {"result": "loss", "text": "Farrenroc has fallen: stability 0"}
    if state["boss"].get("defeated"):
        return {"result": "win", "text": "The boss is defeated: Farrenroc stands"}
    if state["final_done"]:
        return {"result": "win", "text": "The final objective is complete"}
    return None
