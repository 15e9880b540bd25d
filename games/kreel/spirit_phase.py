"""5. Spirit Phase: the Threats attack, the hero Blocks, the rest is Spirit lost.

"5. Spirit Phase" A-C, "Statuses" (Dazed, Bold and Shield on an attack), the
"Spirit Dial" (Spirit never above the maximum, never below 0) and "Symbol
Explanations" (a '+' Asset on Spirit). The steps are in
:mod:`games.kreel.procedures`; a hero brought to 0 Spirit is Wounded by
:func:`games.kreel.rules.settle`.
"""

from __future__ import annotations

from typing import TypedDict, cast

from games.core import Context, RuleError, step_data
from games.kreel.state import MAX_SPIRIT_LIMIT, Hero, Threat, active_hero, hero_in_play


class SpiritData(TypedDict, total=False):
    """What the Spirit phase keeps between its steps."""

    attack: int  # A. the total the attackers deal
    block: int  # B. the Block points played
    lost: int  # C. the Spirit the hero lost


def attackers(state: dict) -> list[Threat]:
    """The threats that attack the active hero in the Spirit Phase.

    "5. Spirit Phase": each active (not Exhausted) Threat attacks; in
    "Multiplayer Coop Mode" that is the shared Threat Area plus the threats
    this hero Confronted ("a hero takes no damage from Threats Confronted by
    other heroes"). Face-down threats waiting to be revealed do not attack.
    "Stories": "Stories affect only their listed hero", so another hero's
    Story does not attack this one.
    """
    hero = state["active_hero"]
    return [
        t
        for t in state["threat_area"]
        if t["revealed"] and not t["exhausted"] and t["confronted_by"] in (None, hero)
        and t.get("story_of") in (None, hero)
    ]


def attack(threat: Threat) -> tuple[int, str]:
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


def heal(hero: Hero, amount: int) -> int:
    """Regain ``amount`` Spirit, never beyond the maximum ("Spirit Dial");
    return how much was regained."""
    gained = max(0, min(amount, hero["max_spirit"] - hero["spirit"]))
    hero["spirit"] += gained
    return gained


def lose_spirit(hero: Hero, amount: int) -> int:
    """Lose ``amount`` Spirit, never below 0; return how much was lost."""
    lost = min(max(0, amount), hero["spirit"])
    hero["spirit"] -= lost
    return lost


# --- the steps and the Block prompt ----------------------------------------------------


def attacks(ctx: Context) -> None:
    """"5. Spirit Phase" A. Attacks: every active threat attacks and is Exhausted."""
    total = 0
    parts = []
    for threat in attackers(ctx.state):
        damage, why = attack(threat)
        total += damage
        parts.append(f"{threat['name']} {damage}" + (f" ({why})" if why else ""))
    data = cast(SpiritData, ctx.data)
    data["attack"] = total
    data["block"] = 0
    ctx.note(f"Attacks: {', '.join(parts) or 'none'} = {total}")


def nothing_to_block(state: dict) -> bool:
    return not cast(SpiritData, step_data(state)).get("attack")


def block(ctx: Context) -> None:
    """"5. Spirit Phase" B. Block: each point prevents 1 Spirit of the total."""
    data = cast(SpiritData, ctx.data)
    data["block"] = ctx.params["points"]
    ctx.describe(f"Block {ctx.params['points']} of {data.get('attack', 0)}")


def lose(ctx: Context) -> None:
    """"5. Spirit Phase" B. Block reduces the total; the hero loses the rest;
    a Shielded hero cancels all of that damage and discards Shield
    ("Statuses", Shield). C. Wounds: at 0 Spirit the Adventure is lost (the
    Game's ``settle`` starts the Wounded procedure after this command)."""
    data = cast(SpiritData, ctx.data)
    hero = active_hero(ctx.state)
    damage = max(0, data["attack"] - data["block"])
    if damage and "shield" in hero["statuses"]:
        hero["statuses"].remove("shield")
        data["lost"] = 0
        ctx.note(f"{hero['name']}'s Shield cancels {damage} Spirit damage")
        return
    lost = lose_spirit(hero, damage)
    data["lost"] = lost
    ctx.note(f"{hero['name']} loses {lost} Spirit ({hero['spirit']} left)")


def spirit_effect(ctx: Context) -> None:
    """An effect heals (``amount`` > 0) or takes (< 0) a hero's Spirit.

    Glossary, Heal X: "Restore X Spirit to the active hero"; "Spirit Dial":
    "heroes can never heal Spirit beyond their maximum Spirit"; Glossary,
    Reveal: "resolve as much of that effect as possible" (Heal 3 at 8/10 gives
    10), and one that cannot be resolved at all "is ignored". "Symbol
    Explanations": the white Spirit symbol "can be used on any hero" in the
    multiplayer game (``hero``); the black one: the hero "loses X Spirit",
    Spirit damage, down to 0 at most (at 0 the hero is Wounded, :func:`settle`).
    "Statuses", Shield: the next time the hero is damaged, all of it is
    cancelled and Shield discarded. Glossary, Reveal, Exception: a loss that is
    a ``cost`` is not damage, and must be fully paid."""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    amount, cost = ctx.params["amount"], ctx.params["cost"]
    name = hero["name"]
    if amount == 0:
        raise RuleError("Spirit 0: nothing", "Enter the Spirit the effect heals (+) or loses (-).")
    if amount > 0:
        gained = heal(hero, amount)
        rest = f" ({amount - gained} past the maximum ignored)" if gained < amount else ""
        ctx.describe(f"{name} heals {gained} Spirit: {hero['spirit']}/{hero['max_spirit']}{rest}")
        return
    if cost:
        if hero["spirit"] < -amount:
            raise RuleError(f"Cost {-amount}: Spirit {hero['spirit']}",
                            f"The cost of {-amount} Spirit cannot be fully paid: {name} has "
                            f"{hero['spirit']} (Glossary, Reveal, Exception: an ability with a "
                            "cost cannot be activated unless that cost is fully paid).")
    elif "shield" in hero["statuses"]:
        hero["statuses"].remove("shield")
        ctx.describe(f"{name}'s Shield cancels {-amount} Spirit damage")
        return
    lost = lose_spirit(hero, -amount)
    ctx.describe(f"{name} loses {lost} Spirit: {hero['spirit']}/{hero['max_spirit']}"
                 + (" (cost)" if cost else ""))


# --- the Spirit Dial's maximum -------------------------------------------------------------


def asset_spirit(ctx: Context) -> None:
    """Equip (+) or unequip (-) an Asset with a Spirit bonus: it changes the
    hero's current and maximum Spirit together ("Symbol Explanations", the
    'plus number' on Spirit)."""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    delta = ctx.params["delta"]
    new_max = hero["max_spirit"] + delta
    if not 1 <= new_max <= MAX_SPIRIT_LIMIT:
        raise RuleError(f"Max Spirit 1..{MAX_SPIRIT_LIMIT}",
                        f"{hero['name']}'s maximum Spirit would be {new_max}.")
    hero["max_spirit"] = new_max
    hero["spirit"] = max(0, min(new_max, hero["spirit"] + delta))
    ctx.describe(f"{hero['name']} Spirit {hero['spirit']}/{new_max} (Asset {delta:+d})")
