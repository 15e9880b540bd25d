"""Myth's forms start on what the state says (issue 25, point 5): Battle and the other
hero actions on the hero whose card is being resolved, not Hero 1 on Hero 2's card; an
objective's location on a type no other objective has."""

from __future__ import annotations

from games.core.engine import command_specs
from games.myth import GAME
from games.myth.action_phase import current_card
from tests.games.myth.helpers import Table, played


def _starts_on(state: dict, command: str, param: str):
    """The value the command's form starts from for ``param`` on ``state``."""
    spec = command_specs(GAME)[command]
    return next(p for p in spec.resolved_params(state) if p.name == param).initial()


def test_hero_actions_start_on_the_hero_whose_card_is_resolved():
    t = played(heroes=2)
    seen = set()
    for _ in range(200):
        card = current_card(t.state)
        if card is not None and isinstance(card[1], int):
            seen.add(card[1])
            for command in ("battle", "fortify", "encounter", "test"):
                assert _starts_on(t.state, command, "hero") == card[1] + 1, (command, card)
            if seen == {0, 1}:
                return
        step = t.step()
        t.do(step.command if step is not None and step.kind.value == "prompt" else "next")
    raise AssertionError(f"both heroes' cards never came up: {seen}")


def test_an_objective_starts_on_a_location_type_not_yet_taken():
    t = Table(heroes=2).to_objectives()
    chosen = []
    for _ in range(3):
        location = _starts_on(t.state, "objective", "location")
        assert location not in chosen
        chosen.append(location)
        t.do("objective", location=location)
    assert len(set(chosen)) == 3
