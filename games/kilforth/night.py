"""The Night ("11. Night Phase"): Gloom, Darkness (the Night card: gloom spreads,
Weather, an encounter, an Event), Plot, Dawn, and "Breaking Camp" for the next Day.
"""

from __future__ import annotations

from games.core import Context, deck
from games.kilforth import pack
from games.kilforth.encounters import place_card
from games.kilforth.heroes import lose_hp
from games.kilforth.locations import pack_cell, where
from games.kilforth.pack import AS_ENTERED, card_values
from games.kilforth.procedure_data import night_data
from games.kilforth.state import ATTRIBUTES, CITY, cell_index, hero_name
from games.kilforth.turns import engage_at_turn_start


def gloom_cost(state: dict, hero: dict) -> int:
    """"11. Night Phase" Step 1: Gloom - the HP a hero loses tonight where they stand."""
    cell = state["map"][hero["cell"]]
    if hero["defeated"] or hero["eliminated"] or not cell["gloom"]:
        return 0
    return cell["gloom_hp"]


def gloom(ctx: Context) -> None:
    """Step 1: Gloom - each hero at a gloom location loses that location's gloom HP."""
    state = ctx.state
    parts = []
    for i, hero in enumerate(state["heroes"]):
        cost = gloom_cost(state, hero)
        if cost:
            lost = lose_hp(state, i, cost)
            parts.append(f"{hero['name']} -{lost} HP" + (" (defeated)" if hero["defeated"] else ""))
    ctx.note("Gloom: " + (", ".join(parts) if parts else "no hero in gloom"))


def draw_night_card(ctx: Context) -> None:
    """Step 2a: Draw - the First Hero draws a card from the Night deck."""
    night = ctx.state["night_deck"]
    card = deck.draw(night)
    night_data(ctx.state)["card"] = card[0] if card else None
    left = deck.size(night)
    if card:
        ctx.note(f"{hero_name(ctx.state, ctx.state['first_hero'])} draws a Night card ({left} left)")
    else:
        ctx.note("The Night deck is empty")


def night_card_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or a Night card of the pack not drawn yet (by name)."""
    drawn = set(state.get("night_cards", []))
    return (AS_ENTERED, *(c["name"] for c in (state.get("pack") or {}).get("night", [])
                          if c["name"] not in drawn))


def night_card(ctx: Context) -> None:
    """"Step 2: Darkness" b. the named location falls into gloom; c. Weather replaces
    Weather; an encounter is placed there; an Event is resolved (First Hero chooses).
    Sprawl City named: it falls into gloom like any location, but an encounter card is
    not placed there ("no Enemy, Ancient, Plot, encounter, or other type of card may be
    placed here at any time") and goes to the discard pile."""
    state, data, p = ctx.state, night_data(ctx.state), ctx.params
    cell = cell_index(p["location"])
    kind = p["type"]
    values = {k: p[k] for k in (*ATTRIBUTES, "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # "3. Card Anatomy", Night: its location and type (and values)
        card = pack.card(state["pack"], "night", chosen)
        cell, kind, values = pack_cell(state, card["location"]), card["type"], card_values(card)
        state.setdefault("night_cards", []).append(chosen)
    spot = state["map"][cell]
    if p["terrain"] != "unknown" and cell != CITY:
        spot["terrain"] = p["terrain"]
    data["fell"] = not spot["gloom"]
    spot["gloom"] = True
    data["cell"] = cell
    data["type"] = kind
    text = f"{where(cell)} falls into gloom"
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
    elif cell == CITY:  # "Sprawl City ... no ... encounter ... may be placed here at any time"
        deck.discard(state["night_deck"], data["card"])
        text += "; Sprawl City is safe: the encounter is not placed, discard it"
    else:
        enc = place_card(state, cell, kind, values, chosen)
        text += f"; {enc['name']} placed"
    ctx.note(text)


def place_plots(ctx: Context) -> None:
    """Step 2d: Plot - when a location type named by an Ancient falls into gloom,
    that Ancient brings a Plot into play there (after the Night card is resolved)."""
    state, data = ctx.state, night_data(ctx.state)
    cell = data.get("cell")
    if cell is None or not state["plots"] or not data.get("fell"):
        return
    terrain = state["map"][cell]["terrain"]
    placing = [i for i, a in enumerate(state["ancients"])
               if not a["defeated"] and a["plot_terrain"] == terrain and terrain != "unknown"]
    names = [state["ancients"][i]["name"] for i in placing]
    if names:
        state["map"][cell]["plots"] += placing
        data["plot"] = f"{', '.join(names)}: place a Plot on {where(cell)}"
        ctx.note(data["plot"])
    elif terrain == "unknown":
        data["plot"] = f"Plot on {where(cell)} if an Ancient names its type"


def time_runs_out(ctx: Context) -> None:
    """"4. Winning the Game": the game ends once the last Night card is drawn and resolved."""
    if deck.size(ctx.state["night_deck"]) == 0:
        ctx.state["time_up"] = True
        ctx.note("The last Night card is resolved: time runs out")


def dawn(ctx: Context) -> None:
    """Step 3: Dawn - a. successes discarded, b. Hidden cleared, c. defeated heroes
    regain 2 HP and are no longer defeated."""
    parts = []
    for hero in ctx.state["heroes"]:
        hero["successes"] = []
        hero["evaded"] = []
        hero["hidden"] = False
        if hero["defeated"] and not hero["eliminated"]:
            hero["defeated"] = False
            hero["hp"] = min(hero["max_hp"], hero["hp"] + 2)
            parts.append(f"{hero['name']} regains 2 HP")
    gloom = sum(1 for cell in ctx.state["map"] if cell["gloom"])
    ctx.state["gloom_per_day"].append(gloom)
    ctx.note("Dawn: successes and Hidden cleared" + ("; " + ", ".join(parts) if parts else ""))


def break_camp(ctx: Context) -> None:
    """"Breaking Camp": each hero takes AP equal to current HP; the First Hero
    (the first to Camp, "Action or Camp") takes the first turn of the new Day."""
    state = ctx.state
    state["day"] += 1
    if state["first_camper"] is not None:
        state["first_hero"] = state["first_camper"]
    state["first_camper"] = None
    for hero in state["heroes"]:
        hero.update(camped=hero["eliminated"], fate_used=False, regaled=False, actions_today=0,
                    long_rested=False)
        hero["ap"] = 0 if hero["eliminated"] else hero["hp"]
        for enc in state["encounters"]:
            enc["fresh"] = False
    state["active_hero"] = state["first_hero"]
    left = deck.size(state["night_deck"])
    text = f"Day {state['day']}: {hero_name(state, state['first_hero'])} acts first"
    if left == 1:  # "4. Winning the Game": the last Night card ends the game
        text += ". FINAL DAY: one Night card left"
    ctx.note(text, "final_day" if left == 1 else "info")
    engage_at_turn_start(ctx)
