"""A deck of cards with a discard pile: seeded shuffles and hidden draws.

A deck is plain JSON data, ``{"draw": [...], "discard": [...]}``; index 0 of
``draw`` is the top card. Cards are any JSON values (usually ids or names).
Every shuffle goes through a ``shuffle`` function that the caller passes in,
normally ``ctx.shuffle`` (the seeded generator in the game state, see
:mod:`games.core.rng`), so a journal replays to the same order.

Hidden draws: :func:`face_down` wraps a drawn card as a slot that views must
not show until :func:`reveal` turns it face-up; :func:`shown` is what a view
may print. The state still holds the card (it is journaled); a game names
its hidden cards among its secrets (:mod:`games.core.secrets`), so its view
function never receives one before it is revealed.

Used by Myth's enemy action cards ("shuffle all used enemy action cards and
place them facedown under the unused", :func:`put_under`) and any game whose
empty draw pile is refilled from its discards (:func:`draw` with
``refill=True``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Shuffle = Callable[[list], list]


def new(cards: Iterable[Any], shuffle: Shuffle | None = None) -> dict:
    """A deck whose draw pile is ``cards`` (shuffled when ``shuffle`` is given)."""
    draw = list(cards)
    if shuffle is not None:
        draw = shuffle(draw)
    return {"draw": draw, "discard": []}


def size(deck: dict) -> int:
    """How many cards are left in the draw pile."""
    return len(deck["draw"])


def draw(deck: dict, count: int = 1, shuffle: Shuffle | None = None,
         refill: bool = False) -> list[Any]:
    """Take up to ``count`` cards from the top of the draw pile (in place).

    With ``refill`` (and a ``shuffle``), an empty draw pile is refilled by
    shuffling the discard pile into it first, as many games do ("if none
    remain in the draw pile, shuffle the discard pile"). Returns fewer cards
    when the deck runs out.
    """
    if count < 0:
        raise ValueError("cannot draw a negative number of cards")
    out: list[Any] = []
    while len(out) < count:
        if not deck["draw"]:
            if not (refill and deck["discard"]):
                break
            if shuffle is None:
                raise ValueError("refilling a deck needs a shuffle")
            reshuffle_discard(deck, shuffle)
        out.append(deck["draw"].pop(0))
    return out


def discard(deck: dict, *cards: Any) -> None:
    """Put ``cards`` face-up on the discard pile (the last is on top)."""
    deck["discard"].extend(cards)


def put_under(deck: dict, cards: Iterable[Any], shuffle: Shuffle) -> None:
    """Shuffle ``cards`` and place them under the draw pile (in place)."""
    deck["draw"].extend(shuffle(list(cards)))


def used_under_unused(deck: dict, shuffle: Shuffle) -> None:
    """Shuffle the whole discard pile and place it under the draw pile.

    The order of the unused cards on top is kept (Myth, "Reset Step").
    """
    used, deck["discard"] = deck["discard"], []
    put_under(deck, used, shuffle)


def reshuffle_discard(deck: dict, shuffle: Shuffle) -> None:
    """Shuffle the discard pile into a new draw pile under what is left."""
    used_under_unused(deck, shuffle)


def shuffle_all(deck: dict, shuffle: Shuffle) -> None:
    """Gather draw and discard piles and shuffle them into one draw pile."""
    deck["draw"] = shuffle(deck["draw"] + deck["discard"])
    deck["discard"] = []


def face_down(card: Any) -> dict:
    """A drawn card kept hidden: ``{"card": card, "revealed": False}``."""
    return {"card": card, "revealed": False}


def reveal(slot: dict) -> Any:
    """Turn a hidden slot face-up and return its card."""
    slot["revealed"] = True
    return slot["card"]


def shown(slot: dict | None, hidden: str = "face-down") -> str:
    """What a display may show of ``slot``: the card once revealed, else ``hidden``."""
    if slot is None:
        return "empty"
    return str(slot["card"]) if slot["revealed"] else hidden
