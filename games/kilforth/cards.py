"""The cards a player enters, by hand or by name from the content pack ("3. Card
Anatomy"): Night cards, encounters drawn from a location's deck, the Ancients'
cards, a location's values; and where a pack's card stands on the map.
"""

from __future__ import annotations

from games.core import Context, RuleError, deck
from games.kilforth import pack, rules
from games.kilforth.rules import require
from games.kilforth.state import (
    ATTRIBUTES,
    CELL_LABELS,
    CITY,
    TERRAINS,
    active_hero,
    cell_index,
    new_encounter,
)


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
    ctx.note(f"{ancient['name']} enters {rules.where(cell, ctx.state)}: Fight {values['fight']}, "
              f"HP {values['hp']}")


def place_encounter(ctx: Context) -> None:
    """A card effect places an encounter at the active hero's location."""
    state = ctx.state
    require(not state.get("procedure") and state.get("active_hero") is not None, "Finish the step",
            "Card effects are applied between steps.")
    require(active_hero(state)["cell"] != CITY, "Not on Sprawl City",
            "No encounter may be placed on Sprawl City (Locations, Sprawl City).")
    ctx.start("arrive", {"action": False, "cell": active_hero(state)["cell"]})
    ctx.describe("Place an encounter")


def relocate_choices(state: dict) -> tuple[str, ...]:
    """What a card may relocate: a hero still in the game ("H1") or an encounter ("#3")."""
    if "heroes" not in state:
        return ("H1",)
    heroes = [f"H{i + 1}" for i, h in enumerate(state["heroes"]) if not h["eliminated"]]
    return (*heroes, *(f"#{e['id']}" for e in state["encounters"]))


def relocate(ctx: Context) -> None:
    """"Relocate: Simply pick up the card or hero standee, and place it on a location
    allowed by the ability. It doesn't cost AP and is not considered a move": no AP, no
    encounter drawn, no engagement. A hero who leaves a location "by any means" loses
    the successes gained there ("Confront Result"); a defeated hero "Cannot be affected
    by abilities or effects"; no card may be placed on Sprawl City ("safe")."""
    state, p = ctx.state, ctx.params
    require(not state.get("procedure") and state.get("active_hero") is not None, "Finish the step",
            "Card effects are applied between steps.")
    target = cell_index(p["to"])
    what = p["what"]
    if what.startswith("H"):
        hero = state["heroes"][int(what[1:]) - 1]
        require(not hero["defeated"], "Defeated: unaffected",
                f"{hero['name']} is defeated and cannot be affected by abilities (Hero Defeated).")
        if hero["cell"] != target:
            rules.leave_location(hero)
            hero["cell"] = target
        ctx.describe(f"{hero['name']} relocated to {rules.where(target, state)} (no AP, not a move)")
        return
    enc = next(e for e in state["encounters"] if e["id"] == int(what[1:]))
    require(target != CITY, "Not on Sprawl City",
            "No card may be placed on Sprawl City (Locations, Sprawl City).")
    enc["cell"] = target
    for hero in state["heroes"]:  # successes count at the encounter's location only
        if hero["cell"] != target:
            hero["successes"] = [e for e in hero["successes"] if e["encounter"] != enc["id"]]
            hero["evaded"] = [e for e in hero["evaded"] if e != enc["id"]]
    ctx.describe(f"{enc['name']} relocated to {rules.where(target, state)}")


def location(ctx: Context) -> None:
    """Set a location's card values: terrain, gloom, the red shield's HP, obstacles.
    Sprawl City keeps its City terrain; like every location it has a gloom side
    ("Locations ... may be flipped - 'fall into gloom'"), which a Night card or a
    Difficulty discard naming it turns up ("Sprawl City" being 'safe' is about cards
    placed there, not gloom)."""
    p = ctx.params
    cell = cell_index(p["location"])
    require(cell != CITY or p["terrain"] == "unknown", "Sprawl City is City",
            "Sprawl City's terrain is City (3. Card Anatomy, Locations: Terrain Type).")
    spot = ctx.state["map"][cell]
    if cell != CITY:
        spot["terrain"] = p["terrain"]
    spot["gloom"] = p["gloom"]
    spot["gloom_hp"] = p["gloom_hp"]
    spot["obstacles"] = p["obstacles"]
    ctx.describe(f"{rules.where(cell)}: {spot['terrain']}, gloom {'yes' if spot['gloom'] else 'no'}")


def night_card(ctx: Context) -> None:
    """"Step 2: Darkness" b. the named location falls into gloom; c. Weather replaces
    Weather; an encounter is placed there; an Event is resolved (First Hero chooses).
    Sprawl City named: it falls into gloom like any location, but an encounter card is
    not placed there ("no Enemy, Ancient, Plot, encounter, or other type of card may be
    placed here at any time") and goes to the discard pile."""
    state, data, p = ctx.state, ctx.data, ctx.params
    cell = cell_index(p["location"])
    kind = p["type"]
    values = {k: p[k] for k in (*ATTRIBUTES, "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # "3. Card Anatomy", Night: its location and type (and values)
        card = pack.card(state["pack"], "night", chosen)
        cell, kind, values = _pack_cell(state, card["location"]), card["type"], _card_values(card)
        state.setdefault("night_cards", []).append(chosen)
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
    elif cell == CITY:  # "Sprawl City ... no ... encounter ... may be placed here at any time"
        deck.discard(state["night_deck"], data["card"])
        text += "; Sprawl City is safe: the encounter is not placed, discard it"
    else:
        enc_id = state["next_encounter_id"]
        state["next_encounter_id"] += 1
        enc = new_encounter(enc_id, cell, kind, values)
        if chosen != AS_ENTERED:
            enc["name"] = chosen
        state["encounters"].append(enc)
        text += f"; {enc['name']} placed"
    ctx.note(text)


def encounter(ctx: Context) -> None:
    """An encounter drawn from the location's deck, entered with its card values; it is
    placed on the location it was drawn for, even if the hero has since been defeated
    and sent to Sprawl City."""
    state, p = ctx.state, ctx.params
    index = ctx.data.get("hero", state["active_hero"])
    cell = ctx.data.get("cell", state["heroes"][index]["cell"])
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
