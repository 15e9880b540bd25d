"""The Threat Area and the Shadows: where a Threat lies, and which one a command may target.

"Explore/Engage" (a Use Engages a Threat in the Threat Area, not the Shadows),
the Glossary's Shadows (heroes cannot target them unless a card says so;
Threats and Location Keywords can) and Returned (out of reach), and a Threat
leaving the table. The forms' Target choices come from here.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel.state import DAMAGE_VALUES, ActionName, Threat, active_hero, active_location, hero_index

# Whose effect a command enters: a hero's (an Action or ability, theirs or a
# Location's) or a Threat's (a Threat ability or a Location Keyword), Glossary, Shadows.
SOURCES = ("hero", "threat")


def from_threat(ctx: Context) -> bool:
    """The command enters a Threat's effect (``source`` "threat"), not a hero's."""
    return ctx.params.get("source", "hero") == "threat"


def find_threat(state: dict, threat_id: int) -> Threat | None:
    """The threat with ``threat_id`` in the Threat Area, or None."""
    for threat in state["threat_area"]:
        if threat["id"] == threat_id:
            return threat
    return None


def find_shadow(state: dict, threat_id: int) -> Threat | None:
    """The threat with ``threat_id`` in the Shadows, or None."""
    for threat in state["shadows"]:
        if threat is not None and threat["id"] == threat_id:
            return threat
    return None


def shadow_label(index: int) -> str:
    """The Shadows space at ``index``: 0 is 'Sneak 1', next to the Threat Area."""
    return f"Sneak {index + 1}"


def shadow_refusal(state: dict, hero_number: int | None, by_threat: bool) -> RuleError | None:
    """Glossary, Shadows: "Heroes cannot target Shadows with Actions, abilities,
    or even Location abilities unless otherwise stated (e.g. the Night Raven's
    Starless Longbow totally removes this restriction). Threats can still target
    Shadows, and Location Keywords and Threat abilities that affect Threats also
    affect Shadows." ``hero_number``: the hero whose effect it is (None: the
    active hero)."""
    if by_threat:
        return None
    hero = state["heroes"][hero_index(state, hero_number)]
    if hero["shadow_reach"]:
        return None
    return RuleError("Heroes cannot target Shadows",
                     f"{hero['name']} cannot target Shadows with Actions, abilities, or even "
                     "Location abilities unless a card says so (the Starless Longbow: "
                     "shadow_reach); Threats and Location Keywords can (Glossary, Shadows).")


def chosen_threat(ctx: Context, threat_id: int | None = None, shadows: bool = True,
                  face_down: bool = False) -> Threat:
    """The Threat a command targets, by id: in the Threat Area, or (``shadows``)
    in the Shadows when the effect may reach them (:func:`shadow_refusal`).
    ``face_down``: the effect needs no values, so a face-down Shadow will do
    (a discard, a return); otherwise the card must be face-up ("Face-down
    Shadows cannot be dealt damage")."""
    state = ctx.state
    threat_id = ctx.params["threat"] if threat_id is None else threat_id
    threat = find_threat(state, threat_id)
    shadow = find_shadow(state, threat_id) if threat is None else None
    if shadow is not None and shadows:
        refusal = shadow_refusal(state, ctx.params.get("hero"), from_threat(ctx))
        if refusal is not None:
            raise refusal
        if not (shadow["revealed"] or face_down):
            raise RuleError("Shadow is face-down",
                            f"{shadow['name']} is face-down in the Shadows: face-down Shadows "
                            "cannot be dealt damage (Glossary, Shadows) and its values are not "
                            "known; a card that reveals it: reveal_shadow.")
        return shadow
    if threat is None:
        ids = ", ".join(str(t["id"]) for t in state["threat_area"]) or "none"
        if shadow is not None:
            where = " Shadows cannot be targeted this way (Glossary, Shadows)."
        elif any(t["id"] == threat_id for t in state["returned"]):
            where = " A Returned Threat cannot be targeted (Glossary, Returned)."
        else:
            where = ""
        raise RuleError(
            f"No Threat {threat_id} in play"[:42],
            f"Threat {threat_id} is not in the Threat Area (in play: {ids}).{where}",
        )
    if not threat["revealed"]:
        raise RuleError("Reveal it first", f"{threat['name']} has not been revealed yet.")
    return threat


def target_threat(ctx: Context, target: str) -> Threat:
    """The Threat a form's Target choice names ("5 Threat 5")."""
    return chosen_threat(ctx, int(target.split()[0]))


def has_threats(state: dict) -> bool:
    """A revealed Threat in the Threat Area, or any Shadow (Glossary, Shadows)."""
    return (any(t["revealed"] for t in state["threat_area"])
            or any(t is not None for t in state["shadows"]))


def threat_values(threat: Threat) -> list[ActionName]:
    """The Threat values it has (a target cannot be dealt tokens of a value it lacks)."""
    return [v for v in DAMAGE_VALUES if threat[v] > 0]


def take_off_table(state: dict, threat: Threat) -> None:
    """``threat`` leaves play: from the Threat Area, or from its space in the
    Shadows, which is left empty (Glossary, Shadows: "Threats can still target
    Shadows")."""
    for index, shadow in enumerate(state["shadows"]):
        if shadow is threat:
            state["shadows"][index] = None
            return
    state["threat_area"].remove(threat)


# --- the forms' Target choices ------------------------------------------------------------


def _area_choices(state: dict) -> list[str]:
    return [f"{t['id']} {t['name']}" for t in state["threat_area"] if t["revealed"]]


def _shadow_choices(state: dict) -> list[str]:
    """Face-up Shadows, by id, name and space ("5 Threat 5 (Sneak 2)")."""
    return [f"{t['id']} {t['name']} ({shadow_label(i)})"
            for i, t in enumerate(state["shadows"]) if t is not None and t["revealed"]]


def _explore_choice(state: dict) -> list[str]:
    location = active_location(state)
    return ["explore"] if location["sneak"] is not None and not location["defeated"] else []


def target_choices(state: dict) -> tuple[str, ...]:
    """What a Used Action can target: revealed Threats in the Threat Area (by
    id and name; "Explore/Engage": "Engage 1 Threat in the Threat Area (not
    Shadows)"), face-up Shadows only for a hero a card lets target them
    (Glossary, Shadows), the Active Location ("explore") and "draw"."""
    shadows = _shadow_choices(state) if active_hero(state)["shadow_reach"] else []
    return tuple(_area_choices(state) + shadows + _explore_choice(state) + ["draw"])


def use_target_refusal(state: dict, target: str) -> RuleError | None:
    """A Use aimed at a Shadow by a hero no card lets target them: the rule's
    own refusal ("Explore/Engage": "Engage 1 Threat in the Threat Area (not
    Shadows)"; Glossary, Shadows)."""
    head = str(target).split()[0] if str(target).split() else ""
    if head.isdigit() and find_shadow(state, int(head)) is not None:
        return shadow_refusal(state, None, False)
    return None


def likely_target(state: dict) -> str:
    """Where the Use (or damage) form's Target starts: the Threat the player most
    likely means. The active hero's own Confronted Threat first (it attacks only
    them, "Multiplayer Coop Mode"); else the Threat already holding the most
    damage tokens (the Action Example Engages "the same Threat" again next
    round); else the first choice (the oldest Threat, or Explore)."""
    threats = [t for t in state["threat_area"] if t["revealed"]]
    mine = [t for t in threats if t["confronted_by"] == state["active_hero"]]
    engaged = sorted((t for t in threats if any(t["damage"].values())),
                     key=lambda t: -sum(t["damage"].values()))
    for threat in mine + engaged:
        return f"{threat['id']} {threat['name']}"
    return target_choices(state)[0]


def damage_targets(state: dict) -> tuple[str, ...]:
    """What an ability can deal damage to: revealed Threats in the Threat Area,
    face-up Shadows (a Threat's ability, or a hero a card lets target them;
    "Face-down Shadows cannot be dealt damage", Glossary, Shadows) and the
    Active Location."""
    return tuple(_area_choices(state) + _shadow_choices(state) + _explore_choice(state))


def likely_damage_target(state: dict) -> str | None:
    target = likely_target(state)
    return target if target != "draw" else None
