"""Damage tokens and defeat, and what card effects do to Threats.

"Damage Tokens", "Defeated Cards", "Multiple Threat Values", "Overkill X",
"Defeated Threats/Plots/Stories/Foes", "Exiled Cards", "Threat Spirit Boost",
"Statuses" on a Threat, and the Glossary (Defeat, Discard, Returned, Exhaust,
Shadows). A Use deals its damage through :func:`damage_threat`
(:mod:`games.kreel.action_track`); the Spirit Boost a team shares is asked by
the ``spirit-boost`` procedure (:mod:`games.kreel.multiplayer`).
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel.delve_phase import explore_active
from games.kreel.spirit_phase import heal
from games.kreel.state import VALUE_LABELS, ActionName, Hero, Threat, ValueName, hero_in_play
from games.kreel.stories import own_story_only
from games.kreel.threat_area import (
    chosen_threat,
    from_threat,
    take_off_table,
    target_threat,
    threat_values,
)

DEFEAT_NOTES = {
    "threat": "to the discard pile",
    "foe": "set aside (Exiled)",
    "plot": "set aside: choose its story option",
    "story": "set aside: resolve its Defeat ability",
}


def deal_damage(threat: Threat, value: ActionName, amount: int) -> tuple[int, str]:
    """Deal ``amount`` tokens of ``value``; return (tokens placed, note).

    "Damage Tokens": a target cannot hold tokens exceeding its Threat value
    (except Overkill Foes), the excess is discarded. "Statuses", Shield: the
    next time the Threat is damaged, cancel all of that damage and discard
    Shield.
    """
    if amount <= 0:
        return 0, ""
    if "shield" in threat["statuses"]:
        threat["statuses"].remove("shield")
        return 0, "Shield cancels the damage"
    tokens = threat["damage"][value] + amount
    cap = 99 if threat["overkill"] else threat[value]
    placed = min(tokens, cap) - threat["damage"][value]
    threat["damage"][value] += placed
    return placed, ""


def is_defeated(threat: Threat) -> bool:
    """"Defeated Cards" / "Multiple Threat Values": matching tokens equal to or
    above one of its plain values defeats it; its * values count only together
    ("Multiple Threat Values with * symbols": ALL of these Threat values must
    be defeated). Read per value, as the rulebook words both: a card mixing
    them is defeated by any one plain value, or by all of its * values. The
    Lord's Vengeance cannot be defeated."""
    if threat["kind"] == "vengeance":
        return False
    values = threat_values(threat)
    met = {v: threat["damage"][v] >= threat[v] for v in values}
    starred = [v for v in values if v in threat["starred"]]
    plain = [v for v in values if v not in threat["starred"]]
    return any(met[v] for v in plain) or (bool(starred) and all(met[v] for v in starred))


def overkill(threat: Threat) -> bool:
    """"Overkill X": the damage exceeds a (selected) Threat value by X or more
    (the Goblin Chief, Overkill 1: 6 Sneak then 7 Fight)."""
    x = threat["overkill"]
    return bool(x) and any(threat["damage"][v] >= threat[v] + x for v in threat_values(threat))


def defeat_threat(state: dict, threat: Threat, hero: Hero | None) -> list[str]:
    """A Threat is defeated ("Defeated Threats", "Defeated Plots/Stories/Foes",
    "Exiled Cards"): it leaves the Threat Area (or the Shadows); a plain Threat goes to the
    Threat discard pile, a Foe, Plot or Story is set aside; ``hero`` regains
    its Spirit Boost up to their maximum ("Threat Spirit Boost"; None: the
    team chooses who, "Multiplayer Coop Mode", Spirit Boost); Overkill sends
    the hero to its Book of Fables entry. Returns notes for the player."""
    take_off_table(state, threat)
    state["defeated"].append({"id": threat["id"], "name": threat["name"], "kind": threat["kind"]})
    if threat["kind"] == "threat":
        state["threat_discard"] += 1
    notes = [f"{threat['name']} defeated: {DEFEAT_NOTES[threat['kind']]}"]
    if hero is not None and threat["spirit_boost"]:
        gained = heal(hero, threat["spirit_boost"])
        notes.append(f"{hero['name']} +{gained} Spirit (Boost)")
    if overkill(threat):
        notes.append(f"Overkill {threat['overkill']}: read its story entry")
    return notes


def return_to_deck(state: dict, threat: Threat) -> None:
    """Glossary, Returned: an ability returns a Threat to the top of the Threat
    deck; it remains face-up with its tokens, is not a Shadow and cannot be
    targeted (it leaves any Hero Threat Area). The next Add 1 Threat draws it.
    A Shadow returned stays as it was, face-down or face-up."""
    take_off_table(state, threat)
    threat["confronted_by"] = None
    state["returned"].append(threat)
    state["threat_deck"] += 1


def discard_threat(state: dict, threat: Threat) -> None:
    """Glossary, Discard: to the discard pile, no Defeat, no Spirit Boost (from
    the Threat Area or the Shadows)."""
    take_off_table(state, threat)
    state["discarded"].append({"id": threat["id"], "name": threat["name"], "kind": threat["kind"]})
    state["threat_discard"] += 1


def damage_threat(ctx: Context, threat: Threat, value: ActionName, amount: int, hero: Hero,
                  by_threat: bool = False) -> str:
    """Deal ``amount`` tokens of ``value`` to ``threat`` for ``hero`` (who
    defeats it); ``by_threat``: a Threat's ability deals them (no hero helps
    with another hero's Story then)."""
    if not by_threat:
        own_story_only(ctx, threat, ctx.state["heroes"].index(hero), "damage")
    if value not in threat_values(threat):
        raise RuleError(f"No {value.capitalize()} value",
                        f"{threat['name']} has no {VALUE_LABELS[value]} value: a target cannot "
                        "be dealt damage tokens for a value it does not have (Damage Tokens).")
    placed, why = deal_damage(threat, value, amount)
    text = f"{threat['name']}: {why}" if why else (
        f"{placed} {VALUE_LABELS[value]} on {threat['name']} "
        f"({threat['damage'][value]}/{threat[value]})")
    if is_defeated(threat):
        text += "; " + _defeat(ctx, threat, ctx.state["heroes"].index(hero))
    elif threat["kind"] == "vengeance":
        text += "; it cannot be defeated"
    return text


def boost_receivers(state: dict, threat: Threat) -> list[int]:
    """The heroes (indexes) a defeated Threat's Spirit Boost may go to: every
    hero still in the Adventure ("Multiplayer Coop Mode", Spirit Boost: "may be
    applied to any hero"; Pressing On: the Wounded hero's elements are out of
    play); a Story's only to its listed hero ("Stories": "Stories affect only
    their listed hero")."""
    heroes_in = [i for i, h in enumerate(state["heroes"]) if not h["out"]]
    owner = threat["story_of"] if threat["kind"] == "story" else None
    return [owner] if owner in heroes_in else heroes_in


def _defeat(ctx: Context, threat: Threat, by: int) -> str:
    """``threat`` is defeated by hero index ``by`` ("Defeat": the hero who
    defeated it; by another Threat or an ability: the active hero). With one
    hero who may take its Spirit Boost (solo, the last hero in, a Story's own
    hero), it goes to them; with more, the Spirit Boost "may be applied to any
    hero" but never split ("Multiplayer Coop Mode", Spirit Boost): the box asks
    who, starting on ``by`` (or the first hero in, when ``by`` is out)."""
    state = ctx.state
    receivers = boost_receivers(state, threat)
    if len(receivers) < 2 or not threat["spirit_boost"]:
        hero = state["heroes"][receivers[0]] if receivers else None
        return "; ".join(defeat_threat(state, threat, hero))
    notes = defeat_threat(state, threat, None)
    start = by if by in receivers else receivers[0]
    ctx.interrupt("spirit-boost", {"amount": threat["spirit_boost"], "threat": threat["name"],
                                   "hero": start})
    return "; ".join(notes + [f"Spirit Boost {threat['spirit_boost']}: choose the hero"])


# --- the commands -----------------------------------------------------------------------


def _heroes_own_story_only(ctx: Context, threat: Threat) -> None:
    """A hero's effect (not a Threat's, ``source`` "threat") on a Story: only
    its own hero's, the active one ("Stories": heroes may not help with, affect,
    or damage other heroes' Stories)."""
    if not from_threat(ctx):
        own_story_only(ctx, threat, ctx.state["active_hero"], "affect")


def damage(ctx: Context) -> None:
    """An ability deals damage tokens ("deal 1 Sneak damage", a Hero Action
    ability): not a Use. Same limits as an Action's damage ("Damage Tokens").
    ``hero``: whose ability it is (another hero's Fast ability, Glossary, Fast);
    a Threat it defeats was defeated by that hero ("Defeat"). ``source``
    "threat": a Threat's ability; it may reach a face-up Shadow, and a Threat
    it defeats gives the active hero its Spirit Boost ("Defeat"; Glossary,
    Shadows)."""
    target, value, amount = ctx.params["target"], ctx.params["value"], ctx.params["amount"]
    by_threat = from_threat(ctx)
    if by_threat:
        hero = ctx.state["heroes"][ctx.state["active_hero"]]
    else:  # a Wounded hero the team Pressed On without deals no more damage
        hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    if target == "explore":
        if value != "sneak":
            raise RuleError("Locations take Sneak", "A Location has only a Sneak value "
                            "(Locations; Damage Tokens).")
        text = explore_active(ctx, amount)
    else:
        text = damage_threat(ctx, target_threat(ctx, target), value, amount, hero, by_threat)
    ctx.describe(text)


def defeat(ctx: Context) -> None:
    """An ability defeats a Threat ("Defeated Threats"): as when its value is
    met; a hero regains its Spirit Boost ("Multiplayer Coop Mode", Spirit
    Boost: any one hero, never split). The Lord's Vengeance cannot be defeated.
    A face-up Shadow too, by a Threat's ability or a hero a card lets target
    Shadows (Glossary, Shadows); "Defeated Threats provide any Spirit Boost even
    if they are defeated by other Threats or abilities (in which case any Defeat
    effect or Spirit Boost effects target the active hero)" (Glossary, Defeat).
    ``hero``: whose ability it is (default the active hero); refused for a hero
    the team Pressed On without, or on another hero's Story ("Stories")."""
    threat = chosen_threat(ctx)
    if threat["kind"] == "vengeance":
        raise RuleError("It cannot be defeated", "Lord's Vengeance - An invincible Threat, "
                        "nothing can defeat it (Threats; 2. Threat Phase).")
    if from_threat(ctx):
        by = ctx.state["active_hero"]
    else:
        by = hero_in_play(ctx.state, ctx.params.get("hero"))
        own_story_only(ctx, threat, by, "defeat")
    ctx.describe(_defeat(ctx, threat, by))


def discard(ctx: Context) -> None:
    """Discard a Threat: no Defeat effect, no Spirit Boost (Glossary, Discard).
    A Shadow too, face-down or not, by a Threat's ability or a hero a card lets
    target Shadows (Glossary, Shadows); its space is left empty."""
    threat = chosen_threat(ctx, face_down=True)
    _heroes_own_story_only(ctx, threat)
    discard_threat(ctx.state, threat)
    ctx.describe(f"{threat['name']} discarded")


def return_threat(ctx: Context) -> None:
    """An ability returns a Threat to the top of the Threat deck (Glossary,
    Returned): face-up, tokens kept, out of reach until Add 1 Threat draws it.
    A Shadow too (as it lies, face-down or up), when the effect may reach it
    (Glossary, Shadows)."""
    threat = chosen_threat(ctx, face_down=True)
    _heroes_own_story_only(ctx, threat)
    return_to_deck(ctx.state, threat)
    ctx.describe(f"{threat['name']} returned to the top of the Threat deck")


def status(ctx: Context) -> None:
    """Put a Status on a Threat or take it off ("Statuses": Dazed, Shield,
    Bold; a second copy is simply ignored), or Exhaust / reset it (Glossary,
    Exhaust: Exhausted Threats cannot attack). "Threat abilities that affect
    Threats also affect Shadows", face-down ones too (Glossary, Shadows)."""
    threat = chosen_threat(ctx, face_down=True)
    _heroes_own_story_only(ctx, threat)
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
    threat = chosen_threat(ctx)
    _heroes_own_story_only(ctx, threat)
    value: ActionName = ctx.params["value"]
    amount = ctx.params["amount"]
    removed = min(amount, threat["damage"][value])
    threat["damage"][value] -= removed
    ctx.describe(f"{removed} {VALUE_LABELS[value]} removed from {threat['name']} "
                 f"({threat['damage'][value]}/{threat[value]})")


def threat_value(ctx: Context) -> None:
    """Set one of a Threat's values by hand, for card effects ("The Golden
    Rule": effects on cards take precedence). Tokens above a lowered value are
    discarded, and a value met defeats the Threat ("Defeated Cards")."""
    threat = chosen_threat(ctx)
    _heroes_own_story_only(ctx, threat)
    value: ValueName = ctx.params["value"]
    amount = ctx.params["amount"]
    before = threat[value]
    threat[value] = amount
    text = f"{threat['name']} {VALUE_LABELS[value]} {before} \u2192 {amount}"
    if value in threat["damage"] and not threat["overkill"]:
        threat["damage"][value] = min(threat["damage"][value], amount)
    if is_defeated(threat):
        text += "; " + _defeat(ctx, threat, ctx.state["active_hero"])
    ctx.describe(text)
