"""What a Tainted Grail player can tell the box, each a function of the state.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing. Characters are named by their place in the party (1-4).

This module is the package's entry point: ``COMMANDS`` (the tuple the Game
offers, in the action menu's order) and ``SETUP_PARAMS``/``setup``. The handlers
live by area: :mod:`~games.grail.travel`, :mod:`~games.grail.survival`,
:mod:`~games.grail.encounter_commands`, :mod:`~games.grail.locations`,
:mod:`~games.grail.menhirs`, :mod:`~games.grail.guardians` and
:mod:`~games.grail.advancement`; what they share in :mod:`~games.grail.params`.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import CommandSpec, Context, Param, RuleError
from games.grail import encounters, pack
from games.grail.advancement import advance_deck, advancing, raise_attribute
from games.grail.encounter_commands import (
    ENDINGS,
    active_default,
    combat,
    diplomacy,
    encounter_params,
    end_activation,
    end_encounter,
    escape,
    escape_toss,
    in_encounter,
    no_encounter,
    pick_active,
    redraw,
    redraw_open,
)
from games.grail.guardians import GUARDIAN_FACES, defeat_guardian, guardian, guardian_roll
from games.grail.locations import blocked, direction_key, load_pack, place, remove_location, reveal
from games.grail.menhirs import MENHIR_COSTS, activate, time_dial, time_token
from games.grail.params import SIDES, character_param, location_param, party_params, turn_param
from games.grail.rounds import settle_day, settle_round
from games.grail.state import (
    ATTRIBUTES,
    DECKS,
    FIRST_MENHIR_DAYS,
    MENHIR_DIAL_TOP,
    MODES,
    MODIFIERS,
    RESOURCE_LIMIT,
    TRACK_LIMIT,
    TRADEABLE,
    living,
    new_campaign,
)
from games.grail.story import (
    QUEST_ENDINGS,
    QUEST_LENGTH,
    active_quests,
    add_quest,
    complete_quest,
    settle_quests,
    status,
    status_params,
    statuses_marked,
    unmark_status,
)
from games.grail.survival import DEATH_CHOICES, death, rest, trade
from games.grail.travel import (
    ACTION_KINDS,
    action,
    during_day,
    explore,
    move,
    pass_day,
    travel,
    travel_choices,
)

# The new-game form's label of each modifier (at most 20 characters for the OLED).
MODIFIER_LABELS = {
    "story": {"encounters": "Story: Encounters", "health_limiter": "Story: no limiter",
              "menhirs_cost": "Story: Menhir cost", "starting_items": "Story: Start Items"},
    "challenge": {"setup": "Chall: Setup", "escaping": "Chall: Escaping", "menhirs_events":
                  "Chall: Menhir/Event", "rest": "Chall: Rest", "advancement": "Chall: Exp costs",
                  "items": "Chall: 5 Items", "mercy": "Chall: No Mercy"},
}


def modifier_params() -> tuple[Param, ...]:
    """One yes/no field per modifier of Story and Challenge mode ("Alternative Modes
    & Appendices": "apply any or all of these modifiers"); all on by default, and
    only the chosen mode's count."""
    return tuple(Param(f"{mode}_{name}", "bool", MODIFIER_LABELS[mode][name], default=True)
                 for mode in ("story", "challenge") for name in MODIFIERS[mode])


def chosen_modifiers(params: dict) -> list[str]:
    """The chosen mode's modifiers switched on in the new-game form."""
    mode = params["mode"]
    return sorted(name for name in MODIFIERS[mode] if params[f"{mode}_{name}"])


SETUP_PARAMS = (
    Param("mode", "choice", "Mode", choices=MODES, default="standard"),
    Param("characters", "int", "Characters", low=1, high=4, default=1),
    Param("energy_top", "int", "Energy top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("energy_start", "int", "Energy start", low=0, high=TRACK_LIMIT, default=5),
    Param("health_top", "int", "Health top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("health_start", "int", "Health start", low=1, high=TRACK_LIMIT, default=6),
    Param("terror_top", "int", "Terror top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("terror_start", "int", "Terror start", low=0, high=TRACK_LIMIT, default=0),
    *modifier_params(),
)


def setup(ctx: Context) -> None:
    """A new Campaign ("Campaign Setup").

    Character Setup I: the mode, and which of its modifiers apply ("Story Mode",
    "Challenge Mode": "apply any or all"); III-IV: the tracks' starting slots (entered
    here for every Character; each Character's own lengths, Attributes and
    Resources are set with the dials, "correct" or a content pack). World
    Setup I-III: Location 101 with 102/103/104/105 around it, all models on
    101, its Menhir's Dial at 8/7/6/5 days for 1/2/3/4 players. Then the
    setup reminders (the Tiles' Attributes and Resources, the mode's own setup,
    the Chapter I Setup card); the first day skips the Start of the Day, so play
    begins During the Day.
    """
    p = ctx.params
    modifiers = chosen_modifiers(p)
    for track in ("energy", "health", "terror"):
        if p[f"{track}_start"] > p[f"{track}_top"]:
            raise RuleError(f"{track.capitalize()} start > top",
                            f"The {track} start slot {p[f'{track}_start']} is past the track's "
                            f"top slot {p[f'{track}_top']} (Character Setup III-IV).")
    if "health_limiter" not in modifiers and p["energy_start"] > p["health_start"]:
        raise RuleError("Energy above Health",
                        "Energy can never be higher than Health: the Energy marker never passes "
                        "the T-shaped Health marker (Survival Tracks).")
    new_campaign(ctx.state, p["mode"], p["characters"], p, modifiers)
    ctx.start("campaign-setup")
    people = "1 Character" if p["characters"] == 1 else f"{p['characters']} Characters"
    chosen = ", ".join(MODIFIERS[p["mode"]][name] for name in modifiers)
    ctx.describe(f"New {p['mode']} campaign: {people}, Menhir 101 at "
                 f"{FIRST_MENHIR_DAYS[p['characters']]} days" + (f"; {chosen}" if chosen else ""))


COMMANDS = (
    CommandSpec("travel", "Travel (1 Energy)", travel,
                (turn_param(), Param("direction", "choice", "Travel to", choices_from=travel_choices),
                 *party_params()),
                available=during_day),
    CommandSpec("explore", "Explore (1 Energy)", explore, (turn_param(), *party_params()),
                available=during_day),
    CommandSpec("action", "Location/Character Action", action,
                (turn_param(), Param("energy", "int", "Energy cost", low=0, high=TRACK_LIMIT,
                                           default=1),
                 Param("kind", "choice", "Action", choices=ACTION_KINDS, default="location"),
                 Param("helper", "int", "Helped by (0 none)", low=0, high=4, default=0),
                 Param("helper_pays", "int", "Helper pays", low=0, high=TRACK_LIMIT, default=0)),
                available=during_day),
    CommandSpec("pass_day", "Pass (no more Actions)", pass_day, (turn_param(),),
                available=during_day),
    CommandSpec("combat", "Combat: Value and traits", combat,
                (*encounter_params()[:2], Param("value", "int", "Encounter Value", low=0, high=99,
                                                 default=5), *encounter_params()[2:],
                 Param("opp_damage", "int", "Opportunity Damage", low=0, high=TRACK_LIMIT, default=0),
                 Param("opp_terror", "int", "Opportunity Terror", low=0, high=TRACK_LIMIT, default=0)),
                available=no_encounter),
    CommandSpec("diplomacy", "Diplomacy: Affinity, Stages", diplomacy,
                (*encounter_params()[:2],
                 Param("top", "int", "Affinity top slot", low=2, high=20, default=6),
                 Param("start", "int", "Gray slot", low=1, high=19, default=3),
                 Param("stages", "int", "Stages", low=1, high=5, default=1)),
                available=no_encounter),
    CommandSpec("pick_active", "Pick the Active Character", pick_active,
                (Param("character", "int", "Character", low=1, high=4, default=1,
                       default_from=active_default),),
                available=lambda s: bool(s.get("encounter")) and s["encounter"]["active"] is None),
    CommandSpec("end_activation", "Activation done (cards)", end_activation,
                (Param("cards", "int", "Cards played", low=0, high=TRACK_LIMIT, default=1),),
                available=lambda s: bool(s.get("encounter")) and s["encounter"]["active"] is not None),
    CommandSpec("escape", "Escape the Encounter", escape, (character_param(),),
                available=in_encounter),
    CommandSpec("end_encounter", "End the Encounter", end_encounter,
                (Param("result", "choice", "Result", choices=ENDINGS),), available=in_encounter),
    CommandSpec("redraw", "Redraw start hand (-1)", redraw, (character_param(),),
                available=redraw_open),
    CommandSpec("place", "Place a Location", place,
                (Param("number", "int", "Location", low=100, high=999, default=106),
                 location_param("next_to", "Next to"),
                 Param("side", "choice", "Side", choices=SIDES))),
    CommandSpec("activate", "Activate/extend a Menhir", activate,
                (location_param(), Param("days", "int", "Days", low=1, high=MENHIR_DIAL_TOP, default=3),
                 Param("magic", "int", "Magic cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("wealth", "int", "Wealth cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("food", "int", "Food cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("paid_by", "int", "Activated by", low=1, high=4, default=1),
                 Param("story_less", "choice", "Story: 1 lower",
                       choices=("none",) + MENHIR_COSTS, default="none"))),
    CommandSpec("reveal", "Reveal a Location by number", reveal,
                (Param("number", "int", "Location", low=100, high=999, default=106),)),
    CommandSpec("direction_key", "Enter a Direction Key", direction_key,
                (location_param(), Param("side", "choice", "Side", choices=SIDES),
                 Param("number", "int", "Leads to", low=100, high=999, default=106))),
    CommandSpec("move", "Move (not a Travel)", move, (character_param(), location_param())),
    CommandSpec("guardian", "A Guardian roams", guardian, (location_param(),)),
    CommandSpec("defeat_guardian", "Guardian defeated", defeat_guardian,
                (Param("guardian", "int", "Guardian", low=1, high=999, default=1),),
                available=lambda s: bool(s["guardians"])),
    CommandSpec("time_dial", "Add a Time dial", time_dial,
                (Param("days", "int", "Days", low=1, high=MENHIR_DIAL_TOP, default=1),)),
    CommandSpec("time_token", "Time token on a Location", time_token, (location_param(),)),
    CommandSpec("raise_attribute", "Raise an Attribute (Exp)", raise_attribute,
                (character_param(), Param("attribute", "choice", "Attribute", choices=ATTRIBUTES)),
                available=advancing),
    CommandSpec("advance_deck", "Advance a deck (Exp)", advance_deck,
                (character_param(), Param("deck", "choice", "Deck", choices=DECKS)), available=advancing),
    CommandSpec("trade", "Trade Food/Wealth", trade,
                (Param("giver", "int", "From", low=1, high=4, default=1),
                 Param("taker", "int", "To", low=1, high=4, default=2),
                 Param("resource", "choice", "Resource", choices=TRADEABLE),
                 Param("amount", "int", "Amount", low=1, high=RESOURCE_LIMIT, default=1)),
                available=lambda s: len(living(s)) > 1),
    CommandSpec("blocked", "Mark a blocked route", blocked,
                (location_param(), Param("side", "choice", "Side", choices=SIDES),
                 Param("on", "bool", "Blocked", default=True))),
    CommandSpec("remove_location", "Remove a Location", remove_location, (location_param(),)),
    CommandSpec("status", "Mark a Status", status, status_params()),
    CommandSpec("unmark_status", "Erase a Status", unmark_status,
                (Param("status", "choice", "Status", choices_from=statuses_marked),),
                available=lambda s: bool(s["statuses"])),
    CommandSpec("quest", "Add an Active Quest", add_quest,
                (Param("quest", "text", "Quest", high=QUEST_LENGTH, default=""),)),
    CommandSpec("complete_quest", "Complete/remove a Quest", complete_quest,
                (Param("quest", "choice", "Quest", choices_from=active_quests),
                 Param("how", "choice", "How", choices=QUEST_ENDINGS)),
                available=lambda s: bool(s["quest_list"])),
    CommandSpec("load_pack", "Load a content pack (TOML)", load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("death", "A Character dies", death,
                (character_param(), Param("then", "choice", "Then", choices=DEATH_CHOICES))),
    CommandSpec("rest", "Rest: pay 1 Food for +1 Health, -1 Terror", rest,
                (Param("eat", "bool", "Pay 1 Food", default=False),), menu=False, prompt_only=True),
    CommandSpec("escape_toss", "Toss the Escape Dial", escape_toss,
                (Param("toss", "choice", "Dial", choices=("roll",) + encounters.DIAL_FACES, default="roll"),
                 Param("dice", "dice", "Dial", optional=True)),
                menu=False, prompt_only=True),
    CommandSpec("guardian_roll", "Roll the Guardian die", guardian_roll,
                (Param("face", "choice", "Die", choices=("roll",) + GUARDIAN_FACES, default="roll"),
                 Param("dice", "dice", "Guardian die", optional=True)),
                menu=False, prompt_only=True),
)



def _while_playing(spec: CommandSpec) -> CommandSpec:
    """``spec`` offered in the action menu only while the Campaign goes on: once it
    has ended in failure ("Death and Insanity", Death: "the game ends in failure")
    the engine accepts no game action, so the menu offers none."""
    available = spec.available
    return replace(spec, available=lambda state: not state.get("over") and available(state))


COMMANDS = tuple(_while_playing(spec) for spec in COMMANDS)


def settle(ctx: Context) -> None:
    """After every command: a new round of Actions when everyone has acted
    (:mod:`~games.grail.rounds`), the Quest list matching a corrected count,
    and the End of the Day once everyone has Passed."""
    settle_round(ctx)
    settle_quests(ctx)
    settle_day(ctx)
