"""The Prepare phase, automated in the rulebook's order ("Prepare Phase")."""

from __future__ import annotations

from games.myth import GAME
from games.myth.state import ENEMY_CARDS
from tests.games.myth.helpers import Table, put


def _to_prepare(t: Table) -> None:
    t.until("effects", "prepare")


def test_prepare_steps_in_rulebook_order():
    steps = [s.id for s in GAME.procedure("prepare").steps]
    assert steps == ["effects", "resources", "refresh", "revive", "reset", "hands"]


def test_resource_step_one_per_structure_players_choice():
    t = Table(seed=3).setup()
    t.state["areas"]["village-1"]["structure"] = True
    t.state["areas"]["village-2"]["structure"] = True
    _to_prepare(t)
    t.do("next")
    assert t.step().id == "resources"
    t.refused("produce", hope=1)
    t.do("produce", hope=1, supply=1)
    assert t.state["reserves"]["hope"] >= 1


def test_no_structures_skips_the_resource_step():
    t = Table(seed=3).setup()
    _to_prepare(t)
    t.do("next")
    assert t.step().id == "refresh"


def test_revive_stands_heroes_in_farrenroc_and_minions():
    t = Table(seed=4).setup()
    _to_prepare(t)
    hero = t.state["heroes"][0]
    hero.update(defeated=True, area="village-1")
    put(t.state, "village-2", 2, delayed=True)
    t.do("next")
    t.do("next")
    assert not t.state["heroes"][0]["defeated"]
    assert t.state["heroes"][0]["area"] == "farrenroc"
    assert not any(m["delayed"] for a in t.state["areas"].values() for m in a["minions"])


def test_reset_puts_used_enemy_cards_under_the_unused():
    """"Reset Step": the used cards are shuffled under the unused ones."""
    t = Table(seed=6).setup()
    unused = list(t.state["enemy_deck"]["draw"])
    used = [t.state["plan"][d]["enemy"]["card"] for d in ("morning", "day", "night")]
    _to_prepare(t)
    t.do("next")
    t.do("next")
    draw = t.state["enemy_deck"]["draw"]
    assert draw[:2] == unused
    assert sorted(draw[2:]) == sorted(used)
    assert sorted(draw) == sorted(ENEMY_CARDS)
    assert t.state["plan"] is None
    assert t.state["history"][-1]["round"] == 1


def test_next_round_draws_the_two_unused_cards_first():
    t = Table(seed=8).setup()
    unused = list(t.state["enemy_deck"]["draw"])
    _to_prepare(t)
    t.until("heroes", "planning")
    assert t.state["round"] == 2
    planned = {t.state["plan"][d]["enemy"]["card"] for d in ("morning", "day", "night")}
    assert set(unused) <= planned
