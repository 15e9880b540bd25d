"""Setting up a game of Gloom of Kilforth ("2. Setup"): the new-game form, each
hero's values (Races and Classes, from a content pack too), the pack's map, the
Ancients' Plots, the Difficulty Variant's discards and the First Hero.
"""

from __future__ import annotations

from typing import Any, cast

from games.core import Context, Param, RuleError, deck
from games.core.packs import PackError, refused
from games.kilforth import pack
from games.kilforth.locations import where
from games.kilforth.pack import AS_ENTERED
from games.kilforth.procedure_data import setup_data
from games.kilforth.state import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    CELL_LABELS,
    CITY,
    DIFFICULTY_DISCARDS,
    ENEMY_TOKENS,
    MODES,
    NIGHT_CARDS,
    SIZE,
    START_FATE,
    START_HP,
    Cell,
    Hero,
    cell_index,
    cell_label,
    new_ancient,
    require,
)

SETUP_PARAMS = (
    Param("heroes", "int", "Heroes", low=1, high=4, default=1),
    Param("mode", "choice", "Mode", choices=MODES, default="solo"),
    Param("dice", "choice", "Successes on", choices=("5-6", "4-6"), default="5-6"),
    Param("difficulty", "bool", "Hard: 3 gloom", default=False),  # Setup, Difficulty Variant
    Param("advanced_regale", "bool", "Regale x2 gold", default=False),  # a chapter pays double
    Param("plots", "bool", "Ancient Plots in use", default=False),
    # "Stage 2: Evasion Opportunity", Advanced Variant; "Variant for the Cooperative Game".
    Param("auto_evade", "bool", "Evade if Sneak>foe", default=False),
    Param("coop_finale", "bool", "Co-op Finale", default=False),  # heroes face the Finale together
)


def setup(ctx: Context) -> None:
    """A new game ("2. Setup"): the map with Sprawl City at the centre, the Night deck
    of 25 shuffled (seeded), each hero with 4 HP, 4 Fate and 4 AP on Sprawl City,
    1 Ancient (1 per hero in the cooperative game); then the ``setup`` procedure asks
    for each hero's values and finds the First Hero."""
    p = ctx.params
    if p["mode"] == "solo" and p["heroes"] > 1:
        raise RuleError("Solo is 1 hero", "The solo game has one hero; choose coop or competitive.")
    if p["mode"] != "solo" and p["heroes"] == 1:
        raise RuleError("Need 2+ heroes", f"The {p['mode']} game needs 2 to 4 heroes.")
    new_state(ctx.state, p["mode"], p["heroes"], 4 if p["dice"] == "4-6" else 5,
              p["advanced_regale"], p["plots"])
    ctx.state.update(auto_evade=p["auto_evade"], coop_finale=p["coop_finale"])
    ctx.state["night_deck"] = deck.new(range(1, NIGHT_CARDS + 1), ctx.shuffle)
    ctx.start("setup", {"hero": 0, "ancient": 0, "discards": 0,
                        "difficulty": DIFFICULTY_DISCARDS if p["difficulty"] else 0})
    ctx.describe(f"New game: {p['mode']}, {p['heroes']} hero{'es' if p['heroes'] > 1 else ''}")


def new_state(state: dict, mode: str, heroes: int, success_on: int, advanced_regale: bool,
              plots: bool) -> None:
    """Fill ``state`` (which holds only the core keys) with a new game."""
    ancients = heroes if mode == "coop" else 1  # "Ancients": each hero draws 1 in the coop game
    state.update(
        {
            "mode": mode,
            "success_on": success_on,
            "advanced_regale": advanced_regale,
            "plots": plots,
            "auto_evade": False,
            "coop_finale": False,
            "day": 1,
            "first_hero": 0,
            "active_hero": None,
            "first_camper": None,
            "heroes": [new_hero(n + 1, {}) for n in range(heroes)],
            "map": [new_cell(i) for i in range(SIZE * SIZE)],
            "encounters": [],
            "next_encounter_id": 1,
            "night_deck": {"draw": [], "discard": []},
            "weather": None,
            "ancients": [new_ancient(n) for n in range(ancients)],
            "pack": None,
            "night_cards": [],
            "pending_losses": [],
            "gloom_per_day": [],
            "time_up": False,
        }
    )


def new_cell(index: int) -> Cell:
    """A location, colour side up; Sprawl City is the City terrain."""
    city = index == CITY
    return {
        "name": "Sprawl City" if city else cell_label(index),
        "terrain": "city" if city else "unknown",
        "gloom": False,
        "gloom_hp": 1,  # the red shield; 1 unless the card says otherwise
        "obstacles": 0,
        "plots": [],  # one entry per Plot card here: the index of its Ancient
    }


def new_hero(number: int, values: dict) -> Hero:
    """A hero after "2. Setup": race/class values, 4 HP, 4 Fate, 4 AP, on Sprawl City."""
    hero: dict[str, Any] = {"name": f"Hero {number}"}
    for attribute in ATTRIBUTES:
        hero[attribute] = values.get(attribute, 1)
    hero.update(
        {
            "max_hp": values.get("max_hp", START_HP),
            "hp": START_HP,
            "ap": START_HP,
            "fate": START_FATE,
            "gold": values.get("gold", 1),
            "cell": CITY,
            "hidden": False,
            "defeated": False,
            "eliminated": False,
            "camped": False,
            "fate_used": False,
            "regaled": False,
            "actions_today": 0,
            "long_rested": False,  # a Long Rest today: the Day's only Action
            "chapter": 1,  # 1-4 chapters, 5 the Finale, 6 saga complete
            "chapter4_day": None,
            "rumours": 1,  # "Hero Starting Rewards": one card into their hand
            "assets": 0,
            "asset_gold": 0,
            "loot": 0,
            "enemy_tokens": ENEMY_TOKENS,
            "uniques": [],  # the unique (*) keywords of the hero's assets in play
            "unique_gold": {},  # keyword -> the gold value of the asset carrying it
            "successes": [],  # [{"encounter": id, "attribute": "sneak", "count": 1}]
            "evaded": [],  # encounter ids evaded until the Day ends or the hero leaves
        }
    )
    return cast(Hero, hero)



def race_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or a Race from the content pack."""
    return ("as entered", *sorted((state.get("pack") or {}).get("races", {})))


def class_choices(state: dict) -> tuple[str, ...]:
    """"none", or a Class from the content pack."""
    return ("none", *sorted((state.get("pack") or {}).get("classes", {})))


def hero_values(ctx: Context) -> None:
    """"2. Setup", Races and Classes: race values plus class bonuses; Starting Gold.
    With a content pack, a Race (and Class) chosen on the form gives the values."""
    data = setup_data(ctx.state)
    index = data["hero"]
    values = {k: ctx.params[k] for k in (*ATTRIBUTES, "max_hp", "gold")}
    race, hero_class = ctx.params.get("race") or "as entered", ctx.params.get("hero_class") or "none"
    if race != "as entered":
        values = pack.race_and_class_values(ctx.state["pack"], race, hero_class)
    else:
        require(hero_class == "none", "Choose a race too",
                "A Class adds to the Race card's values: choose the Race from the pack as well.")
    ctx.state["heroes"][index] = new_hero(index + 1, values)
    data["hero"] = index + 1
    if index + 1 < len(ctx.state["heroes"]):
        ctx.stay()  # the next hero's values
    parts = " ".join(f"{ATTRIBUTE_LABELS[a][:2]}{values[a]}" for a in ATTRIBUTES)
    ctx.describe(f"Hero {index + 1}: {parts} HP{values['max_hp']} gold {values['gold']}")


def load_pack(ctx: Context) -> None:
    """Load a content pack (TOML text, see games/kilforth/pack.py) during setup: the
    locations are dealt onto the map with the game's seed ("2. Setup", Map: shuffle
    and randomly place them around Sprawl City) unless the pack gives their cells;
    Races and Classes become choices on the hero form. A bad pack is refused with
    every problem listed, and the game goes on without it."""
    proc = ctx.state.get("procedure")
    require(proc is not None and proc["name"] == "setup", "Packs load at Setup",
            "A content pack lays out the map (2. Setup, Map: the locations are shuffled and "
            "placed around Sprawl City before play), so it is loaded during Setup: at the "
            "first Setup step, select opens the menu with 'Load pack'. Start a new game to "
            "use a pack.")
    require(ctx.state.get("pack") is None, "A pack is loaded",
            f"The pack {ctx.state['pack']['name'] if ctx.state.get('pack') else ''!r} is already "
            "loaded; one pack per game (undo it to load another).")
    try:
        data = pack.parse(ctx.params["toml"])
    except PackError as err:
        raise refused(err) from None
    ctx.state["pack"] = data
    placed = {cell_index(loc["cell"]): loc for loc in data["locations"] if loc["cell"]}
    free = [c for c in range(len(CELL_LABELS)) if c != CITY and c not in placed]
    dealt = [loc for loc in data["locations"] if not loc["cell"]]
    for cell, loc in zip(ctx.shuffle(free), dealt, strict=False):
        placed[cell] = loc
    for cell, loc in placed.items():
        ctx.state["map"][cell].update(name=loc["name"], terrain=loc["terrain"], gloom_hp=loc["gloom_hp"])
    ctx.note(f"Pack {data['name']!r}: {len(placed)} locations dealt, {len(data['races'])} races, "
             f"{len(data['classes'])} classes")


def ancient_plot(ctx: Context) -> None:
    """"Plots": each Ancient's Plots appear on one location type ("Step 2d: Plot")."""
    data = setup_data(ctx.state)
    index = data["ancient"]
    ancient = ctx.state["ancients"][index]
    terrain = ctx.params["terrain"]
    chosen = ctx.params.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:
        card = pack.card(ctx.state["pack"], "ancients", chosen)
        require(all(a["name"] != chosen for a in ctx.state["ancients"]), "Ancient already in",
                f"{chosen} is already one of this game's Ancients.")
        ancient["name"] = chosen
        terrain = card.get("plot_terrain") or terrain
    ancient["plot_terrain"] = terrain
    data["ancient"] = index + 1
    if index + 1 < len(ctx.state["ancients"]):
        ctx.stay()
    ctx.describe(f"{ancient['name']}: Plots on {terrain}")


def difficulty_discard(ctx: Context) -> None:
    """"Difficulty Variant": draw and discard a Night card; flip its location to gloom."""
    cell = cell_index(ctx.params["location"])
    card = deck.draw(ctx.state["night_deck"])
    deck.discard(ctx.state["night_deck"], *card)
    ctx.state["map"][cell]["gloom"] = True
    data = setup_data(ctx.state)
    data["discards"] += 1
    if data["discards"] < data["difficulty"]:
        ctx.stay()
    ctx.describe(f"Night card discarded: {where(cell)} falls into gloom")


def first_hero(ctx: Context) -> None:
    """"2. Setup", First Hero: highest Sneak takes the First Hero marker (random if tied)."""
    heroes = ctx.state["heroes"]
    best = max(h["sneak"] for h in heroes)
    tied = [i for i, h in enumerate(heroes) if h["sneak"] == best]
    first = tied[ctx.below(len(tied))] if len(tied) > 1 else tied[0]
    ctx.state["first_hero"] = first
    ctx.state["active_hero"] = first
    why = f"Sneak {best}" + (f", drawn from {len(tied)} tied" if len(tied) > 1 else "")
    ctx.note(f"First Hero: {heroes[first]['name']} ({why})")
