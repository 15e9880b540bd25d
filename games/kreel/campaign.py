"""Game End and the Campaign: the Adventure recorded, its rewards, the next one set up.

"Game End" a-f, "The Campaign" (five Adventures; a Campaign after a won one),
"Wounds" (a failed Adventure replayed, three failures move on, Death at the
Wound limit), "Difficulty Variants" (Lequiem's Warrior skips an Adventure) and
"Endless Dungeons" (Threat Groups drawn by level). The steps are in
:mod:`games.kreel.procedures`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from games.core import Context, RuleError, step_data
from games.kreel import pack
from games.kreel.setup import add_setup_shadows
from games.kreel.state import ADVENTURES, active_hero, new_actions, reset_adventure


class GameEndData(TypedDict):
    """What Game End keeps between its steps: how the Adventure ended, and
    whether Lequiem's Warrior took a Wound to skip it."""

    result: Literal["win", "loss"]
    skip: NotRequired[bool]


# --- Wounds and the Campaign's end --------------------------------------------------------


def wounds_kill(state: dict) -> bool:
    """"Wounds", Death: a fifth Wound (the variant's limit; the team's total in
    Multiplayer Coop Mode) ends the Campaign."""
    campaign = state["campaign"]
    return campaign["wound_limit"] is not None and campaign["wounds"] >= campaign["wound_limit"]


def death(state: dict) -> dict:
    """The Campaign's end at the Wound limit ("Wounds", Death)."""
    wounds = state["campaign"]["wounds"]
    return {"result": "loss",
            "text": f"{wounds} Wound{'s' if wounds != 1 else ''}: the Campaign is lost"}


# --- Game End's steps and prompts -----------------------------------------------------------


def won(state: dict) -> bool:
    return cast(GameEndData, step_data(state)).get("result") == "win"


def lost(state: dict) -> bool:
    return not won(state)


def record(ctx: Context) -> None:
    """The Campaign sheet: the result, Skill Upgrades x2 after a win, failures
    in a row after a loss; the Campaign ends at the Wound limit ("Wounds":
    Death) or with Adventure 5 won ("The Campaign")."""
    data = cast(GameEndData, ctx.data)
    campaign = ctx.state["campaign"]
    campaign["results"].append({"adventure": campaign["adventure"], "result": data["result"],
                                "rounds": ctx.state["round"]})
    if data["result"] == "win":
        _record_win(ctx)
    else:
        _record_loss(ctx)


def _record_win(ctx: Context) -> None:
    campaign = ctx.state["campaign"]
    number = campaign["adventure"]
    campaign["fails"] = 0
    campaign["upgrades"] += 2
    campaign["stories"] = [s for s in campaign["stories"] if s["adventure"] != number]
    if number >= ADVENTURES:
        campaign["over"] = {"result": "win", "text": "Adventure 5 won: the Campaign is won!"}
        ctx.stop()


def _record_loss(ctx: Context) -> None:
    campaign = ctx.state["campaign"]
    campaign["fails"] += 1
    if wounds_kill(ctx.state):
        campaign["over"] = death(ctx.state)
        ctx.stop()


def no_lequiem(state: dict) -> bool:
    """"Difficulty Variants", Lequiem's Warrior: take 1 Wound to skip a
    non-final Adventure that just defeated the hero."""
    return (state["variant"] != "lequiems-warrior" or won(state)
            or state["campaign"]["adventure"] >= ADVENTURES)


def skip_adventure(ctx: Context) -> None:
    """"Difficulty Variants", Lequiem's Warrior: take 1 Wound to entirely skip
    the non-final Adventure that just defeated the hero."""
    if not ctx.params["skip"]:
        ctx.describe("Replay the Adventure")
        return
    campaign = ctx.state["campaign"]
    campaign["wounds"] += 1
    active_hero(ctx.state)["wounds"] += 1
    cast(GameEndData, ctx.data)["skip"] = True
    ctx.describe(f"1 Wound taken to skip Adventure {campaign['adventure']}")
    if wounds_kill(ctx.state):
        campaign["over"] = death(ctx.state)
        ctx.stop()


def rewards(ctx: Context) -> None:
    """"Game End" c. Other Rewards: heal (discard) 1 Wound, or Upgrade an Action
    to its Advanced side for every Adventure henceforth. After a won Campaign
    the harder one ignores Heal 1 Wound ("The Campaign" B)."""
    campaign = ctx.state["campaign"]
    parts = []
    if ctx.params["heal_wound"] and campaign["veteran"]:
        raise RuleError("No Heal: veteran", "After a won Campaign, ignore Heal 1 Wound effects "
                        "when defeating Adventures (The Campaign, B).")
    if ctx.params["heal_wound"] and campaign["wounds"]:
        campaign["wounds"] -= 1
        for hero in ctx.state["heroes"]:
            if hero["wounds"]:
                hero["wounds"] -= 1
                break
        parts.append("1 Wound healed")
    upgrade = ctx.params["upgrade"]
    if upgrade != "none" and upgrade not in campaign["advanced"]:
        campaign["advanced"].append(upgrade)
        parts.append(f"{upgrade.capitalize()} upgraded to Advanced")
    ctx.describe("; ".join(parts) or "No other rewards")


def restore(ctx: Context) -> None:
    """"Game End" d. Restore Spirit to maximum; e. Reset cards: Actions back
    to their alphabetical slots, Power Dice removed, Advanced sides per the
    Campaign, every hero back in."""
    for hero in ctx.state["heroes"]:
        hero["spirit"] = hero["max_spirit"]
        hero["actions"] = new_actions(ctx.state["campaign"]["advanced"])
        hero.update(uses=0, tilts=0, statuses=[], out=False, story=False, hand=1)
    ctx.note("Spirit restored; Actions reset, Power Dice removed")


# --- the next Adventure ----------------------------------------------------------------------


def adventure_choices(state: dict) -> tuple[str, ...]:
    """"The Campaign" / "Wounds": after a win the next Adventure; after a loss
    the same one again, unless it failed three times in a row (or Lequiem's
    Warrior skipped it): then the next."""
    campaign = state["campaign"]
    number = campaign["adventure"]
    data = cast(GameEndData, step_data(state))
    moving_on = data.get("result") == "win" or data.get("skip") or campaign["fails"] >= 3
    return (str(min(ADVENTURES, number + 1) if moving_on else number),)


def next_adventure(ctx: Context) -> None:
    """"Game End" f. Next Adventure, set up anew ("Setup" 5): the Shadows,
    Threat Area and Locations empty, the Threat deck counted again, the
    variant's additional Shadows added; Story cards set aside stay aside."""
    state = ctx.state
    number = int(ctx.params["adventure"])
    campaign = state["campaign"]
    if number != campaign["adventure"]:
        campaign["fails"] = 0
    waiting = sum(1 for s in campaign["stories"] if s["adventure"] == number)
    reset_adventure(state, number, ctx.params["foes"], ctx.params["stories"] + waiting)
    ctx.describe(f"Adventure {number} set up" + (f" with {waiting} set-aside Stories"
                                                 if waiting else ""))
    if ctx.params["card"] != pack.BY_VALUES:
        card = state["pack"]["locations"][ctx.params["card"]]
        state["adventure"]["card"] = ctx.params["card"]
        state["locations"][-1].update(name=ctx.params["card"], sneak=card["sneak"],
                                      per_hero=card["per_hero"])
        campaign["cards"][str(number)] = ctx.params["card"]
    if campaign["endless"]:
        _endless_setup(ctx)
    add_setup_shadows(ctx)


# --- Endless Dungeons ----------------------------------------------------------------------

# "Endless Dungeons": Threat Groups per Threat Level for each Adventure, and the
# level that gets +1 when playing with 3-4 heroes.
ENDLESS_GROUPS = {
    1: {1: 5},
    2: {1: 4, 2: 1},
    3: {1: 3, 2: 2},
    4: {1: 2, 2: 2, 3: 1},
    5: {1: 1, 2: 3, 3: 1},
}
ENDLESS_EXTRA = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
ENDLESS_LOCATION = "The Rending's Rift"
LEVELS = {1: "I", 2: "II", 3: "III"}


def endless_counts(adventure: int, heroes: int) -> dict[int, int]:
    """How many Threat Groups of each Threat Level Adventure ``adventure`` takes."""
    counts = dict(ENDLESS_GROUPS[adventure])
    if heroes >= 3:
        level = ENDLESS_EXTRA[adventure]
        counts[level] = counts.get(level, 0) + 1
    return counts


def draw_endless_groups(ctx: Context, adventure: int) -> list[str]:
    """Seeded random Threat Groups by level from the content pack's groups; with
    no pack (or too few groups of a level) the missing ones read "Level II group"
    for the players to pick at random themselves."""
    content = ctx.state.get("pack") or {"groups": {}}
    chosen = []
    for level, count in sorted(endless_counts(adventure, len(ctx.state["heroes"])).items()):
        names = sorted(n for n, g in content["groups"].items() if g["level"] == level)
        picked = ctx.shuffle(names)[:count]
        chosen += picked + [f"Level {LEVELS[level]} group"] * (count - len(picked))
    return chosen


def _endless_setup(ctx: Context) -> None:
    """"Endless Dungeons": this Adventure's Threat Groups drawn by level; the
    Rending's Rift is the Adventure Location; the deck counts those Groups."""
    state = ctx.state
    campaign = state["campaign"]
    groups = draw_endless_groups(ctx, campaign["adventure"])
    standard = 6 if len(state["heroes"]) >= 3 else 5
    state["threat_deck"] += (len(groups) - standard) * 6
    campaign["groups"] = groups
    state["locations"][-1]["name"] = ENDLESS_LOCATION
    ctx.note(f"Threat Groups: {', '.join(groups)}")


def endless(ctx: Context) -> None:
    """Play the Campaign as Endless Dungeons from this Adventure on."""
    if ctx.state["round"] > 0:
        raise RuleError("Before round 1 only", "Endless Dungeons chooses the Threat Groups when "
                        "an Adventure is set up (Endless Dungeons).")
    if ctx.state["campaign"]["endless"]:
        raise RuleError("Already Endless", "This Campaign already plays Endless Dungeons.")
    ctx.state["campaign"]["endless"] = True
    ctx.describe("Endless Dungeons")
    _endless_setup(ctx)
