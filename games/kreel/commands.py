"""What a Kreel Manor player can tell the box: the command list, the prompts.

The handlers for Threats are in :mod:`games.kreel.threats`, for the Action
Power Track in :mod:`games.kreel.actions`, for packs in :mod:`games.kreel.pack`;
the new-campaign form is in :mod:`games.kreel.setup`. This module holds the
Spirit phase, Location, Wounded and Game End prompts and the Campaign, and
lists every command in the action menu's order.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing.
"""

from __future__ import annotations

from games.core import CommandSpec, Context, Param, RuleError
from games.kreel import pack, rules
from games.kreel.actions import (
    act,
    advanced,
    asset_power,
    hero_status,
    reset_action,
    scout,
    tilt,
    use,
)
from games.kreel.procedures import in_play, note
from games.kreel.setup import add_setup_shadows
from games.kreel.state import (
    ACTIONS,
    ADVENTURES,
    MAX_SPIRIT_LIMIT,
    STATUSES,
    VALUES,
    active_hero,
    active_location,
    reset_adventure,
)
from games.kreel.threats import (
    REVEAL_PARAMS,
    SOURCES,
    add_threat,
    boost,
    boost_default,
    boost_heroes,
    confront,
    damage,
    damage_targets,
    defeat,
    discard,
    has_threats,
    likely_damage_target,
    likely_target,
    remove_damage,
    return_threat,
    reveal,
    reveal_shadow,
    shadow_reach,
    status,
    target_choices,
    threat_value,
    use_target_refusal,
)

# --- the Spirit phase and the Threat Area ----------------------------------------------


def block(ctx: Context) -> None:
    """"5. Spirit Phase" B. Block: each point prevents 1 Spirit of the total."""
    ctx.data["block"] = ctx.params["points"]
    ctx.describe(f"Block {ctx.params['points']} of {ctx.data.get('attack', 0)}")


def asset_spirit(ctx: Context) -> None:
    """Equip (+) or unequip (-) an Asset with a Spirit bonus: it changes the
    hero's current and maximum Spirit together ("Symbol Explanations", the
    'plus number' on Spirit)."""
    hero = ctx.state["heroes"][rules.hero_index(ctx.state, ctx.params.get("hero"))]
    delta = ctx.params["delta"]
    new_max = hero["max_spirit"] + delta
    if not 1 <= new_max <= MAX_SPIRIT_LIMIT:
        raise RuleError(f"Max Spirit 1..{MAX_SPIRIT_LIMIT}",
                        f"{hero['name']}'s maximum Spirit would be {new_max}.")
    hero["max_spirit"] = new_max
    hero["spirit"] = max(0, min(new_max, hero["spirit"] + delta))
    ctx.describe(f"{hero['name']} Spirit {hero['spirit']}/{new_max} (Asset {delta:+d})")


# --- prompts: Locations, Wounds, Game End -----------------------------------------------


def location(ctx: Context) -> None:
    """"1. Delve Phase" C: the next Location is flipped face-up and becomes the
    Active Location; its Sneak value (times the heroes with the Multiplayer
    Symbol) is what Exploring must reach ("Locations")."""
    loc = active_location(ctx.state)
    loc["sneak"] = ctx.params["sneak"]
    loc["per_hero"] = ctx.params["per_hero"]
    if ctx.params["card"] != pack.BY_VALUES:
        card = ctx.state["pack"]["locations"][ctx.params["card"]]
        loc.update(name=ctx.params["card"], sneak=card["sneak"], per_hero=card["per_hero"])
    ctx.describe(f"{loc['name']} is Active: Sneak {rules.location_sneak(ctx.state, loc)}")


def press_on(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Defeat - Wounds: Press On without the Wounded
    hero, or tend to them (the Adventure ends and restarts)."""
    ctx.data["choice"] = ctx.params["choice"]
    ctx.describe(f"The team chooses to {ctx.params['choice']}")


def skip_adventure(ctx: Context) -> None:
    """"Difficulty Variants", Lequiem's Warrior: take 1 Wound to entirely skip
    the non-final Adventure that just defeated the hero."""
    if not ctx.params["skip"]:
        ctx.describe("Replay the Adventure")
        return
    campaign = ctx.state["campaign"]
    campaign["wounds"] += 1
    active_hero(ctx.state)["wounds"] += 1
    ctx.data["skip"] = True
    ctx.describe(f"1 Wound taken to skip Adventure {campaign['adventure']}")
    if rules.wounds_kill(ctx.state):
        campaign["over"] = rules.death(ctx.state)
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


def adventure_choices(state: dict) -> tuple[str, ...]:
    """"The Campaign" / "Wounds": after a win the next Adventure; after a loss
    the same one again, unless it failed three times in a row (or Lequiem's
    Warrior skipped it): then the next."""
    campaign = state["campaign"]
    number = campaign["adventure"]
    data = (state.get("procedure") or {}).get("data", {})
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


def _endless_setup(ctx: Context) -> None:
    """"Endless Dungeons": this Adventure's Threat Groups drawn by level; the
    Rending's Rift is the Adventure Location; the deck counts those Groups."""
    state = ctx.state
    campaign = state["campaign"]
    groups = rules.draw_endless_groups(ctx, campaign["adventure"])
    standard = 6 if len(state["heroes"]) >= 3 else 5
    state["threat_deck"] += (len(groups) - standard) * 6
    campaign["groups"] = groups
    state["locations"][-1]["name"] = rules.ENDLESS_LOCATION
    note(ctx, f"Threat Groups: {', '.join(groups)}")


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


def story_aside(ctx: Context) -> None:
    """"Stories": the new Story card a choice names is set aside until the
    Adventure printed on it, then shuffled into Stack 4; it stays aside through
    replays of the current Adventure ("Wounds")."""
    entry = {"adventure": ctx.params["adventure"], "card": ctx.params["card"]}
    ctx.state["campaign"]["stories"].append(entry)
    ctx.describe(f"Story {entry['card']} set aside for Adventure {entry['adventure']}")


def _threat_param() -> Param:
    return Param("threat", "int", "Threat", low=1, high=9999)


def _hero_param() -> Param:
    return Param("hero", "int", "Hero", low=1, high=4, optional=True)


def _source_param() -> Param:
    """Whose effect: a hero's, or a Threat's (or a Location Keyword's), which
    may reach the Shadows (Glossary, Shadows)."""
    return Param("source", "choice", "Effect of", choices=SOURCES, default="hero")


def _action_param() -> Param:
    return Param("action", "choice", "Action", choices=ACTIONS)


USE_POWER = (
    Param("spend", "int", "Spend die", low=0, high=6, default=0),
    Param("bonus", "int", "Skills/bonus", low=0, high=30, default=0),
)


def _can_use(state: dict) -> bool:
    hero = active_hero(state)
    return in_play(state) and any(rules.use_refusal(hero, a) is None for a in ACTIONS)


COMMANDS = (
    CommandSpec("use", "Use an Action: Engage a Threat, Explore or Draw", use,
                (_action_param(), Param("target", "choice", "Target", choices_from=target_choices,
                                        default_from=likely_target,
                                        refusal=use_target_refusal))
                + USE_POWER, available=_can_use),
    CommandSpec("damage", "An ability deals damage tokens (not a Use)", damage,
                (Param("target", "choice", "Target", choices_from=damage_targets,
                       default_from=likely_damage_target),
                 Param("value", "choice", "Value", choices=ACTIONS),
                 Param("amount", "int", "Tokens", low=1, high=30, default=1), _hero_param(),
                 _source_param())),
    CommandSpec("tilt", "Tilt an Action: +1 Power on its die", tilt, (_action_param(),),
                available=lambda s: in_play(s) and not active_hero(s)["tilts"]),
    CommandSpec("scout", "Use Sneak to Scout a Shadow and enter its values", scout,
                (Param("shadow", "int", "Sneak space", low=1, high=3),) + USE_POWER + REVEAL_PARAMS,
                available=lambda s: _can_use(s)
                and any(t is not None and not t["revealed"] for t in s["shadows"])),
    CommandSpec("act", "Check an Act's Present Power (Influence 3 Act)", act,
                (_action_param(), Param("needed", "int", "Needed", low=1, high=20, default=3)),
                available=in_play),
    CommandSpec("hero_status", "A hero's Bold/Shield, or an Action's Dazed", hero_status,
                (Param("status", "choice", "Status", choices=STATUSES),
                 _action_param(), Param("on", "bool", "On", default=True), _hero_param())),
    CommandSpec("add_threat", "Add 1 Threat (a card says so): bump the Shadows", add_threat,
                (Param("count", "int", "Threats", low=1, high=5, default=1),),
                available=lambda s: not s["revealing"]),
    CommandSpec("defeat", "An ability defeats a Threat (Spirit Boost)", defeat,
                (_threat_param(), _hero_param(), _source_param()), available=has_threats),
    CommandSpec("discard", "A Threat is discarded (no Spirit Boost)", discard,
                (_threat_param(), _source_param()), available=has_threats),
    CommandSpec("return_threat", "A Threat is returned to the top of the Threat deck",
                return_threat, (_threat_param(), _source_param()), available=has_threats),
    CommandSpec("status", "Give or remove a Threat's Dazed/Shield/Bold, or Exhaust it", status,
                (_threat_param(),
                 Param("status", "choice", "Status", choices=STATUSES + ("exhausted",)),
                 Param("on", "bool", "On", default=True), _source_param()),
                available=has_threats),
    CommandSpec("threat_value", "Change a Threat's value (a card effect)", threat_value,
                (_threat_param(), Param("value", "choice", "Value", choices=VALUES),
                 Param("amount", "int", "Amount", low=0, high=99), _source_param()),
                available=has_threats),
    CommandSpec("remove_damage", "An ability removes damage tokens from a Threat",
                remove_damage,
                (_threat_param(), Param("value", "choice", "Value", choices=ACTIONS),
                 Param("amount", "int", "Tokens", low=1, high=30, default=1), _source_param()),
                available=has_threats),
    CommandSpec("reveal_shadow", "A card reveals a Shadow in place (not a Use)", reveal_shadow,
                (Param("shadow", "int", "Sneak space", low=1, high=3),) + REVEAL_PARAMS,
                available=lambda s: any(t is not None and not t["revealed"]
                                        for t in s["shadows"])),
    CommandSpec("shadow_reach", "A card lets a hero target Shadows (Starless Longbow)",
                shadow_reach, (Param("on", "bool", "May target", default=True), _hero_param())),
    CommandSpec("confront", "Confront a non-Foe Threat (multiplayer, Play phase)", confront,
                (_threat_param(),),
                available=lambda s: len(s["heroes"]) > 1 and in_play(s)),
    CommandSpec("asset_spirit", "Equip/unequip a +Spirit Asset: Spirit and max move together",
                asset_spirit, (Param("delta", "int", "Spirit", low=-10, high=10), _hero_param())),
    CommandSpec("asset_power", "Equip/unequip a +Power Asset on an Action", asset_power,
                (_action_param(), Param("delta", "int", "Power", low=-9, high=9, default=1),
                 _hero_param())),
    CommandSpec("reset_action", "An effect resets an Action upright (not a new Use)",
                reset_action, (_action_param(), _hero_param())),
    CommandSpec("advanced", "Activate an Advanced Action's once-per-Adventure ability",
                advanced, (_action_param(),),
                available=lambda s: any(c["advanced"] and not c["ability_used"]
                                        for c in active_hero(s)["actions"].values())),
    CommandSpec("story_aside", "Set a Story card aside for a future Adventure", story_aside,
                (Param("adventure", "int", "Adventure", low=2, high=ADVENTURES, default=2),
                 Param("card", "int", "Story number", low=1, high=999, default=1))),
    CommandSpec("endless", "Endless Dungeons: draw this Adventure's Threat Groups", endless,
                available=lambda s: s["round"] == 0 and not s["campaign"]["endless"]),
    CommandSpec("load_pack", "Load a content pack (TOML)", pack.load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("reveal", "Enter a revealed Threat's values, kind and Reveal statuses", reveal,
                REVEAL_PARAMS, menu=False, prompt_only=True),
    CommandSpec("block", "Enter the Block points played this Spirit phase", block,
                (Param("points", "int", "Block", low=0, high=99, default=0),),
                menu=False, prompt_only=True),
    CommandSpec("location", "Enter the new Active Location's Sneak value", location,
                (Param("sneak", "int", "Sneak", low=1, high=99, default=3),
                 Param("per_hero", "bool", "x heroes", default=False),
                 Param("card", "choice", "Card", choices_from=pack.location_names,
                       default=pack.BY_VALUES)),
                menu=False, prompt_only=True),
    CommandSpec("press_on", "Press On without the Wounded hero, or tend", press_on,
                (Param("choice", "choice", "Team", choices=("press on", "tend")),),
                menu=False, prompt_only=True),
    CommandSpec("skip_adventure", "Lequiem's Warrior: take 1 Wound to skip it", skip_adventure,
                (Param("skip", "bool", "Skip", default=False),), menu=False, prompt_only=True),
    CommandSpec("rewards", "Other rewards: heal 1 Wound, upgrade an Action", rewards,
                (Param("heal_wound", "bool", "Heal 1 Wound", default=False),
                 Param("upgrade", "choice", "Upgrade", choices=("none",) + ACTIONS)),
                menu=False, prompt_only=True),
    CommandSpec("boost", "Give a defeated Threat's Spirit Boost to one hero", boost,
                (Param("hero", "choice", "Hero", choices_from=boost_heroes,
                       default_from=boost_default),),
                menu=False, prompt_only=True),
    CommandSpec("next_adventure", "Set up the next Adventure", next_adventure,
                (Param("adventure", "choice", "Adventure", choices_from=adventure_choices),
                 Param("foes", "int", "Adventure's Foes", low=0, high=20, default=1),
                 Param("stories", "int", "Stories in deck", low=0, high=20, default=0),
                 Param("card", "choice", "Adventure card", choices_from=pack.adventure_names,
                       default=pack.BY_VALUES)),
                menu=False, prompt_only=True),
)
