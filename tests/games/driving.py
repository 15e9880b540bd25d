"""Driving any game through the engine as the box does: one command at a time.

Each game's ``helpers.py`` binds these to its ``GAME`` (``do = partial(driving.do, GAME)``)."""

import pytest

from games.core import Command, Game, RuleError, apply


def do(game: Game, state: dict, name: str, **params) -> dict:
    """Apply one command; the new state."""
    return apply(game, state, Command(name, params)).state


def refused(game: Game, state: dict, name: str, **params) -> RuleError:
    """Assert ``game`` refuses the command on ``state`` and that the state is untouched
    (compared as text, so even an int turned float shows); return the error."""
    before = repr(state)
    with pytest.raises(RuleError) as err:
        apply(game, state, Command(name, params))
    assert repr(state) == before
    return err.value
