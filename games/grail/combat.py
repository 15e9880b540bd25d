"""Combat ("Combat"): starting one with its Value, Traits and Opportunity attack,
the Victory Check, the end of an Activation (the Opportunity attack, the Enemy
Attack), and Escaping Combat - with Challenge mode's Escape Dial. What
Combat and Diplomacy share is in :mod:`~games.grail.encounters`.
"""

from __future__ import annotations

from typing import TypedDict, cast

from games.core import Context, RuleError
from games.core.dice import named_faces_from_report
from games.grail import encounters
from games.grail.state import CombatEncounter, modifier

# "Combat Encounter Traits", each with the numbers it sets.
TRAITS = {
    "ambush": "Ambush: 1st Activated discards down to 1 card at the start of their 1st Activation",
    "defensive": "Defensive: each 1st Combat card played adds 1 fewer marker to the Pool",
    "fast": "Fast: at most 2 Combat cards per Activation",
    "feint": "Feint: Enemy Attack Damage can't be prevented",
    "guardian": "Guardian: if not defeated, it roams the map",
    "horde": "Horde: each Enemy Attack step, the Active Character discards 2 cards from the top "
             "of their deck",
    "opportunist": "Opportunist: fewer than 2 Combat cards played in an Activation triggers the "
                   "Opportunity attack",
    "rage": "Rage: resolve the Enemy Attack step twice",
    "robber": "Robber: all members at 1 Health or less lose all Wealth and Items; the Encounter "
              "ends (a loss)",
    "rush": "Rush: 1st Activated takes 2 Damage at the start of their 1st Activation",
    "shatter": "Shatter: at the end, all members discard the Weapon Items they used",
    "slow": "Slow: each member draws 1 extra card at the start and at each End of Turn",
}
TRAIT_CHOICES = ("none",) + tuple(TRAITS)

# "Challenge Mode", Escaping Combat: toss a Dial (firmware_bridge/PROTOCOL.md kind "dial").
DIAL_KIND = "dial"
DIAL_FACES = ("skull", "grail")

ESCAPE_ENERGY = 1  # "Escaping Combat": lose 1 Energy
FAST_CARDS = 2  # Fast: at most 2 Combat cards per Activation
OPPORTUNIST_CARDS = 2  # Opportunist: fewer than 2 cards played triggers the Opportunity attack


class EscapeToss(TypedDict):
    """The ``escape-toss`` procedure's data: who tossed the Dial, and the
    procedure the Escape interrupted (:meth:`~games.core.Context.interrupt`)."""

    character: int
    resume: dict | None


def combat(ctx: Context) -> None:
    """"Starting Combat": the Encounter Value to reach with the Combat Pool (a missing
    Value counts as 0); the Pool starts empty and is a dial track. The card's
    Opportunity attack (Damage, Terror) may be entered so the box applies it, and
    its Traits ("Combat Encounter Traits"); a Guardian's Combat has the Guardian trait."""
    gid = ctx.params.get("guardian", 0)
    traits = sorted({t for t in (ctx.params.get("trait", "none"), ctx.params.get("trait2", "none"))
                     if t != "none"})
    if gid and "guardian" not in traits:
        traits = sorted(traits + ["guardian"])
    opportunity = {"damage": ctx.params["opp_damage"], "terror": ctx.params["opp_terror"]}
    encounters.begin(ctx, "combat", {"value": ctx.params["value"], "pool": 0, "opportunity": opportunity},
                     traits, gid)
    for t in traits:
        ctx.note(TRAITS[t])
    ctx.note(f"Reach {ctx.params['value']} markers in the Combat Pool")


def victory_check(ctx: Context, before: int, after: int) -> None:
    """"Victory Check": Combat Pool markers at least the Encounter's Value wins
    (the Combat Pool track's ``on_change``: "After modifying the Pool, perform the
    Victory Check")."""
    won(ctx)


def won(ctx: Context) -> bool:
    """"Victory Check": "Count the Combat Pool markers. If they are at least the
    Encounter's Value, you win" - with a missing Value, 0 ("The Encounter card": "treat
    a missing Value as 0"), so an empty Pool wins. True when the Combat is won."""
    enc = ctx.state["encounter"]
    if enc["pool"] < enc["value"]:
        return False
    encounters.close(ctx, "won", f"Victory ({enc['pool']}/{enc['value']}): Rewards to each member, "
                                 "share the Loot; card to the bottom of its deck; reshuffle your "
                                 "Combat decks")
    return True


def negative_pool(ctx: Context, missing: int) -> None:
    """"Other Combat rules", Negative Combat Pool: "The Pool can never go negative. If an
    Attack or effect would remove more markers than exist, the Active Character's
    controller discards one card from their hand per excess point instead (if no cards,
    discard from the deck top)." The Combat Pool track's ``shortfall``: the Pool stopped
    at 0 and ``missing`` markers were not there. The Active Character, or after
    *Activation done* the member whose Activation it was (the Enemy Attack is applied "to
    the Active Character"); before anyone is Activated the players name them."""
    enc = ctx.state["encounter"]
    if enc is None:
        return
    cards = f"{missing} card{'s' if missing != 1 else ''}"
    index = enc["active"] if enc["active"] is not None else enc.get("last_active")
    who = ctx.state["characters"][index]["name"] if index is not None else "the Active Character"
    ctx.note(f"Negative Combat Pool: {who} discards {cards} from hand (deck top if none)")


# --- the end of an Activation ---------------------------------------------------------------


def check_cards(enc: CombatEncounter, cards: int) -> None:
    """"Combat Encounter Traits", Fast: at most 2 Combat cards per Activation."""
    if "fast" in enc["traits"] and cards > FAST_CARDS:
        raise RuleError("Fast: 2 cards at most",
                        "Fast: each Character can play at most 2 Combat cards per Activation "
                        "(Combat Encounter Traits).")


def opportunity_triggered(enc: CombatEncounter, cards: int) -> bool:
    """"Character Activation", Playing Cards c): "If you played no card this
    Activation, the enemy immediately makes an Opportunity attack"; "Combat
    Encounter Traits", Opportunist: "if a Character doesn't play at least 2 Combat
    cards in step 2, trigger the Opportunity attack" - the same one attack, on a
    wider condition."""
    return cards == 0 or ("opportunist" in enc["traits"] and cards < OPPORTUNIST_CARDS)


def opportunity_attack(ctx: Context, index: int) -> None:
    """The Opportunity attack on the Encounter card, to one Character: the Damage and
    Terror entered from the card when the Combat began (the rulebook gives no
    numbers; 0 and 0 leave it to the players)."""
    enc = ctx.state["encounter"]
    opp = enc.get("opportunity") or {"damage": 0, "terror": 0}
    if opp["damage"] or opp["terror"]:
        encounters.hurt(ctx, index, opp["damage"], opp["terror"], "Opportunity attack")
    else:
        ctx.note(f"Opportunity attack on {ctx.state['characters'][index]['name']}: "
                 "resolve it from the card")


def after_cards(ctx: Context, cards: int) -> CombatEncounter | None:
    """"Character Activation", Playing Cards c): no card played triggers the
    Opportunity attack, "then you draw a card" (with Opportunist too: fewer than 2
    cards trigger it, and the draw still follows 0 cards). A Character the attack
    sends to "You Are Dying" has left and draws nothing. d) "Perform the Victory
    Check" (a Pool already at the Value wins here: a missing Value is 0). Then the
    Enemy Attack. Returns the Combat, or None when it ended."""
    enc = ctx.state["encounter"]
    index = enc["active"]
    if opportunity_triggered(enc, cards):
        opportunity_attack(ctx, index)
        enc = encounters.running(ctx)
        if cards == 0 and enc is not None and index in enc["members"]:
            ctx.note(f"{ctx.state['characters'][index]['name']} draws a card")
    enc = encounters.running(ctx)
    if enc is None or won(ctx):
        return None
    attack = "Enemy Attack by the Pool"
    if "horde" in enc["traits"]:
        attack = "Horde: discard 2 from the deck top; " + attack
    if "rage" in enc["traits"]:
        attack += ", twice (Rage)"
    ctx.note(attack)
    return cast(CombatEncounter, enc)


# --- Escaping Combat -----------------------------------------------------------------------


def escape_combat(ctx: Context, index: int) -> None:
    """"Escaping Combat / Run Away": "at any time during their Activation" (a
    Character when nobody is Active starts their Activation to Escape): lose 1
    Energy, take the Opportunity attack, leave; the others stay. Challenge mode:
    only once per Activation, and a Dial is tossed at its own prompt (the tray
    armed for one ``dial``) - Skull: you remain in Combat; Grail: you Escape.
    "If you Escape a Guardian, place its card on the Location where you
    triggered it"."""
    enc = ctx.state["encounter"]
    c = ctx.state["characters"][index]
    if enc["active"] is None:
        encounters.start_activation(ctx, index)
        if ctx.state["encounter"] is None or index not in ctx.state["encounter"]["members"]:
            return  # Rush: You Are Dying (or Robber) ended it for them
    elif enc["active"] != index:
        active = ctx.state["characters"][enc["active"]]["name"]
        raise RuleError("Only Active escapes",
                        f"{active} is the Active Character; a player may Escape only during their "
                        "own Activation (Escaping Combat).")
    challenge = modifier(ctx.state, "escaping")
    if challenge and enc["escape_tried"]:
        raise RuleError("Escape once/Activation",
                        "Challenge mode: you may Escape only once per Activation (Challenge Mode, "
                        "Escaping Combat).")
    c["energy"] = max(0, c["energy"] - ESCAPE_ENERGY)
    ctx.note(f"{c['name']} Escapes: -1 Energy (Energy {c['energy']})")
    opportunity_attack(ctx, index)
    enc = ctx.state["encounter"]
    if enc is None or index not in enc["members"]:
        return
    if challenge:
        enc["escape_tried"] = True
        ctx.interrupt("escape-toss", {"character": index})
        ctx.note("Toss a Dial: Skull - you remain; Grail - you Escape")
        return
    encounters.leave(ctx, index)


def _toss(ctx: Context) -> str:
    """The Escape Dial's face: from the tray (one die of kind ``dial``, faces
    Skull/Grail as firmware_bridge/PROTOCOL.md names them), chosen in the form, or
    a seeded virtual toss."""
    report = ctx.params.get("dice")
    if report:
        [face] = named_faces_from_report(report, DIAL_KIND, DIAL_FACES, 1,
                                         asked="Toss 1 Dial", rule="Challenge Mode")
        return face
    if ctx.params["toss"] != "roll":
        return ctx.params["toss"]
    return DIAL_FACES[ctx.below(2)]


def escape_toss(ctx: Context) -> None:
    """"Challenge Mode", Escaping Combat: toss a Dial - Skull: you remain in Combat;
    Grail: you Escape (if you were the last Character, bottom the card)."""
    face = _toss(ctx)
    index = cast(EscapeToss, ctx.data)["character"]
    name = ctx.state["characters"][index]["name"]
    enc = ctx.state["encounter"]
    if enc is None or index not in enc["members"]:
        ctx.note(f"Dial: {face.capitalize()} - {name} is no longer in the Encounter")
        return
    if face == "skull":
        ctx.note(f"Dial: Skull - {name} remains in Combat (no more Escape this Activation)")
        return
    ctx.note(f"Dial: Grail - {name} Escapes")
    encounters.leave(ctx, index)
