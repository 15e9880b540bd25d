"""What a Kreel Manor player can tell the box: the command table, in the action menu's order.

Each entry names its handler, which lives beside the mechanic it carries out,
in the topic module of its rulebook section: :mod:`games.kreel.action_track`
(Tilt, Use, Scout, Acts, a hero's Statuses and Assets),
:mod:`games.kreel.threat_phase` (Add 1 Threat, the Reveal),
:mod:`games.kreel.damage` (damage tokens, defeat, card effects on Threats),
:mod:`games.kreel.shadows`, :mod:`games.kreel.multiplayer` (Confront, Spirit
Boost), :mod:`games.kreel.spirit_phase` (Block, a Spirit Asset),
:mod:`games.kreel.delve_phase` (the Location prompt), :mod:`games.kreel.wounds`
(Press On), :mod:`games.kreel.stories`, :mod:`games.kreel.campaign` (Game End,
the next Adventure, Endless Dungeons) and :mod:`games.kreel.pack`. The
new-campaign form is in :mod:`games.kreel.setup`.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing.
"""

from __future__ import annotations

from games.core import CommandSpec, Param
from games.kreel import pack
from games.kreel.action_track import (
    act,
    advanced,
    asset_power,
    hero_status,
    in_play,
    power_effect,
    reset_action,
    scout,
    tilt,
    use,
    use_refusal,
)
from games.kreel.campaign import adventure_choices, endless, next_adventure, rewards, skip_adventure
from games.kreel.damage import damage, defeat, discard, remove_damage, return_threat, status, threat_value
from games.kreel.delve_phase import location
from games.kreel.multiplayer import boost, boost_default, boost_heroes, confront
from games.kreel.shadows import reveal_shadow, shadow_reach
from games.kreel.spirit_phase import asset_spirit, block, spirit_effect
from games.kreel.state import ACTIONS, ADVENTURES, STATUSES, VALUES, active_hero
from games.kreel.stories import story_aside
from games.kreel.threat_area import (
    SOURCES,
    damage_targets,
    has_threats,
    likely_damage_target,
    likely_target,
    target_choices,
    use_target_refusal,
)
from games.kreel.threat_phase import REVEAL_PARAMS, add_threat, reveal
from games.kreel.wounds import press_on


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
    return in_play(state) and any(use_refusal(hero, a) is None for a in ACTIONS)


COMMANDS = (
    CommandSpec("use", "Use an Action", use,
                (_action_param(), Param("target", "choice", "Target", choices_from=target_choices,
                                        default_from=likely_target,
                                        refusal=use_target_refusal))
                + USE_POWER, available=_can_use),
    CommandSpec("damage", "Deal damage tokens", damage,
                (Param("target", "choice", "Target", choices_from=damage_targets,
                       default_from=likely_damage_target),
                 Param("value", "choice", "Value", choices=ACTIONS),
                 Param("amount", "int", "Tokens", low=1, high=30, default=1), _hero_param(),
                 _source_param())),
    CommandSpec("tilt", "Tilt an Action", tilt, (_action_param(),),
                available=lambda s: in_play(s) and not active_hero(s)["tilts"]),
    CommandSpec("scout", "Scout a Shadow", scout,
                (Param("shadow", "int", "Sneak space", low=1, high=3),) + USE_POWER + REVEAL_PARAMS,
                available=lambda s: _can_use(s)
                and any(t is not None and not t["revealed"] for t in s["shadows"])),
    CommandSpec("act", "Check an Act", act,
                (_action_param(), Param("needed", "int", "Needed", low=1, high=20, default=3)),
                available=in_play),
    CommandSpec("hero_status", "Hero/Action status", hero_status,
                (Param("status", "choice", "Status", choices=STATUSES),
                 _action_param(), Param("on", "bool", "On", default=True), _hero_param())),
    CommandSpec("add_threat", "Add 1 Threat", add_threat,
                (Param("count", "int", "Threats", low=1, high=5, default=1),),
                available=lambda s: not s["revealing"]),
    CommandSpec("defeat", "Defeat a Threat", defeat,
                (_threat_param(), _hero_param(), _source_param()), available=has_threats),
    CommandSpec("discard", "Discard a Threat", discard,
                (_threat_param(), _source_param()), available=has_threats),
    CommandSpec("return_threat", "Return a Threat",
                return_threat, (_threat_param(), _source_param()), available=has_threats),
    CommandSpec("status", "Threat status", status,
                (_threat_param(),
                 Param("status", "choice", "Status", choices=STATUSES + ("exhausted",)),
                 Param("on", "bool", "On", default=True), _source_param()),
                available=has_threats),
    CommandSpec("threat_value", "Set a Threat value", threat_value,
                (_threat_param(), Param("value", "choice", "Value", choices=VALUES),
                 Param("amount", "int", "Amount", low=0, high=99), _source_param()),
                available=has_threats),
    CommandSpec("remove_damage", "Remove damage",
                remove_damage,
                (_threat_param(), Param("value", "choice", "Value", choices=ACTIONS),
                 Param("amount", "int", "Tokens", low=1, high=30, default=1), _source_param()),
                available=has_threats),
    CommandSpec("reveal_shadow", "Reveal a Shadow", reveal_shadow,
                (Param("shadow", "int", "Sneak space", low=1, high=3),) + REVEAL_PARAMS,
                available=lambda s: any(t is not None and not t["revealed"]
                                        for t in s["shadows"])),
    CommandSpec("shadow_reach", "Target Shadows",
                shadow_reach, (Param("on", "bool", "May target", default=True), _hero_param())),
    CommandSpec("confront", "Confront a Threat", confront,
                (_threat_param(),),
                available=lambda s: len(s["heroes"]) > 1 and in_play(s)),
    CommandSpec("asset_spirit", "+Spirit Asset",
                asset_spirit, (Param("delta", "int", "Spirit", low=-10, high=10), _hero_param())),
    CommandSpec("asset_power", "+Power Asset", asset_power,
                (_action_param(), Param("delta", "int", "Power", low=-9, high=9, default=1),
                 _hero_param())),
    CommandSpec("reset_action", "Reset an Action",
                reset_action, (_action_param(), _hero_param())),
    CommandSpec("advanced", "Advanced ability",
                advanced, (_action_param(),),
                available=lambda s: any(c["advanced"] and not c["ability_used"]
                                        for c in active_hero(s)["actions"].values())),
    CommandSpec("story_aside", "Set a Story aside", story_aside,
                (Param("adventure", "int", "Adventure", low=2, high=ADVENTURES, default=2),
                 Param("card", "int", "Story number", low=1, high=999, default=1))),
    CommandSpec("endless", "Endless Dungeons", endless,
                available=lambda s: s["round"] == 0 and not s["campaign"]["endless"]),
    # Last in the menu, so the items before keep their places (scripts and habits).
    CommandSpec("power_effect", "Gain/lose Power", power_effect,
                (_action_param(), Param("amount", "int", "Power +/-", low=-6, high=6, default=1),
                 Param("cost", "bool", "A cost", default=False), _hero_param())),
    CommandSpec("spirit_effect", "Heal/lose Spirit", spirit_effect,
                (Param("amount", "int", "Spirit +/-", low=-30, high=30, default=1),
                 Param("cost", "bool", "A cost", default=False), _hero_param())),
    CommandSpec("load_pack", "Load a content pack (TOML)", pack.load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("reveal", "Enter a revealed Threat's values, kind and Reveal statuses", reveal,
                REVEAL_PARAMS, menu=False, prompt_only=True),
    CommandSpec("block", "Enter the Block points played this Spirit phase", block,
                (Param("points", "int", "Block", low=0, high=99, default=0),),
                menu=False, prompt_only=True),
    CommandSpec("location", "Enter the new Active Location's Sneak value", location,
                (Param("sneak", "int", "Sneak", low=1, high=99, default=3),
                 Param("per_hero", "bool", "Sneak x heroes", default=False),
                 Param("card", "choice", "Card", choices_from=pack.location_names,
                       default=pack.BY_VALUES, from_pack=True)),
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
                       default=pack.BY_VALUES, from_pack=True)),
                menu=False, prompt_only=True),
)
