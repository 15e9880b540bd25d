"""A save slot's recent positions held in memory, and the replay of journaled commands.

Replay is exact because the engine is pure and its dice come from the state
(games/core/rng.py). A software update never strands a campaign: restored
states (the initial state, snapshots) pass through the game's state
migrations (:func:`current`), and every replayed command through its command
migrations (:func:`games.core.engine.migrate_command`) from the schema its row
records (:func:`replay`), whether replayed for a restore, undo, redo, goto or
an import.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypeVar

from games.core import engine
from games.core.engine import Applied
from games.core.errors import RuleError
from games.core.game import Game
from store.storage import JournalError

log = logging.getLogger(__name__)

TRAIL_STATES = 32  # recent states held in memory per slot: undo and jumps among them replay nothing
# docs/JOURNAL.md, "Undo, restore and snapshots": a snapshot is also written once the commands
# since the last one took this much CPU to apply (a restore or a jump replays them), but never
# within SNAPSHOT_SPACING commands of the last one (each snapshot is written to the card).
REPLAY_BUDGET = 0.002  # seconds
SNAPSHOT_SPACING = 8

_cpu_time: Callable[[], float] = time.thread_time  # what applying a command costs: this thread's CPU time
T = TypeVar("T")


def timed(run: Callable[..., T], *args: Any) -> tuple[T, float]:
    """``run(*args)`` and the CPU time it took (what replaying it again would cost)."""
    started = _cpu_time()
    result = run(*args)
    return result, _cpu_time() - started


class Trail:
    """One slot's recent positions held in memory: from ``first`` to the newest state it has
    seen. The cursor ``seq`` is one of them; those after it are the redo tail's.

    ``states[k]`` is the state at ``first + k``; at most :data:`TRAIL_STATES` are
    held (older ones are None), the cursor's always. ``costs[k]`` is the CPU time
    command ``first + k`` took to apply. ``base`` is the last snapshot (or the
    start) at or before the cursor as far as the trail knows, so :attr:`cost`, the
    commands' cost since then, is about what restoring the cursor replays (a base
    too early only makes the next snapshot come sooner). States are shared and
    never changed: the engine works on copies.
    """

    def __init__(self, first: int, state: dict) -> None:
        self.first = self.base = first
        self.states: list[dict | None] = [state]
        self.costs = [0.0]
        self.cursor = 0  # the index of the cursor's state

    @property
    def seq(self) -> int:
        return self.first + self.cursor

    @property
    def state(self) -> dict:
        return self.states[self.cursor]  # type: ignore[return-value]

    @property
    def cost(self) -> float:
        return sum(self.costs[self.base - self.first + 1:self.cursor + 1])

    def push(self, state: dict, cost: float, *, snapshot: bool = False) -> None:
        """The cursor moves on to ``state``, after a command that took ``cost`` seconds to apply
        and whose state was snapshotted or not (any states held past the cursor are dropped:
        another line of play follows)."""
        del self.states[self.cursor + 1:], self.costs[self.cursor + 1:]
        self.states.append(state)
        self.costs.append(cost)
        self.cursor += 1
        if snapshot:
            self.base = self.seq
        front = min(self.base - self.first, len(self.states) - TRAIL_STATES)
        if front > 0:  # positions before the base: neither their states nor their costs are needed
            del self.states[:front], self.costs[:front]
            self.first += front
            self.cursor -= front
        held = [k for k, state in enumerate(self.states) if state is not None]
        for k in held[:-TRAIL_STATES]:
            self.states[k] = None

    def snapshot_due(self, seq: int, cost: float, every: int) -> bool:
        """Whether the state after command ``seq`` (the next push, which took ``cost`` to apply)
        is snapshotted: every ``every`` commands, and sooner when replaying the commands since
        the last snapshot would take more than :data:`REPLAY_BUDGET` of CPU (but never within
        :data:`SNAPSHOT_SPACING`)."""
        if seq % every == 0:
            return True
        since = seq - self.base
        return since >= SNAPSHOT_SPACING and self.cost + cost > REPLAY_BUDGET

    def forget(self) -> None:
        """Hold only the cursor's state (a slot that is not being played)."""
        self.states = [state if k == self.cursor else None for k, state in enumerate(self.states)]

    def moved_to(self, seq: int) -> Trail | None:
        """A new trail at ``seq``, this one unchanged: at a state this one holds, or at its
        newest to replay forward from when ``seq`` is beyond it. None when ``seq`` lies
        before what it holds."""
        index = seq - self.first
        if index < 0 or (index < len(self.states) and self.states[index] is None):
            return None
        moved = Trail(self.first, self.state)
        moved.states, moved.costs = list(self.states), list(self.costs)
        moved.cursor = min(index, len(self.states) - 1)
        moved.base = self.base if self.base <= moved.seq else self.first
        return moved


def decode(blob: bytes | str, what: str) -> Any:
    """JSON text from a row, read as bytes: damage inside the text is named, never a crash."""
    try:
        return json.loads(blob.decode("utf-8") if isinstance(blob, bytes) else blob)
    except (UnicodeDecodeError, ValueError) as exc:
        raise JournalError(f"{what} is damaged: {exc}") from exc


def current(game: Game, state: Any) -> dict:
    """A state just read from the file, brought up to the game's schema.

    :func:`games.core.engine.migrate` copies what it is given; a state at the
    current schema that nothing else holds is returned as it is.
    """
    schema = state.get("schema") if type(state) is dict else None
    if type(schema) is int and schema == game.schema_version:
        return state
    return engine.migrate(game, state)


def replay(game: Game, state: dict, seq: int, command: bytes | str, schema: int) -> Applied:
    """Replay journal row ``seq`` (its command JSON and the schema it was journaled under) on ``state``."""
    try:
        migrated = engine.migrate_command(game, decode(command, f"command {seq}"), schema)
    except (ValueError, KeyError, TypeError) as exc:  # a newer schema than this code, a broken row
        raise JournalError(f"command {seq} cannot be read: {exc}") from exc
    try:
        return engine.apply(game, state, migrated)
    except RuleError as exc:
        raise JournalError(f"command {seq} no longer applies: {exc.long}") from exc


def restore(db: sqlite3.Connection, game: Game, slot_id: int, seq: int) -> Trail:
    """The nearest readable snapshot at or before ``seq``, migrated, plus the commands after it
    replayed: the trail from there to ``seq``.

    Snapshots are a cache of what the commands give: one whose text is
    damaged (bytes that are not UTF-8 or not JSON pass SQLite's integrity
    check) is skipped for an earlier one, or the initial state.
    """
    base, state = 0, None
    rows = db.execute(
        "SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game=? AND seq<=? ORDER BY seq DESC",
        (slot_id, seq),
    )
    for base, blob in rows:
        try:
            state = current(game, json.loads(blob.decode("utf-8")))
            break
        except (UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            log.warning("snapshot %d of slot %d is unreadable (%s); using an earlier one",
                        base, slot_id, exc)
    rows.close()
    if state is None:
        base = 0
        (blob,) = db.execute("SELECT CAST(initial AS BLOB) FROM games WHERE id=?", (slot_id,)).fetchone()
        state = current(game, decode(blob, f"slot {slot_id}'s initial state"))
    trail = Trail(base, state)
    replay_onto(db, trail, game, slot_id, seq)
    return trail


def replay_onto(db: sqlite3.Connection, trail: Trail, game: Game, slot_id: int, seq: int) -> None:
    """Replay the commands from the trail's cursor up to ``seq`` onto it."""
    for replayed, command, schema in db.execute(
        "SELECT seq, CAST(command AS BLOB), schema FROM commands WHERE game=? AND seq>? AND seq<=?"
        " ORDER BY seq",
        (slot_id, trail.seq, seq),
    ).fetchall():
        applied, cost = timed(replay, game, trail.state, replayed, command, schema)
        trail.push(applied.state, cost)


def snapshot_before(db: sqlite3.Connection, slot_id: int, seq: int) -> int:
    """The last snapshot at or before ``seq`` (0: none)."""
    row = db.execute("SELECT MAX(seq) FROM snapshots WHERE game=? AND seq<=?", (slot_id, seq)).fetchone()
    return row[0] or 0
