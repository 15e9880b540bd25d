"""games.core.deck: draws, discards, seeded shuffles, hidden slots."""

from __future__ import annotations

import pytest

from games.core import deck, rng


class Shuffler:
    """A seeded shuffle standing in for ``ctx.shuffle``."""

    def __init__(self, seed: int = 7) -> None:
        self.state = rng.seed_from(seed)

    def __call__(self, items: list) -> list:
        out, self.state = rng.shuffled(self.state, items)
        return out


def test_new_keeps_order_without_shuffle():
    d = deck.new(["a", "b", "c"])
    assert d == {"draw": ["a", "b", "c"], "discard": []}
    assert deck.size(d) == 3


def test_new_with_shuffle_is_a_permutation_and_deterministic():
    a = deck.new(range(10), Shuffler(3))
    b = deck.new(range(10), Shuffler(3))
    assert a == b
    assert sorted(a["draw"]) == list(range(10))


def test_draw_takes_from_the_top():
    d = deck.new(["a", "b", "c"])
    assert deck.draw(d, 2) == ["a", "b"]
    assert d["draw"] == ["c"]


def test_draw_runs_out_without_refill():
    d = deck.new(["a"])
    deck.discard(d, "x")
    assert deck.draw(d, 3) == ["a"]
    assert d["discard"] == ["x"]


def test_draw_refills_from_the_discard_pile():
    d = deck.new(["a"])
    deck.discard(d, "x", "y")
    out = deck.draw(d, 3, Shuffler(), refill=True)
    assert out[0] == "a" and sorted(out[1:]) == ["x", "y"]
    assert d == {"draw": [], "discard": []}


def test_refill_needs_a_shuffle():
    d = deck.new([])
    deck.discard(d, "x")
    with pytest.raises(ValueError):
        deck.draw(d, 1, refill=True)


def test_negative_draw_refused():
    with pytest.raises(ValueError):
        deck.draw(deck.new([]), -1)


def test_used_under_unused_keeps_the_unused_on_top():
    d = deck.new(["u1", "u2"])
    deck.discard(d, "x", "y", "z")
    deck.used_under_unused(d, Shuffler())
    assert d["draw"][:2] == ["u1", "u2"]
    assert sorted(d["draw"][2:]) == ["x", "y", "z"]
    assert d["discard"] == []


def test_used_under_unused_order_is_uniform():
    counts: dict[tuple, int] = {}
    shuffle = Shuffler(11)
    for _ in range(6000):
        d = {"draw": [], "discard": ["a", "b", "c"]}
        deck.used_under_unused(d, shuffle)
        counts[tuple(d["draw"])] = counts.get(tuple(d["draw"]), 0) + 1
    assert len(counts) == 6
    assert all(800 < n < 1200 for n in counts.values())


def test_shuffle_all_gathers_both_piles():
    d = deck.new(["a"])
    deck.discard(d, "b")
    deck.shuffle_all(d, Shuffler())
    assert sorted(d["draw"]) == ["a", "b"] and d["discard"] == []


def test_hidden_slot_is_shown_only_once_revealed():
    slot = deck.face_down("March")
    assert deck.shown(slot) == "face-down"
    assert deck.shown(None) == "empty"
    assert deck.reveal(slot) == "March"
    assert deck.shown(slot) == "March"
