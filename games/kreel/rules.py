"""Kreel Manor's checks, limits and the mechanics the procedures share.

Every function cites the rulebook section (rules/kreel-manor.md) it follows.
"""

from __future__ import annotations

from games.core import TrackSpec, queue
from games.kreel.state import KINDS, MAX_SPIRIT_LIMIT, STATUSES, VALUES, new_threat

# --- tracks and limits ------------------------------------------------------------


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["heroes"]) == 1 else f"H{index + 1} {what}"


def tracks(state: dict) -> list[TrackSpec]:
    """The dial-adjustable numbers, the active hero's Spirit first.

    "Spirit Dial": Spirit runs 0..the hero's maximum; "heroes can never heal
    Spirit beyond their maximum Spirit", and '+' Assets may raise that maximum;
    the maximum cannot be turned below the Spirit it caps (lower Spirit first,
    or use ``asset_spirit`` to move both, as an unequipped '+' Asset does).
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
                lambda s, i=i: s["heroes"][i]["max_spirit"],
            )
        )
    for i in order:
        specs.append(
            TrackSpec(
                f"hero{i + 1}.max_spirit",
                _label(state, i, "Max Spirit"),
                f"heroes.{i}.max_spirit",
                lambda s, i=i: max(1, s["heroes"][i]["spirit"]),
                MAX_SPIRIT_LIMIT,
            )
        )
    specs.append(TrackSpec("round", "Round", "round", 0, 999))
    return specs


def invariants(state: dict) -> list[str]:
    """What is broken: Shadows within their spaces, threat values non-negative,
    at most 1 Confronted threat per hero and no Confronted Foe ("Multiplayer
    Coop Mode", Confront Threats)."""
    broken = []
    if len(state["shadows"]) != state["shadow_spaces"]:
        broken.append(f"Shadows hold {len(state['shadows'])} spaces, not {state['shadow_spaces']}")
    threats = [t for t in state["shadows"] if t is not None] + state["threat_area"]
    ids = [t["id"] for t in threats]
    if len(ids) != len(set(ids)):
        broken.append("a threat id is used twice")
    confronted: dict[int, int] = {}
    for t in threats:
        for value in VALUES:
            if not isinstance(t[value], int) or t[value] < 0:
                broken.append(f"{t['name']} {value} = {t[value]!r} is negative")
        if t["kind"] not in KINDS:
            broken.append(f"{t['name']} has unknown kind {t['kind']!r}")
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
    return broken


def end_check(state: dict) -> dict | None:
    """The Adventure's end: "Ending The Game" and "Multiplayer Coop Mode".

    Defeat: a hero at 0 Spirit loses the Adventure (Pressing On is not yet
    supported). Victory: declared in the Delve phase's Victory Check.
    """
    for i, hero in enumerate(state["heroes"]):
        if hero["spirit"] <= 0:
            who = "Spirit 0" if len(state["heroes"]) == 1 else f"{hero['name']} at Spirit 0"
            return {"result": "loss", "text": f"{who}: adventure lost", "hero": i}
    if state["victory"]:
        return {"result": "win", "text": "Adventure Location defeated: victory!"}
    return None


# --- Add 1 Threat -------------------------------------------------------------------


def add_one_threat(state: dict) -> dict | None:
    """"2. Threat Phase", Add 1 Threat: a new face-down Threat goes to Sneak 3,
    every Shadow moves one space (Sneak 3 -> Sneak 2 -> Sneak 1) and the one
    bumped out of Sneak 1 enters the Threat Area and is Revealed.

    Each bullet of the rule is conditioned only on its own space being
    occupied, and the "Round Summary" says "Bump other Threats towards Threat
    Area", so every Shadow moves even past an empty space.

    Returns the threat that entered the Threat Area, or None. A face-down one
    is queued in ``revealing`` for the player to enter its values.
    """
    threat = new_threat(state["next_threat_id"])
    state["next_threat_id"] += 1
    out = queue.push(state["shadows"], threat)
    if out is None:
        return None
    state["threat_area"].append(out)
    if not out["revealed"]:
        state["revealing"].append(out["id"])
    return out


# --- the Spirit phase ----------------------------------------------------------------


def attackers(state: dict) -> list[dict]:
    """The threats that attack the active hero in the Spirit Phase.

    "5. Spirit Phase": each active (not Exhausted) Threat attacks; in
    "Multiplayer Coop Mode" that is the shared Threat Area plus the threats
    this hero Confronted ("a hero takes no damage from Threats Confronted by
    other heroes"). Face-down threats waiting to be revealed do not attack.
    """
    hero = state["active_hero"]
    return [
        t
        for t in state["threat_area"]
        if t["revealed"] and not t["exhausted"] and t["confronted_by"] in (None, hero)
    ]


def attack(threat: dict) -> tuple[int, str]:
    """One threat's attack: Exhaust it and return (Spirit damage, note).

    - "5. Spirit Phase" A: the hero loses Spirit equal to its Spirit Cost.
    - "Statuses", Dazed ii. Threat: the next time it inflicts Spirit damage,
      cancel that damage and discard Dazed. The summary reads "next time this
      Threat would activate, it doesn't", so Bold is not spent (the Golden
      Rule: the option most detrimental to the hero).
    - "Statuses", Bold ii. Threat: the next time it attacks, double its
      Spirit damage, then discard Bold.

    Changes ``threat`` in place (Exhausted, statuses spent).
    """
    threat["exhausted"] = True
    statuses = threat["statuses"]
    if "dazed" in statuses:
        statuses.remove("dazed")
        return 0, "Dazed"
    damage = threat["spirit_cost"]
    if "bold" in statuses:
        statuses.remove("bold")
        return damage * 2, "Bold"
    return damage, ""


def heal(hero: dict, amount: int) -> int:
    """Regain ``amount`` Spirit, never beyond the maximum ("Spirit Dial");
    return how much was regained."""
    gained = max(0, min(amount, hero["max_spirit"] - hero["spirit"]))
    hero["spirit"] += gained
    return gained


def lose_spirit(hero: dict, amount: int) -> int:
    """Lose ``amount`` Spirit, never below 0; return how much was lost."""
    lost = min(max(0, amount), hero["spirit"])
    hero["spirit"] -= lost
    return lost
