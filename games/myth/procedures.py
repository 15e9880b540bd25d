"""Myth: Dark Frontier's procedures, in the rulebook's order: steps as data,
each citing its rule; the mechanics they call are in the topic modules.

"Setup" (the values the box needs), then each round ("Sequence of Play"):
1. Planning (enemy action step, hero action step, decks shuffled),
2. Action (Morning, Day, Night decks, one card at a time),
3. Prepare (effects, resources, refresh, revive, reset).
"""

from __future__ import annotations

from games.core import Procedure, Step, StepKind
from games.core.context import resume
from games.myth.action_phase import card_used, draw_card, enemy_card, enemy_card_drawn, hero_acts, hero_down
from games.myth.battles import apply_roll, dice_awaited, roll_dice, waiting_roll
from games.myth.conquest import abilities_resolved, boss_arriving, boss_to_darkness
from games.myth.enemy_actions import (
    conquest_roll,
    conquest_without_dice,
    resolve_enemy_card,
    scheme_moves,
    waiting_conquest,
    waiting_conquest_dice,
)
from games.myth.enemy_movement import waiting_movers
from games.myth.fate import fate_pick_options, non_darkness_dice
from games.myth.march import assault_dice, march_end, march_start, waiting_assaults
from games.myth.muster import muster_dice, muster_without_dice, waiting_musters
from games.myth.planning import begin_round, place_enemy_actions, shuffle_decks
from games.myth.prepare import reset, revive
from games.myth.setup import shuffle_enemy_deck
from games.myth.spawning import overrun_options, settle_overruns
from games.myth.state import FATE_DICE, action_data, roll_data, spend_data, structures


def boss_steps(prefix: str) -> tuple[Step, ...]:
    """"The Siege": the boss placed by one non-darkness fate die (a prompt that
    arms the tray for 1 fate die), or in the darkness location when all dice of
    the pool show darkness (automatic)."""
    return (
        Step(f"{prefix}boss_pick", StepKind.PROMPT, "Siege: which fate die to roll?",
             "The Siege", command="fate_pick",
             skip=lambda s: not boss_arriving(s) or len(fate_pick_options(s, 1)) < 2),
        Step(f"{prefix}boss", StepKind.PROMPT, "Siege: roll a fate die for the boss",
             "The Siege", command="boss_fate", dice=lambda s: (1, "fate"),
             skip=lambda s: not boss_arriving(s) or non_darkness_dice(s) == 0),
        Step(f"{prefix}boss_dark", StepKind.AUTO, "Boss to the darkness location", "The Siege",
             run=boss_to_darkness, skip=lambda s: not boss_arriving(s)),
    )

def resolve_steps(prefix: str) -> tuple[Step, ...]:
    """A raise's consequences, as the rules order them: the boss's arrival if
    the siege began ("The Siege": "Players must immediately perform the
    following actions"), then each conquest or siege ability the marker
    entered, resolved before the marker moves on ("Conquest"); the loop runs
    again while the waiting raises enter another ability or begin the siege."""
    return (
        *boss_steps(prefix),
        Step(f"{prefix}abilities", StepKind.REMINDER, "Resolve the conquest abilities",
             "Conquest; The Siege", skip=lambda s: not s["pending"]),
        Step(f"{prefix}abilities_done", StepKind.AUTO, "Abilities resolved", "Conquest",
             run=abilities_resolved(prefix), skip=lambda s: not s["pending"]),
    )

def aftermath(prefix: str) -> tuple[Step, ...]:
    """After an effect: the raises' consequences (:func:`resolve_steps`: the boss
    if the siege began, the abilities entered; an overrun in an objective
    location raises its track at once, "Overruns", before the players choose
    what becomes of the minions), then resources to discard and the overruns
    waiting for the players' choice ("Running Out of Minions"; "Overruns")."""
    return (
        *resolve_steps(prefix),
        Step(f"{prefix}discard", StepKind.PROMPT, "Discard a resource: which?",
             "Farrenroc Reserves; Running Out of Minions; Muster", command="discard_resource",
             skip=lambda s: not s["discards"]),
        Step(f"{prefix}overrun_forced", StepKind.AUTO, "Overruns without a choice",
             "Overruns", run=settle_overruns,
             skip=lambda s: not s["overruns"] or len(overrun_options(s)) > 1),
        Step(f"{prefix}overrun", StepKind.PROMPT, "Overrun: discard 1 resource or move",
             "Overruns", command="overrun", skip=lambda s: not s["overruns"]),
    )


# --- Setup ---------------------------------------------------------------------------------


SETUP = Procedure(
    "setup",
    "Setup",
    (
        Step("board", StepKind.REMINDER, "Board: next, or a board pack", "Setup 1. Set up the "
             "Game Board"),
        Step("hero", StepKind.PROMPT, "Enter the hero card's values", "Setup 2. Choose Heroes",
             command="hero"),
        Step("enemy", StepKind.PROMPT, "Enter the enemy sheet's ranks", "Setup 3; Enemy Sheet",
             command="enemy_sheet"),
        Step("track", StepKind.PROMPT, "Mark the conquest ability spaces", "Conquest Tracks",
             command="track_abilities"),
        Step("objective", StepKind.PROMPT, "Objective card: its location", "Setup 4",
             command="objective"),
        Step("tokens", StepKind.REMINDER, "Place the objective tokens", "Setup 4"),
        Step("final", StepKind.REMINDER, "Final objective face down; shuffle encounter and "
             "quest decks", "Setup 5; Setup 6"),
        Step("quest", StepKind.PROMPT, "Active quest: its location", "Setup 6; Quest Deck",
             command="active_quest"),
        Step("enemy_deck", StepKind.AUTO, "Shuffle the enemy action deck", "Setup 3",
             run=shuffle_enemy_deck),
        Step("fate", StepKind.PROMPT, "Roll the 5 fate dice", "Fate Pool", command="roll_fate",
             dice=lambda s: (FATE_DICE, "fate")),
        Step("enemies", StepKind.REMINDER, "Enemy sheet setup: place its enemies", "Setup 3"),
    ),
    then="planning",
    short="Setup",
)


# --- 1. Planning -----------------------------------------------------------------------------


PLANNING = Procedure(
    "planning",
    "1. Planning Phase",
    (
        Step("begin", StepKind.AUTO, "A new round begins", "Sequence of Play", run=begin_round),
        Step("enemy", StepKind.AUTO, "Enemy actions placed facedown", "Enemy Action Step",
             run=place_enemy_actions),
        Step("heroes", StepKind.REMINDER, "Each hero: 1 action card per deck",
             "Hero Action Step; Choosing Hero Actions"),
        Step("shuffle", StepKind.AUTO, "Shuffle each action deck", "Hero Action Step",
             run=shuffle_decks),
    ),
    then="action",
    short="Planning",
)


# --- 2. Action ---------------------------------------------------------------------------------


ACTION = Procedure(
    "action",
    "2. Action Phase",
    (
        Step("draw", StepKind.AUTO, "Draw the next action card", "Action Phase", run=draw_card),
        Step("hero", StepKind.REMINDER, "Hero: resolve your action card", "Hero Actions",
             skip=lambda s: not hero_acts(s)),
        Step("defeated", StepKind.REMINDER, "Defeated: card returned unresolved",
             "Defeated Heroes", skip=lambda s: not hero_down(s)),
        Step("enemy", StepKind.AUTO, "Resolve the enemy action", "Enemy Actions",
             run=resolve_enemy_card, skip=lambda s: not enemy_card_drawn(s)),
        *resolve_steps("raise_"),
        Step("scheme", StepKind.AUTO, "Captains move", "Scheme", run=scheme_moves,
             skip=lambda s: enemy_card(s) != "scheme"),
        Step("conquest_pick", StepKind.PROMPT, "Which fate dice to roll?", "Conquest",
             command="fate_pick", skip=lambda s: not waiting_conquest(s) or len(
                 fate_pick_options(s, waiting_conquest_dice(s))) < 2),
        Step("conquest", StepKind.PROMPT, "Roll the fate dice for the spawns", "Conquest",
             command="conquest_fate", dice=conquest_roll,
             skip=lambda s: not waiting_conquest(s) or waiting_conquest_dice(s) == 0),
        Step("conquest_spawn", StepKind.AUTO, "Spawn", "Conquest; Spawning Enemies",
             run=conquest_without_dice, skip=lambda s: not waiting_conquest(s)),
        Step("assault", StepKind.PROMPT, "Assault: roll a d10 per enemy", "March; Assaults",
             command="assault", skip=lambda s: not waiting_assaults(s), dice=assault_dice),
        Step("march", StepKind.AUTO, "Minions move", "March; Enemy Movement", run=march_start,
             skip=lambda s: enemy_card(s) != "march"),
        Step("march_to", StepKind.PROMPT, "Tie: where does the minion move?",
             "Enemy Movement Priority", command="march_to", skip=lambda s: not waiting_movers(s)),
        Step("march_end", StepKind.AUTO, "Minions moved", "March; Enemy Movement",
             run=march_end, skip=lambda s: "march_before" not in action_data(s)),
        *aftermath("enemy_"),
        Step("darkness", StepKind.PROMPT, "Darkness: resolve it, roll its die",
             "Action Phase; Fate Pool", command="darkness_fate", dice=lambda s: (1, "fate"),
             skip=lambda s: not enemy_card_drawn(s) or "darkness" not in s["fate"]),
        Step("enemy_rest", StepKind.REMINDER, "Resolve the card's Siege action",
             "Action Phase", skip=lambda s: not enemy_card_drawn(s) or not s["siege"]),
        Step("next_card", StepKind.AUTO, "Card used", "Action Phase", run=card_used),
    ),
    then="prepare",
    short="Action",
)


# --- 3. Prepare ------------------------------------------------------------------------------


PREPARE = Procedure(
    "prepare",
    "3. Prepare Phase",
    (
        Step("effects", StepKind.REMINDER, "Resolve prepare effects", "Prepare Effects Step"),
        Step("resources", StepKind.PROMPT, "Structures: choose resources", "Resource Step",
             command="produce", skip=lambda s: structures(s) == 0),
        Step("refresh", StepKind.REMINDER, "Refresh exhausted assets", "Refresh Step"),
        Step("revive", StepKind.AUTO, "Revive heroes and minions", "Revive Step", run=revive),
        Step("reset", StepKind.AUTO, "Reset the enemy action cards", "Reset Step", run=reset),
        Step("hands", StepKind.REMINDER, "Used hero actions back to hand", "Reset Step"),
    ),
    short="Prepare",
)


# --- a battle or skill test: roll, reroll, result --------------------------------------------


ROLL = Procedure(
    "roll",
    "Dice",
    (
        Step("roll", StepKind.PROMPT, "Roll the dice", "Skill Tests; Battle", command="roll",
             skip=lambda s: not dice_awaited(s), dice=roll_dice),
        Step("reroll", StepKind.PROMPT, "Reroll a die, or keep", "Rerolling Dice",
             command="reroll", skip=lambda s: not waiting_roll(s), dice=lambda s: (1, "d10")),
        Step("result", StepKind.AUTO, "Apply the result", "Skill Tests; Battle",
             run=apply_roll, skip=lambda s: not waiting_roll(s)),
        Step("card", StepKind.PROMPT, "Encounter card: keep as?", "Encounter Cards",
             command="keep_card", skip=lambda s: not roll_data(s).get("card")),
        Step("quest", StepKind.PROMPT, "The next active quest", "Quest Deck",
             command="set_quest", skip=lambda s: not roll_data(s).get("quest_done")),
    ),
    on_finish=resume,  # back to the waiting step,
    short="Dice",
)


# --- effects started from the menu --------------------------------------------------------------


EFFECT = Procedure("effect", "Card effect", (
    Step("muster_pick", StepKind.PROMPT, "Muster: which fate dice to roll?", "Muster",
         command="fate_pick", skip=lambda s: len(fate_pick_options(s, muster_dice(s))) < 2),
    Step("muster", StepKind.PROMPT, "Muster: roll the fate dice", "Muster",
         command="muster_fate", dice=lambda s: (muster_dice(s), "fate"),
         skip=lambda s: muster_dice(s) == 0),
    Step("muster_dark", StepKind.AUTO, "Muster: no dice to roll", "Muster", run=muster_without_dice,
         skip=lambda s: not waiting_musters(s)),
    *aftermath(""),
), on_finish=resume, short="Effect")

SPEND = Procedure("spend", "Fate ability", (
    Step("reroll", StepKind.PROMPT, "Resolve it, then roll its die", "Fate Pool; Fate Ability",
         command="fate_reroll", dice=lambda s: (1, "fate"),
         skip=lambda s: spend_data(s).get("spent") is None),
), on_finish=resume, short="Fate")

PROCEDURES = (SETUP, PLANNING, ACTION, PREPARE, EFFECT, ROLL, SPEND)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: a new round's Planning phase."""
    return None if state.get("over") else "planning"
