"""The Threats a Kreel Manor player tells the box about: revealed, damaged, defeated.

"Threats", "2. Threat Phase", "Damage Tokens", "Defeated Cards", "Stories",
"Multiplayer Coop Mode" (Confront, Spirit Boost) and the Glossary (Returned,
Discard, Shadows). Handlers change ``ctx.state`` and raise RuleError; a refused
command changes nothing. The command list is in :mod:`games.kreel.commands`.
"""

from __future__ import annotations

from games.core import Context, Param, RuleError
from games.kreel import pack, rules
from games.kreel.procedures import need_play, note
from games.kreel.state import (
    ACTIONS,
    KINDS,
    VALUES,
    active_hero,
    active_location,
    find_shadow,
    find_threat,
    shadow_label,
    starred_values,
)

# --- the Threat Area and its choices ----------------------------------------------------


VALUE_LABELS = {
    "fight": "Fight",
    "influence": "Influence",
    "sneak": "Sneak",
    "spirit_cost": "Spirit Cost",
    "spirit_boost": "Spirit Boost",
}


# Whose effect a command enters: a hero's (an Action or ability, theirs or a
# Location's) or a Threat's (a Threat ability or a Location Keyword), Glossary, Shadows.
SOURCES = ("hero", "threat")


def _by_threat(ctx: Context) -> bool:
    return ctx.params.get("source", "hero") == "threat"


def shadow_refusal(state: dict, hero_number: int | None, by_threat: bool) -> RuleError | None:
    """Glossary, Shadows: "Heroes cannot target Shadows with Actions, abilities,
    or even Location abilities unless otherwise stated (e.g. the Night Raven's
    Starless Longbow totally removes this restriction). Threats can still target
    Shadows, and Location Keywords and Threat abilities that affect Threats also
    affect Shadows." ``hero_number``: the hero whose effect it is (None: the
    active hero)."""
    if by_threat:
        return None
    hero = state["heroes"][rules.hero_index(state, hero_number)]
    if hero["shadow_reach"]:
        return None
    return RuleError("Heroes cannot target Shadows",
                     f"{hero['name']} cannot target Shadows with Actions, abilities, or even "
                     "Location abilities unless a card says so (the Starless Longbow: "
                     "shadow_reach); Threats and Location Keywords can (Glossary, Shadows).")


def _threat(ctx: Context, threat_id: int | None = None, shadows: bool = True,
            face_down: bool = False) -> dict:
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
        refusal = shadow_refusal(state, ctx.params.get("hero"), _by_threat(ctx))
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


def has_threats(state: dict) -> bool:
    """A revealed Threat in the Threat Area, or any Shadow (Glossary, Shadows)."""
    return (any(t["revealed"] for t in state["threat_area"])
            or any(t is not None for t in state["shadows"]))


def summary(threat: dict) -> str:
    parts = [f"{VALUE_LABELS[v]} {threat[v]}{'*' if v in threat['starred'] else ''}"
             for v in ("fight", "influence", "sneak") if threat[v]]
    parts.append(f"Spirit {threat['spirit_cost']}")
    if threat["spirit_boost"]:
        parts.append(f"Boost {threat['spirit_boost']}")
    if threat["overkill"]:
        parts.append(f"Overkill {threat['overkill']}")
    parts += [s.capitalize() for s in threat["statuses"]]
    return ", ".join(parts)


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


def target_threat(ctx: Context, target: str) -> dict:
    return _threat(ctx, int(target.split()[0]))


# --- the Threat phase -------------------------------------------------------------------


def turn_face_up(ctx: Context, threat: dict, p: dict) -> str:
    """Copy the card's values into ``threat`` as it is turned face-up: from the
    content pack when the card is chosen by name, else as entered.

    "Game Objective", Multiplayer Symbol: "Wherever this symbol is seen next to
    a value, multiply the listed value by the number of heroes who started the
    Adventure" ("Multiplayer Coop Mode": "Locations and Foes scale up"). The
    pack's ``per_hero`` names those values; the form's ``per_hero`` marks the
    Threat values (Fight, Influence, Sneak). Statuses it already carries (a
    Threat ability gave a Shadow Shield) are kept. Returns a note for the
    player: which values were multiplied, or ""."""
    if p.get("card", pack.BY_VALUES) != pack.BY_VALUES:
        card = ctx.state["pack"]["threats"][p["card"]]
        p = {**{v: card[v] for v in VALUES}, "kind": card["kind"], "starred": card["starred"],
             "overkill": card["overkill"], "bold": "bold" in card["reveal"],
             "shield": "shield" in card["reveal"], "name": p["card"],
             "per_hero": card["per_hero"]}
        threat["group"] = card["group"]
    per_hero = p.get("per_hero", False)
    scaled = per_hero if isinstance(per_hero, list) else [v for v in ACTIONS if per_hero]
    heroes = len(ctx.state["heroes"])
    for value in VALUES:
        threat[value] = p[value] * (heroes if value in scaled else 1)
    threat["kind"] = p["kind"]
    starred = p["starred"] if isinstance(p["starred"], list) else [
        v for v in ACTIONS if p["starred"] and v != p.get("plain", "none")]
    threat["starred"] = [v for v in starred_values(threat, starred) if threat[v]]
    threat["overkill"] = p["overkill"]
    threat["statuses"] += [s for s in ("shield", "bold") if p[s] and s not in threat["statuses"]]
    threat["revealed"] = True
    if threat["kind"] == "vengeance":
        threat["name"] = p.get("name", "Lord's Vengeance")
        ctx.state["vengeance"] = "revealed"
    elif "name" in p:
        threat["name"] = p["name"]
    elif threat["kind"] != "threat":
        threat["name"] = f"{p['kind'].capitalize()} {threat['id']}"
    shown = [VALUE_LABELS[v] for v in VALUES if v in scaled and p[v]]
    return f" ({', '.join(shown)} x{heroes} heroes)" if shown and heroes > 1 else ""


def reveal(ctx: Context) -> None:
    """Enter a revealed Threat's card: "Threats" (Threat values, * values,
    Overkill X, Spirit values, card type) and "Statuses" (a 'Reveal: Bold' or
    'Reveal: Shield' Threat gains that Status as soon as it is revealed).

    A revealed Story goes in front of its hero (:func:`place_story`).
    """
    state = ctx.state
    if not state["revealing"]:
        raise RuleError("Nothing to reveal", "No Threat is waiting to be revealed.")
    threat = find_threat(state, state["revealing"].pop(0))
    scaled = turn_face_up(ctx, threat, ctx.params)
    ctx.data["revealed"] = threat["id"]
    ctx.describe(f"{threat['name']} revealed: {summary(threat)}{scaled}")
    place_story(ctx, threat)
    if threat["kind"] == "vengeance":
        note(ctx, "The Lord's Vengeance cannot be defeated")


def place_story(ctx: Context, threat: dict) -> None:
    """"Stories": "Whenever a Story card is revealed (e.g. at the very start of
    the game), the hero listed at the bottom of the Story card places it in
    front of them. At the beginning of their next Delve Phase they read it
    aloud" (``story_hero``; 0: the active hero), in the Threat phase, by a Scout
    or by a card. A Story with no Threat values and no Spirit Cost leaves play
    (its space in the Shadows empties); one that represents a Threat ("Remain in
    play, giving an ability, or representing a Threat") stays where it is, its
    hero recorded."""
    if threat["kind"] != "story":
        return
    state = ctx.state
    number = ctx.params["story_hero"]
    if number > len(state["heroes"]):
        raise RuleError(f"No Hero {number}", f"This Adventure has {len(state['heroes'])} heroes.")
    threat["story_of"] = number - 1 if number else state["active_hero"]
    state["heroes"][threat["story_of"]]["story"] = True
    if not rules.threat_values(threat) and not threat["spirit_cost"]:
        rules.take_off_table(state, threat)
    note(ctx, "Story: read it at your next Delve")


REVEAL_PARAMS = (
    Param("fight", "int", "Fight", low=0, high=99, default=0),
    Param("influence", "int", "Influence", low=0, high=99, default=0),
    Param("sneak", "int", "Sneak", low=0, high=99, default=0),
    Param("spirit_cost", "int", "Spirit Cost", low=0, high=99, default=0),
    Param("spirit_boost", "int", "Spirit Boost", low=0, high=99, default=0),
    Param("kind", "choice", "Kind", choices=KINDS, default="threat"),
    Param("bold", "bool", "Reveal: Bold", default=False),
    Param("shield", "bool", "Reveal: Shield", default=False),
    Param("starred", "bool", "* values", default=False),
    Param("plain", "choice", "Not *", choices=("none",) + ACTIONS, default="none"),
    Param("overkill", "int", "Overkill", low=0, high=9, default=0),
    Param("per_hero", "bool", "x heroes", default=False),
    Param("card", "choice", "Card", choices_from=pack.threat_names, default=pack.BY_VALUES),
    Param("story_hero", "int", "Story's hero", low=0, high=4, default=0),
)


def add_threat(ctx: Context) -> None:
    """A card says "Add 1 Threat": the Threat Phase procedure, anywhere
    ("2. Threat Phase", Note). The running step resumes afterwards."""
    if ctx.state["revealing"]:
        raise RuleError("Reveal first", "A revealed Threat still needs its values entered.")
    ctx.interrupt("add-threat", {"count": ctx.params["count"]})
    ctx.describe(f"Add {ctx.params['count']} Threat" + ("s" if ctx.params["count"] > 1 else ""))


# --- damage tokens and defeat -----------------------------------------------------------


def _own_story_only(ctx: Context, threat: dict, hero: int, what: str) -> None:
    """"Stories": Stories affect only their listed hero - heroes may not help
    with, affect, or damage other heroes' Stories."""
    owner = threat.get("story_of")
    if threat["kind"] == "story" and owner is not None and owner != hero:
        name = ctx.state["heroes"][owner]["name"]
        raise RuleError(f"{name}'s Story", f"{threat['name']} is {name}'s Story: heroes may "
                        f"not help with, affect, or {what} other heroes' Stories (Stories).")


def damage_threat(ctx: Context, threat: dict, value: str, amount: int, hero: dict,
                  by_threat: bool = False) -> str:
    """Deal ``amount`` tokens of ``value`` to ``threat`` for ``hero`` (who
    defeats it); ``by_threat``: a Threat's ability deals them (no hero helps
    with another hero's Story then)."""
    if not by_threat:
        _own_story_only(ctx, threat, ctx.state["heroes"].index(hero), "damage")
    if value not in rules.threat_values(threat):
        raise RuleError(f"No {value.capitalize()} value",
                        f"{threat['name']} has no {VALUE_LABELS[value]} value: a target cannot "
                        "be dealt damage tokens for a value it does not have (Damage Tokens).")
    placed, why = rules.deal_damage(threat, value, amount)
    text = f"{threat['name']}: {why}" if why else (
        f"{placed} {VALUE_LABELS[value]} on {threat['name']} "
        f"({threat['damage'][value]}/{threat[value]})")
    if rules.is_defeated(threat):
        text += "; " + _defeat(ctx, threat, ctx.state["heroes"].index(hero))
    elif threat["kind"] == "vengeance":
        text += "; it cannot be defeated"
    return text


def _defeat(ctx: Context, threat: dict, by: int) -> str:
    """``threat`` is defeated by hero index ``by`` ("Defeat": the hero who
    defeated it; by another Threat or an ability: the active hero). Solo, its
    Spirit Boost goes to that hero; with more than one hero still in, the Spirit
    Boost "may be applied to any hero" but never split ("Multiplayer Coop
    Mode", Spirit Boost): the box asks who, starting on that hero."""
    state = ctx.state
    heroes_in = [h for h in state["heroes"] if not h["out"]]
    if len(heroes_in) < 2 or not threat["spirit_boost"]:
        return "; ".join(rules.defeat_threat(state, threat, state["heroes"][by]))
    notes = rules.defeat_threat(state, threat, None)
    ctx.interrupt("spirit-boost", {"amount": threat["spirit_boost"], "threat": threat["name"],
                                   "hero": by})
    return "; ".join(notes + [f"Spirit Boost {threat['spirit_boost']}: choose the hero"])


def boost_heroes(state: dict) -> tuple[str, ...]:
    return tuple(h["name"] for h in state["heroes"] if not h["out"])


def boost_default(state: dict) -> str | None:
    data = (state.get("procedure") or {}).get("data", {})
    return state["heroes"][data["hero"]]["name"] if "hero" in data else None


def boost(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Spirit Boost: a defeated Threat's Spirit Boost
    goes whole to one hero still in the Adventure, up to their maximum
    ("Threat Spirit Boost"; "Symbol Explanations", white Spirit symbol)."""
    hero = next(h for h in ctx.state["heroes"] if h["name"] == ctx.params["hero"])
    gained = rules.heal(hero, ctx.data["amount"])
    ctx.describe(f"{ctx.data['threat']}'s Spirit Boost: {hero['name']} +{gained} Spirit")


def explore_active(ctx: Context, amount: int) -> str:
    location = active_location(ctx.state)
    if location["sneak"] is None or location["defeated"]:
        raise RuleError("No Location to explore", "The Active Location is already defeated; the "
                        "next is flipped in the Delve Phase (Defeated Locations).")
    cap = rules.location_sneak(ctx.state, location)
    placed = min(cap, location["damage"] + amount) - location["damage"]
    location["damage"] += placed
    return f"{placed} Sneak on {location['name']} ({location['damage']}/{cap})"


def damage(ctx: Context) -> None:
    """An ability deals damage tokens ("deal 1 Sneak damage", a Hero Action
    ability): not a Use. Same limits as an Action's damage ("Damage Tokens").
    ``hero``: whose ability it is (another hero's Fast ability, Glossary, Fast);
    a Threat it defeats was defeated by that hero ("Defeat"). ``source``
    "threat": a Threat's ability; it may reach a face-up Shadow, and a Threat
    it defeats gives the active hero its Spirit Boost ("Defeat"; Glossary,
    Shadows)."""
    target, value, amount = ctx.params["target"], ctx.params["value"], ctx.params["amount"]
    by_threat = _by_threat(ctx)
    number = None if by_threat else ctx.params.get("hero")
    hero = ctx.state["heroes"][rules.hero_index(ctx.state, number)]
    if target == "explore":
        if value != "sneak":
            raise RuleError("Locations take Sneak", "A Location has only a Sneak value "
                            "(Locations; Damage Tokens).")
        text = explore_active(ctx, amount)
    else:
        text = damage_threat(ctx, target_threat(ctx, target), value, amount, hero, by_threat)
    ctx.describe(text)


# --- what card effects do to Threats ----------------------------------------------------


def defeat(ctx: Context) -> None:
    """An ability defeats a Threat ("Defeated Threats"): as when its value is
    met; a hero regains its Spirit Boost ("Multiplayer Coop Mode", Spirit
    Boost: any one hero, never split). The Lord's Vengeance cannot be defeated.
    A face-up Shadow too, by a Threat's ability or a hero a card lets target
    Shadows (Glossary, Shadows); "Defeated Threats provide any Spirit Boost even
    if they are defeated by other Threats or abilities (in which case any Defeat
    effect or Spirit Boost effects target the active hero)" (Glossary, Defeat)."""
    threat = _threat(ctx)
    if threat["kind"] == "vengeance":
        raise RuleError("It cannot be defeated", "Lord's Vengeance - An invincible Threat, "
                        "nothing can defeat it (Threats; 2. Threat Phase).")
    if ctx.params.get("hero") is None or _by_threat(ctx):
        ctx.describe(_defeat(ctx, threat, ctx.state["active_hero"]))
    else:
        hero = ctx.state["heroes"][rules.hero_index(ctx.state, ctx.params.get("hero"))]
        ctx.describe("; ".join(rules.defeat_threat(ctx.state, threat, hero)))


def discard(ctx: Context) -> None:
    """Discard a Threat: no Defeat effect, no Spirit Boost (Glossary, Discard).
    A Shadow too, face-down or not, by a Threat's ability or a hero a card lets
    target Shadows (Glossary, Shadows); its space is left empty."""
    threat = _threat(ctx, face_down=True)
    rules.discard_threat(ctx.state, threat)
    ctx.describe(f"{threat['name']} discarded")


def return_threat(ctx: Context) -> None:
    """An ability returns a Threat to the top of the Threat deck (Glossary,
    Returned): face-up, tokens kept, out of reach until Add 1 Threat draws it.
    A Shadow too (as it lies, face-down or up), when the effect may reach it
    (Glossary, Shadows)."""
    threat = _threat(ctx, face_down=True)
    rules.return_threat(ctx.state, threat)
    ctx.describe(f"{threat['name']} returned to the top of the Threat deck")


def status(ctx: Context) -> None:
    """Put a Status on a Threat or take it off ("Statuses": Dazed, Shield,
    Bold; a second copy is simply ignored), or Exhaust / reset it (Glossary,
    Exhaust: Exhausted Threats cannot attack). "Threat abilities that affect
    Threats also affect Shadows", face-down ones too (Glossary, Shadows)."""
    threat = _threat(ctx, face_down=True)
    name, on = ctx.params["status"], ctx.params["on"]
    if name == "exhausted":
        threat["exhausted"] = on
        ctx.describe(f"{threat['name']} {'Exhausted' if on else 'reset'}")
        return
    statuses = threat["statuses"]
    if on and name not in statuses:
        statuses.append(name)
    elif not on and name in statuses:
        statuses.remove(name)
    ctx.describe(f"{threat['name']} {'gains' if on else 'loses'} {name.capitalize()}")


def remove_damage(ctx: Context) -> None:
    """An ability removes damage tokens from a Threat ("Defeated Cards":
    "Damage tokens remain on a target until they are removed by an ability or
    the target is defeated"); at most the tokens it holds of that value. A
    Location's tokens are on the dial (``location.damage``)."""
    threat = _threat(ctx)
    value, amount = ctx.params["value"], ctx.params["amount"]
    removed = min(amount, threat["damage"][value])
    threat["damage"][value] -= removed
    ctx.describe(f"{removed} {VALUE_LABELS[value]} removed from {threat['name']} "
                 f"({threat['damage'][value]}/{threat[value]})")


def threat_value(ctx: Context) -> None:
    """Set one of a Threat's values by hand, for card effects ("The Golden
    Rule": effects on cards take precedence). Tokens above a lowered value are
    discarded, and a value met defeats the Threat ("Defeated Cards")."""
    threat = _threat(ctx)
    value, amount = ctx.params["value"], ctx.params["amount"]
    before = threat[value]
    threat[value] = amount
    text = f"{threat['name']} {VALUE_LABELS[value]} {before} \u2192 {amount}"
    if value in threat["damage"] and not threat["overkill"]:
        threat["damage"][value] = min(threat["damage"][value], amount)
    if rules.is_defeated(threat):
        text += "; " + _defeat(ctx, threat, ctx.state["active_hero"])
    ctx.describe(text)


def confront(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Confront Threats: during their Play phase the
    active hero moves a non-Foe Threat from the shared Threat Area to their own
    Hero Threat Area (at most 1 there; no un-Confronting)."""
    state = ctx.state
    if len(state["heroes"]) == 1:
        raise RuleError("Multiplayer only", "Confronting is a Multiplayer Coop Mode rule.")
    need_play(ctx, "A hero may Confront a Threat on their turn (Multiplayer Coop Mode)")
    threat = _threat(ctx, shadows=False)
    hero = state["active_hero"]
    _own_story_only(ctx, threat, hero, "Confront")
    if threat["kind"] == "foe":
        raise RuleError("Foes cannot be Confronted", "Foes cannot be Confronted "
                        "(Multiplayer Coop Mode, Confront Threats).")
    if threat["confronted_by"] is not None:
        raise RuleError("Already Confronted", f"{threat['name']} is already Confronted; heroes "
                        "cannot 'un-Confront' Threats (Multiplayer Coop Mode).")
    if any(t["confronted_by"] == hero for t in state["threat_area"]):
        raise RuleError("1 Confronted at most", "A Hero Threat Area cannot contain more than 1 "
                        "Confronted Threat at a time (Multiplayer Coop Mode, Confront Threats).")
    threat["confronted_by"] = hero
    ctx.describe(f"{active_hero(state)['name']} Confronts {threat['name']}")


# --- the Shadows (Glossary, Shadows; Reveal) ------------------------------------------


def reveal_shadow(ctx: Context) -> None:
    """A card reveals a Shadow in place, not a Use (Glossary, Reveal: "When this
    card is revealed (usually in the Threat phase or from being Scouted)", and
    effects such as 'Reveal all Shadows'): it turns face-up in its space, its
    values entered like a reveal, and its Reveal abilities trigger now."""
    index = ctx.params["shadow"] - 1
    shadows = ctx.state["shadows"]
    if index >= len(shadows) or shadows[index] is None or shadows[index]["revealed"]:
        raise RuleError(f"No face-down Shadow {index + 1}"[:42],
                        f"There is no face-down Threat in the Shadows' Sneak {index + 1} space "
                        "to reveal (Glossary, Reveal; Shadows).")
    threat = shadows[index]
    scaled = turn_face_up(ctx, threat, ctx.params)
    ctx.describe(f"{threat['name']} revealed in {shadow_label(index)}: {summary(threat)}{scaled}")
    place_story(ctx, threat)
    note(ctx, "Resolve its Reveal abilities")


def shadow_reach(ctx: Context) -> None:
    """A card lets a hero target Shadows, or no longer (Glossary, Shadows:
    "unless otherwise stated (e.g. the Night Raven's Starless Longbow totally
    removes this restriction)"): their Actions may Engage a face-up Shadow and
    their abilities reach the Shadows."""
    hero = ctx.state["heroes"][rules.hero_index(ctx.state, ctx.params.get("hero"))]
    hero["shadow_reach"] = ctx.params["on"]
    ctx.describe(f"{hero['name']} {'may' if ctx.params['on'] else 'may no longer'} "
                 "target Shadows")
