"""What the heroes do ("Hero Actions"): Travel, Battle, Quest, Encounter, Fortify,
a skill test a card asks for; encounter cards kept or discarded ("Encounter
Cards"), damage, the objectives claimed ("Objectives"), the active quest ("Quest
Deck"), structures built and destroyed by hand.
"""

from __future__ import annotations

from typing import Literal

from games.core import Context, RuleError
from games.myth.action_phase import current_card
from games.myth.battles import start_roll, wound
from games.myth.conquest import begin_siege
from games.myth.enemies import ranks_in
from games.myth.setup import active_quest
from games.myth.state import (
    BASIC_TYPES,
    MAX_ASSETS,
    MAX_STRUCTURES,
    RANKS,
    Hero,
    Skill,
    TestRoll,
    area_name,
    area_type,
    objective_areas,
    roll_data,
    structures,
)


def _hero(ctx: Context) -> Hero:
    """The acting hero: the one named, else the one whose card is being resolved."""
    number = ctx.params.get("hero")
    heroes = ctx.state["heroes"]
    if number is None:
        current = current_card(ctx.state)
        index = current[1] if current and current[1] != "enemy" else 0
    elif number > len(heroes):
        raise RuleError(f"No Hero {number}", f"This game has {len(heroes)} heroes.")
    else:
        index = number - 1
    target = heroes[index]
    if target["defeated"]:
        raise RuleError("Hero is defeated", f"{target['name']} is defeated and may not resolve "
                        "actions this round (Defeated Heroes).")
    return target


def _gain(ctx: Context, kind: str, why: str) -> None:
    reserves = ctx.state["reserves"]
    reserves[kind] = min(10, reserves[kind] + 1)
    ctx.note(f"+1 {kind} ({why})")


def travel(ctx: Context) -> None:
    """"Travel": move into an adjacent area."""
    target = _hero(ctx)
    dest = ctx.params["area"]
    if dest not in ctx.state["board"]["areas"][target["area"]]["neighbours"]:
        raise RuleError("Not adjacent", f"{area_name(ctx.state, dest)} is not adjacent to "
                        f"{area_name(ctx.state, target['area'])} (Travel).")
    target["area"] = dest
    ctx.note(f"{target['name']} travels to {area_name(ctx.state, dest)}")


def battle(ctx: Context) -> None:
    """"Battle": a d10 per enemy of the chosen rank in the hero's area; each die
    at or above the defence deals 1 damage, each at or below the attack hurts
    the hero. Delayed minions may be defeated first ("Delayed Minions").
    "If the hero cannot or chooses not to resolve a battle, they gain 1
    influence": declined, or no enemy left in the area (none there, or only
    delayed minions, now defeated): +1 influence. A rank that is not there
    while another is is refused (choose that rank, or decline).
    The dice are rolled at the roll prompt (tray or virtual), rerolls then."""
    target = _hero(ctx)
    state = ctx.state
    area_id = target["area"]
    rank = ctx.params["rank"]
    if ctx.params["decline"]:
        _gain(ctx, "influence", "no battle")
        return
    area = state["areas"][area_id]
    if ctx.params["defeat_delayed"]:
        delayed = [m for m in area["minions"] if m["delayed"]]
        for minion in delayed:
            area["minions"].remove(minion)
        state["supply"]["minions"] += len(delayed)
        if delayed:
            ctx.note(f"{len(delayed)} delayed minion(s) defeated")
    count = len(ranks_in(state, area_id, rank))
    if count == 0:
        present = [r for r in RANKS if ranks_in(state, area_id, r)]
        if present:
            raise RuleError(f"No {rank} here", f"There is no {rank} in "
                            f"{area_name(state, area_id)}, but a {' and a '.join(present)}: "
                            "battle a rank that is there, or decline to gain 1 influence "
                            "(Battle).")
        _gain(ctx, "influence", f"no enemy in {area_name(state, area_id)} to battle")
        return
    values = state["enemy"][rank]
    start_roll(ctx, target, {"purpose": "battle", "hero": state["heroes"].index(target), "rank": rank,
                      "count": count, "target": values["defence"], "attack": values["attack"]})
    ctx.note(f"{target['name']} battles {count} {rank}(s) in {area_name(state, area_id)}")


def _test_roll(ctx: Context, purpose: Literal["test", "quest", "encounter"]) -> TestRoll:
    """"Skill Tests": dice equal to the hero's skill, at least 1; the target number."""
    target = _hero(ctx)
    skill: Skill = ctx.params["skill"]
    return {"purpose": purpose, "hero": ctx.state["heroes"].index(target), "skill": skill,
            "count": max(1, target[skill]), "target": ctx.params["target"]}


def test(ctx: Context) -> None:
    """A skill test a card asks for ("Skill Tests")."""
    roll = _test_roll(ctx, "test")
    start_roll(ctx, ctx.state["heroes"][roll["hero"]], roll)
    ctx.describe(f"{ctx.state['heroes'][roll['hero']]['name']} {roll['skill']} test "
                 f"TN{roll['target']}")


def quest(ctx: Context) -> None:
    """"Quest": only in a quest location; otherwise (or declined) +1 hope. On
    success the next active quest is asked for ("Quest Deck")."""
    target = _hero(ctx)
    if ctx.params["decline"] or area_type(ctx.state, target["area"]) != ctx.state["quest"]:
        _gain(ctx, "hope", "no quest")
        return
    roll = _test_roll(ctx, "quest")
    start_roll(ctx, target, roll)
    ctx.describe(f"{target['name']} attempts the quest: {roll['skill']} TN{roll['target']}")


def encounter(ctx: Context) -> None:
    """"Encounter Cards": the card's skill test first, if any (no test: its
    success effect); then whether the card is kept as an asset (three at most)
    or a burden ("Encounter Cards": assets, burdens). "Locations": "Outland &
    Lair areas do not have encounter cards" (the Glossary's Lair entry speaks
    of "an enemy encounter card", a deck the base game does not list)."""
    target = _hero(ctx)
    if area_type(ctx.state, target["area"]) in ("outland", "lair"):
        raise RuleError("No encounter deck", "Outland & Lair areas do not have encounter "
                        "cards (Locations; Game Components: encounter cards for Farrenroc, "
                        "Ruins, Dungeon, Village and Sanctuary).")
    if ctx.params["no_test"]:
        start_roll(ctx, target, None, card=True)
        ctx.note(f"{target['name']} encounter: success (no test)")
        return
    roll = _test_roll(ctx, "encounter")
    start_roll(ctx, target, roll, card=True)
    ctx.describe(f"{target['name']} encounter: {roll['skill']} TN{roll['target']}")


def card_choices(state: dict) -> tuple[str, ...]:
    """What becomes of an encounter card: discarded (events), an asset (with 3
    already held, one old asset is discarded for it), or a burden."""
    hero = state["heroes"][roll_data(state).get("hero", 0)]
    asset = "asset (discard an old)" if hero.get("assets", 0) >= MAX_ASSETS else "asset"
    return ("discard", asset, "burden")


def keep_card(ctx: Context) -> None:
    """"Encounter Cards": an asset is kept beside the hero card, three at most
    ("If a hero gains an asset while he already has three assets, they may choose
    one of their assets to discard to gain the new asset"); a burden is gained
    like an asset but never counts against the three; an event is discarded."""
    hero = ctx.state["heroes"][roll_data(ctx.state).get("hero", 0)]
    choice = ctx.params["card"]
    if choice.startswith("asset"):
        if hero["assets"] >= MAX_ASSETS:
            ctx.note(f"{hero['name']} discards an old asset for the new one "
                 f"({MAX_ASSETS} at most)")
        else:
            hero["assets"] += 1
            ctx.note(f"{hero['name']} gains an asset ({hero['assets']}/{MAX_ASSETS})")
    elif choice == "burden":
        hero["burdens"] += 1
        ctx.note(f"{hero['name']} gains a burden ({hero['burdens']})")
    else:
        ctx.describe("Encounter card discarded")


def discard_card(ctx: Context) -> None:
    """Discard an asset, or a burden when its card allows it ("Encounter Cards":
    "a player cannot discard a burden unless the card's effect allows them to")."""
    hero = _hero(ctx)
    kind = ctx.params["card"]
    key: Literal["assets", "burdens"] = "assets" if kind == "asset" else "burdens"
    if hero[key] == 0:
        raise RuleError(f"No {kind} to discard", f"{hero['name']} holds no {kind}.")
    hero[key] -= 1
    ctx.note(f"{hero['name']} discards a {kind} ({hero[key]} left)")


def fortify(ctx: Context) -> None:
    """"Fortify": 1 structure in the hero's area, basic locations only, at most
    six in play. "If the hero cannot or chooses not to build a structure, they
    gain 1 supply": declined, or no structure can go here (a special location,
    six in play, or one already here): +1 supply."""
    target = _hero(ctx)
    if ctx.params["decline"]:
        _gain(ctx, "supply", "no structure")
        return
    why = _cannot_build(ctx.state, target["area"])
    if why:
        _gain(ctx, "supply", f"cannot build: {why[0].lower()}")
        return
    _build(ctx, target["area"])


def _cannot_build(state: dict, area_id: str) -> tuple[str, str] | None:
    """Why no structure can be built in ``area_id`` (short, long), or None."""
    if area_type(state, area_id) not in BASIC_TYPES:
        return ("Basic locations only", "Structures may not be built in special locations: "
                "Farrenroc, Lairs, or Outland (Fortify).")
    if state["areas"][area_id]["structure"]:
        return ("Already a structure", f"{area_name(state, area_id)} has a structure "
                "(Fortify: place 1 structure in their area).")
    if structures(state) >= MAX_STRUCTURES:
        return ("Six structures at most", "The amount of structures in play cannot exceed "
                "six (Fortify).")
    return None


def _build(ctx: Context, area_id: str) -> None:
    state = ctx.state
    why = _cannot_build(state, area_id)
    if why:
        raise RuleError(*why)
    state["areas"][area_id]["structure"] = True
    ctx.note(f"Structure built in {area_name(state, area_id)}")


def structure(ctx: Context) -> None:
    """Build or destroy a structure by hand (card effects)."""
    if ctx.params["on"]:
        _build(ctx, ctx.params["area"])
    else:
        ctx.state["areas"][ctx.params["area"]]["structure"] = False
        ctx.note(f"Structure in {area_name(ctx.state, ctx.params['area'])} destroyed")


def wound_cmd(ctx: Context) -> None:
    """"Damage and Healing": damage to a hero (defeat at vitality)."""
    wound(ctx, _hero(ctx), ctx.params["amount"])


def objective_token(ctx: Context) -> None:
    """"Objectives": "the hero claiming the objective removes the corresponding
    objective token from their area and places it near the corresponding
    objective card"; the objective action is resolved "in an objective
    location" ("Glossary", Objective Action). So the claiming hero must stand
    on a token of that kind, which leaves the board. Tokens equal to the
    heroes complete the objective; the third completed reveals the final
    objective and the siege begins."""
    state = ctx.state
    kind = ctx.params["kind"]
    card = state["objectives"][kind]
    if card["done"] or card["location"] is None:
        raise RuleError("Not in play", f"The {kind} objective is not in play.")
    claimer = _hero(ctx)
    here = claimer["area"]
    if state["areas"][here]["objective"] != kind:
        spots = ", ".join(area_name(state, a) for a in objective_areas(state, kind))
        raise RuleError(f"No {kind} token here", f"{claimer['name']} is in "
                        f"{area_name(state, here)}: the claiming hero removes the {kind} "
                        f"objective token from their area (Objectives). {kind.capitalize()} "
                        f"tokens are in: {spots or 'none left'}.")
    state["areas"][here]["objective"] = None
    card["tokens"] += 1
    ctx.note(f"{claimer['name']} claims the {kind} token in {area_name(state, here)}: "
         f"{card['tokens']}/{len(state['heroes'])}")
    if card["tokens"] >= len(state["heroes"]):
        card["done"] = True
        state["completed"] += 1
        ctx.note(f"{kind.capitalize()} objective completed")
        if state["completed"] == 3 and not state["siege"]:
            state["final_revealed"] = True
            begin_siege(ctx, "final objective revealed")
            ctx.interrupt("effect")


def final_done(ctx: Context) -> None:
    """"Final Objective": completing it wins the game."""
    if not ctx.state["final_revealed"]:
        raise RuleError("Not revealed yet", "The final objective is revealed only after all "
                        "three objectives are completed (Objectives).")
    ctx.state["final_done"] = True
    ctx.describe("Final objective completed")


def set_quest(ctx: Context) -> None:
    """"Quest Deck": a new active quest (its location type)."""
    active_quest(ctx)
