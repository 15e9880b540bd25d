"""Planning: hidden enemy actions ("Determining Enemy Actions") and the fair
resolution order of each action deck ("Hero Action Step", "Action Phase")."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections import Counter

from games.myth import GAME
from games.myth.action_phase import active_deck
from games.myth.state import DECKS, ENEMY_CARDS
from tests.games.myth.helpers import Table


def _view_text(state: dict) -> str:
    view = GAME.view(state)
    parts = [view.headline, view.phase, view.step, *(f"{k} {v}" for k, v in view.facts)]
    parts += [s for s, _ in view.steps]
    for panel in view.panels:
        parts += [panel.title, *panel.lines]
    return "\n".join(parts)


def _hidden(state: dict) -> list[str]:
    plan = state.get("plan") or {}
    return [p["enemy"]["card"] for p in plan.values() if not p["enemy"]["revealed"]]


def _swapped(state: dict) -> dict:
    """The same state with every hidden enemy card replaced by another card."""
    other = copy.deepcopy(state)
    for entry in (other.get("plan") or {}).values():
        if not entry["enemy"]["revealed"]:
            card = entry["enemy"]["card"]
            entry["enemy"]["card"] = ENEMY_CARDS[(ENEMY_CARDS.index(card) + 1) % 5]
    other["enemy_deck"]["draw"] = list(reversed(other["enemy_deck"]["draw"]))
    return other


def test_enemy_cards_assigned_one_per_deck_from_the_top_three():
    t = Table(seed=9).setup()
    plan = t.state["plan"]
    assert set(plan) == set(DECKS)
    cards = [plan[d]["enemy"]["card"] for d in DECKS]
    assert len(set(cards)) == 3
    assert not any(plan[d]["enemy"]["revealed"] for d in DECKS)
    assert len(t.state["enemy_deck"]["draw"]) == 2


def test_no_view_shows_an_unrevealed_enemy_card_through_two_rounds():
    """Every view (headline, facts, step text, steps, panels) is the same whatever
    the hidden cards are, and no planning description names one."""
    for seed in range(6):
        t = Table(heroes=2, seed=seed).setup()
        seen_hidden = 0
        for _ in range(80):
            if t.state["round"] > 2:
                break
            if _hidden(t.state):
                seen_hidden += 1
                assert _view_text(t.state) == _view_text(_swapped(t.state))
                view = GAME.view(t.state)
                for card in _hidden(t.state):
                    assert card not in view.step.lower()
                    assert all(card not in v.lower() for _, v in view.facts)
            step = t.step()
            if step is None:
                t.do("next")
            elif step.kind.value == "prompt":
                t.do(step.command)
            else:
                t.do("next")
            if t.state["procedure"] and t.state["procedure"]["name"] == "planning":
                assert not any(c in t.last.description.lower() for c in ENEMY_CARDS)
        assert seen_hidden > 5


def test_the_view_never_holds_a_face_down_card_nor_the_enemy_deck_order():
    """"Determining Enemy Actions": the cards are placed facedown; the view function is
    handed the state without them (``SECRETS``), so no view can print one; nor the order
    in which an action deck's cards still face down will come."""
    seen = []

    def spy(game, state):
        seen.append(state)
        return GAME.show(game, state)

    game = dataclasses.replace(GAME, show=spy)
    t = Table(heroes=2, seed=3).setup()
    for _ in range(40):
        game.view(t.state)
        step = t.step()
        t.do(step.command if step is not None and step.kind.value == "prompt" else "next")
    slots = [entry["enemy"] for state in seen for entry in (state["plan"] or {}).values()]
    assert any(not slot["revealed"] for slot in slots) and any(slot["revealed"] for slot in slots)
    assert all(("card" in slot) == slot["revealed"] for slot in slots)
    assert all("draw" not in state["enemy_deck"] and "rng" not in state for state in seen)
    decks = [entry for state in seen for entry in (state["plan"] or {}).values() if entry["order"]]
    assert any(entry["next"] < len(entry["order"]) for entry in decks)
    assert all(card is not None for entry in decks for card in entry["order"][:entry["next"]])
    assert all(card is None for entry in decks for card in entry["order"][entry["next"]:])


def test_a_revealed_card_is_shown():
    t = Table(seed=2).setup()
    t.do("next")  # cards placed: the decks are shuffled, the action phase draws
    shown = [d for d in DECKS if t.state["plan"][d]["enemy"]["revealed"]]
    for d in shown:
        card = t.state["plan"][d]["enemy"]["card"]
        assert card.capitalize() in "\n".join(GAME.view(t.state).panels[0].lines)


def test_a_drawn_cards_place_in_its_deck_is_no_fraction_beside_the_boxs_result_number():
    t = Table(seed=2).setup()
    t.do("next")  # the Morning deck's first card is drawn
    deck = t.state["plan"]["morning"]
    first = deck["order"][0]
    card = f"enemy {deck['enemy']['card'].capitalize()}" if first == "enemy" else "Hero 1's card"
    assert f"Morning 1 of 2: {card}" in [e.text for e in t.last.events]
    assert not any(re.match(r"\S+ \d+/\d+", e.text) for e in t.last.events)


def test_each_deck_holds_one_card_per_hero_and_the_enemy_card():
    t = Table(heroes=3, seed=4).setup()
    t.do("next")
    for d in DECKS:
        assert sorted(t.state["plan"][d]["order"], key=str) == [0, 1, 2, "enemy"]


def test_decks_resolve_morning_then_day_then_night():
    t = Table(heroes=2, seed=5).setup()
    t.do("next")
    order = []
    for _ in range(40):
        proc = t.state["procedure"]
        if not proc or proc["name"] != "action":
            break
        current = proc["data"].get("current")
        if current and (not order or order[-1] != current["deck"]):
            order.append(current["deck"])
        step = t.step()
        if step.kind.value == "prompt":
            t.do(step.command)
        else:
            t.do("next")
    assert order == ["morning", "day", "night"]
    assert active_deck(t.state) is None if t.state.get("plan") else True


def test_hidden_assignment_and_resolution_order_are_uniform_over_seeds():
    """A chi-square check at the 0.1% level: the first round's enemy card on each
    deck is uniform over the 5 cards, and the enemy card's position in each
    2-hero deck is uniform over its 3 places."""
    runs = 900
    cards = {d: Counter() for d in DECKS}
    places = {d: Counter() for d in DECKS}
    for seed in range(runs):
        t = Table(heroes=2, seed=seed).setup()
        t.do("next")
        for d in DECKS:
            cards[d][t.state["plan"][d]["enemy"]["card"]] += 1
            places[d][t.state["plan"][d]["order"].index("enemy")] += 1

    def chi2(counter: Counter, cells: int) -> float:
        expected = runs / cells
        return sum((counter.get(k, 0) - expected) ** 2 / expected for k in range(cells)) \
            if isinstance(next(iter(counter)), int) else \
            sum((n - expected) ** 2 / expected for n in counter.values())

    for d in DECKS:
        assert len(cards[d]) == 5
        assert chi2(cards[d], 5) < 18.47  # 4 degrees of freedom, p = 0.001
        assert len(places[d]) == 3
        assert chi2(places[d], 3) < 13.82  # 2 degrees of freedom, p = 0.001


def test_same_seed_same_plan():
    a = Table(heroes=2, seed="x").setup()
    b = Table(heroes=2, seed="x").setup()
    a.do("next")
    b.do("next")
    assert a.state == b.state


def _play_round(t: Table, on_step) -> None:
    """Play one round with default answers, calling ``on_step(step)`` at each waiting step."""
    for _ in range(200):
        step = t.step()
        if step is None and t.state["procedure"] is None:
            return
        on_step(step)
        if step.kind.value == "prompt":
            t.do(step.command)
        else:
            t.do("next")
    raise AssertionError("the round did not end")


def test_an_enemy_cards_darkness_ability_is_mandatory_and_its_die_rerolled():
    """"Action Phase": "Enemy action cards have mandatory fate abilities which are
    always triggered and resolved" while a matching symbol is in the pool; after
    a fate ability its die is rerolled (tray armed for 1 fate die). No Siege
    action before the siege ("Any siege steps of an action card are ignored
    until the siege has begun")."""
    t = Table(seed=4).setup(fate=["darkness"] * 5)
    seen = []

    def check(step):
        if step.id == "darkness":
            assert "darkness" in t.state["fate"] and step.dice(t.state) == (1, "fate")
            seen.append(t.state["fate"].count("darkness"))
        assert step.id != "enemy_rest"

    _play_round(t, check)
    assert len(seen) == 3  # one per enemy card: the pool held darkness each time
    assert t.state["fate"].count("darkness") <= 5


def test_the_darkness_die_is_rerolled_from_the_tray():
    t = Table(seed=4).setup(fate=["darkness"] * 5)
    for _ in range(100):
        step = t.step()
        if step.id == "darkness":
            break
        t.do(step.command) if step.kind.value == "prompt" else t.do("next")
    before = t.state
    t.refused("darkness_fate", dice=[{"kind": "d6", "face": 2}])
    t.do("darkness_fate", dice=[{"kind": "fate", "face": "Arcane"}])
    assert t.state["fate"].count("arcane") == 1 + before["fate"].count("arcane")


def test_no_darkness_in_the_pool_no_darkness_prompt():
    t = Table(seed=4).setup(fate=["rage", "guile", "guile", "faith", "nature"])

    def check(step):
        assert step.id != "darkness" or "darkness" in t.state["fate"]

    _play_round(t, check)
