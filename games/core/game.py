"""What a game is: data plus pure functions (the boardgame.io shape).

Each game package builds one :class:`Game` and registers it under its game id.
The engine in :mod:`games.core.engine` is the only code that calls these
functions, always on a private copy of the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.core.commands import CommandSpec, Param
from games.core.procedures import Procedure
from games.core.secrets import ALWAYS, without
from games.core.tracks import TrackTable

if TYPE_CHECKING:
    from games.core.context import Context
    from games.core.views import GameView


@dataclass(frozen=True)
class TrackSpec:
    """A tracked number: where it lives in the state and its bounds there.

    ``path`` is a dotted path into the state (``heroes.0.spirit``). ``high``
    may depend on the state (Spirit's maximum is the hero's, and can change),
    and so may ``low`` (a maximum may not drop below the value it caps).
    Every track is kept within bounds after every command, can be turned by a
    dial (``adjust``) and set by hand (``correct``).

    ``dial=False`` leaves a track out of the Menhir dial's focus cycle (a
    value set once, like an attribute) while ``correct`` still sets it and
    its bounds still hold.

    ``partial=True``: the value is what a card's effect changes, and an effect
    is resolved "as much as possible" (Kreel Manor's Glossary, Reveal): a dial
    turn (``adjust``) of several steps that goes past a bound stops at it, the
    rest ignored. A turn from the bound itself, against its stop, is still
    refused, as on every track.

    ``shortfall(ctx, missing)``: the value can never go below ``low``, and a dial
    turn that would take it lower stops there, from ``low`` itself too, handing
    the ``missing`` steps to the game, which pays them otherwise (Tainted Grail's
    Negative Combat Pool: a card discarded per marker the Pool cannot cover). It
    runs after ``on_change``.

    ``on_change(ctx, before, after)`` runs after a dial turn (``adjust``) for
    what the rules tie to the value: every HP lost also loses an AP
    (Kilforth), Energy never above Health (Tainted Grail). A ``correct`` sets
    only the value: it is the player fixing a number, not a game event.
    """

    key: str
    label: str
    path: str
    low: int | Callable[[dict], int] = 0
    high: int | Callable[[dict], int] = 99
    on_change: Callable[[Context, int, int], None] | None = field(default=None, compare=False)
    dial: bool = True
    partial: bool = False
    shortfall: Callable[[Context, int], None] | None = field(default=None, compare=False)

    def low_in(self, state: dict) -> int:
        return self.low(state) if callable(self.low) else self.low

    def high_in(self, state: dict) -> int:
        return self.high(state) if callable(self.high) else self.high


@dataclass(frozen=True)
class Game:
    """A registered game.

    - ``setup_params`` / ``setup``: the new-game form and what it builds.
    - ``commands``: what a player can do (the core adds ``next``, ``adjust``
      and ``correct`` to every game).
    - ``procedures``: the rulebook's upkeep sequences, by name.
    - ``tracks(state)``: the tracked numbers in this state. The function given
      is wrapped in a :class:`~games.core.tracks.TrackTable`, which builds the
      list once per state shape (the heroes there are, the active one…) and
      returns it again for every state of that shape; it must be pure, and
      its bounds must read the state they are handed.
    - ``invariants(state)``: game-specific limits; returns what is broken.
    - ``end_check(state)``: the result once the game has ended, else None.
    - ``show(game, state)``: the game's view function, the view model of a
      state. Called only through :meth:`view`, on a state without the secrets.
    - ``secrets``: dotted paths into the state that no display may show
      (:mod:`games.core.secrets`): Myth's face-down enemy action cards.
    - ``next_procedure(state)``: the procedure ``next`` starts when none is
      running (a new round), or None.
    - ``settle(ctx)``: runs after every accepted command, whatever changed the
      state (a dial turn, a correction, a card effect), for what the rules
      trigger from a state rather than an action: a hero at 0 Spirit is
      Wounded at once. It may start a procedure; it must do nothing when
      there is nothing to settle (it runs again after the next command).
    - ``migrations``: ``{n: f}`` where ``f`` turns a schema-``n`` state into
      schema ``n+1``, so an update never strands a saved campaign. Every step
      from the oldest save still supported is needed.
    - ``command_migrations``: ``{n: f}`` where ``f`` turns a command as
      journaled under schema ``n`` (the JSON ``{"name": ..., "params": {...}}``)
      into its schema-``n+1`` form, so an old journal still replays after a
      command's parameters were renamed or changed shape. A step is needed
      only where commands changed; a missing ``n`` leaves commands as they
      are. ``f`` may rename the command, and sees every command of schema
      ``n`` (return the others unchanged). Applied by
      :func:`games.core.engine.migrate_command`.
    """

    id: str
    title: str
    schema_version: int
    setup_params: tuple[Param, ...]
    setup: Callable[[Context], None]
    commands: tuple[CommandSpec, ...]
    procedures: tuple[Procedure, ...]
    tracks: Callable[[dict], list[TrackSpec]]  # a TrackTable once the Game is made
    show: Callable[[Game, dict], GameView]
    invariants: Callable[[dict], list[str]] = lambda state: []
    end_check: Callable[[dict], Mapping[str, Any] | None] = lambda state: None
    next_procedure: Callable[[dict], str | None] = lambda state: None
    settle: Callable[[Context], None] | None = None
    migrations: Mapping[int, Callable[[dict], dict]] = field(default_factory=dict)
    command_migrations: Mapping[int, Callable[[dict], dict]] = field(default_factory=dict)
    rules_file: str = ""
    secrets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.tracks, TrackTable):
            object.__setattr__(self, "tracks", TrackTable(self.tracks))

    def view(self, state: dict) -> GameView:
        """What the displays show of ``state``: ``show`` run on it without the
        generator's state and the game's ``secrets``, so no view can leak one."""
        return self.show(self, without(state, (*ALWAYS, *self.secrets)))

    def procedure(self, name: str) -> Procedure:
        for proc in self.procedures:
            if proc.name == name:
                return proc
        raise KeyError(f"{self.id} has no procedure {name!r}")

    def track(self, state: dict, key: str) -> TrackSpec | None:
        assert isinstance(self.tracks, TrackTable)  # __post_init__ wraps it
        return self.tracks.spec(state, key)
