"""A track's low bound, like its high one, may depend on the state."""

import pytest

from games.core import Command, Game, GameView, Param, RuleError, TrackSpec, apply, new_game


def _setup(ctx):
    ctx.state.update(value=5, cap=8)


GAME = Game(
    id="bounds-test",
    title="Bounds",
    schema_version=1,
    setup_params=(Param("x", "int", low=0, high=1, default=0),),
    setup=_setup,
    commands=(),
    procedures=(),
    tracks=lambda s: [
        TrackSpec("value", "Value", "value", 0, lambda s: s["cap"]),
        TrackSpec("cap", "Cap", "cap", lambda s: s["value"], 20),
    ],
    show=lambda g, s: GameView("Bounds"),
)


def test_callable_low_refuses_below_it():
    state = new_game(GAME, {}, 1).state
    with pytest.raises(RuleError) as err:
        apply(GAME, state, Command("correct", {"track": "cap", "value": 4}))
    assert err.value.short == "Cap min is 5"
    state = apply(GAME, state, Command("correct", {"track": "cap", "value": 5})).state
    assert state["cap"] == 5
