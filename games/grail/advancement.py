"""Character Advancement ("Character Advancement"): Experience spent on Attributes
and decks. (The Save Sheet's Statuses are in :mod:`~games.grail.story`.)
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.grail.procedures import END_OF_DAY
from games.grail.state import (
    ATTRIBUTE_PAIRS,
    DECK_MAXIMUM,
    TRACK_LIMIT,
    Character,
    modifier,
    named_character,
)


def pair_of(attribute: str) -> tuple[str, str]:
    """The pair of opposing Attributes ``attribute`` belongs to ("Character Attributes")."""
    for pair in ATTRIBUTE_PAIRS:
        if attribute in pair:
            return pair
    raise KeyError(attribute)


def attribute_cost(challenge: bool, point: int) -> int:
    """Exp for the ``point``-th point in a pair of opposing Attributes ("Character
    Advancement": 2/4/6/8/10, then 10; with Challenge mode's Character Advancement
    modifier: 5/10/15/20/25/30, then 5 more than the last for each further point)."""
    if point < 1:
        raise ValueError("points start at 1")
    if challenge:
        return 5 * point
    return min(2 * point, 10)


def raise_cost(state: dict, character: Character, attribute: str) -> int:
    """The Exp cost of raising ``attribute`` by one: by the pair's total after the raise."""
    total = sum(character["attributes"][a] for a in pair_of(attribute))
    return attribute_cost(modifier(state, "advancement"), total + 1)


def deck_cost(challenge: bool) -> int:
    """"Character Advancement": 2 Exp per Combat/Diplomacy deck advance; 5 with
    Challenge mode's Character Advancement modifier."""
    return 5 if challenge else 2


def gains_skill(value: int) -> bool:
    """"Buying Skills": a 3rd or any later point in one Attribute gains a Skill."""
    return value >= 3


def advancing(state: dict) -> bool:
    """Experience is spent now: the End of the Day's step "Advance your Character"
    ("Character Advancement": "Spend them at each End of the Day")."""
    proc = state.get("procedure")
    if not proc or proc["name"] != END_OF_DAY.name:
        return False
    step = END_OF_DAY.step_at(proc["step"])
    return step is not None and step.id == "advance"


def _at_the_end_of_the_day(ctx: Context) -> None:
    if not advancing(ctx.state):
        raise RuleError("At End of Day only",
                        "Experience is spent at the End of the Day, at its step Advance your "
                        "Character (Character Advancement: \"Spend them at each End of the Day\"; "
                        "III) End of the Day). A card that raises an Attribute: Correct a value.")


def raise_attribute(ctx: Context) -> None:
    """"Character Advancement", Advancing Attributes: pay by the pair's total;
    a 3rd or later point gains a Skill ("Buying Skills")."""
    _at_the_end_of_the_day(ctx)
    c = named_character(ctx)
    attribute = ctx.params["attribute"]
    cost = raise_cost(ctx.state, c, attribute)
    have = c["resources"]["experience"]
    if have < cost:
        raise RuleError(f"Needs {cost} Exp", f"Raising {attribute} costs {cost} Exp; {c['name']} has "
                        f"{have} (Character Advancement).")
    if c["attributes"][attribute] >= TRACK_LIMIT:
        raise RuleError(f"{attribute.capitalize()} is at max"[:42], "The Attribute is at its limit.")
    c["resources"]["experience"] -= cost
    c["attributes"][attribute] += 1
    text = f"{c['name']}: {attribute} {c['attributes'][attribute]} for {cost} Exp"
    if gains_skill(c["attributes"][attribute]):
        c["skills"] += 1
        text += "; pick a Skill card"
    ctx.note(text)


def advance_deck(ctx: Context) -> None:
    """"Character Advancement", Advancing Combat or Diplomacy decks: "Pay 2 Exp
    [Challenge 5], take the top three cards of your Advancement Pool, add one to
    your deck, and shuffle the other two back into the pool." The pool holds 25
    cards ("Character Setup" IX) and gives one card per advance, so a deck tops
    out at 15 + 25 = 40 cards; cards swapped out of a deck "do not return to the
    Advancement Pool"."""
    _at_the_end_of_the_day(ctx)
    c = named_character(ctx)
    deck = ctx.params["deck"]
    cost = deck_cost(modifier(ctx.state, "advancement"))
    if c["pools"][deck] < 1:
        raise RuleError("No card in the Pool",
                        f"{c['name']}'s {deck} Advancement Pool has no card left to add (Character "
                        "Setup IX: 25 cards; Character Advancement).")
    if c["decks"][deck] >= DECK_MAXIMUM:
        raise RuleError(f"Deck has {DECK_MAXIMUM} cards",
                        f"The {deck} deck holds all {DECK_MAXIMUM} cards: the 15 starter cards and "
                        "the 25 of the Advancement Pool (Character Setup VIII-IX).")
    if c["resources"]["experience"] < cost:
        raise RuleError(f"Needs {cost} Exp", f"A deck advance costs {cost} Exp; {c['name']} has "
                        f"{c['resources']['experience']} (Character Advancement).")
    c["resources"]["experience"] -= cost
    c["decks"][deck] += 1
    c["pools"][deck] -= 1
    ctx.note(f"{c['name']}: {deck} deck {c['decks'][deck]} cards for {cost} Exp "
             f"({c['pools'][deck]} left in the pool)")
