"""Battles and skill tests ("Battle", "Skill Tests", "Rerolling Dice", "Damage and
Healing", "Defeated Heroes"): the d10 roll (tray, typed in or virtual), each
die rerolled at most once, the result applied, and the odds shown before the
roll.

A roll waits in the ``roll`` procedure's data (:class:`~games.myth.state.RollData`)
as a :class:`~games.myth.state.BattleRoll` or a :class:`~games.myth.state.TestRoll`;
each kind has its own odds, outcome and result below.
"""

from __future__ import annotations

from fractions import Fraction

from games.core import Context, RuleError, dice
from games.myth.enemies import ranks_in
from games.myth.farrenroc import lose_stability
from games.myth.state import BattleRoll, Hero, Roll, TestRoll, roll_data

# --- damage ---------------------------------------------------------------------------------


def wound(ctx: Context, hero: Hero, amount: int) -> None:
    """"Damage and Healing" / "Defeated Heroes": at vitality the hero is defeated:
    damage discarded, stability -1, the figure laid down."""
    hero["damage"] += amount
    if hero["damage"] >= hero["vitality"]:
        hero["damage"] = 0
        hero["defeated"] = True
        ctx.note(f"{hero['name']} is defeated")
        lose_stability(ctx, 1, "hero defeated")


def deal_damage(state: dict, area_id: str, rank: str, hits: int) -> list[str]:
    """Assign ``hits`` to the enemies of ``rank`` in the area, finishing the most
    damaged first; defeated ones go to the out-of-play supply. Returns what fell."""
    vitality = state["enemy"][rank]["vitality"]
    fallen = []
    area = state["areas"][area_id]
    while hits > 0:
        if rank == "boss":
            if state["boss"]["area"] != area_id:
                break
            state["boss"]["damage"] += 1
            if state["boss"]["damage"] >= vitality:
                state["boss"]["area"] = None
                state["boss"]["defeated"] = True
                fallen.append("boss")
        elif rank == "minion":
            if not area["minions"]:
                break
            target = max(area["minions"], key=lambda m: m["damage"])
            target["damage"] += 1
            if target["damage"] >= vitality:
                area["minions"].remove(target)
                state["supply"]["minions"] += 1
                fallen.append("minion")
        else:
            if not area["captains"]:
                break
            index = max(range(len(area["captains"])), key=lambda i: area["captains"][i])
            area["captains"][index] += 1
            if area["captains"][index] >= vitality:
                area["captains"].pop(index)
                state["supply"]["captains"] += 1
                state["captains_defeated"] = state.get("captains_defeated", 0) + 1
                fallen.append("captain")
        hits -= 1
    return fallen


# --- odds -----------------------------------------------------------------------------------


def hit_chance(defence: int) -> Fraction:
    """One d10 at or above ``defence`` ("Battle"; "Target Number")."""
    return dice.p_success(defence, 10)


def hurt_chance(attack: int) -> Fraction:
    """One d10 at or below ``attack`` ("Battle": it hurts the hero; "Assaults")."""
    return dice.p_success(attack, 10, at_most=True)


def battle_forecast(state: dict, area_id: str, rank: str) -> tuple[int, Fraction, Fraction]:
    """Dice, expected damage dealt and expected damage taken for a battle."""
    count = len(ranks_in(state, area_id, rank))
    values = state["enemy"][rank]
    return count, count * hit_chance(values["defence"]), count * hurt_chance(values["attack"])


def test_chance(skill: int, target: int) -> Fraction:
    """"Skill Tests": at least 1 die; success if any die meets the target number."""
    return dice.chance_at_least(1, max(1, skill), target, 10)


def battle_odds(roll: BattleRoll) -> str:
    """Each die's chance to hit and to hurt, and the damage expected each way."""
    hit, hurt = hit_chance(roll["target"]), hurt_chance(roll["attack"])
    return (f"hit {dice.percent(hit)}, hurt {dice.percent(hurt)} a die; "
            f"deal ~{float(roll['count'] * hit):.1f}, take ~{float(roll['count'] * hurt):.1f}")


def test_odds(roll: TestRoll) -> str:
    return f"success {dice.percent(test_chance(roll['count'], roll['target']))}"


def roll_odds(roll: Roll) -> str:
    """The odds shown before the dice of a battle or skill test are rolled."""
    return battle_odds(roll) if roll["purpose"] == "battle" else test_odds(roll)


# --- the roll: what it means, what it does ---------------------------------------------------


def _pool(roll: Roll) -> dict:
    pool = roll.get("pool")
    if pool is None:
        raise RuleError("No dice rolled yet", "The dice of this roll have not been rolled.")
    return pool


def _hits_and_hurts(roll: BattleRoll) -> tuple[int, int]:
    """"Battle": each die at or above the defence deals 1 damage to the rank, each
    at or below the attack deals 1 damage to the hero (both when equal)."""
    pool = _pool(roll)
    return (dice.pool_successes(pool, roll["target"]),
            dice.pool_successes(pool, roll["attack"], at_most=True))


def _passed(roll: TestRoll) -> bool:
    """"Skill Tests": one success or more passes the test."""
    return dice.pool_successes(_pool(roll), roll["target"]) > 0


def roll_outcome(roll: Roll) -> str:
    """What the rolled pool means: hits and hurts, or success / fail."""
    if roll["purpose"] == "battle":
        hits, hurts = _hits_and_hurts(roll)
        return f"{hits} hit, {hurts} hurt"
    return "success" if _passed(roll) else "fail"


def finish_battle(ctx: Context, roll: BattleRoll) -> None:
    """"Battle": the hits damage the rank (the most damaged first), the hurts the hero."""
    state = ctx.state
    hero = state["heroes"][roll["hero"]]
    hits, hurts = _hits_and_hurts(roll)
    fallen = deal_damage(state, hero["area"], roll["rank"], hits)
    ctx.note(f"{hero['name']} vs {roll['rank']}s {_pool(roll)['faces']}: {hits} hit, {hurts} hurt"
             + (f"; {len(fallen)} defeated" if fallen else ""))
    if hurts:
        wound(ctx, hero, hurts)


def finish_test(ctx: Context, roll: TestRoll) -> bool:
    """"Skill Tests": the test passed or failed; returns True when passed."""
    hero = ctx.state["heroes"][roll["hero"]]
    success = _passed(roll)
    ctx.note(f"{hero['name']} {roll['skill']} test TN{roll['target']} {_pool(roll)['faces']}: "
             + ("success" if success else "fail"))
    return success


def apply_roll(ctx: Context) -> None:
    """The rolled pool's effect ("Battle", "Skill Tests"); a quest passed asks for
    the next active quest ("Quest Deck"), an encounter's test names its effect."""
    data = roll_data(ctx.state)
    roll = data.get("roll")
    if roll is None:
        return
    if roll["purpose"] == "battle":
        finish_battle(ctx, roll)
        return
    success = finish_test(ctx, roll)
    if roll["purpose"] == "quest" and success:
        data["quest_done"] = True
        ctx.note("Quest complete: take its reward")
    if roll["purpose"] == "encounter":
        ctx.note("Encounter " + ("passed: its success effect" if success else
                                 "failed: its fail effect"))


# --- the dice prompts -----------------------------------------------------------------------


def d10s(report: list[dict] | None, count: int, ctx: Context) -> list[int]:
    """``count`` d10 faces from the tray (kind ``d10``) or typed in; rolled by the box
    when ``report`` is None. Another kind or count is refused, naming what was expected."""
    return dice.faces_or_roll(ctx, report, "d10", 10, count, rule="Rolling Dice")


def start_roll(ctx: Context, hero: Hero, roll: Roll | None, *, card: bool = False) -> None:
    """Start the ``roll`` procedure for ``roll`` (see games.myth.procedures.ROLL):
    the dice prompt (tray armed, odds shown), the reroll prompt, the result.
    Dice given with the command (typed in, a script) fill the pool at once.
    ``card``: an encounter card waits to be kept or discarded afterwards."""
    if roll is not None:
        roll.setdefault("pool", None)
        if ctx.params.get("dice") is not None:
            roll["pool"] = dice.new_pool(d10s(ctx.params["dice"], roll["count"], ctx))
    data: dict = {"roll": roll, "hero": ctx.state["heroes"].index(hero)}
    if card:
        data["card"] = True
    ctx.interrupt("roll", data)


def waiting_roll(state: dict) -> Roll | None:
    """The battle or skill test waiting for its dice, if any."""
    return roll_data(state).get("roll")


def dice_awaited(state: dict) -> bool:
    """A battle or skill test waits for its dice (none given with the command)."""
    roll = waiting_roll(state)
    return roll is not None and roll["pool"] is None


def roll_dice(state: dict) -> tuple[int, str]:
    """What the roll prompt arms the tray for: a d10 per die of the waiting roll."""
    roll = waiting_roll(state)
    return (roll["count"] if roll else 0, "d10")


def _pending_roll(ctx: Context) -> Roll:
    roll = waiting_roll(ctx.state)
    if not roll:
        raise RuleError("No roll asked now", "No battle or skill test is waiting for dice.")
    return roll


def roll(ctx: Context) -> None:
    """The dice of the waiting battle or skill test: tray, typed in, or virtual."""
    pending = _pending_roll(ctx)
    pool = dice.new_pool(d10s(ctx.params["dice"], pending["count"], ctx))
    pending["pool"] = pool
    ctx.note(f"Rolled {pool['faces']}: {roll_outcome(pending)}")


def reroll_choices(state: dict) -> tuple[str, ...]:
    """"keep", then each die not yet rerolled as "N: face" ("Rerolling Dice")."""
    roll = waiting_roll(state)
    pool = (roll.get("pool") if roll else None) or {"faces": [], "rerolled": []}
    return ("keep",) + tuple(f"{i + 1}: {face}" for i, face in enumerate(pool["faces"])
                             if dice.can_reroll(pool, i))


def reroll(ctx: Context) -> None:
    """"Rerolling Dice": an effect lets the players reroll a die; each die can be
    rerolled only once (games.core.dice pool bookkeeping). "keep" goes on to the
    result; after a reroll the prompt asks again while a die may still be rerolled."""
    pending = _pending_roll(ctx)
    pool = _pool(pending)
    choice = ctx.params["die"]
    if choice == "keep":
        ctx.describe(f"Kept {pool['faces']}")
        return
    index = int(choice.split(":")[0]) - 1
    old = pool["faces"][index]
    face = d10s(ctx.params["dice"], 1, ctx)[0]
    dice.reroll(pool, index, face)
    ctx.note(f"Die {index + 1} rerolled {old} \u2192 {face}: {roll_outcome(pending)}")
    if any(dice.can_reroll(pool, i) for i in range(pending["count"])):
        ctx.stay()
