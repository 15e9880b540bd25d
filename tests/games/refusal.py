"""A refused command: every game's rule checks leave the state as it was."""

import pytest

from games.core import Command, Game, RuleError, apply


def refused(game: Game, state: dict, name: str, **params) -> RuleError:
    """Assert ``game`` refuses the command on ``state`` and that the state is untouched
    (compared as text, so even an int turned float shows); return the error."""
    before = repr(state)
    with pytest.raises(RuleError) as err:
        apply(game, state, Command(name, params))
    assert repr(state) == before
    return err.value
