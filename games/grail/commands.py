"""What a Tainted Grail player can tell the box: the command table.

``COMMANDS`` is the tuple the Game offers, in the action menu's order: each
:class:`~games.core.CommandSpec` with its parameters and the handler it names.
The handlers live in the topic module of their rulebook section; they change
``ctx.state`` (a private copy) and raise RuleError with a short OLED text and
a long text citing the rule, so a refused command changes nothing.
Characters are named by their place in the party (1-4).
"""

from __future__ import annotations

from dataclasses import replace

from games.core import CommandSpec, Param
from games.grail import pack
from games.grail.advancement import advance_deck, advancing, raise_attribute
from games.grail.combat import DIAL_FACES, TRAIT_CHOICES, combat, escape_toss
from games.grail.death import DEATH_CHOICES, death
from games.grail.diplomacy import diplomacy
from games.grail.encounters import ENDINGS, end_encounter, in_encounter, no_encounter, redraw, redraw_open
from games.grail.end_of_day import rest
from games.grail.guardians import GUARDIAN_FACES, defeat_guardian, guardian, guardian_roll
from games.grail.locations import blocked, direction_key, load_pack, place, remove_location, reveal
from games.grail.menhirs import MENHIR_COSTS, activate, time_dial, time_token
from games.grail.rounds import turn_default
from games.grail.state import (
    ATTRIBUTES,
    DECKS,
    MENHIR_DIAL_TOP,
    RESOURCE_LIMIT,
    SIDES,
    TRACK_LIMIT,
    TRADEABLE,
    living,
)
from games.grail.story import (
    NAMED_STATUSES,
    OTHER,
    QUEST_ENDINGS,
    QUEST_LENGTH,
    STATUS_LENGTH,
    active_quests,
    add_quest,
    complete_quest,
    status,
    statuses_marked,
    unmark_status,
)
from games.grail.survival import trade
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
from games.grail.turns import activated, active_default, end_activation, escape, pick_active, picking


def character_param() -> Param:
    """The Character a command is for, by their place in the party."""
    return Param("character", "int", "Character", low=1, high=4, default=1)


def turn_param() -> Param:
    """The Character taking an Action During the Day: the form starts on whose turn
    it is ("II) During the Day": ties broken by lowest Character Number)."""
    return Param("character", "int", "Character", low=1, high=4, default=1, default_from=turn_default)


def party_params() -> tuple[Param, ...]:
    """"Parties and Party Actions": everyone here joins; who pays for the whole Party."""
    return (Param("party", "bool", "With the Party here", default=False),
            Param("paid_by", "int", "Paid by (0 each)", low=0, high=4, default=0))


def location_param(name: str = "location", label: str = "Location") -> Param:
    """A Location by its card number."""
    return Param(name, "int", label, low=100, high=999, default=101)


def encounter_params() -> tuple[Param, ...]:
    """"Starting Combat" / "Starting Diplomacy": who drew it, with everyone here, the
    card's Traits and the Guardian it is (0 none)."""
    return (character_param(), Param("party", "bool", "With everyone here", default=False),
            Param("trait", "choice", "Trait", choices=TRAIT_CHOICES, default="none"),
            Param("trait2", "choice", "Trait 2", choices=TRAIT_CHOICES, default="none"),
            Param("guardian", "int", "Guardian (0 none)", low=0, high=999, default=0))


def status_params() -> tuple[Param, ...]:
    """"Statuses and Save Sheet": the Status the rulebook names, or one typed as the card names it."""
    return (Param("named", "choice", "Status", choices=(OTHER,) + NAMED_STATUSES, default=OTHER),
            Param("status", "text", "Other: type it", high=STATUS_LENGTH, default=""))


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("travel", "Travel (1 Energy)", travel,
                (turn_param(), Param("direction", "choice", "Travel to", choices_from=travel_choices),
                 *party_params()),
                available=during_day),
    CommandSpec("explore", "Explore (1 Energy)", explore, (turn_param(), *party_params()),
                available=during_day),
    CommandSpec("action", "Loc/Char Action", action,
                (turn_param(), Param("energy", "int", "Energy cost", low=0, high=TRACK_LIMIT,
                                           default=1),
                 Param("kind", "choice", "Action", choices=ACTION_KINDS, default="location"),
                 Param("helper", "int", "Helped by (0 none)", low=0, high=4, default=0),
                 Param("helper_pays", "int", "Helper pays", low=0, high=TRACK_LIMIT, default=0)),
                available=during_day),
    CommandSpec("pass_day", "Pass (no Actions)", pass_day, (turn_param(),),
                available=during_day),
    CommandSpec("combat", "Combat", combat,
                (*encounter_params()[:2], Param("value", "int", "Encounter Value", low=0, high=99,
                                                 default=5), *encounter_params()[2:],
                 Param("opp_damage", "int", "Opportunity Damage", low=0, high=TRACK_LIMIT, default=0),
                 Param("opp_terror", "int", "Opportunity Terror", low=0, high=TRACK_LIMIT, default=0)),
                available=no_encounter),
    CommandSpec("diplomacy", "Diplomacy", diplomacy,
                (*encounter_params()[:2],
                 Param("top", "int", "Affinity top slot", low=2, high=20, default=6),
                 Param("start", "int", "Gray slot", low=1, high=19, default=3),
                 Param("stages", "int", "Stages", low=1, high=5, default=1)),
                available=no_encounter),
    CommandSpec("pick_active", "Active Character", pick_active,
                (Param("character", "int", "Character", low=1, high=4, default=1,
                       default_from=active_default),),
                available=picking),
    CommandSpec("end_activation", "Activation done", end_activation,
                (Param("cards", "int", "Cards played", low=0, high=TRACK_LIMIT, default=1),),
                available=activated),
    CommandSpec("escape", "Escape encounter", escape, (character_param(),),
                available=in_encounter),
    CommandSpec("end_encounter", "End the Encounter", end_encounter,
                (Param("result", "choice", "Result", choices=ENDINGS),), available=in_encounter),
    CommandSpec("redraw", "Redraw hand (-1)", redraw, (character_param(),),
                available=redraw_open),
    CommandSpec("place", "Place a Location", place,
                (Param("number", "int", "Location", low=100, high=999, default=106),
                 location_param("next_to", "Next to"),
                 Param("side", "choice", "Side", choices=SIDES))),
    CommandSpec("activate", "Activate a Menhir", activate,
                (location_param(), Param("days", "int", "Days", low=1, high=MENHIR_DIAL_TOP, default=3),
                 Param("magic", "int", "Magic cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("wealth", "int", "Wealth cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("food", "int", "Food cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("paid_by", "int", "Activated by", low=1, high=4, default=1),
                 Param("story_less", "choice", "Story: 1 lower",
                       choices=("none",) + MENHIR_COSTS, default="none"))),
    CommandSpec("reveal", "Reveal a Location", reveal,
                (Param("number", "int", "Location", low=100, high=999, default=106),)),
    CommandSpec("direction_key", "Direction Key", direction_key,
                (location_param(), Param("side", "choice", "Side", choices=SIDES),
                 Param("number", "int", "Leads to", low=100, high=999, default=106))),
    CommandSpec("move", "Move (no Travel)", move, (character_param(), location_param())),
    CommandSpec("guardian", "A Guardian roams", guardian, (location_param(),)),
    CommandSpec("defeat_guardian", "Guardian defeated", defeat_guardian,
                (Param("guardian", "int", "Guardian", low=1, high=999, default=1),),
                available=lambda s: bool(s["guardians"])),
    CommandSpec("time_dial", "Add a Time dial", time_dial,
                (Param("days", "int", "Days", low=1, high=MENHIR_DIAL_TOP, default=1),)),
    CommandSpec("time_token", "Place a Time token", time_token, (location_param(),)),
    CommandSpec("raise_attribute", "Raise an Attribute", raise_attribute,
                (character_param(), Param("attribute", "choice", "Attribute", choices=ATTRIBUTES)),
                available=advancing),
    CommandSpec("advance_deck", "Advance a deck", advance_deck,
                (character_param(), Param("deck", "choice", "Deck", choices=DECKS)), available=advancing),
    CommandSpec("trade", "Trade Food/Wealth", trade,
                (Param("giver", "int", "From", low=1, high=4, default=1),
                 Param("taker", "int", "To", low=1, high=4, default=2),
                 Param("resource", "choice", "Resource", choices=TRADEABLE),
                 Param("amount", "int", "Amount", low=1, high=RESOURCE_LIMIT, default=1)),
                available=lambda s: len(living(s)) > 1),
    CommandSpec("blocked", "Blocked route", blocked,
                (location_param(), Param("side", "choice", "Side", choices=SIDES),
                 Param("on", "bool", "Blocked", default=True))),
    CommandSpec("remove_location", "Remove a Location", remove_location, (location_param(),)),
    CommandSpec("status", "Mark a Status", status, status_params()),
    CommandSpec("unmark_status", "Erase a Status", unmark_status,
                (Param("status", "choice", "Status", choices_from=statuses_marked),),
                available=lambda s: bool(s["statuses"])),
    CommandSpec("quest", "Add Active Quest", add_quest,
                (Param("quest", "text", "Quest", high=QUEST_LENGTH, default=""),)),
    CommandSpec("complete_quest", "Complete a Quest", complete_quest,
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
                (Param("toss", "choice", "Dial", choices=("roll",) + DIAL_FACES, default="roll"),
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

