"""The Action Power Track: Tilt, Use, Scout, Acts, a hero's Statuses and Assets.

"Heroes", "3. Draw Phase", "4. Play Phase", "Using Actions", "Present Power",
"Statuses" and "Symbol Explanations". A Use that Engages or Explores deals its
damage through :mod:`games.kreel.damage` and :mod:`games.kreel.delve_phase`.
The command list is in :mod:`games.kreel.commands`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel.damage import damage_threat
from games.kreel.delve_phase import explore_active
from games.kreel.shadows import face_down_shadow
from games.kreel.state import MAX_DIE, Hero, active_hero, hero_in_play
from games.kreel.stories import place_story
from games.kreel.threat_area import target_threat
from games.kreel.threat_phase import summary, turn_face_up

# --- the Play phase and the track -------------------------------------------------------


def in_play(state: dict) -> bool:
    """The active hero's Play phase is running ("4. Play Phase")."""
    return (state.get("procedure") or {}).get("name") == "play"


def need_play(ctx: Context, what: str) -> None:
    """Refuse ``what`` outside the hero's Play phase ("4. Play Phase")."""
    if not in_play(ctx.state):
        raise RuleError("Only in Play phase", f"{what} only during the hero's Play phase "
                        "(4. Play Phase).")


def present_power(hero: Hero, action: str) -> int:
    """"Present Power": the Action's number on the Action Power Track plus the
    Power showing on its Power Die, plus any '+X' Asset bonus ("Symbol
    Explanations")."""
    card = hero["actions"][action]
    return card["slot"] + card["die"] + card["plus"]


def move_to_slot_1(hero: Hero, action: str) -> None:
    """"Using Actions": the Used Action moves to slot 1 and pushes the others
    up one slot if necessary; at slot 1 it simply remains where it is."""
    actions = hero["actions"]
    slot = actions[action]["slot"]
    for card in actions.values():
        if card["slot"] < slot:
            card["slot"] += 1
    actions[action]["slot"] = 1


def use_refusal(hero: Hero, action: str) -> tuple[str, str] | None:
    """Why ``action`` cannot be Used now, as (short, long), or None.

    "USE (once per round)": an Action not already Tilted or Used; "Statuses",
    Dazed i: a Dazed Action cannot be Used; Bold i: a Bold hero may discard it
    to Use an additional available Action.
    """
    card = hero["actions"][action]
    name = action.capitalize()
    if card["used"]:
        return f"{name} already Used", (f"{name} was Used this round (USE: an Action not "
                                         "already Tilted or Used).")
    if card["tilted"]:
        return f"{name} is Tilted", "A Tilted Action may not be Used this turn (TILT; Glossary, Tilt)."
    if card["dazed"]:
        return f"{name} is Dazed", ("A Dazed Action cannot be Used; Tilt it to discard Dazed "
                                    "(Statuses, Dazed i).")
    if hero["uses"] >= 1 and "bold" not in hero["statuses"]:
        return "1 Use per round", ("USE (once per round); only a Bold hero may Use an additional "
                                   "Action, discarding Bold (Statuses, Bold i).")
    return None


def reset_actions(hero: Hero) -> None:
    """"6. End Phase" C: Actions rotate back upright; a new round's Use and Tilt."""
    for card in hero["actions"].values():
        card["tilted"] = card["used"] = False
    hero["uses"] = hero["tilts"] = 0


def draw_skill(hero: Hero) -> int:
    """"3. Draw Phase" (and Use: Draw): 1 Skill into the hand; returns the count."""
    hero["hand"] = min(40, hero["hand"] + 1)
    return hero["hand"]


def draw_phase(ctx: Context) -> None:
    """"3. Draw Phase": the active hero draws 1 Skill."""
    hero = active_hero(ctx.state)
    ctx.note(f"{hero['name']} draws 1 Skill: {draw_skill(hero)} in hand")


# --- Tilt and Use -------------------------------------------------------------------------


def tilt(ctx: Context) -> None:
    """"TILT (once per round)": one Action not already Tilted or Used gains 1
    Power on its Power Die (at most 6; extra gain is ignored). "Statuses",
    Dazed i: the next Tilt of a Dazed Action gains nothing and discards Dazed
    instead."""
    need_play(ctx, "Tilt")
    hero = active_hero(ctx.state)
    action = ctx.params["action"]
    card = hero["actions"][action]
    if hero["tilts"]:
        raise RuleError("1 Tilt per round", "TILT (once per round): only 1 Action a round.")
    if card["used"]:
        raise RuleError(f"{action.capitalize()} already Used",
                        "Select one Action that is not already Tilted or Used (TILT).")
    card["tilted"] = True
    hero["tilts"] += 1
    if card["dazed"]:
        card["dazed"] = False
        ctx.describe(f"{action.capitalize()} Tilted: Dazed discarded, no Power")
        return
    card["die"] = min(MAX_DIE, card["die"] + 1)
    ctx.describe(f"{action.capitalize()} Tilted: die {card['die']}")


def _begin_use(ctx: Context, action: str) -> tuple[Hero, int]:
    """Check the Use and return (hero, the Action's Power for it)."""
    need_play(ctx, "Use an Action")
    hero = active_hero(ctx.state)
    refusal = use_refusal(hero, action)
    if refusal:
        raise RuleError(*refusal)
    card = hero["actions"][action]
    spend = ctx.params["spend"]
    if spend > card["die"]:
        raise RuleError(f"Die shows {card['die']}",
                        f"Only {card['die']} Power is on the {action.capitalize()} Power Die "
                        "to spend (Using Actions, Power Die).")
    return hero, card["slot"] + spend + ctx.params["bonus"] + card["plus"]


def _finish_use(ctx: Context, hero: Hero, action: str) -> None:
    """"Using Actions": spend the die, Exhaust the Action and move it to slot 1;
    a second Use discards the hero's Bold ("Statuses", Bold i)."""
    card = hero["actions"][action]
    card["die"] -= ctx.params["spend"]
    if hero["uses"]:
        hero["statuses"].remove("bold")
        ctx.note("Bold discarded for an additional Use")
    hero["uses"] += 1
    card["used"] = True
    move_to_slot_1(hero, action)


def use(ctx: Context) -> None:
    """"USE (once per round)": Engage a Threat in the Threat Area or Explore
    the Active Location with damage tokens of the Action's value, or Draw 1
    Skill. Power = the Action's slot + Power spent from its die + Skills and
    other bonuses ("Explore/Engage"). A Location has only a Sneak value, so it
    is Explored with Sneak. Then the Action moves to slot 1."""
    action, target = ctx.params["action"], ctx.params["target"]
    hero, power = _begin_use(ctx, action)
    name = action.capitalize()
    if target == "draw":
        text = f"{name} Used to Draw 1 Skill: {draw_skill(hero)} in hand"
    elif target == "explore":
        if action != "sneak":
            raise RuleError("Explore with Sneak", "A Location has only a Sneak value: a target "
                            "cannot be dealt tokens for a value it lacks (Locations; Damage Tokens).")
        text = f"Sneak {power}: " + explore_active(ctx, power)
    else:
        text = f"{name} {power}: " + damage_threat(ctx, target_threat(ctx, target), action,
                                                    power, hero)
    _finish_use(ctx, hero, action)
    ctx.note(text)


def scout(ctx: Context) -> None:
    """"Using Actions", Scout: Use Sneak to reveal 1 Shadow in place, in a space
    up to its Power (Sneak 1: the first Shadow only; Power Dice and Skills may
    raise it). Its Reveal abilities trigger now; it stays in the Shadows."""
    hero, reach = _begin_use(ctx, "sneak")
    space = ctx.params["shadow"]
    threat = face_down_shadow(ctx.state, space, "to Scout (Using Actions, Scout)")
    if space > reach:
        raise RuleError(f"Sneak {reach} reaches {min(reach, 3)}",
                        f"With Sneak {reach} the hero can reveal only the first {reach} "
                        "Shadow(s) (Using Actions, Scout).")
    scaled = turn_face_up(ctx, threat, ctx.params)
    _finish_use(ctx, hero, "sneak")
    ctx.describe(f"Scouted {threat['name']}: {summary(threat)}{scaled}")
    place_story(ctx, threat)
    ctx.note("Resolve its Reveal abilities")


def act(ctx: Context) -> None:
    """"Act": only in the hero's Play Phase, and 'Value X Act' needs Present
    Power in that value of at least X (the Epicurean Banqueting Hall's
    'Influence 3 Act'); Plot choices with a Power requirement likewise."""
    need_play(ctx, "Acts")
    action, needed = ctx.params["action"], ctx.params["needed"]
    present = present_power(active_hero(ctx.state), action)
    name = action.capitalize()
    if present < needed:
        raise RuleError(f"{name} {present}: need {needed}",
                        f"'{name} {needed} Act' needs Present {name} Power of at least "
                        f"{needed}; it is {present} (4. Play Phase, Act; Present Power).")
    ctx.describe(f"{name} {needed} Act: Present {name} {present}")


# --- a hero's Statuses, Assets and Advanced Actions ----------------------------------------


def hero_status(ctx: Context) -> None:
    """"Statuses" on a hero: Bold (discard for an additional Use), Shield (the
    next damage is cancelled), or Dazed on one Action (it cannot be Used).
    A second copy of the same Status is ignored."""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    name, on, action = ctx.params["status"], ctx.params["on"], ctx.params["action"]
    if name == "dazed":
        hero["actions"][action]["dazed"] = on
        what = f"{action.capitalize()} Dazed"
    else:
        if on and name not in hero["statuses"]:
            hero["statuses"].append(name)
        elif not on and name in hero["statuses"]:
            hero["statuses"].remove(name)
        what = name.capitalize()
    ctx.describe(f"{hero['name']} {'gains' if on else 'loses'} {what}")


def power_effect(ctx: Context) -> None:
    """An effect gains (``amount`` > 0) or loses Power on an Action's Power Die.

    "4. Play Phase", Lose/Gain Power: "simply adjust the Power Die by that
    amount ... A hero cannot lose more Power than they have, or gain more than
    6 Power to an Action, any extra loss or gain is simply ignored" (Glossary,
    Reveal: "resolve as much of that effect as possible"; one that cannot be
    resolved at all "is ignored"). Glossary, Reveal, Exception: "An ability with
    a cost cannot be activated unless that cost is fully paid": a loss that is
    a ``cost`` is refused when the die shows less. (A dial turn against the
    die's stop stays refused: it is the player's hand, not an effect.)"""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    action, amount = ctx.params["action"], ctx.params["amount"]
    card = hero["actions"][action]
    name = action.capitalize()
    if amount == 0:
        raise RuleError("Power 0: nothing", "Enter the Power the effect gains (+) or loses (-).")
    if amount < 0 and ctx.params["cost"] and card["die"] < -amount:
        raise RuleError(f"Cost {-amount}: die is {card['die']}",
                        f"The cost of {-amount} {name} Power cannot be fully paid: the die shows "
                        f"{card['die']} (Glossary, Reveal, Exception: an ability with a cost "
                        "cannot be activated unless that cost is fully paid).")
    before = card["die"]
    card["die"] = max(0, min(MAX_DIE, before + amount))
    if card["die"] == before:
        ctx.describe(f"{hero['name']} {name} {amount:+d} Power: ignored, the die shows {before} "
                     f"(Lose/Gain Power)")
        return
    ignored = abs(amount) - abs(card["die"] - before)
    rest = f" ({ignored} ignored)" if ignored else ""
    ctx.describe(f"{hero['name']} {name} die {before} \u2192 {card['die']}{rest}")


def asset_power(ctx: Context) -> None:
    """An equipped Asset's '+X' to an Action ("Symbol Explanations"): it adds
    to the Present Power and to every Use of that Action."""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    card = hero["actions"][ctx.params["action"]]
    if not 0 <= card["plus"] + ctx.params["delta"] <= 9:
        raise RuleError("Asset bonus 0..9", "An Action's Asset bonus stays within 0..9.")
    card["plus"] += ctx.params["delta"]
    ctx.describe(f"{hero['name']} {ctx.params['action'].capitalize()} Asset bonus {card['plus']:+d}")


def advanced(ctx: Context) -> None:
    """"Heroes", Actions: an Advanced Action's one-shot ability, once per Adventure."""
    hero = active_hero(ctx.state)
    action = ctx.params["action"]
    card = hero["actions"][action]
    if not card["advanced"]:
        raise RuleError(f"{action.capitalize()} is Basic",
                        "Only an Advanced Action has a once per Adventure ability (Heroes).")
    if card["ability_used"]:
        raise RuleError("Used this Adventure", "An Advanced Action's ability can be activated "
                        "once per Adventure (Heroes, Actions).")
    card["ability_used"] = True
    ctx.describe(f"{hero['name']} uses the Advanced {action.capitalize()} ability")


def reset_action(ctx: Context) -> None:
    """An effect resets an Action (Glossary, Reset: "Actions, Assets, or other
    cards 'reset' by an effect are rotated to their original upright, face-up
    position"): no longer Tilted or Used, its die and slot kept. The round's
    one Tilt and one Use stay spent ("TILT (once per round)", "USE (once per
    round)")."""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    action = ctx.params["action"]
    card = hero["actions"][action]
    card["tilted"] = card["used"] = False
    ctx.describe(f"{hero['name']}'s {action.capitalize()} reset upright")
