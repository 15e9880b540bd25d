"""A game's secrets never reach its view function (issue "Typed": boardgame.io's
playerView made structural, so no view can leak hidden information by mistake)."""

import copy
import dataclasses

from games.core import Game, GameView, new_game
from games.core.registry import all_games
from games.core.secrets import without
from tests.games.core.test_engine import GAME

STATE = {
    "rng": 12345,
    "hand": {"cards": ["ace", "king"], "size": 2},
    "slots": {"a": {"card": "march", "revealed": False}, "b": {"card": "scheme", "revealed": True}},
    "rows": [{"secret": 1, "open": 2}, {"secret": 3, "open": 4}],
}


def test_a_secret_path_is_removed_and_the_state_is_left_as_it_was():
    kept = copy.deepcopy(STATE)
    out = without(STATE, ("rng", "hand.cards", "rows.*.secret", "nowhere.at.all"))
    assert out == {"hand": {"size": 2}, "slots": STATE["slots"], "rows": [{"open": 2}, {"open": 4}]}
    assert STATE == kept


def test_a_face_down_value_is_secret_until_its_slot_is_revealed():
    out = without(STATE, ("slots.*.card",))
    assert out["slots"] == {"a": {"revealed": False}, "b": {"card": "scheme", "revealed": True}}


def test_the_view_function_sees_neither_the_secrets_nor_the_generator():
    seen = []

    def show(game: Game, state: dict) -> GameView:
        seen.append(state)
        return GameView(headline=f"HP {state['hp']}")

    game = dataclasses.replace(GAME, show=show, secrets=("max_hp",))
    state = new_game(game, {"hp": 7}, 1).state
    assert game.view(state).headline == "HP 7"
    assert "rng" not in seen[0] and "max_hp" not in seen[0]
    assert "rng" in state and state["max_hp"] == 7


def draw_piles(node):
    """Every deck's draw pile in ``node`` (games/core/deck.py: ``{"draw": [...], "discard": [...]}``)."""
    if isinstance(node, dict):
        if isinstance(node.get("draw"), list) and "discard" in node:
            yield node["draw"]
        for value in node.values():
            yield from draw_piles(value)
    elif isinstance(node, list):
        for value in node:
            yield from draw_piles(value)


def test_no_game_hands_its_view_the_order_of_a_face_down_pile():
    """A shuffled draw pile (Kilforth's Night deck, Myth's enemy action deck) lies face
    down: the rules keep its order from the players, and the box draws from it, so the
    view function gets none of its cards (at most how many there are)."""
    shuffled = []
    seen: list[dict] = []
    for game in all_games():
        state = new_game(game, {}, 1).state
        shuffled += [game.id for pile in draw_piles(state) if any(card is not None for card in pile)]

        def show(shown_game: Game, shown: dict, game: Game = game) -> GameView:
            seen.append(shown)
            return game.show(shown_game, shown)

        dataclasses.replace(game, show=show).view(state)
        assert all(card is None for pile in draw_piles(seen[-1]) for card in pile), game.id
    assert "gloom-of-kilforth" in shuffled  # a pile with cards was there to keep back


def test_the_tail_of_a_pile_turned_up_from_the_front_is_secret_from_its_counter_on():
    """``order[next:]``: the cards already turned stay, those still face down are hidden,
    and the pile keeps its length so a view can count them."""
    state = {"plan": {"day": {"order": [2, "enemy", 0], "next": 1}, "night": {"order": [1], "next": 1}}}
    kept = copy.deepcopy(state)
    out = without(state, ("plan.*.order[next:]",))
    assert out["plan"]["day"] == {"order": [2, None, None], "next": 1}
    assert out["plan"]["night"] is state["plan"]["night"]  # all turned: nothing to hide, nothing copied
    assert state == kept
