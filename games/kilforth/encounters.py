"""Encounters ("3. Card Anatomy", Encounters; "Strangers"; "Confront Result"): an
encounter card drawn from a location's deck, a Stranger made an Enemy, an encounter
defeated, and the Enemies a hero must engage.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kilforth import pack
from games.kilforth.locations import where
from games.kilforth.pack import AS_ENTERED, card_values
from games.kilforth.state import ATTRIBUTES, TERRAINS, Encounter, encounters_at, find_encounter, new_encounter


def make_enemy(state: dict, index: int, enc: Encounter) -> None:
    """"Strangers": the hero places one of their Enemy tokens on the Stranger."""
    hero = state["heroes"][index]
    if index not in enc["enemy_of"]:
        enc["enemy_of"].append(index)
        hero["enemy_tokens"] = max(0, hero["enemy_tokens"] - 1)


def defeat_encounter(state: dict, enc: Encounter) -> None:
    """"Confront Result": defeated - every hero's successes against it are discarded."""
    state["encounters"].remove(enc)
    for hero in state["heroes"]:
        hero["successes"] = [e for e in hero["successes"] if e["encounter"] != enc["id"]]
        hero["evaded"] = [e for e in hero["evaded"] if e != enc["id"]]


def encounter_here(state: dict, encounter_id: int, hero: dict) -> Encounter:
    """Encounter ``encounter_id`` at ``hero``'s location ("Action: Confront", "Deed:
    Overcome"), or the refusal that it is not there."""
    enc = find_encounter(state, encounter_id)
    if enc is None or enc["cell"] != hero["cell"]:
        raise RuleError("Not here", f"Encounter {encounter_id} is not at {where(hero['cell'])}.")
    return enc


def encounters_seen(state: dict, index: int) -> list[Encounter]:
    """The encounters at hero ``index``'s location but those they evaded: "the hero
    continues the game as if the foe doesn't exist until either the Day ends or the
    hero leaves this location" ("Stage 2: Evasion Opportunity")."""
    hero = state["heroes"][index]
    return [e for e in encounters_at(state, hero["cell"]) if e["id"] not in hero["evaded"]]


def enemies_here(state: dict, index: int) -> list[Encounter]:
    """"7. Hero Turn", Enemy Engagement: Enemy cards and Strangers with this hero's Enemy
    token at the hero's location, except those evaded ("Stage 2: Evasion Opportunity")."""
    return [e for e in encounters_seen(state, index) if e["type"] == "enemy" or index in e["enemy_of"]]


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


def encounter(ctx: Context) -> None:
    """An encounter drawn from the location's deck, entered with its card values; it is
    placed on the location it was drawn for, even if the hero has since been defeated
    and sent to Sprawl City."""
    state, p = ctx.state, ctx.params
    index = ctx.data.get("hero", state["active_hero"])
    cell = ctx.data.get("cell", state["heroes"][index]["cell"])
    kind, values = p["type"], {k: p[k] for k in (*ATTRIBUTES, "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # "3. Card Anatomy", Encounters: the pack's card values
        card = pack.card(state["pack"], "encounters", chosen)
        kind, values = card["type"], card_values(card)
    values["fresh"] = True
    enc = place_card(state, cell, kind, values, chosen)
    ctx.data["placed"] = enc["id"]
    ctx.describe(f"{enc['name']} ({kind}) at {where(cell)}")


def place_card(state: dict, cell: int, kind: str, values: dict, chosen: str = AS_ENTERED) -> Encounter:
    """An encounter card placed on location ``cell`` with its printed values, named
    after the pack's card ``chosen`` (by its type and number when entered by hand)."""
    enc = new_encounter(state["next_encounter_id"], cell, kind, values)
    state["next_encounter_id"] += 1
    if chosen != AS_ENTERED:
        enc["name"] = chosen
    state["encounters"].append(enc)
    return enc
