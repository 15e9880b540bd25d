"""Character Advancement ("Character Advancement"): Experience spent on Attributes
and decks. (The Save Sheet's Statuses are in :mod:`~games.grail.story`.)
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.grail import rules
from games.grail.params import named_character
from games.grail.procedures import note
from games.grail.state import (
    DECK_MAXIMUM,
    TRACK_LIMIT,
)


def raise_attribute(ctx: Context) -> None:
    """"Character Advancement", Advancing Attributes: pay by the pair's total;
    a 3rd or later point gains a Skill ("Buying Skills")."""
    c = named_character(ctx)
    attribute = ctx.params["attribute"]
    cost = rules.raise_cost(ctx.state, c, attribute)
    have = c["resources"]["experience"]
    if have < cost:
        raise RuleError(f"Needs {cost} Exp", f"Raising {attribute} costs {cost} Exp; {c['name']} has "
                        f"{have} (Character Advancement).")
    if c["attributes"][attribute] >= TRACK_LIMIT:
        raise RuleError(f"{attribute.capitalize()} is at max"[:42], "The Attribute is at its limit.")
    c["resources"]["experience"] -= cost
    c["attributes"][attribute] += 1
    text = f"{c['name']}: {attribute} {c['attributes'][attribute]} for {cost} Exp"
    if rules.gains_skill(c["attributes"][attribute]):
        c["skills"] += 1
        text += "; pick a Skill card"
    note(ctx, text)


def advance_deck(ctx: Context) -> None:
    """"Character Advancement", Advancing decks: 2 Exp (Challenge 5); take the top three
    cards of the Advancement Pool, add one."""
    c = named_character(ctx)
    deck = ctx.params["deck"]
    cost = rules.deck_cost(ctx.state["mode"])
    if c["resources"]["experience"] < cost:
        raise RuleError(f"Needs {cost} Exp", f"A deck advance costs {cost} Exp; {c['name']} has "
                        f"{c['resources']['experience']} (Character Advancement).")
    if c["decks"][deck] >= DECK_MAXIMUM:
        raise RuleError("Deck is full", "All 80 cards are in the deck.")
    c["resources"]["experience"] -= cost
    c["decks"][deck] += 1
    note(ctx, f"{c['name']}: {deck} deck {c['decks'][deck]} cards for {cost} Exp")

