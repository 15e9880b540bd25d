"""Edges of the round ("Sequence of Play", "Planning Phase", "Determining Enemy
Actions", "Action Phase", "Prepare Phase", "Defeated Heroes"), expected values from
the rulebook alone."""

from __future__ import annotations

import pytest

from tests.games.myth.helpers import Table, enemy_card_first, played, put

DECKS = ("morning", "day", "night")


def _answer(t: Table) -> None:
    """One step on with the defaults (a prompt answered, a reminder confirmed)."""
    step = t.step()
    if step is not None and step.kind.value == "prompt":
        t.do(step.command)
    else:
        t.do("next")


def _to_round(t: Table, n: int) -> None:
    """Play on with the defaults until round ``n``'s Planning waits for the heroes."""
    for _ in range(200):
        s = t.state
        if s["round"] == n and s["procedure"]["name"] == "planning" and t.step().id == "heroes":
            return
        _answer(t)
    raise AssertionError(f"never reached round {n}")


def _enemy_cards(state: dict) -> list[str]:
    return [state["plan"][d]["enemy"]["card"] for d in DECKS]


@pytest.mark.parametrize("heroes", [1, 4])
def test_each_deck_holds_one_card_per_hero_and_one_enemy_card(heroes):
    """"Choosing Hero Actions": "Each player must choose 3 of their action cards, 1
    for each of the 3 action space decks"; "Enemy Actions": "Each action deck may
    contain only one enemy action card": with 1 and with 4 heroes."""
    t = played(heroes=heroes)
    t.do("next")  # the decks shuffled: the Action phase
    for deck in DECKS:
        order = t.state["plan"][deck]["order"]
        assert sorted(o for o in order if o != "enemy") == list(range(heroes))
        assert order.count("enemy") == 1


def test_three_different_enemy_cards_one_per_deck():
    """"Determining Enemy Actions": "players draw the top 3 enemy action cards ...
    place 1 facedown on each of the 3 action deck spaces": three cards of the five,
    none twice; two stay in the enemy deck."""
    t = played()
    cards = _enemy_cards(t.state)
    assert len(set(cards)) == 3
    assert sorted(cards + t.state["enemy_deck"]["draw"]) == sorted(
        ["march", "scheme", "despair", "devastation", "corruption"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_next_round_draws_the_two_unused_enemy_cards_first(seed):
    """"Reset Step": "players shuffle all used enemy action cards and place them
    facedown under the unused enemy action cards"; the next round draws "the top 3":
    the two cards unused in round 1 and one of round 1's three."""
    t = played(seed=seed)
    used, unused = _enemy_cards(t.state), list(t.state["enemy_deck"]["draw"])
    _to_round(t, 2)
    second = _enemy_cards(t.state)
    assert set(unused) <= set(second)
    (again,) = set(second) - set(unused)
    assert again in used
    third_unused = [c for c in used if c != again]
    _to_round(t, 3)
    assert set(third_unused) <= set(_enemy_cards(t.state))


def test_no_day_card_before_the_morning_deck_is_done():
    """"Action Phase": "Players resolve each card, one at a time, in a single action
    deck before moving to the next deck ... the lowest-numbered deck that still
    contains unresolved action cards is referred to as the active action deck":
    through a whole Action phase with two heroes, a later deck is never begun while
    an earlier one has cards left."""
    t = played(heroes=2)
    t.do("next")
    seen = 0
    while t.state["procedure"] is not None and t.state["procedure"]["name"] == "action":
        plan = t.state["plan"]
        progress = [plan[d]["next"] for d in DECKS]
        sizes = [len(plan[d]["order"]) for d in DECKS]
        for earlier in range(2):
            if progress[earlier] < sizes[earlier]:
                assert progress[earlier + 1:] == [0] * (2 - earlier)
                assert not any(plan[d]["enemy"]["revealed"] for d in DECKS[earlier + 1:])
        seen += 1
        _answer(t)
    assert seen >= 9  # three cards in each of three decks


def test_a_round_runs_planning_action_prepare_then_the_next_round():
    """"Sequence of Play": "Each round, players complete phases in the following
    order" (Planning, Action, Prepare); "Players continue resolving rounds this way
    until the game ends"."""
    t = played()
    phases = []
    for _ in range(200):
        proc = t.state["procedure"]
        name = proc["name"] if proc else None
        if not phases or phases[-1] != (t.state["round"], name):
            phases.append((t.state["round"], name))
        if t.state["round"] == 2 and name == "planning":
            break
        _answer(t)
    kept = [p for p in phases if p[1] in ("planning", "action", "prepare")]
    assert kept == [(1, "planning"), (1, "action"), (1, "prepare"), (2, "planning")]


# --- Prepare ---------------------------------------------------------------------------------


def _to_prepare(t: Table) -> None:
    t.until("effects", "prepare")


@pytest.mark.parametrize("asked", [(1, 0, 0), (1, 1, 1), (0, 0, 3)])
def test_two_structures_produce_exactly_two_resources(asked):
    """"Resource Step": "players place 1 resource of their choice in Farrenroc's
    reserves for each structure in play": two structures: one or three refused, two
    of one kind taken."""
    t = Table(seed=3).setup()
    t.state["areas"]["village-2"]["structure"] = True
    t.state["areas"]["ruins-4"]["structure"] = True
    _to_prepare(t)
    t.do("next")
    assert t.step().id == "resources"
    hope, supply, influence = asked
    t.refused("produce", hope=hope, supply=supply, influence=influence)
    before = dict(t.state["reserves"])
    t.do("produce", hope=0, supply=0, influence=2)
    assert t.state["reserves"]["influence"] == before["influence"] + 2
    assert t.state["reserves"]["hope"] == before["hope"]


def test_revive_a_hero_defeated_away_from_farrenroc_stands_in_farrenroc():
    """"Revive Step": "Defeated heroes are placed in Farrenroc after being turned
    upright and are no longer defeated"; delayed minions "flipped back over to their
    non-delayed side". The hero fell in Ruins 4 (wounded to its vitality there)."""
    t = Table(seed=4).setup()
    _to_prepare(t)
    t.state["heroes"][0]["area"] = "ruins-4"
    t.do("wound", amount=6)
    put(t.state, "village-2", 3, delayed=True)
    t.until("hands", "prepare")
    hero = t.state["heroes"][0]
    assert (hero["area"], hero["defeated"], hero["damage"]) == ("farrenroc", False, 0)
    assert t.state["areas"]["village-2"]["minions"] == [{"damage": 0, "delayed": False}] * 3


# --- Defeated Heroes -----------------------------------------------------------------------------


def test_a_defeated_hero_still_counts_for_a_conquest_cards_spawns():
    """"Defeated Heroes": "Defeated heroes still count against the total number of
    heroes in the game for any relevant game effects"; "Despair" 2: "Each hero
    spawns 1 minion on a different hope objective location in play": two heroes,
    hero 2 defeated, both hope tokens in play: a minion on each."""
    t = Table(heroes=2).setup(fate=["rage", "guile", "nature", "arcane", "faith"])
    tokens = sorted(a for a, s in t.state["areas"].items() if s["objective"] == "hope")
    assert len(tokens) == 2
    t.do("wound", amount=6, hero=2)
    enemy_card_first(t, "despair")
    assert [len(t.state["areas"][a]["minions"]) for a in tokens] == [1, 1]


def _steps_of_an_enemy_card(t: Table, card: str) -> list[str]:
    enemy_card_first(t, card)
    ids = []
    for _ in range(20):
        step = t.step()
        if step is None or step.id == "hero":
            return ids
        ids.append(step.id)
        _answer(t)
    raise AssertionError("the enemy card never ended")


def test_a_siege_step_is_ignored_before_the_siege_and_resolved_after():
    """"Action Phase": "Any siege steps of an action card are ignored until the siege
    has begun"; "The Siege": "after the boss has been placed, and for the rest of the
    game, any siege effects will take effect": a Scheme before the siege has no
    siege step; the same card once the boss is placed has one."""
    before = played(fate=["rage"] + ["darkness"] * 4)
    assert "enemy_rest" not in _steps_of_an_enemy_card(before, "scheme")
    after = played(fate=["rage"] + ["darkness"] * 4)
    after.do("correct", track="despair", value=9)
    after.do("raise", track="despair", spaces=1)
    after.do("boss_fate", dice=[{"kind": "fate", "face": "Rage"}])
    assert "enemy_rest" in _steps_of_an_enemy_card(after, "scheme")
