"""The Action phase ("Action Phase"): the Morning, Day and Night decks resolved
one card at a time; the card being resolved; a used card set aside.
"""

from __future__ import annotations

from games.core import Context, deck
from games.myth.state import DECKS, CurrentCard, action_data


def active_deck(state: dict) -> str | None:
    """"Active Action Deck": the lowest-numbered deck with unresolved cards."""
    for name in DECKS:
        entry = state["plan"][name]
        if entry["next"] < len(entry["order"]):
            return name
    return None


def current_card(state: dict) -> tuple[str, int | str] | None:
    """The card being resolved: (deck, hero index or "enemy"), also while a
    battle's dice or a card effect interrupt the Action phase."""
    proc = state.get("procedure")
    while proc:
        current = proc["data"].get("current")
        if current:
            return current["deck"], current["card"]
        proc = proc["data"].get("resume")
    return None


def draw_card(ctx: Context) -> None:
    """"Action Phase": draw the top card of the active deck; an enemy card is
    revealed and resolved, a hero's card is resolved by its player."""
    state = ctx.state
    name = active_deck(state)
    assert name is not None, "the Action phase draws while a deck holds cards"
    entry = state["plan"][name]
    card = entry["order"][entry["next"]]
    action_data(state)["current"] = CurrentCard(deck=name, card=card)
    # "Day 1 of 2", not "Day 1/2": the box numbers a command's results "1/3" before them.
    position = f"{name.capitalize()} {entry['next'] + 1} of {len(entry['order'])}"
    if card == "enemy":
        revealed = deck.reveal(entry["enemy"])
        ctx.note(f"{position}: enemy {revealed.capitalize()}")
    else:
        hero = state["heroes"][card]
        extra = " (defeated: card returned)" if hero["defeated"] else ""
        ctx.note(f"{position}: {hero['name']}'s card{extra}")


def enemy_card_drawn(state: dict) -> bool:
    current = current_card(state)
    return current is not None and current[1] == "enemy"


def enemy_card(state: dict) -> str | None:
    current = current_card(state)
    if current is None or current[1] != "enemy":
        return None
    return state["plan"][current[0]]["enemy"]["card"]


def hero_acts(state: dict) -> bool:
    current = current_card(state)
    return current is not None and current[1] != "enemy" and not state["heroes"][current[1]]["defeated"]


def hero_down(state: dict) -> bool:
    current = current_card(state)
    return current is not None and current[1] != "enemy" and state["heroes"][current[1]]["defeated"]


def card_used(ctx: Context) -> None:
    """The card is used; draw the next one while the active deck has any."""
    state = ctx.state
    current = current_card(state)
    assert current is not None, "a card is used after it was drawn"
    name, card = current
    state["plan"][name]["next"] += 1
    if card == "enemy":
        deck.discard(state["enemy_deck"], state["plan"][name]["enemy"]["card"])
    action_data(state)["current"] = None
    if active_deck(state) is not None:
        ctx.goto("draw")
