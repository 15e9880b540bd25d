"""What a Gloom of Kilforth player can tell the box: the command table.

Each entry names its parameters and the handler that carries it out; the
handlers live with their mechanic in the modules named after the rulebook's
sections. Handlers change ``ctx.state`` (a private copy) and raise RuleError
with a short OLED text and a long text citing the rule; a refused command
changes nothing. Daylight Actions act for the active hero ("Daylight Turns");
prompt answers (``roll``, ``fate``, ``night_card``...) only answer their
procedure step. ``COMMANDS`` is in the action menu's order.
"""

from __future__ import annotations

from games.core import CommandSpec, Param
from games.kilforth import pack
from games.kilforth.actions import (
    clear,
    confront,
    discover,
    hidden_choices,
    hide,
    long_rest,
    move,
    plot_choices,
    rest,
    search,
    unhide,
)
from games.kilforth.battles import escape, stance, trap
from games.kilforth.card_effects import place_encounter, relocate, relocate_choices
from games.kilforth.deeds import assault, exchange, overcome, resolve
from games.kilforth.encounters import encounter, encounter_choices
from games.kilforth.heroes import lose_card
from games.kilforth.locations import cell_names, location
from games.kilforth.market import market, market_heal, old_market
from games.kilforth.night import night_card, night_card_choices
from games.kilforth.rewards import asset_keyword_choices, reward
from games.kilforth.sagas import ancient_card, ancient_choices, regale, totem
from games.kilforth.setup import (
    ancient_plot,
    class_choices,
    difficulty_discard,
    hero_values,
    load_pack,
    race_choices,
)
from games.kilforth.state import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    CELL_LABELS,
    ENCOUNTER_TYPES,
    MAX_ATTRIBUTE,
    MAX_HP_LIMIT,
    NIGHT_TYPES,
    TERRAINS,
    UNIQUE_KEYWORDS,
)
from games.kilforth.teams import battle_team_choices, team_choices, team_up
from games.kilforth.tests import (
    at_event,
    evade_roll,
    fate,
    fate_hero_choices,
    foe_fight,
    hero_choices,
    hero_fight,
    roll,
    test,
)
from games.kilforth.turns import (
    camp,
    deeds_in_action,
    enemy_choices,
    enemy_labels,
    engage,
    engage_next,
    in_daylight,
    may_deed,
)

__all__ = ["COMMANDS"]


def _cell(name: str, label: str, default: str = "A1", *, first: tuple[str, ...] = ()) -> Param:
    """A map cell chosen on a form (A1..E5), named from the pack when one is loaded."""
    return Param(name, "choice", label, choices=(*first, *CELL_LABELS), default=default,
                 labels_from=cell_names)


_ATTR = Param("attribute", "choice", "Attribute", choices=ATTRIBUTES, default="fight")
_BONUS = Param("bonus", "int", "Bonus dice", low=-20, high=20, default=0)
_TEAM = Param("team", "choice", "Team", optional=True, choices_from=team_choices)
_DICE = Param("dice", "dice", "Dice", optional=True)
_KEYWORD = Param("keyword", "choice", "Unique *keyword", choices=("none", *UNIQUE_KEYWORDS),
                 default="none")
# "Each reward card has a unique keyword": a duplicate is discarded at once, the hero's choice.
_KEEP = Param("keep", "choice", "Duplicate: keep", choices=("new", "old"), default="new")
# "Deed: Exchange": only Item and Spell assets change hands.
_TRADED = Param("keyword", "choice", "Asset's *keyword",
                choices=("none", *UNIQUE_KEYWORDS[4:12]), default="none")
_ENC = Param("encounter", "int", "Encounter #", low=1, high=999, default=1)
_CARD_VALUES = tuple(Param(a, "int", ATTRIBUTE_LABELS[a], low=0, high=MAX_ATTRIBUTE, default=0)
                     for a in ATTRIBUTES) + (
    Param("hp", "int", "HP", low=0, high=30, default=0),
    Param("gold", "int", "Gold", low=0, high=30, default=0),
)


# A card from the content pack, by name: the last field of its form (one Menhir step
# back from the first), offered only while the pack has a card to name (Param.from_pack).
_PACK_NIGHT = Param("card", "choice", "Pack card", optional=True, choices_from=night_card_choices,
                    from_pack=True)
_PACK_ENCOUNTER = Param("card", "choice", "Pack card", optional=True, choices_from=encounter_choices,
                        from_pack=True)
_PACK_ANCIENT = Param("card", "choice", "Ancient (pack)", optional=True, choices_from=ancient_choices,
                      from_pack=True)


def _idle(state: dict) -> bool:
    return not state.get("procedure") and state.get("active_hero") is not None and not state.get("over")


COMMANDS = (
    CommandSpec("move", "Move", move,
                (_cell("to", "To", "C2"),
                 Param("shortcut", "bool", "Via shortcut", default=False)), available=in_daylight),
    CommandSpec("confront", "Confront", confront,
                (_ENC, Param("attribute", "choice", "Attribute", choices=(*ATTRIBUTES, "enemy"),
                             default="influence"), _BONUS, _TEAM), available=in_daylight),
    CommandSpec("search", "Search", search, available=in_daylight),
    CommandSpec("hide", "Hide", hide, available=in_daylight),
    CommandSpec("rest", "Rest (+1 HP)", rest, available=in_daylight),
    CommandSpec("long_rest", "Long Rest", long_rest, available=in_daylight),
    CommandSpec("clear", "Clear", clear,
                (Param("plot", "choice", "Plot of", optional=True, choices_from=plot_choices),),
                available=in_daylight),
    CommandSpec("discover", "Discover", discover,
                (Param("gold", "int", "Asset gold value", low=0, high=30, default=0), _KEYWORD, _KEEP),
                available=in_daylight),
    CommandSpec("market", "Market", market,
                (Param("heal", "int", "Heal: your HP", low=0, high=20, default=0),
                 Param("heal_others", "bool", "Heal others here", default=False),
                 Param("buy", "int", "Buy: card's gold", low=0, high=30, default=0), _KEYWORD, _KEEP,
                 Param("sell_rumours", "int", "Sell: rumours", low=0, high=6, default=0),
                 Param("sell_assets", "int", "Sell: assets", low=0, high=6, default=0),
                 Param("sold_keywords", "choice", "Sold *keywords", choices_from=asset_keyword_choices,
                       default="none"),
                 Param("sold_gold", "int", "Other sold assets' gold", low=0, high=99, default=0),
                 Param("sell", "int", "Sell: gold gained", low=0, high=99, default=0),
                 Param("ability", "bool", "Elsewhere (ability)", default=False)),
                available=in_daylight),
    CommandSpec("regale", "Regale", regale,
                (Param("rumours", "int", "Rumours discarded", low=0, high=6, default=0),
                 Param("sacrificed", "int", "Assets sacrificed", low=0, high=6, default=0),
                 Param("sacrificed_keywords", "choice", "Sacrificed *keywords",
                       choices_from=asset_keyword_choices, default="none"),
                 Param("sacrificed_gold", "int", "Other sacrificed gold", low=0, high=99, default=0),
                 Param("finale", "int", "Finale value", low=0, high=20, default=0),
                 _ATTR, _BONUS, _TEAM), available=in_daylight),
    CommandSpec("camp", "Make Camp", camp, available=in_daylight),
    CommandSpec("engage", "Engage an Enemy", engage, (_ENC, _TEAM), available=in_daylight),
    CommandSpec("assault", "Assault Ancient", assault,
                (Param("ancient", "int", "Ancient #", low=1, high=4, default=1), _TEAM),
                available=lambda s: in_daylight(s) and any(a["in_play"] and not a["defeated"]
                                                         for a in s["ancients"])),
    CommandSpec("overcome", "Overcome (Deed)", overcome, (_ENC,), available=may_deed),
    CommandSpec("exchange", "Exchange (Deed)", exchange,
                (Param("with", "choice", "With", choices=("H1", "H2", "H3", "H4"), default="H2"),
                 Param("gold", "int", "Gold given", low=-99, high=99, default=0),
                 Param("rumours", "int", "Rumours given", low=-6, high=6, default=0),
                 Param("loot", "int", "Loot given", low=-6, high=6, default=0),
                 Param("assets", "int", "Item/Spell given", low=-6, high=6, default=0),
                 Param("asset_gold", "int", "Their gold value", low=0, high=99, default=0),
                 _TRADED, _KEEP),
                available=lambda s: may_deed(s) and len(s["heroes"]) > 1),
    CommandSpec("resolve", "Resolve (Deed)", resolve,
                (Param("source", "choice", "From", choices=("Loot token", "card"), default="Loot token"),
                 Param("ap", "int", "AP gained", low=0, high=9, default=0),
                 Param("gold", "int", "Gold gained", low=0, high=30, default=0),
                 Param("heal", "int", "HP healed", low=0, high=9, default=0)),
                available=may_deed),
    CommandSpec("test", "Test (card/Event)", test,
                (_ATTR, _BONUS, Param("needed", "int", "Successes needed", low=0, high=20, default=1),
                 _TEAM, Param("hero", "choice", "Who", optional=True, choices_from=hero_choices)),
                available=lambda s: _idle(s) or at_event(s)),
    CommandSpec("unhide", "Stop being Hidden", unhide,
                (Param("hero", "choice", "Who", optional=True, choices_from=hidden_choices),),
                available=lambda s: ((_idle(s) or deeds_in_action(s))
                                     and any(h["hidden"] for h in s["heroes"]))),
    CommandSpec("place_encounter", "Place an encounter", place_encounter, available=_idle),
    CommandSpec("relocate", "Relocate (card)", relocate,
                (Param("what", "choice", "Hero or card", choices_from=relocate_choices, default="H1"),
                 _cell("to", "To")), available=_idle),
    CommandSpec("location", "Set a location", location,
                (_cell("location", "Location"),
                 Param("terrain", "choice", "Terrain", choices=TERRAINS, default="unknown"),
                 Param("gloom", "bool", "In gloom", default=False),
                 Param("gloom_hp", "int", "Gloom HP", low=0, high=9, default=1),
                 # "12. Additional Rules", Obstacles: "There's no limit to the number of
                 # obstacles at a location."
                 Param("obstacles", "int", "Obstacles", low=0, default=0))),
    # prompt answers
    CommandSpec("hero_values", "Enter a hero's values", hero_values,
                (*(Param(a, "int", ATTRIBUTE_LABELS[a], low=0, high=MAX_ATTRIBUTE, default=1)
                   for a in ATTRIBUTES),
                 Param("max_hp", "int", "Max HP", low=1, high=MAX_HP_LIMIT, default=5),
                 Param("gold", "int", "Starting gold", low=0, high=20, default=1),
                 Param("race", "choice", "Pack race", optional=True, choices_from=race_choices,
                       from_pack=True),
                 Param("hero_class", "choice", "Pack class", optional=True, choices_from=class_choices,
                       from_pack=True)),
                menu=False, prompt_only=True),
    CommandSpec("load_pack", "Load a content pack (TOML)", load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("ancient_plot", "An Ancient's Plot type", ancient_plot,
                (Param("terrain", "choice", "Plot location", choices=TERRAINS[1:], default="badlands"),
                 _PACK_ANCIENT),
                menu=False, prompt_only=True),
    CommandSpec("difficulty_discard", "A discarded Night card", difficulty_discard,
                (_cell("location", "Location"),), menu=False, prompt_only=True),
    CommandSpec("night_card", "Enter the Night card", night_card,
                (_cell("location", "Location"),
                 Param("type", "choice", "Type", choices=NIGHT_TYPES, default="event"),
                 Param("terrain", "choice", "Terrain", choices=TERRAINS, default="unknown"),
                 *_CARD_VALUES, _PACK_NIGHT), menu=False, prompt_only=True),
    CommandSpec("roll", "Roll the Test's dice", roll, (_DICE,), menu=False, prompt_only=True),
    CommandSpec("fate", "Call on Fate", fate,
                (Param("use", "choice", "Fate", choices=("no", "Fate token", "rumour"), default="no"),
                 Param("hero", "choice", "Who", optional=True, choices_from=fate_hero_choices)),
                menu=False, prompt_only=True),
    CommandSpec("trap", "Pay a Trap's cost", trap,
                (Param("hp", "int", "HP lost", low=0, high=9, default=0),
                 Param("assets", "int", "Assets sacrificed", low=0, high=6, default=0),
                 Param("asset_gold", "int", "Their gold value", low=0, high=99, default=0)),
                menu=False, prompt_only=True),
    CommandSpec("ancient_card", "The Ancient's card", ancient_card,
                (_cell("location", "Location"),
                 Param("fight", "int", "Fight", low=0, high=20, default=4),
                 Param("hp", "int", "HP", low=1, high=40, default=8),
                 Param("gold", "int", "Gold", low=0, high=30, default=5), _PACK_ANCIENT),
                menu=False, prompt_only=True),
    CommandSpec("reward", "Claim the reward", reward,
                (Param("loot", "choice", "Loot", choices=("gold", "loot token"), default="gold"),
                 Param("rumour", "choice", "Rumour", choices=("card", "reward card"), default="card"),
                 Param("loot_gold", "int", "Gold Loot value", low=0, high=9, default=0),
                 Param("trophy", "choice", "Trophy", choices=("none", "asset", "gold", "rumour"),
                       default="none"),
                 Param("trophy_gold", "int", "Trophy gold", low=0, high=30, default=0),
                 _KEYWORD, _KEEP),
                menu=False, prompt_only=True),
    CommandSpec("totem", "The Totem: asset or gold", totem,
                (Param("totem", "choice", "Totem", choices=("asset", "gold"), default="asset"),
                 Param("gold", "int", "Totem's gold value", low=0, high=30, default=0)),
                menu=False, prompt_only=True),
    CommandSpec("lose_card", "Lose an asset or rumour", lose_card,
                (Param("card", "choice", "Lose", choices=("rumour", "asset"), default="rumour"),
                 Param("keyword", "choice", "Asset's *keyword", choices=("none", *UNIQUE_KEYWORDS),
                       default="none"),
                 Param("gold", "int", "Asset's gold value", low=0, high=99, default=0)),
                menu=False, prompt_only=True),
    CommandSpec("encounter", "Enter the encounter", encounter,
                (Param("type", "choice", "Type", choices=ENCOUNTER_TYPES, default="enemy"), *_CARD_VALUES,
                 _PACK_ENCOUNTER),
                menu=False, prompt_only=True),
    CommandSpec("team_up", "Team up for the engagement", team_up,
                (Param("team", "choice", "Team", choices_from=battle_team_choices,
                       default="none"),),
                menu=False, prompt_only=True),
    CommandSpec("stance", "Surprise Attack or Evade", stance,
                (Param("choice", "choice", "Hidden", choices=("surprise", "evade"), default="surprise"),),
                menu=False, prompt_only=True),
    CommandSpec("evade_roll", "Roll Sneak to evade", evade_roll, (_BONUS, _DICE), menu=False,
                prompt_only=True),
    CommandSpec("hero_fight", "Roll the hero's Fight", hero_fight, (_BONUS, _DICE), menu=False,
                prompt_only=True),
    CommandSpec("foe_fight", "Roll the foe's Fight", foe_fight, (_DICE,), menu=False, prompt_only=True),
    CommandSpec("engage_next", "Engage this Enemy next", engage_next,
                (Param("encounter", "choice", "Enemy", choices_from=enemy_choices,
                       labels_from=enemy_labels),),
                menu=False, prompt_only=True),
    CommandSpec("market_heal", "HP bought for a hero here", market_heal,
                (Param("hp", "int", "HP bought", low=0, high=20, default=0),),
                menu=False, prompt_only=True),
    # A Market journaled before schema 4 (state.migrate_market_3), replayed as it was.
    CommandSpec("old_market", "Market (journaled before the cards sold were named)", old_market,
                (Param("heal", "int", "Heal HP", low=0, high=20, default=0),
                 Param("buy", "int", "Buy: card's gold", low=0, high=30, default=0),
                 Param("sell", "int", "Sell: gold gained", low=0, high=99, default=0), _KEYWORD, _KEEP),
                menu=False),
    CommandSpec("escape", "Escape?", escape,
                (Param("escape", "bool", "Escape", default=False),
                 _cell("to", "To", "nearest", first=("nearest",))),
                menu=False, prompt_only=True),
)
