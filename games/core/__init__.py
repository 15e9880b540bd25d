"""The rules-engine contract every game shares (DESIGN.md, "games/ — the rules engines").

A game is data plus pure functions: a :class:`~games.core.game.Game` lists its
setup parameters, commands, procedures, tracked values and views; the
:func:`~games.core.engine.apply` reducer runs one command on a copy of the
state, runs the automatic procedure steps that follow, checks the invariants
and the end of the game, and returns the new state with the events it raised.
Nothing in ``games`` imports anything else from the project, or does any I/O.
"""

from games.core.commands import Command, CommandSpec, Param
from games.core.context import Context, step_data
from games.core.engine import Applied, apply, new_game
from games.core.errors import RuleError
from games.core.game import Game, TrackSpec
from games.core.procedures import Procedure, Step, StepKind
from games.core.registry import all_games, get_game, register
from games.core.views import GameView, Panel, TrackView

__all__ = [
    "Applied",
    "Command",
    "CommandSpec",
    "Context",
    "Game",
    "GameView",
    "Panel",
    "Param",
    "Procedure",
    "RuleError",
    "Step",
    "StepKind",
    "TrackSpec",
    "TrackView",
    "all_games",
    "apply",
    "get_game",
    "new_game",
    "register",
    "step_data",
]
