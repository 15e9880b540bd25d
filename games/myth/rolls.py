"""The d10 rolls of battles, skill tests and assaults ("Battle", "Skill Tests",
"Assaults"): the dice prompt (tray, typed in or virtual) and the rerolls
("Rerolling Dice": each die once).
"""

from __future__ import annotations

from games.core import Context, RuleError, dice
from games.myth import rules
from games.myth.rules import note


def _d10s(report: list[dict] | None, count: int, ctx: Context) -> list[int]:
    """``count`` d10 faces from the tray (kind ``d10``) or typed in; rolled by the box
    when ``report`` is None. Another kind or count is refused, naming what was expected."""
    return dice.faces_or_roll(ctx, report, "d10", 10, count, rule="Rolling Dice")


def start_roll(ctx: Context, hero: dict, roll: dict | None, **flags) -> None:
    """Start the ``roll`` procedure for ``roll`` (see games.myth.procedures.ROLL):
    the dice prompt (tray armed, odds shown), the reroll prompt, the result.
    Dice given with the command (typed in, a script) fill the pool at once."""
    if roll is not None:
        roll.setdefault("pool", None)
        if ctx.params.get("dice") is not None:
            roll["pool"] = dice.new_pool(_d10s(ctx.params["dice"], roll["count"], ctx))
    ctx.interrupt("roll", {"roll": roll, "hero": ctx.state["heroes"].index(hero), **flags})


def _pending_roll(ctx: Context) -> dict:
    roll = ctx.data.get("roll")
    if not roll:
        raise RuleError("No roll asked now", "No battle or skill test is waiting for dice.")
    return roll


def roll(ctx: Context) -> None:
    """The dice of the waiting battle or skill test: tray, typed in, or virtual."""
    pending = _pending_roll(ctx)
    pending["pool"] = dice.new_pool(_d10s(ctx.params["dice"], pending["count"], ctx))
    note(ctx, f"Rolled {pending['pool']['faces']}: {rules.roll_outcome(ctx.state, pending)}")


def reroll_choices(state: dict) -> tuple[str, ...]:
    """"keep", then each die not yet rerolled as "N: face" ("Rerolling Dice")."""
    roll = ((state.get("procedure") or {}).get("data") or {}).get("roll") or {}
    pool = roll.get("pool") or {"faces": [], "rerolled": []}
    return ("keep",) + tuple(f"{i + 1}: {face}" for i, face in enumerate(pool["faces"])
                             if dice.can_reroll(pool, i))


def reroll(ctx: Context) -> None:
    """"Rerolling Dice": an effect lets the players reroll a die; each die can be
    rerolled only once (games.core.dice pool bookkeeping). "keep" goes on to the
    result; after a reroll the prompt asks again while a die may still be rerolled."""
    pending = _pending_roll(ctx)
    choice = ctx.params["die"]
    if choice == "keep":
        ctx.describe(f"Kept {pending['pool']['faces']}")
        return
    index = int(choice.split(":")[0]) - 1
    old = pending["pool"]["faces"][index]
    face = _d10s(ctx.params["dice"], 1, ctx)[0]
    dice.reroll(pending["pool"], index, face)
    note(ctx, f"Die {index + 1} rerolled {old} \u2192 {face}: {rules.roll_outcome(ctx.state, pending)}")
    if any(dice.can_reroll(pending["pool"], i) for i in range(pending["count"])):
        ctx.stay()


def assault(ctx: Context) -> None:
    """"March" / "Assaults": the next assault's dice, a d10 per enemy token there
    (tray, typed in, or virtual); the prompt asks again for the next area."""
    waiting = ctx.data.get("assaults") or []
    if not waiting:
        raise RuleError("No assault now", "No March is waiting for assault dice.")
    area_id = waiting[0]
    count = len(rules.enemy_tokens(ctx.state, area_id))
    rules.assault(ctx, area_id, _d10s(ctx.params["dice"], count, ctx))
    waiting.pop(0)
    if waiting and ctx.state["stability"] > 0:
        ctx.stay()
