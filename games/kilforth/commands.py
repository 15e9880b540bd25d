"""What a Gloom of Kilforth player can tell the box, each a function of the state.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a short
OLED text and a long text citing the rule; a refused command changes nothing.
Daylight Actions act for the active hero ("Daylight Turns"); prompt answers
(``roll``, ``fate``, ``night_card``...) only answer their procedure step.
"""

from __future__ import annotations

from games.core import CommandSpec, Context, Param, RuleError, deck, dice
from games.core.packs import PackError, refused
from games.kilforth import pack, procedures, rules
from games.kilforth.procedures import end_turn, make_enemy, note, start_battle
from games.kilforth.rules import require
from games.kilforth.state import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    CELL_LABELS,
    CITY,
    DIFFICULTY_DISCARDS,
    ENCOUNTER_TYPES,
    LIMIT,
    MAX_ATTRIBUTE,
    MAX_HP_LIMIT,
    MODES,
    NIGHT_CARDS,
    NIGHT_TYPES,
    TERRAINS,
    UNIQUE_KEYWORDS,
    active_hero,
    cell_index,
    encounters_at,
    find_encounter,
    new_encounter,
    new_hero,
    new_state,
)

# --- setup --------------------------------------------------------------------------

SETUP_PARAMS = (
    Param("heroes", "int", "Heroes", low=1, high=4, default=1),
    Param("mode", "choice", "Mode", choices=MODES, default="solo"),
    Param("dice", "choice", "Successes on", choices=("5-6", "4-6"), default="5-6"),
    Param("difficulty", "bool", "Hard: 3 Night discards", default=False),
    Param("advanced_regale", "bool", "Regale: chapter x2 gold", default=False),
    Param("plots", "bool", "Ancient Plots in use", default=False),
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
    ctx.state["night_deck"] = deck.new(range(1, NIGHT_CARDS + 1), ctx.shuffle)
    ctx.start("setup", {"hero": 0, "ancient": 0, "discards": 0,
                        "difficulty": DIFFICULTY_DISCARDS if p["difficulty"] else 0})
    ctx.describe(f"New game: {p['mode']}, {p['heroes']} hero{'es' if p['heroes'] > 1 else ''}")


def race_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or a Race from the content pack."""
    return ("as entered", *sorted((state.get("pack") or {}).get("races", {})))


def class_choices(state: dict) -> tuple[str, ...]:
    return ("none", *sorted((state.get("pack") or {}).get("classes", {})))


def hero_values(ctx: Context) -> None:
    """"2. Setup", Races and Classes: race values plus class bonuses; Starting Gold.
    With a content pack, a Race (and Class) chosen on the form gives the values."""
    index = ctx.data["hero"]
    values = {k: ctx.params[k] for k in (*ATTRIBUTES, "max_hp", "gold")}
    race, hero_class = ctx.params.get("race") or "as entered", ctx.params.get("hero_class") or "none"
    if race != "as entered":
        values = pack.hero_values(ctx.state["pack"], race, hero_class)
    else:
        require(hero_class == "none", "Choose a race too",
                "A Class adds to the Race card's values: choose the Race from the pack as well.")
    ctx.state["heroes"][index] = new_hero(index + 1, values)
    ctx.data["hero"] = index + 1
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
    note(ctx, f"Pack {data['name']!r}: {len(placed)} locations dealt, {len(data['races'])} races, "
              f"{len(data['classes'])} classes")


def ancient_plot(ctx: Context) -> None:
    """"Plots": each Ancient's Plots appear on one location type ("Step 2d: Plot")."""
    index = ctx.data["ancient"]
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
    ctx.data["ancient"] = index + 1
    if index + 1 < len(ctx.state["ancients"]):
        ctx.stay()
    ctx.describe(f"{ancient['name']}: Plots on {terrain}")


def difficulty_discard(ctx: Context) -> None:
    """"Difficulty Variant": draw and discard a Night card; flip its location to gloom."""
    cell = cell_index(ctx.params["location"])
    card = deck.draw(ctx.state["night_deck"])
    deck.discard(ctx.state["night_deck"], *card)
    ctx.state["map"][cell]["gloom"] = True
    ctx.data["discards"] += 1
    if ctx.data["discards"] < ctx.data["difficulty"]:
        ctx.stay()
    ctx.describe(f"Night card discarded: {rules.where(cell)} falls into gloom")


# --- helpers --------------------------------------------------------------------------


def cell_names(state: dict) -> dict[str, str]:
    """The names a content pack gave the map's cells, for the forms (``labels_from``):
    the form shows "Spire Tor" and the command stores "B4". Without a pack, none."""
    if not state.get("pack") or "map" not in state:
        return {}
    return {CELL_LABELS[i]: cell["name"] for i, cell in enumerate(state["map"])
            if cell["name"] != CELL_LABELS[i]}


AS_ENTERED = "as entered"


def _pack_cell(state: dict, place: str) -> int:
    """A pack card's location: a location name (where the pack dealt it) or a cell."""
    if place in CELL_LABELS:
        return cell_index(place)
    for i, cell in enumerate(state["map"]):
        if cell["name"] == place:
            return i
    raise RuleError("Location not on map", f"The pack's location {place!r} is not on the map.")


def night_card_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or a Night card of the pack not drawn yet (by name)."""
    drawn = set(state.get("night_cards", []))
    return (AS_ENTERED, *(c["name"] for c in (state.get("pack") or {}).get("night", [])
                          if c["name"] not in drawn))


def encounter_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or an encounter card of the pack from the location's deck ("Action:
    Move", Location's Encounter Deck: the deck with the same terrain type); every card
    of the pack when the terrain is not known."""
    cards = (state.get("pack") or {}).get("encounters", [])
    if "heroes" not in state or state.get("active_hero") is None and not state.get("procedure"):
        return (AS_ENTERED,)
    data = state["procedure"]["data"] if state.get("procedure") else {}
    index = data.get("hero", state.get("active_hero"))
    terrain = state["map"][state["heroes"][index]["cell"]]["terrain"] if index is not None else "unknown"
    return (AS_ENTERED, *(c["name"] for c in cards if terrain not in TERRAINS[1:]
                          or c["terrain"] == terrain))


def ancient_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or an Ancient card of the pack; the Ancient already named at Setup
    comes first (the form's default)."""
    names = [c["name"] for c in (state.get("pack") or {}).get("ancients", [])]
    proc = state.get("procedure")
    index = proc["data"].get("ancient", 0) if proc else 0
    ancients = state.get("ancients", [])
    own = ancients[index]["name"] if index < len(ancients) else None
    if own in names:
        return (own, AS_ENTERED, *(n for n in names if n != own))
    return (AS_ENTERED, *names)


def _card_values(card: dict) -> dict:
    return {k: card.get(k, 0) for k in (*ATTRIBUTES, "hp", "gold")}


def _cell(name: str, label: str, default: str = "A1", *, first: tuple[str, ...] = ()) -> Param:
    """A map cell chosen on a form (A1..E5), named from the pack when one is loaded."""
    return Param(name, "choice", label, choices=(*first, *CELL_LABELS), default=default,
                 labels_from=cell_names)


def _daylight(state: dict) -> bool:
    return (not state.get("procedure") and state.get("active_hero") is not None
            and not procedures.night_ready(state) and not state.get("over"))


def _here(state: dict) -> list[dict]:
    return encounters_at(state, active_hero(state)["cell"])


def _begin_action(ctx: Context, name: str) -> dict:
    """"8. Actions": each Action costs 1 AP, taken on the hero's turn."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", f"{name} is a Daylight Action (6. Daylight Phase).")
    hero = active_hero(state)
    require(hero["ap"] > 0, "No AP left: Camp",
            f"{hero['name']} has no Action Points: make Camp (7. Hero Turn, Action or Camp).")
    hero["ap"] -= 1
    hero["actions_today"] += 1
    return hero


def _spend_done(ctx: Context, text: str) -> None:
    note(ctx, text)
    end_turn(ctx)


def _check_limits(ctx: Context, hero: dict) -> None:
    """"Limit of 6": more than 6 rumours, assets or Loot - discard down to 6."""
    for what in ("rumours", "assets", "loot"):
        if hero[what] > LIMIT:
            hero[what] = LIMIT
            note(ctx, f"Limit of 6: discard down to 6 {what}")


def team_choices(state: dict) -> tuple[str, ...]:
    """"Deed: Team": "none", or any group of the other heroes at the active hero's
    location ("H2", "H2+H3"...), for the Team field of a form."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("none",)
    here = active_hero(state)["cell"]
    others = [i for i, h in enumerate(state["heroes"]) if i != state["active_hero"]
              and h["cell"] == here and not h["defeated"] and not h["eliminated"]]
    out = ["none"]
    for mask in range(1, 2 ** len(others)):
        out.append("+".join(f"H{others[k] + 1}" for k in range(len(others)) if mask >> k & 1))
    return tuple(out)


def _team(ctx: Context) -> list[int]:
    """The Team formed for this Test or engagement ("Deed: Team"): other heroes at the
    location, none of them Hidden ("No Team member can be Hidden"), and the active
    hero may not be Hidden either ("Hidden heroes cannot perform Deeds")."""
    choice = ctx.params.get("team") or "none"
    if choice == "none":
        return []
    state = ctx.state
    team = [int(part[1:]) - 1 for part in choice.split("+")]
    require(not active_hero(state)["hidden"], "Hidden: no Team",
            "Hidden heroes cannot perform Deeds, and Team is a Deed (10. Deeds).")
    for i in team:
        require(not state["heroes"][i]["hidden"], f"H{i + 1} is Hidden",
                "No Team member can be Hidden; each must come out of hiding first (Deed: Team).")
    return team


# --- Daylight Actions --------------------------------------------------------------------


def move(ctx: Context) -> None:
    """"Action: Move": to an orthogonally adjacent location, or via a shortcut; a new
    location with no encounter draws one (not Sprawl City); successes are lost."""
    state = ctx.state
    target = cell_index(ctx.params["to"])
    hero = active_hero(state) if _daylight(state) else None
    if hero is not None:
        require(target != hero["cell"], "Already there", "Move to another location (Action: Move).")
        require(ctx.params["shortcut"] or rules.adjacent(hero["cell"], target), "Not adjacent",
                f"{rules.where(target)} is not orthogonally adjacent to {rules.where(hero['cell'])}; "
                "only a shared shortcut allows it (Action: Move; Definitions, Adjacent).")
    hero = _begin_action(ctx, "Move")
    rules.leave_location(hero)
    hero["cell"] = target
    text = f"{hero['name']} moves to {rules.where(target)}"
    if target != CITY and not encounters_at(state, target):
        note(ctx, text)
        ctx.start("arrive", {"action": True})
        return
    note(ctx, text)
    if procedures.engage_enemies(ctx, state["active_hero"], action=True):
        return
    end_turn(ctx)


def search(ctx: Context) -> None:
    """"Action: Search": location with no encounter and no obstacle; draw one."""
    state = ctx.state
    if _daylight(state):
        hero = active_hero(state)
        cell = state["map"][hero["cell"]]
        require(hero["cell"] != CITY, "Nothing to search",
                "Sprawl City has no encounter deck (Action: Move, Location's Encounter Deck).")
        require(not _here(state), "Encounter here",
                "Search needs a location with no encounter (Action: Search, Restriction).")
        require(not cell["obstacles"], "Obstacle here",
                "Search needs a location with no obstacle (Action: Search, Restriction).")
    hero = _begin_action(ctx, "Search")
    note(ctx, f"{hero['name']} searches {rules.where(hero['cell'])}")
    ctx.start("arrive", {"action": True})


def hide(ctx: Context) -> None:
    """"Action: Hide": the hero must not be Hidden."""
    if _daylight(ctx.state):
        require(not active_hero(ctx.state)["hidden"], "Already Hidden",
                "Hide needs a hero who is not Hidden (Action: Hide, Restriction).")
    hero = _begin_action(ctx, "Hide")
    hero["hidden"] = True
    _spend_done(ctx, f"{hero['name']} hides")


def confront(ctx: Context) -> None:
    """"Action: Confront": no obstacles; a Quest, Place or Stranger here; Strangers
    not while Hidden and by Influence only; the same attribute all Day. The
    ``enemy`` attribute makes a Stranger an Enemy on purpose."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", "Confront is a Daylight Action.")
    hero = active_hero(state)
    enc = find_encounter(state, ctx.params["encounter"])
    require(enc is not None and enc["cell"] == hero["cell"], "Not here",
            f"Encounter {ctx.params['encounter']} is not at {rules.where(hero['cell'])}.")
    require(not state["map"][hero["cell"]]["obstacles"], "Obstacle here",
            "Confront needs a location with no obstacles (Action: Confront, Restriction).")
    require(enc["type"] in ("quest", "place", "stranger") and state["active_hero"] not in enc["enemy_of"],
            "Not confrontable", "Only a Quest, Place or Stranger can be Confronted; Enemies are "
            "engaged (Action: Confront).")
    attribute = ctx.params["attribute"]
    if enc["type"] == "stranger":
        require(not hero["hidden"], "Hidden: no Stranger",
                "Heroes cannot Confront a Stranger while Hidden (Action: Confront, Strangers).")
        require(attribute in ("influence", "enemy"), "Influence only",
                "Against a Stranger heroes can only Test Influence (Action: Confront, Strangers).")
    else:
        require(attribute != "enemy", "Strangers only", "Only a Stranger can be made an Enemy.")
    entry = rules.accumulated(hero, enc["id"])
    if entry is not None:
        require(entry["attribute"] == attribute, f"Keep {entry['attribute']}"[:21],
                f"Successes so far are in {entry['attribute']}: keep the same attribute all Day (Confront).")
    if attribute != "enemy":
        require(enc[attribute] > 0, f"No {attribute} value"[:21],
                f"{enc['name']} has no {attribute} value to Test against (Confront).")
    team = _team(ctx)
    hero = _begin_action(ctx, "Confront")
    if attribute == "enemy":
        make_enemy(state, state["active_hero"], enc)
        note(ctx, f"{hero['name']} makes {enc['name']} an Enemy")
        start_battle(ctx, state["active_hero"], enc, no_surprise=True)
        return
    n = max(0, hero[attribute] + ctx.params["bonus"] + len(team))
    ctx.start("test", {"hero": state["active_hero"], "attribute": attribute, "dice": n,
                       "needed": enc[attribute], "prior": entry["count"] if entry else 0,
                       "encounter": enc["id"], "purpose": "confront", "first": entry is None,
                       "rolled": 0, "fates": 0, "team": team, "action": True})
    note(ctx, f"{hero['name']} confronts {enc['name']}: {n} dice for {enc[attribute]} "
              f"{ATTRIBUTE_LABELS[attribute]}")


def rest(ctx: Context) -> None:
    """"Action: Rest": no encounters here and HP below maximum; gain 1 HP (no AP)."""
    _rest_check(ctx, "Rest")
    hero = _begin_action(ctx, "Rest")
    hero["hp"] += 1
    _spend_done(ctx, f"{hero['name']} rests: HP {hero['hp']}")


def _rest_check(ctx: Context, name: str) -> None:
    state = ctx.state
    require(_daylight(state), "Not in Daylight", f"{name} is a Daylight Action.")
    hero = active_hero(state)
    require(not _here(state), "Encounter here",
            f"{name} needs a location with no encounters (Action: Rest, Restriction).")
    require(hero["hp"] < hero["max_hp"], "HP already full",
            f"{name} needs fewer HP than maximum health (Action: Rest, Restriction).")


def long_rest(ctx: Context) -> None:
    """"Long Rest": as Rest, and the first and only Action this Day; discard all AP
    and heal to maximum."""
    _rest_check(ctx, "Long Rest")
    require(active_hero(ctx.state)["actions_today"] == 0, "Must be 1st Action",
            "A Long Rest has to be the first and only Action the hero takes this Day.")
    hero = _begin_action(ctx, "Long Rest")
    hero["ap"] = 0
    hero["hp"] = hero["max_hp"]
    _spend_done(ctx, f"{hero['name']} takes a Long Rest: HP {hero['hp']}")


def plot_choices(state: dict) -> tuple[str, ...]:
    """The Plots at the active hero's location, by their Ancient ("Plots": each Plot card
    names the Ancient that places it); "any" when the hero need not choose."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("any",)
    plots = state["map"][active_hero(state)["cell"]]["plots"]
    return ("any", *dict.fromkeys(state["ancients"][a]["name"] for a in plots))


def clear(ctx: Context) -> None:
    """"Action: Clear": remove 1 obstacle or, if there are none, 1 Plot card "by
    following the To Defeat instructions on the Plot card" (the player does; the box
    cannot read them) - the defeated Plot goes into the hand as a rumour; then draw
    1 Loot token. With Plots of several Ancients here the hero names whose."""
    state = ctx.state
    if _daylight(state):
        cell = state["map"][active_hero(state)["cell"]]
        require(cell["obstacles"] or cell["plots"], "Nothing to Clear",
                "Clear needs 1 or more obstacles or Plots here (Action: Clear, Restriction).")
    hero = _begin_action(ctx, "Clear")
    cell = state["map"][hero["cell"]]
    whose = ctx.params.get("plot") or "any"
    if cell["obstacles"]:
        require(whose == "any", "Obstacles first",
                "A Plot is Cleared only if there are no obstacles (Action: Clear).")
        cell["obstacles"] -= 1
        what = "an obstacle"
    else:
        names = [state["ancients"][a]["name"] for a in cell["plots"]]
        require(whose == "any" or whose in names, "No such Plot here",
                f"There is no Plot of {whose} at {rules.where(hero['cell'], state)}.")
        at = len(names) - 1 if whose == "any" else len(names) - 1 - names[::-1].index(whose)
        ancient = state["ancients"][cell["plots"].pop(at)]
        hero["rumours"] += 1
        what = f"{ancient['name']}'s Plot (To Defeat done; into hand)"
    hero["loot"] += 1
    _check_limits(ctx, hero)
    _spend_done(ctx, f"{hero['name']} clears {what}, draws Loot")


def discover(ctx: Context) -> None:
    """"Action: Discover": a reward rumour matching this location goes into play."""
    if _daylight(ctx.state):
        require(active_hero(ctx.state)["rumours"] > 0, "No rumours",
                "Discover plays a rumour from hand (Action: Discover).")
    hero = _begin_action(ctx, "Discover")
    hero["rumours"] -= 1
    _gain_asset(ctx, hero, ctx.params["gold"], ctx.params["keyword"], ctx.params["keep"])
    _check_limits(ctx, hero)
    _spend_done(ctx, f"{hero['name']} discovers an asset")


def _gain_asset(ctx: Context, hero: dict, gold: int, keyword: str, keep: str = "new") -> None:
    """An asset enters play. "A hero can only have at most one asset with each unique
    keyword. If a hero ever has two ... they must immediately choose and discard one"
    (Action: Discover, Important): the count stays at one and ``keep`` says which card
    stays - the new one brings its gold value in place of the old one's."""
    if keyword != "none" and keyword in hero["uniques"]:
        old = hero["unique_gold"].get(keyword, 0)
        if keep == "new":
            hero["asset_gold"] = max(0, hero["asset_gold"] - old) + gold
            hero["unique_gold"][keyword] = gold
            note(ctx, f"Unique *{keyword}: the new one ({gold} gold) kept, the old discarded")
        else:
            note(ctx, f"Unique *{keyword}: the old one ({old} gold) kept, the new discarded")
        return
    hero["assets"] += 1
    hero["asset_gold"] += gold
    if keyword != "none":
        hero["uniques"].append(keyword)
        hero["unique_gold"][keyword] = gold


def _lose_asset(hero: dict, keyword: str, gold: int | None = None) -> int:
    """One asset leaves play (sacrificed, discarded or given): with a unique keyword it
    takes that keyword and its recorded gold value along. Returns the gold value it
    took (``gold`` when the keyword is unknown)."""
    hero["assets"] -= 1
    if keyword != "none" and keyword in hero["uniques"]:
        hero["uniques"].remove(keyword)
        gold = hero["unique_gold"].pop(keyword, gold or 0)
    gold = min(gold or 0, hero["asset_gold"])
    hero["asset_gold"] -= gold
    if hero["assets"] == 0:
        hero["uniques"], hero["unique_gold"] = [], {}
    return gold


def market(ctx: Context) -> None:
    """"Action: Market": at Sprawl City; Heal (1 gold per HP), Purchase, Sell for half
    value; at least one must be performed."""
    state, p = ctx.state, ctx.params
    if _daylight(state):
        hero = active_hero(state)
        require(hero["cell"] == CITY, "Only at Sprawl City",
                "Market needs the hero at Sprawl City (Action: Market, Restriction).")
        require(p["heal"] or p["buy"] or p["sell"], "Choose an option",
                "At least one Market option must be performed (Action: Market).")
        require(hero["hp"] + p["heal"] <= hero["max_hp"], "Above max HP",
                "Heal only up to maximum health (Market, Option 1).")
        require(p["heal"] + p["buy"] <= hero["gold"] + p["sell"], "Not enough gold",
                f"{hero['name']} has {hero['gold']} gold (Action: Market).")
    hero = _begin_action(ctx, "Market")
    hero["gold"] += p["sell"] - p["heal"] - p["buy"]
    hero["hp"] += p["heal"]
    if p["buy"]:
        _gain_asset(ctx, hero, p["buy"], p["keyword"], p["keep"])
    _check_limits(ctx, hero)
    _spend_done(ctx, f"Market: heal {p['heal']}, buy {p['buy']}, sell +{p['sell']} gold")


def regale(ctx: Context) -> None:
    """"Action: Regale": one chapter or Finale completed per Day. A chapter costs 5
    gold (chapter x 2 in the Advanced Variant) and gives +1 maximum HP and HP; the
    Finale is a Test at its location, not on the Day chapter 4 was completed."""
    state, p = ctx.state, ctx.params
    require(_daylight(state), "Not in Daylight", "Regale is a Daylight Action.")
    hero = active_hero(state)
    require(not hero["regaled"], "Regaled today",
            "A hero cannot complete a second saga chapter or Finale in a Day (Action: Regale).")
    require(hero["chapter"] <= 5, "Saga complete", "The saga is already complete.")
    if hero["chapter"] == 5:
        require(hero["chapter4_day"] != state["day"], "Not today: chapter 4",
                "Not during the same Day that chapter 4 was completed (Saga Finale Completion).")
        require(p["finale"] > 0, "Enter Finale value",
                "Enter the Finale's attribute value (Saga Finale Completion).")
        attribute = p["attribute"]
        entry = rules.accumulated(hero, None)
        team = _team(ctx)
        hero = _begin_action(ctx, "Regale")
        n = max(0, hero[attribute] + p["bonus"] + len(team))
        ctx.start("test", {"hero": state["active_hero"], "attribute": attribute, "dice": n,
                           "needed": p["finale"], "prior": entry["count"] if entry else 0,
                           "encounter": None, "purpose": "finale", "first": False, "rolled": 0,
                           "fates": 0, "team": team, "action": True})
        note(ctx, f"{hero['name']} attempts the Finale: {n} dice for {p['finale']}")
        return
    cost = hero["chapter"] * 2 if state["advanced_regale"] else 5
    require(hero["gold"] >= cost, f"Need {cost} gold",
            f"Completing a chapter costs {cost} gold (Saga Chapter Completion).")
    require(hero["rumours"] >= p["rumours"], "Not enough rumours", "Discard only rumours you hold.")
    hero = _begin_action(ctx, "Regale")
    hero["gold"] -= cost
    hero["rumours"] -= p["rumours"]
    hero["max_hp"] = min(MAX_HP_LIMIT, hero["max_hp"] + 1)
    hero["hp"] += 1
    hero["regaled"] = True
    done = hero["chapter"]
    if done == 4:
        hero["chapter4_day"] = state["day"]
    hero["chapter"] += 1
    note(ctx, f"{hero['name']} completes chapter {done}: take a level {done} skill")
    _competitive_pressure(ctx, state["active_hero"], done)
    end_turn(ctx)


def _competitive_pressure(ctx: Context, index: int, done: int) -> None:
    """"Competitive Pressure": chapter 3 lifts heroes who have not completed chapter 1;
    chapter 4 lifts those who have not completed chapter 2."""
    state = ctx.state
    if state["mode"] != "competitive" or done not in (3, 4):
        return
    below = 1 if done == 3 else 2
    for i, other in enumerate(state["heroes"]):
        if i != index and other["chapter"] <= below:
            note(ctx, f"Pressure: {other['name']} completes chapter {other['chapter']}")
            other["chapter"] += 1
            other["max_hp"] += 1
            other["hp"] += 1


def camp(ctx: Context) -> None:
    """"Action or Camp": discard remaining AP, no further turns; the first to Camp
    takes the First Hero marker; when all have Camped the Night begins."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", "Heroes make Camp during Daylight.")
    index = state["active_hero"]
    rules.make_camp(state, index)
    first = state["first_camper"] == index
    note(ctx, f"{state['heroes'][index]['name']} makes Camp" + (" (First Hero marker)" if first else ""))
    end_turn(ctx)


# --- Deeds and effects -----------------------------------------------------------------------


def overcome(ctx: Context) -> None:
    """"Deed: Overcome": defeat an encounter whose Weakness matches a keyword in play;
    no AP. "Hidden heroes cannot perform Deeds"."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", "Deeds are performed during a turn.")
    hero = active_hero(state)
    require(not hero["hidden"], "Hidden: no Deeds", "Hidden heroes cannot perform Deeds (10. Deeds).")
    enc = find_encounter(state, ctx.params["encounter"])
    require(enc is not None and enc["cell"] == hero["cell"], "Not here",
            f"Encounter {ctx.params['encounter']} is not at {rules.where(hero['cell'])}.")
    procedures.defeat_encounter(state, enc)
    ctx.start("test", {"hero": state["active_hero"], "defeated": enc, "purpose": "overcome"})
    ctx.goto("reward")
    note(ctx, f"{hero['name']} overcomes {enc['name']}")


def _deed(ctx: Context, name: str) -> dict:
    """"10. Deeds": during the hero's turn, never while Hidden."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", f"{name} is a Deed, performed during a turn (10. Deeds).")
    hero = active_hero(state)
    require(not hero["hidden"], "Hidden: no Deeds", "Hidden heroes cannot perform Deeds (10. Deeds).")
    return hero


def exchange(ctx: Context) -> None:
    """"Deed: Exchange": with a hero at the same location, gold, Loot tokens, rumours,
    Item and Spell assets (not Allies or Titles), either way (positive numbers are
    given, negative received); the limits of 6 apply after. An asset with a unique
    keyword moves with it (one such asset per Exchange: "any number of agreed
    exchanges"), its gold value as recorded; a duplicate keyword at the taker is
    discarded at once, keeping the card ``keep`` names (Action: Discover, Important)."""
    state, p = ctx.state, ctx.params
    hero = _deed(ctx, "Exchange")
    other_index = int(p["with"][1:]) - 1
    require(other_index < len(state["heroes"]) and other_index != state["active_hero"],
            "Pick another hero", "Exchange is with another hero (Deed: Exchange).")
    other = state["heroes"][other_index]
    require(other["cell"] == hero["cell"] and not other["eliminated"], "Not at your location",
            f"{other['name']} must be at {rules.where(hero['cell'])} (Deed: Exchange).")
    keyword = p["keyword"]
    giver, taker = (hero, other) if p["assets"] > 0 else (other, hero)
    if keyword != "none":
        require(abs(p["assets"]) == 1, "One keyed asset",
                "Exchange one asset with a unique keyword at a time: an Exchange Deed may be "
                "repeated (Deed: Exchange, any number of agreed exchanges).")
        require(keyword in giver["uniques"], f"No *{keyword} asset"[:21],
                f"{giver['name']} has no asset with the unique keyword {keyword} in play.")
    moves = {"gold": p["gold"], "loot": p["loot"], "rumours": p["rumours"]}
    require(any(moves.values()) or p["assets"], "Nothing exchanged",
            "Choose what changes hands (Deed: Exchange).")
    for field, amount in (*moves.items(), ("assets", p["assets"])):
        source = hero if amount > 0 else other
        require(source[field] >= abs(amount), f"{source['name'][:9]}: {field}"[:21],
                f"{source['name']} has only {source[field]} {field} (Deed: Exchange).")
    for field, amount in moves.items():
        source, target = (hero, other) if amount > 0 else (other, hero)
        source[field] -= abs(amount)
        target[field] += abs(amount)
    if keyword != "none":  # one asset, its keyword and recorded gold value with it
        _gain_asset(ctx, taker, _lose_asset(giver, keyword, p["asset_gold"]), keyword, p["keep"])
    elif p["assets"]:  # assets without a keyword named: the count and their gold as entered
        gold = min(p["asset_gold"], giver["asset_gold"])
        giver["assets"] -= abs(p["assets"])
        giver["asset_gold"] -= gold
        taker["assets"] += abs(p["assets"])
        taker["asset_gold"] += gold
        if giver["assets"] == 0:
            giver["uniques"], giver["unique_gold"] = [], {}
    moves["assets"] = p["assets"]
    for h in (hero, other):
        _check_limits(ctx, h)
    given = ", ".join(f"{f} {a:+d}" for f, a in moves.items() if a and f != "asset_gold")
    note(ctx, f"Exchange with {other['name']} (given +, received -): {given}")


def resolve(ctx: Context) -> None:
    """"Deed: Resolve": the Deed ability on a card or a Loot token in play ("Loot: each
    Loot token ... can be discarded as a Resolve Deed", e.g. 'Gain 1 Move AP'); a
    'Veil:' card is turned until Dawn. The effect's numbers are entered: AP gained,
    gold gained, HP healed (up to maximum health)."""
    p = ctx.params
    hero = _deed(ctx, "Resolve")
    if p["source"] == "Loot token":
        require(hero["loot"] > 0, "No Loot tokens", f"{hero['name']} has no Loot token (Deed: Resolve).")
        hero["loot"] -= 1
    hero["ap"] += p["ap"]
    hero["gold"] += p["gold"]
    healed = min(p["heal"], hero["max_hp"] - hero["hp"])
    hero["hp"] += healed
    note(ctx, f"{hero['name']} resolves a {p['source']}: AP +{p['ap']}, gold +{p['gold']}, HP +{healed}")


def engage(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: engage an Enemy at the hero's location (no AP)."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", "Engagements happen on a hero's turn.")
    index = state["active_hero"]
    enc = find_encounter(state, ctx.params["encounter"])
    require(enc is not None and enc in rules.enemies_here(state, index), "No such Enemy here",
            "Engage an Enemy (or your Enemy Stranger) at your location (9. Engagement).")
    team = _team(ctx)
    start_battle(ctx, index, enc, action=False, team=team)
    note(ctx, f"{state['heroes'][index]['name']} engages {enc['name']}"
         + (f" with a Team of {len(team) + 1}" if team else ""))


def engage_next(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: the hero engages the Enemies at their location
    "in the order of their choice" - the one chosen now; the prompt comes back after
    the battle while two or more are left."""
    data = ctx.data
    index = data["hero"]
    enc = find_encounter(ctx.state, int(ctx.params["encounter"]))
    start_battle(ctx, index, enc, action=data.get("action"))
    note(ctx, f"{ctx.state['heroes'][index]['name']} engages {enc['name']} first")


def assault(ctx: Context) -> None:
    """"Deed: Assault": a hero whose saga is complete, at the Ancient's location with no
    other encounters, engages the Ancient (no AP). In the cooperative game all heroes
    must have completed their Finales first. The Ancient's unresolved Plots leave the
    map and join it ("Ancient Battles"); no Surprise, no evasion, no escape."""
    state = ctx.state
    require(_daylight(state), "Not in Daylight", "Deeds are performed during a turn (10. Deeds).")
    index = state["active_hero"]
    hero = state["heroes"][index]
    require(not hero["hidden"], "Hidden: no Deeds", "Hidden heroes cannot perform Deeds (10. Deeds).")
    number = ctx.params["ancient"]
    require(number <= len(state["ancients"]), f"No Ancient {number}", "There is no such Ancient.")
    ancient = state["ancients"][number - 1]
    require(ancient["in_play"] and not ancient["defeated"] and ancient["cell"] is not None,
            "Ancient not on map", "The Ancient enters the map when the first Finale is completed "
            "(Saga Finale Completion).")
    require(hero["cell"] == ancient["cell"], "Not at the Ancient",
            f"Go to {rules.where(ancient['cell'])}, the Ancient's location (Deed: Assault).")
    require(not encounters_at(state, hero["cell"]), "Other encounters here",
            "The Ancient's location must have no other encounters (Deed: Assault, Restriction).")
    team = _team(ctx)
    for i in (index, *team):
        require(state["heroes"][i]["chapter"] > 5, f"H{i + 1}: saga not done",
                "A hero must first complete their saga in order to battle the Ancient "
                "(4. Winning the Game; Deed: Assault).")
    if state["mode"] == "coop":
        require(all(h["chapter"] > 5 for h in state["heroes"] if not h["eliminated"]),
                "All Finales first", "In the cooperative game all heroes must have completed their "
                "saga Finales before any hero can Assault an Ancient (Deed: Assault).")
    joined = 0
    for cell in state["map"]:
        joined += cell["plots"].count(number - 1)
        cell["plots"] = [a for a in cell["plots"] if a != number - 1]
    ancient["plots_joined"] += joined
    start_battle(ctx, index, None, action=False, team=team, ancient=number - 1)
    ctx.data["joined"] = joined
    note(ctx, f"{hero['name']} assaults {ancient['name']} ({ancient['hp']} HP)"
         + (f"; {joined} Plot(s) join it" if joined else ""))


def ancient_card(ctx: Context) -> None:
    """"Saga Finale Completion", Important: the first Finale brings the Ancient (all
    Ancients in the cooperative game) onto the map at the location on its card; its
    Fight, HP and gold come from the card."""
    p, data = ctx.params, ctx.data
    index = data.get("ancient", 0)
    ancient = ctx.state["ancients"][index]
    values = {k: p[k] for k in ("fight", "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # the pack's Ancient card: its location, Fight, HP and gold
        card = pack.card(ctx.state["pack"], "ancients", chosen)
        require(all(a["name"] != chosen for i, a in enumerate(ctx.state["ancients"]) if i != index),
                "Ancient already in", f"{chosen} is already one of this game's Ancients.")
        cell = _pack_cell(ctx.state, card["location"])
        values = {k: card[k] for k in ("fight", "hp", "gold")}
        ancient["name"] = chosen
    else:
        cell = cell_index(p["location"])
    require(cell != CITY, "Not on Sprawl City",
            "No Ancient may be placed on Sprawl City (Locations, Sprawl City).")
    ancient.update(cell=cell, fight=values["fight"], hp=values["hp"], max_hp=values["hp"],
                   gold=values["gold"])
    data["ancient"] = index + 1
    if index + 1 < len(ctx.state["ancients"]):
        ctx.stay()
    note(ctx, f"{ancient['name']} enters {rules.where(cell, ctx.state)}: Fight {values['fight']}, "
              f"HP {values['hp']}")


def at_event(state: dict) -> bool:
    """An Event waits to be resolved: the Night's "2c. Resolve the Event" or an Event
    encounter just drawn ("Event")."""
    proc = state.get("procedure")
    if not proc or proc["name"] not in ("night", "arrive"):
        return False
    step = procedures.current(state)
    return step is not None and step.id == "event"


def hero_choices(state: dict) -> tuple[str, ...]:
    return tuple(f"H{i + 1}" for i, h in enumerate(state.get("heroes", [])) if not h["eliminated"])


def test(ctx: Context) -> None:
    """"Test" outside a Confront (an Event or card effect): attribute plus bonuses,
    rolled once; no AP ("Event": "An attribute Test generated by an Event does not
    require expenditure of Action Points ... and is only rolled once"). During an
    Event's step the Test is taken there and the Event's procedure resumes after it;
    "Heroes cannot Team up to tackle Event encounters". ``hero`` names who is Tested
    (the active hero by default; at Night the First Hero, who "chooses")."""
    state = ctx.state
    event = at_event(state)
    require(event or (not state.get("procedure") and state.get("active_hero") is not None),
            "Finish the step", "A Test starts between steps, or while an Event is resolved.")
    who = ctx.params.get("hero")
    proc = state.get("procedure")
    night = proc is not None and proc["name"] == "night"
    index = int(who[1:]) - 1 if who else state["first_hero"] if night else state["active_hero"]
    hero = state["heroes"][index]
    require(not hero["eliminated"], "Hero eliminated", f"{hero['name']} is out of the game.")
    attribute = ctx.params["attribute"]
    if event:
        require((ctx.params.get("team") or "none") == "none", "No Team for Events",
                "Heroes cannot Team up to tackle Event encounters (Deed: Team; Event).")
        team = []
    else:
        team = _team(ctx)
    n = max(0, hero[attribute] + ctx.params["bonus"] + len(team))
    resume = dict(proc, data=dict(proc["data"])) if event else None
    ctx.start("test", {"hero": index, "attribute": attribute, "dice": n, "needed": ctx.params["needed"],
                       "prior": 0, "encounter": None, "purpose": "test", "first": False, "rolled": 0,
                       "fates": 0, "team": team, "resume": resume})
    note(ctx, f"{hero['name']} tests {ATTRIBUTE_LABELS[attribute]}: {n} dice"
         + (" (Event)" if event else ""))


def unhide(ctx: Context) -> None:
    """"Action: Hide", Important: a hero can stop being Hidden at any point."""
    hero = active_hero(ctx.state)
    require(hero["hidden"], "Not Hidden", f"{hero['name']} is not Hidden.")
    hero["hidden"] = False
    note(ctx, f"{hero['name']} comes out of hiding")


def place_encounter(ctx: Context) -> None:
    """A card effect places an encounter at the active hero's location."""
    state = ctx.state
    require(not state.get("procedure") and state.get("active_hero") is not None, "Finish the step",
            "Card effects are applied between steps.")
    require(active_hero(state)["cell"] != CITY, "Not on Sprawl City",
            "No encounter may be placed on Sprawl City (Locations, Sprawl City).")
    ctx.start("arrive", {"action": False})
    ctx.describe("Place an encounter")


def location(ctx: Context) -> None:
    """Set a location's card values: terrain, gloom, the red shield's HP, obstacles."""
    p = ctx.params
    cell = cell_index(p["location"])
    require(cell != CITY or (p["terrain"] == "unknown" and not p["gloom"]), "Sprawl City is safe",
            "Sprawl City's terrain is City and it is 'safe' (Locations, Sprawl City).")
    spot = ctx.state["map"][cell]
    if cell != CITY:
        spot["terrain"] = p["terrain"]
        spot["gloom"] = p["gloom"]
    spot["gloom_hp"] = p["gloom_hp"]
    spot["obstacles"] = p["obstacles"]
    ctx.describe(f"{rules.where(cell)}: {spot['terrain']}, gloom {'yes' if spot['gloom'] else 'no'}")


# --- prompt answers ----------------------------------------------------------------------------


def _faces(ctx: Context, count: int) -> list[int]:
    """Faces from the tray (the ``dice`` param), or a virtual roll when absent; a tray
    roll of another kind or count is refused, naming the roll expected."""
    report = ctx.params.get("dice")
    if report is None:
        return ctx.roll(count)
    return dice.faces_from_report(report, count=count)


def roll(ctx: Context) -> None:
    """"Test": roll the dice; a success for each die showing 5 or 6 (4-6 easier)."""
    data = ctx.data
    faces = _faces(ctx, data["dice"])
    data["faces"] = faces
    data["rolled"] = dice.successes(faces, ctx.state["success_on"])
    note(ctx, f"Rolled {' '.join(map(str, faces)) or 'no dice'}: {data['rolled']} successes")


def fate_hero_choices(state: dict) -> tuple[str, ...]:
    """The heroes who may call on Fate now, as "H1".."H4" (the testing hero first)."""
    return tuple(f"H{i + 1}" for i in procedures.fate_callers(state)) or ("H1",)


def fate(ctx: Context) -> None:
    """"Test", Fate: once per Day a hero may add 1 success by discarding a Fate token or
    a rumour; "each hero in a Team may call on Fate during a Test performed by the
    active hero" ("Deed: Team"). The prompt asks again while another may still call."""
    choice = ctx.params["use"]
    if choice == "no":
        ctx.describe("No Fate")
        return
    callers = procedures.fate_callers(ctx.state)
    who = ctx.params.get("hero")
    index = int(who[1:]) - 1 if who else callers[0]
    require(index in callers, f"H{index + 1}: no Fate"[:21],
            "Fate is called once per Day per hero, by the testing hero or a Team member (Test, Fate).")
    hero = ctx.state["heroes"][index]
    field = "fate" if choice == "Fate token" else "rumours"
    require(hero[field] > 0, f"No {field} left"[:21], f"{hero['name']} has no {field} to discard (Fate).")
    hero[field] -= 1
    hero["fate_used"] = True
    ctx.data["fates"] = ctx.data.get("fates", 0) + 1
    note(ctx, f"{hero['name']} calls on Fate (+1 success)")
    ctx.stay()  # skipped by itself when no one else may call


def reward(ctx: Context) -> None:
    """"Reward: Loot and Rumour": gold equal to its value or a Loot token; the card or a
    reward card as a rumour. An Enemy Stranger forces option a. both times."""
    data, p = ctx.data, ctx.params
    hero = ctx.state["heroes"][data["hero"]]
    enc = data["defeated"]
    forced = data["hero"] in enc.get("enemy_of", [])
    if forced:
        require(p["loot"] == "gold" and p["rumour"] == "card", "Enemy: gold + card",
                "An Enemy Stranger gives its gold and its card (Reward, Exception).")
    if p["loot"] == "gold":
        hero["gold"] += enc["gold"]
        loot = f"{enc['gold']} gold"
    elif p["loot_gold"]:
        hero["gold"] += p["loot_gold"]  # "Gold Loot tokens are discarded immediately"
        loot = f"a Gold Loot token ({p['loot_gold']} gold)"
    else:
        hero["loot"] += 1
        loot = "a Loot token"
    hero["rumours"] += 1
    text = f"Reward: {loot}, {'the card' if p['rumour'] == 'card' else 'a reward card'} as a rumour"
    trophy = p["trophy"]
    if trophy == "asset":
        _gain_asset(ctx, hero, p["trophy_gold"], p["keyword"], p["keep"])
        text += "; Trophy into play"
    elif trophy == "gold":
        hero["gold"] += p["trophy_gold"]
        text += f"; Trophy sold for {p['trophy_gold']} gold"
    elif trophy == "rumour":
        hero["rumours"] += 1
        text += "; Trophy gained as a rumour"
    note(ctx, text)
    _check_limits(ctx, hero)


def lose_card(ctx: Context) -> None:
    """"Hero Defeated": either sacrifice 1 asset or discard 1 rumour."""
    state = ctx.state
    index = state["pending_losses"][0]
    hero = state["heroes"][index]
    field = "assets" if ctx.params["card"] == "asset" else "rumours"
    require(hero[field] > 0, f"No {field}"[:21], f"{hero['name']} has no {field}; lose the other.")
    if field == "assets":
        _lose_asset(hero, ctx.params["keyword"], 0)  # with its keyword and recorded gold
    else:
        hero[field] -= 1
    state["pending_losses"].pop(0)
    ctx.stay()  # the next defeated hero, if any (the step skips itself when none is left)
    note(ctx, f"{hero['name']} loses 1 {field[:-1]}")


def night_card(ctx: Context) -> None:
    """"Step 2: Darkness" b. the named location falls into gloom; c. Weather replaces
    Weather; an encounter is placed there; an Event is resolved (First Hero chooses)."""
    state, data, p = ctx.state, ctx.data, ctx.params
    cell = cell_index(p["location"])
    kind = p["type"]
    values = {k: p[k] for k in (*ATTRIBUTES, "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # "3. Card Anatomy", Night: its location and type (and values)
        card = pack.card(state["pack"], "night", chosen)
        cell, kind, values = _pack_cell(state, card["location"]), card["type"], _card_values(card)
        state.setdefault("night_cards", []).append(chosen)
    if cell == CITY:
        require(kind in ("weather", "event"), "Not on Sprawl City",
                "No encounter may be placed on Sprawl City (Locations, Sprawl City).")
    spot = state["map"][cell]
    if p["terrain"] != "unknown" and cell != CITY:
        spot["terrain"] = p["terrain"]
    data["fell"] = not spot["gloom"]
    spot["gloom"] = True
    data["cell"] = cell
    data["type"] = kind
    text = f"{rules.where(cell)} falls into gloom"
    if kind == "weather":
        if state["weather"]:
            deck.discard(state["night_deck"], state["weather"]["card"])
        state["weather"] = {"card": data["card"], "cell": cell}
        if chosen != AS_ENTERED:
            state["weather"]["name"] = chosen  # its effect applies until the next Weather
        text += "; new Weather"
    elif kind == "event":
        deck.discard(state["night_deck"], data["card"])
        text += f"; Event ({state['heroes'][state['first_hero']]['name']} chooses)"
    else:
        enc_id = state["next_encounter_id"]
        state["next_encounter_id"] += 1
        enc = new_encounter(enc_id, cell, kind, values)
        if chosen != AS_ENTERED:
            enc["name"] = chosen
        state["encounters"].append(enc)
        text += f"; {enc['name']} placed"
    note(ctx, text)


def encounter(ctx: Context) -> None:
    """An encounter drawn from the location's deck, entered with its card values."""
    state, p = ctx.state, ctx.params
    index = ctx.data.get("hero", state["active_hero"])
    cell = state["heroes"][index]["cell"]
    enc_id = state["next_encounter_id"]
    state["next_encounter_id"] += 1
    kind, values = p["type"], {k: p[k] for k in (*ATTRIBUTES, "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # "3. Card Anatomy", Encounters: the pack's card values
        card = pack.card(state["pack"], "encounters", chosen)
        kind, values = card["type"], _card_values(card)
    values["fresh"] = True
    enc = new_encounter(enc_id, cell, kind, values)
    if chosen != AS_ENTERED:
        enc["name"] = chosen
    state["encounters"].append(enc)
    ctx.data["placed"] = enc_id
    ctx.describe(f"{enc['name']} ({kind}) at {rules.where(cell)}")


def stance(ctx: Context) -> None:
    """"Stage 1": a Hidden hero either Surprise Attacks (loses Hidden, gains Surprise)
    or Evades (stays Hidden, Stage 2)."""
    data = ctx.data
    hero = ctx.state["heroes"][data["hero"]]
    data["stance"] = ctx.params["choice"]
    if data["stance"] == "surprise":
        hero["hidden"] = False
        data["surprise"] = "hero"
    ctx.describe(f"{hero['name']}: {'Surprise Attack' if data['stance'] == 'surprise' else 'Evade'}")


def evade_roll(ctx: Context) -> None:
    """"Stage 2: Evasion Opportunity": a Sneak Test against the foe's Sneak."""
    data = ctx.data
    faces = _faces(ctx, procedures.battle_dice(ctx.state, "evade", ctx.params["bonus"]))
    data["evade_successes"] = dice.successes(faces, ctx.state["success_on"])
    ctx.describe(f"Sneak: {' '.join(map(str, faces))} = {data['evade_successes']} successes")


def _next_fighter(ctx: Context) -> None:
    """A Team: the same prompt again for the next Team hero ("Team Engagement", Skirmish:
    each Team hero makes a Fight Test, the foe one against each Team hero)."""
    data = ctx.data
    data["rolling"] += 1
    if data["rolling"] < len(procedures.fighters(ctx.state, data)):
        ctx.stay()
    else:
        data["rolling"] = 0


def hero_fight(ctx: Context) -> None:
    """"Step 1: Skirmish": the hero's Fight Test; +1 die with Surprise (first round)."""
    data = ctx.data
    index = procedures.rolling_hero(ctx.state)
    hero = ctx.state["heroes"][index]
    faces = _faces(ctx, procedures.battle_dice(ctx.state, "hero", ctx.params["bonus"]))
    data["hero_hits"][str(index)] = hits = dice.successes(faces, ctx.state["success_on"])
    ctx.describe(f"{hero['name']} Fight: {' '.join(map(str, faces))} = {hits} hits")
    _next_fighter(ctx)


def foe_fight(ctx: Context) -> None:
    """"Step 1: Skirmish": the foe's Fight Test (against each Team hero); +1 die with
    Surprise (first round)."""
    data = ctx.data
    index = procedures.rolling_hero(ctx.state)
    foe = procedures.battle_foe(ctx.state, data)
    faces = _faces(ctx, procedures.battle_dice(ctx.state, "foe"))
    data["foe_hits"][str(index)] = hits = dice.successes(faces, ctx.state["success_on"])
    target = "" if not data.get("team") else f" vs {ctx.state['heroes'][index]['name']}"
    ctx.describe(f"{foe['name']} Fight{target}: {' '.join(map(str, faces))} = {hits} hits")
    _next_fighter(ctx)


def trap(ctx: Context) -> None:
    """"Trap": before the first Skirmish the active hero pays the Trap's cost ("Lose 1
    HP", "Sacrifice 1 Ally"...); as much as can be paid must be, and the battle goes on
    either way. HP lost here also loses AP; the last HP defeats the hero."""
    data, state, p = ctx.data, ctx.state, ctx.params
    index = data["hero"]
    hero = state["heroes"][index]
    lost = rules.lose_hp_in_battle(state, index, p["hp"])
    sacrificed = min(p["assets"], hero["assets"])
    hero["assets"] -= sacrificed
    if sacrificed:
        hero["asset_gold"] = max(0, hero["asset_gold"] - p["asset_gold"])
        if hero["assets"] == 0:
            hero["uniques"], hero["unique_gold"] = [], {}
    if not (p["hp"] or p["assets"]):
        ctx.describe("No Trap")
        return
    note(ctx, f"Trap: {hero['name']} loses {lost} HP" + (f", sacrifices {sacrificed} asset(s)"
                                                          if sacrificed else ""))
    if hero["hp"] == 0:
        ctx.goto("hero_check")


def escape(ctx: Context) -> None:
    """"Step 4: Escape Option": make Camp and go to the nearest Enemy-free location
    (no shortcuts; the hero chooses among ties)."""
    data, state = ctx.data, ctx.state
    if not ctx.params["escape"]:
        ctx.describe("Fight on")
        return
    index = data["hero"]
    hero = state["heroes"][index]
    enemy_cells = {e["cell"] for e in state["encounters"]
                   if e["type"] == "enemy" or index in e["enemy_of"]}
    free = [c for c in range(25) if c not in enemy_cells and c != hero["cell"]]
    best = min(rules.distance(hero["cell"], c) for c in free)
    nearest = [c for c in free if rules.distance(hero["cell"], c) == best]
    target = cell_index(ctx.params["to"]) if ctx.params["to"] != "nearest" else nearest[0]
    require(target in nearest, "Not the nearest",
            "Escape to the nearest Enemy-free location (Step 4: Escape Option); nearest: "
            + ", ".join(rules.where(c) for c in nearest) + ".")
    rules.leave_location(hero)
    hero["cell"] = target
    rules.make_camp(state, index)
    data["over"] = True
    note(ctx, f"{hero['name']} escapes to {rules.where(target)} and makes Camp")


# --- the command list ------------------------------------------------------------------------

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
# back from the first), so forms without a pack start as before.
_PACK_NIGHT = Param("card", "choice", "Card (pack)", optional=True, choices_from=night_card_choices)
_PACK_ENCOUNTER = Param("card", "choice", "Card (pack)", optional=True, choices_from=encounter_choices)
_PACK_ANCIENT = Param("card", "choice", "Ancient (pack)", optional=True, choices_from=ancient_choices)


def _in_daylight(state: dict) -> bool:
    return _daylight(state)


def _idle(state: dict) -> bool:
    return not state.get("procedure") and state.get("active_hero") is not None and not state.get("over")


COMMANDS = (
    CommandSpec("move", "Move", move,
                (_cell("to", "To", "C2"),
                 Param("shortcut", "bool", "Via shortcut", default=False)), available=_in_daylight),
    CommandSpec("confront", "Confront", confront,
                (_ENC, Param("attribute", "choice", "Attribute", choices=(*ATTRIBUTES, "enemy"),
                             default="influence"), _BONUS, _TEAM), available=_in_daylight),
    CommandSpec("search", "Search", search, available=_in_daylight),
    CommandSpec("hide", "Hide", hide, available=_in_daylight),
    CommandSpec("rest", "Rest (+1 HP)", rest, available=_in_daylight),
    CommandSpec("long_rest", "Long Rest", long_rest, available=_in_daylight),
    CommandSpec("clear", "Clear", clear,
                (Param("plot", "choice", "Plot of", optional=True, choices_from=plot_choices),),
                available=_in_daylight),
    CommandSpec("discover", "Discover", discover,
                (Param("gold", "int", "Asset gold value", low=0, high=30, default=0), _KEYWORD, _KEEP),
                available=_in_daylight),
    CommandSpec("market", "Market", market,
                (Param("heal", "int", "Heal HP", low=0, high=20, default=0),
                 Param("buy", "int", "Buy: card's gold", low=0, high=30, default=0),
                 Param("sell", "int", "Sell: gold gained", low=0, high=99, default=0), _KEYWORD, _KEEP),
                available=_in_daylight),
    CommandSpec("regale", "Regale", regale,
                (Param("rumours", "int", "Rumours discarded", low=0, high=6, default=0),
                 Param("finale", "int", "Finale value", low=0, high=20, default=0),
                 _ATTR, _BONUS, _TEAM), available=_in_daylight),
    CommandSpec("camp", "Make Camp", camp, available=_in_daylight),
    CommandSpec("engage", "Engage an Enemy", engage, (_ENC, _TEAM), available=_in_daylight),
    CommandSpec("assault", "Assault the Ancient", assault,
                (Param("ancient", "int", "Ancient #", low=1, high=4, default=1), _TEAM),
                available=lambda s: _daylight(s) and any(a["in_play"] and not a["defeated"]
                                                         for a in s["ancients"])),
    CommandSpec("overcome", "Overcome (Deed)", overcome, (_ENC,), available=_in_daylight),
    CommandSpec("exchange", "Exchange (Deed)", exchange,
                (Param("with", "choice", "With", choices=("H1", "H2", "H3", "H4"), default="H2"),
                 Param("gold", "int", "Gold given", low=-99, high=99, default=0),
                 Param("rumours", "int", "Rumours given", low=-6, high=6, default=0),
                 Param("loot", "int", "Loot given", low=-6, high=6, default=0),
                 Param("assets", "int", "Item/Spell given", low=-6, high=6, default=0),
                 Param("asset_gold", "int", "Their gold value", low=0, high=99, default=0),
                 _TRADED, _KEEP),
                available=lambda s: _daylight(s) and len(s["heroes"]) > 1),
    CommandSpec("resolve", "Resolve (Deed)", resolve,
                (Param("source", "choice", "From", choices=("Loot token", "card"), default="Loot token"),
                 Param("ap", "int", "AP gained", low=0, high=9, default=0),
                 Param("gold", "int", "Gold gained", low=0, high=30, default=0),
                 Param("heal", "int", "HP healed", low=0, high=9, default=0)),
                available=_in_daylight),
    CommandSpec("test", "Test (card/Event)", test,
                (_ATTR, _BONUS, Param("needed", "int", "Successes needed", low=0, high=20, default=1),
                 _TEAM, Param("hero", "choice", "Who", optional=True, choices_from=hero_choices)),
                available=lambda s: _idle(s) or at_event(s)),
    CommandSpec("unhide", "Stop being Hidden", unhide,
                available=lambda s: _idle(s) and active_hero(s)["hidden"]),
    CommandSpec("place_encounter", "Place an encounter", place_encounter, available=_idle),
    CommandSpec("location", "Set a location", location,
                (_cell("location", "Location"),
                 Param("terrain", "choice", "Terrain", choices=TERRAINS, default="unknown"),
                 Param("gloom", "bool", "In gloom", default=False),
                 Param("gloom_hp", "int", "Gloom HP", low=0, high=9, default=1),
                 Param("obstacles", "int", "Obstacles", low=0, high=9, default=0))),
    # prompt answers
    CommandSpec("hero_values", "Enter a hero's values", hero_values,
                (*(Param(a, "int", ATTRIBUTE_LABELS[a], low=0, high=MAX_ATTRIBUTE, default=1)
                   for a in ATTRIBUTES),
                 Param("max_hp", "int", "Max HP", low=1, high=MAX_HP_LIMIT, default=5),
                 Param("gold", "int", "Starting gold", low=0, high=20, default=1),
                 Param("race", "choice", "Race (pack)", optional=True, choices_from=race_choices),
                 Param("hero_class", "choice", "Class (pack)", optional=True, choices_from=class_choices)),
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
    CommandSpec("lose_card", "Lose an asset or rumour", lose_card,
                (Param("card", "choice", "Lose", choices=("rumour", "asset"), default="rumour"),
                 Param("keyword", "choice", "Asset's *keyword", choices=("none", *UNIQUE_KEYWORDS),
                       default="none")),
                menu=False, prompt_only=True),
    CommandSpec("encounter", "Enter the encounter", encounter,
                (Param("type", "choice", "Type", choices=ENCOUNTER_TYPES, default="enemy"), *_CARD_VALUES,
                 _PACK_ENCOUNTER),
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
                (Param("encounter", "choice", "Enemy", choices_from=procedures.enemy_choices,
                       labels_from=procedures.enemy_labels),),
                menu=False, prompt_only=True),
    CommandSpec("escape", "Escape?", escape,
                (Param("escape", "bool", "Escape", default=False),
                 _cell("to", "To", "nearest", first=("nearest",))),
                menu=False, prompt_only=True),
)
