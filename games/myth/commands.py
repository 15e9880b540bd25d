"""What a Myth: Dark Frontier player can tell the box: ``COMMANDS``, the tuple
the Game offers (in the action menu's order), each with its parameters and the
handler it names. The handlers live with their mechanic, in the module named
after the rulebook section (games/README.md).

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing.
"""

from __future__ import annotations

from games.core import CommandSpec, Param
from games.myth import (
    action_phase,
    battles,
    conquest,
    enemies,
    enemy_actions,
    enemy_movement,
    farrenroc,
    fate,
    hero_actions,
    march,
    muster,
    pack,
    prepare,
    setup,
    spawning,
)
from games.myth.state import (
    AREA_TYPES,
    BASIC_TYPES,
    FATE_FACES,
    MINIONS,
    RANKS,
    RESOURCES,
    SKILLS,
    TRACKS,
)


def _playing(state: dict) -> bool:
    return (state.get("procedure") or {}).get("name") != "setup"


def _hero_param() -> Param:
    return Param("hero", "int", "Hero", low=1, high=4, optional=True, default_from=_acting_hero)


def _acting_hero(state: dict) -> int | None:
    """The form starts on the hero whose card is being resolved (Hero 2's card: Hero 2)."""
    current = action_phase.current_card(state)
    return current[1] + 1 if current and isinstance(current[1], int) else None


def _untaken_type(state: dict) -> str | None:
    """The form starts on an objective location type no other objective has (Setup 4)."""
    taken = {o["location"] for o in state.get("objectives", {}).values()}
    return next((kind for kind in BASIC_TYPES if kind not in taken), None)


def board_areas(state: dict) -> tuple[str, ...]:
    """The area ids of the game's own board (an edited board file included)."""
    return tuple(state["board"]["areas"])


def area_labels(state: dict) -> dict[str, str]:
    """Each area's name for the forms (the stored value stays the area id)."""
    return {area_id: area["name"] for area_id, area in state["board"]["areas"].items()}


def _area() -> Param:
    return Param("area", "choice", "Area", choices_from=board_areas, labels_from=area_labels)


def _dice() -> Param:
    return Param("dice", "dice", "Dice", optional=True)


_TEST = (Param("skill", "choice", "Skill", choices=SKILLS),
         Param("target", "int", "Target number", low=1, high=10, default=6))

COMMANDS = (
    CommandSpec("load_pack", "Load a content pack (a board)", setup.load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("battle", "Battle", hero_actions.battle,
                (Param("rank", "choice", "Rank", choices=RANKS),
                 Param("defeat_delayed", "bool", "Defeat delayed", default=True),
                 Param("decline", "bool", "Decline (+1 infl)", default=False),
                 _hero_param(), _dice()), available=_playing),
    CommandSpec("travel", "Travel", hero_actions.travel,
                (_area(), _hero_param()), available=_playing),
    CommandSpec("quest", "Quest", hero_actions.quest,
                (*_TEST, Param("decline", "bool", "Decline (+1 hope)", default=False),
                 _hero_param(), _dice()), available=_playing),
    CommandSpec("encounter", "Encounter", hero_actions.encounter,
                (*_TEST, Param("no_test", "bool", "No test on card", default=False),
                 _hero_param(), _dice()), available=_playing),
    CommandSpec("fortify", "Fortify", hero_actions.fortify,
                (Param("decline", "bool", "Decline (+1 supply)", default=False), _hero_param()),
                available=_playing),
    CommandSpec("test", "Skill test", hero_actions.test, (*_TEST, _hero_param(), _dice()),
                available=_playing),
    CommandSpec("discard_card", "Drop asset/burden", hero_actions.discard_card,
                (Param("card", "choice", "Card", choices=("asset", "burden")), _hero_param()),
                available=_playing),
    CommandSpec("spend_fate", "Spend fate symbol", fate.spend_fate,
                (Param("face", "choice", "Symbol", choices=FATE_FACES), _dice()),
                available=_playing),
    CommandSpec("raise", "Raise conquest", conquest.raise_cmd,
                (Param("track", "choice", "Track", choices=TRACKS),
                 Param("spaces", "int", "Spaces", low=1, high=9, default=1)), available=_playing),
    CommandSpec("spawn", "Spawn minions", spawning.spawn_cmd,
                (_area(), Param("count", "int", "Minions", low=1, high=20, default=1)),
                available=_playing),
    CommandSpec("muster", "Muster", muster.muster_cmd,
                # "Muster" bounds no count (a die short costs a resource): up to the minions
                (Param("count", "int", "Musters", low=1, high=MINIONS, default=1), _dice()),
                available=_playing),
    CommandSpec("place", "Place enemies", enemies.place,
                (_area(), Param("rank", "choice", "Rank", choices=RANKS),
                 Param("count", "int", "Count", low=1, high=20, default=1))),
    CommandSpec("remove", "Remove enemies", enemies.remove,
                (_area(), Param("rank", "choice", "Rank", choices=RANKS),
                 Param("count", "int", "Count", low=1, high=20, default=1))),
    CommandSpec("structure", "Change a structure", hero_actions.structure,
                (_area(), Param("on", "bool", "Build", default=True))),
    CommandSpec("wound", "Damage a hero", hero_actions.wound_cmd,
                (Param("amount", "int", "Damage", low=1, high=20, default=1), _hero_param()),
                available=_playing),
    CommandSpec("objective_token", "Claim objective", hero_actions.objective_token,
                (Param("kind", "choice", "Objective", choices=RESOURCES), _hero_param()),
                available=_playing),
    CommandSpec("final_done", "Final obj. done", hero_actions.final_done,
                available=lambda s: s["final_revealed"]),
    CommandSpec("set_quest", "A new active quest", hero_actions.set_quest,
                (Param("location", "choice", "Location", choices=AREA_TYPES),),
                available=_playing),
    # prompt answers
    CommandSpec("hero", "Enter a hero card", setup.hero, setup.HERO_PARAMS, menu=False, prompt_only=True),
    CommandSpec("enemy_sheet", "Enter the enemy sheet", setup.enemy_sheet, setup.ENEMY_PARAMS,
                menu=False, prompt_only=True),
    CommandSpec("track_abilities", "Mark a track's ability spaces", setup.track_abilities,
                setup.TRACK_PARAMS, menu=False, prompt_only=True),
    CommandSpec("objective", "An objective card's location", setup.objective,
                (Param("location", "choice", "Location", choices=BASIC_TYPES, default_from=_untaken_type),),
                menu=False, prompt_only=True),
    CommandSpec("active_quest", "The active quest's location", setup.active_quest,
                (Param("location", "choice", "Location", choices=AREA_TYPES),),
                menu=False, prompt_only=True),
    CommandSpec("roll_fate", "Roll the fate pool", fate.roll_fate, (_dice(),), menu=False,
                prompt_only=True),
    CommandSpec("conquest_fate", "Roll fate dice for a Conquest", enemy_actions.conquest_fate, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("assault", "Roll an assault's dice", march.assault, (_dice(),), menu=False,
                prompt_only=True),
    CommandSpec("roll", "Roll the dice (tray or virtual)", battles.roll, (_dice(),), menu=False,
                prompt_only=True),
    CommandSpec("reroll", "Reroll a die (each once) or keep", battles.reroll,
                (Param("die", "choice", "Reroll", choices=("keep",), default="keep",
                       choices_from=battles.reroll_choices), _dice()),
                menu=False, prompt_only=True),
    CommandSpec("keep_card", "The encounter card: asset, burden or discard", hero_actions.keep_card,
                (Param("card", "choice", "Card", choices=("discard", "asset", "burden"),
                       default="discard", choices_from=hero_actions.card_choices),),
                menu=False, prompt_only=True),
    CommandSpec("muster_fate", "Roll the fate dice for a Muster", muster.muster_fate, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("boss_fate", "Roll the fate die that places the boss", conquest.boss_fate, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("fate_reroll", "Reroll the spent fate die", fate.fate_reroll, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("darkness_fate", "The enemy card's Darkness: reroll its die", fate.darkness_fate,
                (_dice(),), menu=False, prompt_only=True),
    CommandSpec("discard_resource", "Discard a resource (players' choice)", farrenroc.discard_resource,
                (Param("resource", "choice", "Discard", choices=RESOURCES,
                       choices_from=farrenroc.discard_options, labels_from=farrenroc.discard_labels),),
                menu=False, prompt_only=True),
    CommandSpec("overrun", "Overrun: discard a resource or move", spawning.overrun,
                (Param("choice", "choice", "Overrun", choices_from=spawning.overrun_options,
                       labels_from=spawning.overrun_labels, default_from=spawning.overrun_default,
                       refusal=spawning.overrun_refusal),),
                menu=False, prompt_only=True),
    CommandSpec("fate_pick", "Which fate dice of the pool to roll", fate.fate_pick,
                (Param("dice", "choice", "Roll", choices_from=fate.pick_choices,
                       labels_from=fate.pick_labels, default_from=fate.pick_default,
                       refusal=fate.pick_refusal),),
                menu=False, prompt_only=True),
    CommandSpec("march_to", "A tied minion move: where to", enemy_movement.march_to,
                (Param("area", "choice", "Move to", choices_from=enemy_movement.march_choices,
                       labels_from=enemy_movement.march_labels,
                       default_from=enemy_movement.march_default,
                       refusal=enemy_movement.march_refusal),),
                menu=False, prompt_only=True),
    CommandSpec("produce", "Resources from structures", prepare.produce,
                tuple(Param(k, "int", k.capitalize(), low=0, high=6, default=0)
                      for k in RESOURCES), menu=False, prompt_only=True),
)
