"""A save slot's recent positions held in memory, and the journal's rows taken forward to reach
a position.

A software update never strands a campaign: restored states (the initial
state, snapshots) pass through the game's state migrations, and each row is
taken forward from its recorded outcome, not by deciding the rules again
(:mod:`store.replay`), whether for a restore, undo, redo or a goto.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypeVar

from games.core.game import Game
from store.file_format import unsealed
from store.replay import Row, advance, current, decode

log = logging.getLogger(__name__)

TRAIL_STATES = 32  # recent states held in memory per slot: undo and jumps among them replay nothing
# docs/JOURNAL.md, "Undo, restore and snapshots": a snapshot is also written once the commands
# since the last one took this much CPU to apply (a restore or a jump replays them), but never
# within SNAPSHOT_SPACING commands of the last one (each snapshot is written to the card).
REPLAY_BUDGET = 0.002  # seconds
DEFAULT_SNAPSHOT_EVERY = 50  # the configured spacing's default ([journal] snapshot_every)
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


def restore(db: sqlite3.Connection, game: Game, slot_id: int, seq: int) -> Trail:
    """The nearest readable snapshot at or before ``seq`` plus the rows after it taken forward:
    the trail from there to ``seq``.

    Snapshots are a cache of what the commands give: one whose text is
    damaged (bytes that are not UTF-8 or not JSON pass SQLite's integrity
    check) is skipped for an earlier one, or the initial state.
    """
    base, state, start = 0, None, {}
    rows = db.execute(
        "SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game=? AND seq<=? ORDER BY seq DESC",
        (slot_id, seq),
    )
    for base, blob in rows:
        try:
            state = unsealed(blob)
            start = current(game, state)
            break
        except (UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            log.warning("snapshot %d of slot %d is unreadable (%s); using an earlier one",
                        base, slot_id, exc)
    rows.close()
    if state is None:  # no readable snapshot
        base = 0
        (blob,) = db.execute("SELECT CAST(initial AS BLOB) FROM games WHERE id=?", (slot_id,)).fetchone()
        state = decode(blob, f"slot {slot_id}'s initial state")
        start = current(game, state)
    trail = Trail(base, start)
    _forward(db, trail, game, slot_id, seq, state)
    return trail


def replay_onto(db: sqlite3.Connection, trail: Trail, game: Game, slot_id: int, seq: int) -> None:
    """Take the rows from the trail's cursor up to ``seq`` forward onto it."""
    _forward(db, trail, game, slot_id, seq, trail.state)


def _forward(db: sqlite3.Connection, trail: Trail, game: Game, slot_id: int, seq: int, state: dict) -> None:
    """Push the states after the rows from the trail's cursor up to ``seq``; ``state`` is the
    cursor's state as stored (its schema may be older than the trail's copy of it)."""
    for row in rows_after(db, slot_id, trail.seq, seq):
        state, cost = timed(advance, game, state, row)
        trail.push(current(game, state), cost)


def rows_after(db: sqlite3.Connection, slot_id: int, after: int, upto: int) -> list[Row]:
    """The slot's rows ``after`` < seq <= ``upto``, in order."""
    return [Row(*values) for values in db.execute(
        "SELECT seq, CAST(command AS BLOB), schema, CAST(outcome AS BLOB) FROM commands"
        " WHERE game=? AND seq>? AND seq<=? ORDER BY seq",
        (slot_id, after, upto),
    )]


def snapshot_before(db: sqlite3.Connection, slot_id: int, seq: int) -> int:
    """The last snapshot at or before ``seq`` (0: none)."""
    row = db.execute("SELECT MAX(seq) FROM snapshots WHERE game=? AND seq<=?", (slot_id, seq)).fetchone()
    return row[0] or 0
