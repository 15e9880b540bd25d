"""Gloom of Kilforth's procedures, in the rulebook's order.

- ``setup``: "2. Setup" - a content pack (optional, from the menu), each
  hero's race and class values, the Ancients' Plot location types, the
  Difficulty Variant's three Night discards, the First Hero by highest Sneak.
- ``night``: "11. Night Phase" - Gloom, Darkness (draw, gloom spreads,
  resolve), Plot, Dawn, then "Breaking Camp" (AP = current HP) for the next Day.
- ``test``: "Test" - roll (tray or virtual), Fate once per Day, the result
  (successes accumulated per encounter, "Confront"), and "Reward: Loot and Rumour".
- ``arrive``: an encounter drawn on "Action: Move" or "Action: Search".
- ``battle``: "9. Engagement" - Surprise, Evasion Opportunity, battle rounds.
- ``defeat``: a hero defeated during Daylight loses a card ("Hero Defeated").
- ``engagements``: "7. Hero Turn", Enemy Engagement - which Enemy first, when
  several are at the hero's location.
- ``market``: the HP a Market buys for the other heroes at the location
  ("Action: Market", Option 1 - Heal), one hero after another.

Daylight itself runs no procedure: heroes take Actions from the menu until
all have Camped, and the last Camp starts the Night.

The steps' mechanics are in the modules named after the rulebook's sections
(:mod:`~games.kilforth.night`, :mod:`~games.kilforth.tests`,
:mod:`~games.kilforth.battles`, :mod:`~games.kilforth.turns`...); here the
procedures are data: each step, its rule, when it is skipped.
"""

from __future__ import annotations

from games.core import Procedure, Step, StepKind
from games.kilforth.actions import arrive_next
from games.kilforth.battles import (
    evade_result,
    expects,
    foe_defeated_check,
    hero_defeated_check,
    new_round,
    next_round,
    skirmish,
)
from games.kilforth.night import break_camp, dawn, draw_night_card, gloom, place_plots, time_runs_out
from games.kilforth.procedure_data import (
    arrive_data,
    battle_data,
    market_data,
    night_data,
    reward_data,
    rolled_test,
    setup_data,
    test_data,
)
from games.kilforth.setup import first_hero
from games.kilforth.teams import team_groups
from games.kilforth.tests import fate_callers, result
from games.kilforth.turns import after_battle, after_engagements, end_action, end_test, enemy_choices


def _no_plots(state: dict) -> bool:
    return not state["plots"]


def _no_difficulty(state: dict) -> bool:
    return not setup_data(state).get("difficulty")


SETUP = Procedure(
    "setup",
    "Setup",
    (
        Step("pack", StepKind.REMINDER, "Content pack (optional)", "2. Setup, Map (content packs)"),
        Step("hero", StepKind.PROMPT, "Enter the hero's race + class values", "2. Setup, Races/Classes",
             command="hero_values"),
        Step("ancient", StepKind.PROMPT, "Ancient: its Plot location type", "2. Setup, Ancients/Plots",
             command="ancient_plot", skip=_no_plots),
        Step("discard", StepKind.PROMPT, "Difficulty: discard a Night card", "2. Setup, Difficulty Variant",
             command="difficulty_discard", skip=_no_difficulty),
        Step("table", StepKind.REMINDER, "Lay out map, decks, rewards, tokens", "2. Setup"),
        Step("first", StepKind.AUTO, "First Hero: highest Sneak", "2. Setup, First Hero",
             run=first_hero),
    ),
    short="Setup",
)


def _no_losses(state: dict) -> bool:
    return not state["pending_losses"]


def loss_step(step_id: str = "loss") -> Step:
    """"Hero Defeated": each defeated hero sacrifices 1 asset or discards 1 rumour,
    one after another (``lose_card`` stays on the prompt while any are pending)."""
    return Step(step_id, StepKind.PROMPT, "Defeated: lose 1 asset or rumour", "Hero Defeated",
                command="lose_card", skip=_no_losses)


def _no_card(state: dict) -> bool:
    return night_data(state).get("card") is None


def _not_event(state: dict) -> bool:
    return night_data(state).get("type") != "event"


def _no_plot(state: dict) -> bool:
    return not night_data(state).get("plot")


NIGHT = Procedure(
    "night",
    "Night Phase",
    (
        Step("gloom", StepKind.AUTO, "1. Gloom: heroes in gloom lose HP", "11. Night Phase, Step 1: Gloom",
             run=gloom),
        loss_step(),
        Step("draw", StepKind.AUTO, "2a. Draw a Night card", "11. Night Phase, Step 2a: Draw",
             run=draw_night_card),
        Step("card", StepKind.PROMPT, "2b-c. Enter the Night card", "11. Night Phase, Step 2b-c",
             command="night_card", skip=_no_card),
        Step("event", StepKind.REMINDER, "2c. Resolve the Event", "11. Night Phase, Step 2c: Event",
             skip=_not_event),
        loss_step("event_loss"),
        Step("plot_check", StepKind.AUTO, "2d. Plot", "11. Night Phase, Step 2d: Plot", run=place_plots),
        Step("plot", StepKind.REMINDER, "2d. Place the Plot", "11. Night Phase, Step 2d: Plot",
             skip=_no_plot),
        Step("time", StepKind.AUTO, "Last Night card?", "4. Winning the Game", run=time_runs_out),
        Step("dawn", StepKind.AUTO, "3a-c. Dawn", "11. Night Phase, Step 3: Dawn", run=dawn),
        Step("unveil", StepKind.REMINDER, "3d. Unveil veiled cards", "11. Night Phase, Step 3d: Unveil"),
        Step("camp", StepKind.AUTO, "Breaking Camp: AP = HP", "6. Daylight Phase, Breaking Camp",
             run=break_camp),
    ),
    short="Night",
)


def _fate_skip(state: dict) -> bool:
    return not fate_callers(state)


def _no_reward(state: dict) -> bool:
    return not reward_data(state).get("defeated")


REWARD = Step("reward", StepKind.PROMPT, "Reward: Loot and Rumour", "Reward: Loot and Rumour",
              command="reward", skip=_no_reward)


TEST = Procedure(
    "test",
    "Test",
    (
        Step("roll", StepKind.PROMPT, "Roll the dice", "Test", command="roll",
             dice=lambda s: (rolled_test(s)["dice"], "d6")),
        Step("fate", StepKind.PROMPT, "Call on Fate?", "Test, Fate", command="fate", skip=_fate_skip),
        Step("result", StepKind.AUTO, "Count successes", "Test; Confront", run=result),
        REWARD,
        Step("totem", StepKind.PROMPT, "Totem: asset or gold?", "Saga Finale Completion",
             command="totem", skip=lambda s: not test_data(s).get("finale")),
        Step("ancient", StepKind.PROMPT, "The Ancient enters: its card", "Saga Finale Completion",
             command="ancient_card", skip=lambda s: not test_data(s).get("ancients_enter")),
        loss_step(),
    ),
    on_finish=end_test,
    short="Test",
)


def _no_event(state: dict) -> bool:
    return not arrive_data(state).get("event")


def _no_deeds(state: dict) -> bool:
    """No pause for Deeds: the card was no Quest, Place or Stranger drawn by an Action, or
    the hero has since made Camp (defeated: "end their turn immediately")."""
    hero = state["heroes"][state["active_hero"]]
    return not arrive_data(state).get("deeds") or hero["camped"]


ARRIVE = Procedure(
    "arrive",
    "Encounter drawn",
    (
        Step("draw", StepKind.PROMPT, "Draw an encounter: enter it", "Action: Move; Action: Search",
             command="encounter"),
        Step("next", StepKind.AUTO, "Engage or resolve", "Action: Move", run=arrive_next),
        Step("event", StepKind.REMINDER, "Resolve the Event, discard it", "Event", skip=_no_event),
        loss_step(),
        Step("deeds", StepKind.REMINDER, "Deeds? Then next", "10. Deeds (during an Action)",
             skip=_no_deeds),
        loss_step("deeds_loss"),  # the hero's last HP turned down on the dial meanwhile
    ),
    on_finish=end_action,
    short="Arrival",
)


DEFEAT = Procedure("defeat", "Hero Defeated", (loss_step(),), on_finish=end_action, short="Defeated")


MARKET = Procedure(
    "market",
    "Market: Heal",
    (Step("heal", StepKind.PROMPT, "Heal: HP bought", "Action: Market, Option 1 - Heal",
          command="market_heal", skip=lambda s: not market_data(s).get("queue")),),
    on_finish=end_action,
    short="Market",
)


def _no_team_offer(state: dict) -> bool:
    """No Team prompt when a command formed the Team (or chose none), for an Ancient's
    Assault (its command forms the Team), or with no one here to Team with."""
    data = battle_data(state)
    return bool(data.get("team_asked", True)) or not team_groups(state, data["hero"])


def _not_hidden(state: dict) -> bool:
    return not battle_data(state).get("hidden")


def _no_evasion(state: dict) -> bool:
    return battle_data(state).get("stance") != "evade"


def _no_roll_to_evade(state: dict) -> bool:
    """No Sneak Test: no evasion, or the Advanced Variant's automatic one."""
    return _no_evasion(state) or bool(battle_data(state).get("auto_evade"))


def _no_plots_joined(state: dict) -> bool:
    return not battle_data(state).get("joined")


def _no_escape(state: dict) -> bool:
    """"Step 4: Escape Option": not for an Ancient, skipped by a Team."""
    data = battle_data(state)
    return bool(data.get("over") or data.get("team") or data.get("ancient") is not None)


BATTLE = Procedure(
    "battle",
    "Engagement",
    (
        Step("team", StepKind.PROMPT, "Team up for battle?", "Deed: Team, Team Engagement",
             command="team_up", skip=_no_team_offer),
        Step("stance", StepKind.PROMPT, "Hidden: Surprise Attack or Evade?", "Stage 1: Determine Surprise",
             command="stance", skip=_not_hidden),
        Step("evade", StepKind.PROMPT, "Evade: roll Sneak", "Stage 2: Evasion Opportunity",
             command="evade_roll", skip=_no_roll_to_evade, dice=expects("evade")),
        Step("evade_fate", StepKind.PROMPT, "Call on Fate?", "Stage 2: Evasion Opportunity; Test, Fate",
             command="fate", skip=lambda s: _no_roll_to_evade(s) or not fate_callers(s)),
        Step("evaded", StepKind.AUTO, "Evaded?", "Stage 2: Evasion Opportunity", run=evade_result,
             skip=_no_evasion),
        Step("plots", StepKind.REMINDER, "Plots join the Ancient", "Ancient Battles",
             skip=_no_plots_joined),
        Step("trap", StepKind.PROMPT, "Trap? Pay its cost", "Stage 3: Battle; Trap", command="trap"),
        Step("round", StepKind.AUTO, "New battle round", "Stage 3: Battle", run=new_round),
        Step("hero_roll", StepKind.PROMPT, "Skirmish: roll your Fight", "Step 1: Skirmish",
             command="hero_fight", dice=expects("hero")),
        Step("foe_roll", StepKind.PROMPT, "Skirmish: roll the foe's Fight", "Step 1: Skirmish",
             command="foe_fight", dice=expects("foe")),
        Step("fate", StepKind.PROMPT, "Call on Fate?", "Test, Fate", command="fate",
             skip=lambda s: not fate_callers(s)),
        Step("skirmish", StepKind.AUTO, "Remove lost HP", "Step 1: Skirmish", run=skirmish),
        Step("foe_check", StepKind.AUTO, "Foe Defeated Check", "Step 2: Foe Defeated Check",
             run=foe_defeated_check),
        REWARD,
        Step("hero_check", StepKind.AUTO, "Hero Defeated Check", "Step 3: Hero Defeated Check",
             run=hero_defeated_check),
        loss_step(),
        Step("escape", StepKind.PROMPT, "Escape or fight on?", "Step 4: Escape Option",
             command="escape", skip=_no_escape),
        Step("again", StepKind.AUTO, "Next round", "Stage 3: Battle", run=next_round),
    ),
    on_finish=after_battle,
    short="Battle",
)


ENGAGEMENTS = Procedure(
    "engagements",
    "Enemy Engagement",
    (
        Step("order", StepKind.PROMPT, "Which Enemy first?", "7. Hero Turn, Enemy Engagement",
             command="engage_next", skip=lambda s: len(enemy_choices(s)) < 2),
        loss_step(),
    ),
    on_finish=after_engagements,
    short="Engaged",
)


PROCEDURES = (SETUP, NIGHT, TEST, ARRIVE, DEFEAT, MARKET, BATTLE, ENGAGEMENTS)
