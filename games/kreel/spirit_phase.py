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
from games.kreel.state import MAX_SPIRIT_LIMIT, Hero, Threat, active_hero, hero_index


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
    """
    hero = state["active_hero"]
    return [
        t
        for t in state["threat_area"]
        if t["revealed"] and not t["exhausted"] and t["confronted_by"] in (None, hero)
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


# --- the Spirit Dial's maximum -------------------------------------------------------------


def asset_spirit(ctx: Context) -> None:
    """Equip (+) or unequip (-) an Asset with a Spirit bonus: it changes the
    hero's current and maximum Spirit together ("Symbol Explanations", the
    'plus number' on Spirit)."""
    hero = ctx.state["heroes"][hero_index(ctx.state, ctx.params.get("hero"))]
    delta = ctx.params["delta"]
    new_max = hero["max_spirit"] + delta
    if not 1 <= new_max <= MAX_SPIRIT_LIMIT:
        raise RuleError(f"Max Spirit 1..{MAX_SPIRIT_LIMIT}",
                        f"{hero['name']}'s maximum Spirit would be {new_max}.")
    hero["max_spirit"] = new_max
    hero["spirit"] = max(0, min(new_max, hero["spirit"] + delta))
    ctx.describe(f"{hero['name']} Spirit {hero['spirit']}/{new_max} (Asset {delta:+d})")
