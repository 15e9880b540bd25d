"""The Planning phase ("Planning Phase", "Determining Enemy Actions", "Choosing
Hero Actions"): a new round, the enemy actions placed face down (hidden until
drawn), each action deck shuffled.
"""

from __future__ import annotations

from games.core import Context, deck
from games.myth.state import DECKS


def begin_round(ctx: Context) -> None:
    """"Sequence of Play": a new round begins with its Planning phase."""
    state = ctx.state
    state["round"] += 1
    ctx.note(f"Round {state['round']} begins")


def place_enemy_actions(ctx: Context) -> None:
    """"Enemy Action Step" / "Determining Enemy Actions": the top 3 enemy cards,
    randomly placed facedown on Morning, Day and Night. Hidden until revealed."""
    state = ctx.state
    drawn = deck.draw(state["enemy_deck"], len(DECKS), ctx.shuffle, refill=True)
    drawn = ctx.shuffle(drawn)
    state["plan"] = {name: {"enemy": deck.face_down(card), "order": [], "next": 0}
                     for name, card in zip(DECKS, drawn, strict=True)}
    ctx.note("Enemy actions placed facedown on Morning, Day and Night")


def shuffle_decks(ctx: Context) -> None:
    """"Hero Action Step": each action deck (one card per hero and the enemy
    card) is shuffled separately. The box keeps each deck's order."""
    heroes = list(range(len(ctx.state["heroes"])))
    for name in DECKS:
        ctx.state["plan"][name]["order"] = ctx.shuffle(heroes + ["enemy"])
    ctx.note("Morning, Day and Night decks shuffled")
