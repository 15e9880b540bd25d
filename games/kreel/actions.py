"""The Action Power Track: Tilt, Use, Scout, Acts, a hero's Statuses and Assets.

"Heroes", "4. Play Phase", "Using Actions", "Present Power", "Statuses" and
"Symbol Explanations". A Use that Engages or Explores deals its damage through
:mod:`games.kreel.threats`. The command list is in :mod:`games.kreel.commands`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel import rules
from games.kreel.procedures import need_play, note
from games.kreel.state import active_hero
from games.kreel.threats import (
    damage_threat,
    explore_active,
    place_story,
    summary,
    target_threat,
    turn_face_up,
)


def tilt(ctx: Context) -> None:
    """"TILT (once per round)": one Action not already Tilted or Used gains 1
    Power on its Power Die (limit 6); a Dazed Action loses Dazed instead."""
    need_play(ctx, "Tilt")
    hero = active_hero(ctx.state)
    action = ctx.params["action"]
    card = hero["actions"][action]
    if hero["tilts"]:
        raise RuleError("1 Tilt per round", "TILT (once per round): only 1 Action a round.")
    if card["used"]:
        raise RuleError(f"{action.capitalize()} already Used",
                        "Select one Action that is not already Tilted or Used (TILT).")
    ctx.describe(rules.tilt(hero, action))


def _begin_use(ctx: Context, action: str) -> tuple[dict, int]:
    """Check the Use and return (hero, the Action's Power for it)."""
    need_play(ctx, "Use an Action")
    hero = active_hero(ctx.state)
    refusal = rules.use_refusal(hero, action)
    if refusal:
        raise RuleError(*refusal)
    card = hero["actions"][action]
    spend = ctx.params["spend"]
    if spend > card["die"]:
        raise RuleError(f"Die shows {card['die']}",
                        f"Only {card['die']} Power is on the {action.capitalize()} Power Die "
                        "to spend (Using Actions, Power Die).")
    return hero, card["slot"] + spend + ctx.params["bonus"] + card["plus"]


def _finish_use(ctx: Context, hero: dict, action: str) -> None:
    """"Using Actions": spend the die, Exhaust the Action and move it to slot 1;
    a second Use discards the hero's Bold ("Statuses", Bold i)."""
    card = hero["actions"][action]
    card["die"] -= ctx.params["spend"]
    if hero["uses"]:
        hero["statuses"].remove("bold")
        note(ctx, "Bold discarded for an additional Use")
    hero["uses"] += 1
    card["used"] = True
    rules.move_to_slot_1(hero, action)


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
        text = f"{name} Used to Draw 1 Skill: {rules.draw_skill(hero)} in hand"
    elif target == "explore":
        if action != "sneak":
            raise RuleError("Explore with Sneak", "A Location has only a Sneak value: a target "
                            "cannot be dealt tokens for a value it lacks (Locations; Damage Tokens).")
        text = f"Sneak {power}: " + explore_active(ctx, power)
    else:
        text = f"{name} {power}: " + damage_threat(ctx, target_threat(ctx, target), action,
                                                    power, hero)
    _finish_use(ctx, hero, action)
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


def scout(ctx: Context) -> None:
    """"Using Actions", Scout: Use Sneak to reveal 1 Shadow in place, in a space
    up to its Power (Sneak 1: the first Shadow only; Power Dice and Skills may
    raise it). Its Reveal abilities trigger now; it stays in the Shadows."""
    hero, reach = _begin_use(ctx, "sneak")
    index = ctx.params["shadow"] - 1
    shadows = ctx.state["shadows"]
    if index >= len(shadows) or shadows[index] is None or shadows[index]["revealed"]:
        raise RuleError(f"No face-down Shadow {index + 1}"[:42],
                        f"There is no face-down Threat in the Shadows' Sneak {index + 1} space "
                        "to Scout (Using Actions, Scout).")
    if index + 1 > reach:
        raise RuleError(f"Sneak {reach} reaches {min(reach, 3)}",
                        f"With Sneak {reach} the hero can reveal only the first {reach} "
                        "Shadow(s) (Using Actions, Scout).")
    threat = shadows[index]
    scaled = turn_face_up(ctx, threat, ctx.params)
    _finish_use(ctx, hero, "sneak")
    ctx.describe(f"Scouted {threat['name']}: {summary(threat)}{scaled}")
    place_story(ctx, threat)
    note(ctx, "Resolve its Reveal abilities")


def act(ctx: Context) -> None:
    """"Act": only in the hero's Play Phase, and 'Value X Act' needs Present
    Power in that value of at least X (the Epicurean Banqueting Hall's
    'Influence 3 Act'); Plot choices with a Power requirement likewise."""
    need_play(ctx, "Acts")
    action, needed = ctx.params["action"], ctx.params["needed"]
    present = rules.present_power(active_hero(ctx.state), action)
    name = action.capitalize()
    if present < needed:
        raise RuleError(f"{name} {present}: need {needed}",
                        f"'{name} {needed} Act' needs Present {name} Power of at least "
                        f"{needed}; it is {present} (4. Play Phase, Act; Present Power).")
    ctx.describe(f"{name} {needed} Act: Present {name} {present}")


def hero_status(ctx: Context) -> None:
    """"Statuses" on a hero: Bold (discard for an additional Use), Shield (the
    next damage is cancelled), or Dazed on one Action (it cannot be Used).
    A second copy of the same Status is ignored."""
    hero = ctx.state["heroes"][rules.hero_index(ctx.state, ctx.params.get("hero"))]
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


def asset_power(ctx: Context) -> None:
    """An equipped Asset's '+X' to an Action ("Symbol Explanations"): it adds
    to the Present Power and to every Use of that Action."""
    hero = ctx.state["heroes"][rules.hero_index(ctx.state, ctx.params.get("hero"))]
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
    hero = ctx.state["heroes"][rules.hero_index(ctx.state, ctx.params.get("hero"))]
    action = ctx.params["action"]
    card = hero["actions"][action]
    card["tilted"] = card["used"] = False
    ctx.describe(f"{hero['name']}'s {action.capitalize()} reset upright")
