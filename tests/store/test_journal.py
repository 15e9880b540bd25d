"""The journal (DESIGN.md, "device/ — the service"): commit, undo and redo,
checkpoints, slots, restore after a restart, snapshots bounding replay, and
schema migration of restored states. Uses the ``test-counter`` fixture game."""

from __future__ import annotations

import itertools
import json
import sqlite3
from pathlib import Path

import pytest

from games.core import Command, RuleError
from store import file_format, replay, trail
from store import journal as journal_module
from store.file_format import unsealed
from store.journal import JOURNAL_FILE, Journal, JournalError
from tests.fixtures.counter_game import GAME_ID
from tests.fixtures.storage_errors import disk_full

ROLL = Command("roll")
NEXT = Command("next")


def push(amount: int) -> Command:
    return Command("push", {"amount": amount})


class FakeClock:
    """Whole seconds that tick once per reading, so times are distinct and predictable."""

    def __init__(self) -> None:
        self._ticks = itertools.count(1_700_000_000)

    def __call__(self) -> float:
        return float(next(self._ticks))


def open_journal(data_dir: Path, snapshot_every: int = 50) -> Journal:
    journal, notices = Journal.open(data_dir, snapshot_every=snapshot_every, clock=FakeClock())
    assert notices == []
    return journal


def rolled_journal(data_dir: Path, rolls: int, snapshot_every: int = 50, seed: int = 3) -> Journal:
    """A journal holding a new counter game rolled ``rolls`` times: history for the
    snapshot, restore and damage tests to work on."""
    journal = open_journal(data_dir, snapshot_every)
    journal.new_game(GAME_ID, {}, seed=seed)
    for _ in range(rolls):
        journal.commit(ROLL)
    return journal


def reopen(journal: Journal) -> Journal:
    journal.close()
    return open_journal(journal.data_dir, journal.snapshot_every)


def row_count(data_dir: Path, table: str) -> int:
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    finally:
        db.close()


@pytest.fixture
def journal(tmp_path: Path):
    journal = open_journal(tmp_path, snapshot_every=4)
    yield journal
    journal.close()


def test_a_new_journal_has_no_game(journal: Journal) -> None:
    assert journal.slots() == []
    assert journal.active_slot is None
    with pytest.raises(JournalError, match="no game is active"):
        journal.state()


def test_new_game_becomes_active_at_position_zero(journal: Journal) -> None:
    slot = journal.new_game(GAME_ID, {"start": 2}, seed=7, name="Tuesday")
    state, seq = journal.state()
    assert (journal.active_slot, seq, state["counter"]) == (slot, 0, 2)
    assert [(s.id, s.name, s.seq) for s in journal.slots()] == [(slot, "Tuesday", 0)]


def test_new_game_with_bad_options_writes_nothing(journal: Journal) -> None:
    with pytest.raises(RuleError):
        journal.new_game(GAME_ID, {"start": 99}, seed=1)
    assert journal.slots() == []


def test_commit_journals_the_engine_description(journal: Journal) -> None:
    journal.new_game(GAME_ID, {}, seed=7)
    applied = journal.commit(push(2))
    assert applied.description == "Pushed 2"
    assert journal.state() == (applied.state, 1)
    assert [(e.seq, e.description, e.active) for e in journal.history()] == [(1, "Pushed 2", True)]


def test_a_rejected_command_changes_nothing(journal: Journal) -> None:
    journal.new_game(GAME_ID, {"start": 9}, seed=7)
    journal.commit(ROLL)
    before = journal.state()
    rows = row_count(journal.data_dir, "commands")
    with pytest.raises(RuleError, match="above 10"):
        journal.commit(push(3))
    assert journal.state() == before
    assert row_count(journal.data_dir, "commands") == rows


def test_undo_and_redo_move_along_the_journal(journal: Journal) -> None:
    journal.new_game(GAME_ID, {}, seed=7)
    start = journal.state()[0]
    after_push = journal.commit(push(1)).state
    journal.commit(ROLL)
    assert journal.undo().description.startswith("Rolled")
    assert journal.state() == (after_push, 1)
    assert journal.undo().seq == 1
    assert journal.state() == (start, 0)
    assert not journal.can_undo() and journal.can_redo()
    with pytest.raises(RuleError) as refused:
        journal.undo()
    assert refused.value.short == "Nothing to undo"
    assert journal.redo().description == "Pushed 1"
    assert journal.state() == (after_push, 1)


def test_history_marks_the_redo_tail_and_pages_back(journal: Journal) -> None:
    journal.new_game(GAME_ID, {}, seed=7)
    for _ in range(5):
        journal.commit(ROLL)
    journal.undo()
    journal.undo()
    assert [(e.seq, e.active) for e in journal.history(limit=3)] == [(5, False), (4, False), (3, True)]
    assert [e.seq for e in journal.history(before=3)] == [2, 1]


def test_a_new_command_after_undo_drops_the_redo_tail(journal: Journal) -> None:
    journal.new_game(GAME_ID, {}, seed=7)
    for _ in range(6):
        journal.commit(ROLL)
    journal.add_checkpoint("late")
    journal.goto(2)
    journal.add_checkpoint("early")
    journal.commit(push(1))
    assert not journal.can_redo()
    with pytest.raises(RuleError) as refused:
        journal.redo()
    assert refused.value.short == "Nothing to redo"
    assert [e.seq for e in journal.history()] == [3, 2, 1]
    assert [p.name for p in journal.checkpoints()] == ["early"]
    assert row_count(journal.data_dir, "snapshots") == 0  # the one at 4 lay in the dropped tail
    assert reopen(journal).state()[1] == 3


def test_checkpoints_return_to_a_named_position_keeping_the_tail(journal: Journal) -> None:
    journal.new_game(GAME_ID, {}, seed=7)
    journal.commit(ROLL)
    marked = journal.state()
    journal.add_checkpoint("before the boss")
    for _ in range(7):
        journal.commit(ROLL)
    end = journal.state()
    journal.goto_checkpoint("before the boss")
    assert journal.state() == marked
    journal.goto(8)
    assert journal.state() == end
    assert [(p.name, p.seq) for p in journal.checkpoints()] == [("before the boss", 1)]
    journal.add_checkpoint("before the boss")  # reusing a name moves it
    assert [(p.name, p.seq) for p in journal.checkpoints()] == [("before the boss", 8)]
    with pytest.raises(JournalError, match="no checkpoint"):
        journal.goto_checkpoint("nope")
    with pytest.raises(JournalError, match="outside"):
        journal.goto(9)


def test_the_active_slot_and_cursor_survive_a_restart(journal: Journal) -> None:
    first = journal.new_game(GAME_ID, {}, seed=1, name="one")
    journal.commit(ROLL)
    second = journal.new_game(GAME_ID, {}, seed=2, name="two")
    for _ in range(6):
        journal.commit(ROLL)
    journal.undo()
    live = journal.state()
    journal.activate(first)
    journal.activate(second)
    journal = reopen(journal)
    assert journal.active_slot == second
    assert journal.state() == live
    assert journal.can_redo()
    assert journal.state(first)[1] == 1
    assert [s.name for s in journal.slots()] == ["two", "one"]
    journal.delete_slot(second)
    assert journal.active_slot is None
    assert [s.id for s in journal.slots()] == [first]
    assert row_count(journal.data_dir, "commands") == 1
    journal.close()


def test_commands_of_an_inactive_slot_go_to_that_slot(journal: Journal) -> None:
    first = journal.new_game(GAME_ID, {}, seed=1)
    second = journal.new_game(GAME_ID, {}, seed=2)
    journal.commit(push(2), slot_id=first)
    assert journal.state(first)[0]["counter"] == 2
    assert journal.state(second)[1] == 0
    with pytest.raises(JournalError, match="no save slot 99"):
        journal.state(99)


@pytest.fixture
def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the rows taken forward (store.replay.advance, as the trail and redo call it)."""
    calls = [0]
    real = replay.advance

    def counting(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(trail, "advance", counting)
    monkeypatch.setattr(journal_module, "advance", counting)
    return calls


def test_snapshots_bound_the_replay_at_restore_and_undo(tmp_path: Path, count_replays: list[int]) -> None:
    every = 10
    journal = rolled_journal(tmp_path, every * 30 + 7, snapshot_every=every)
    live = journal.state()
    journal.close()

    count_replays[0] = 0
    journal = open_journal(tmp_path, snapshot_every=every)
    assert journal.state() == live
    assert count_replays[0] < every

    for _ in range(every + 3):
        count_replays[0] = 0
        journal.undo()
        assert count_replays[0] < every
    journal.close()


def test_restored_states_are_migrated_to_the_current_schema(tmp_path: Path) -> None:
    journal = rolled_journal(tmp_path, 3, snapshot_every=2)
    live = journal.state()
    journal.close()
    # Rewrite the save as an older version wrote it: schema 1 kept only the last roll.
    def as_schema_1(text: str) -> str:
        state = unsealed(text)  # written plain, as schema 1's version did
        rolls = state.pop("rolls")
        state.update(schema=1, last_roll=rolls[-1] if rolls else 0)
        return json.dumps(state)

    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    db.create_function("as_schema_1", 1, as_schema_1)
    with db:
        db.execute("UPDATE games SET initial=as_schema_1(initial), schema=1")
        db.execute("UPDATE snapshots SET state=as_schema_1(state)")
        db.execute("UPDATE commands SET outcome=NULL")  # an older version recorded no outcomes
    db.close()

    journal = open_journal(tmp_path, snapshot_every=2)
    state, seq = journal.state()
    assert (state["schema"], seq) == (2, 3)
    assert state["score"] == live[0]["score"]
    assert state["rolls"] == live[0]["rolls"][-2:]  # the snapshot at 2 kept one roll, then one replayed
    journal.close()


def test_a_slot_whose_game_is_unknown_is_reported_not_fatal(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    journal.new_game(GAME_ID, {}, seed=3)
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE games SET game_id='no-such-game'")
    db.close()
    journal, notices = Journal.open(tmp_path)
    assert journal.active_slot is None
    assert len(notices) == 1 and "could not be restored" in notices[0] and "no-such-game" in notices[0]
    journal.close()


def test_the_file_is_in_wal_mode(journal: Journal) -> None:
    db = sqlite3.connect(journal.data_dir / JOURNAL_FILE)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()


# --- the trail, snapshots placed by cost, 1 KiB pages (docs/JOURNAL.md, "Undo, restore and snapshots")


def snapshot_seqs(data_dir: Path) -> list[int]:
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        return [seq for (seq,) in db.execute("SELECT seq FROM snapshots ORDER BY seq")]
    finally:
        db.close()


@pytest.fixture
def costly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command takes 0.5 ms of CPU to apply, whatever the machine."""
    ticks = itertools.count()
    monkeypatch.setattr(trail, "_cpu_time", lambda: next(ticks) * 0.0005)


def rolled(tmp_path: Path, *, rolls: int, snapshot_every: int) -> tuple[Journal, list[tuple[dict, int]]]:
    """A counter game with ``rolls`` rolls journaled, and its state after each (0: the start)."""
    journal = open_journal(tmp_path, snapshot_every=snapshot_every)
    journal.new_game(GAME_ID, {}, seed=3)
    states = [journal.state()]
    for _ in range(rolls):
        journal.commit(ROLL)
        states.append(journal.state())
    return journal, states


def test_undo_among_the_states_held_replays_nothing(tmp_path: Path, count_replays: list[int]) -> None:
    journal, states = rolled(tmp_path, rolls=20, snapshot_every=50)
    count_replays[0] = 0
    for seq in range(19, 4, -1):
        journal.undo()
        assert journal.state() == states[seq]
    journal.goto(12)
    assert journal.state() == states[12]
    assert count_replays[0] == 0
    journal.redo()
    assert journal.state() == states[13] and count_replays[0] == 1
    journal.goto(1)  # further back than the trail reaches now: replayed from the start
    assert journal.state() == states[1]
    assert reopen(journal).state() == states[1]


def test_undo_over_a_snapshot_just_written_replays_nothing(tmp_path: Path, count_replays: list[int]) -> None:
    journal, states = rolled(tmp_path, rolls=12, snapshot_every=10)
    count_replays[0] = 0
    for seq in range(11, 5, -1):
        journal.undo()
        assert journal.state() == states[seq]
    assert count_replays[0] == 0
    journal.commit(push(1))  # another line of play from 6: the snapshot at 10 is dropped
    assert snapshot_seqs(tmp_path) == []
    assert reopen(journal).state() == journal.state()


def test_a_restore_holds_the_states_it_replayed(tmp_path: Path, count_replays: list[int],
                                                cheap: None) -> None:
    journal, states = rolled(tmp_path, rolls=60, snapshot_every=50)
    count_replays[0] = 0
    journal = reopen(journal)
    assert journal.state() == states[60]
    assert count_replays[0] == 10  # from the snapshot at 50
    for seq in range(59, 49, -1):
        journal.undo()
        assert journal.state() == states[seq]
    assert count_replays[0] == 10
    journal.close()


def test_a_cursor_that_cannot_be_written_leaves_the_state_shown(journal: Journal,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    journal.new_game(GAME_ID, {}, seed=7)
    for _ in range(3):
        journal.commit(ROLL)
    shown = journal.state()

    def card_full(*args) -> None:
        raise disk_full()

    monkeypatch.setattr(journal, "_write_cursor", card_full)
    with pytest.raises(sqlite3.OperationalError):
        Journal._move(journal, journal.active_slot, 1)
    assert journal.state() == shown
    monkeypatch.undo()
    journal.undo()
    assert journal.state()[1] == 2


def test_snapshots_follow_the_cost_of_replaying(tmp_path: Path, costly: None) -> None:
    """0.5 ms a command: a restore would replay 2 ms after 4 commands, but snapshots
    are kept SNAPSHOT_SPACING (8) apart; snapshot_every still holds."""
    assert (trail.REPLAY_BUDGET, trail.SNAPSHOT_SPACING) == (0.002, 8)
    journal = rolled_journal(tmp_path, 30, snapshot_every=20)
    assert snapshot_seqs(tmp_path) == [8, 16, 20, 28]
    live = journal.state()
    document = journal.export_game()
    assert reopen(journal).state() == live
    other = open_journal(tmp_path / "other", snapshot_every=20)
    other.activate(other.import_game(document))
    assert snapshot_seqs(tmp_path / "other") == [8, 16, 20, 28]
    assert other.state() == live
    other.close()


def test_cheap_commands_keep_the_configured_spacing(tmp_path: Path, cheap: None) -> None:
    journal = rolled_journal(tmp_path, 35, snapshot_every=10)
    assert snapshot_seqs(tmp_path) == [10, 20, 30]
    journal.close()


def page_size(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA page_size").fetchone()[0]
    finally:
        db.close()


def test_a_new_file_has_small_pages_and_an_old_one_is_rebuilt_with_them(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "new")
    journal.close()
    assert page_size(tmp_path / "new" / JOURNAL_FILE) == file_format.PAGE_SIZE == 1024

    old = tmp_path / "old" / JOURNAL_FILE
    old.parent.mkdir()
    db = sqlite3.connect(old)
    db.execute("PRAGMA page_size=4096")
    db.execute("PRAGMA journal_mode=WAL")
    db.close()
    journal = rolled_journal(old.parent, 12)
    journal.close()
    db = sqlite3.connect(old)
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("PRAGMA page_size=4096")
    db.execute("VACUUM")
    db.execute("PRAGMA journal_mode=WAL")
    db.close()
    assert page_size(old) == 4096
    journal = open_journal(old.parent)
    assert journal.state()[1] == 12
    journal.undo()
    journal.close()
    assert page_size(old) == file_format.PAGE_SIZE
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()


def test_a_jump_forward_starts_from_the_nearest_snapshot(tmp_path: Path, count_replays: list[int]) -> None:
    journal = rolled_journal(tmp_path, 45, snapshot_every=10)
    live = journal.state()
    journal.goto(2)
    count_replays[0] = 0
    journal.goto(45)  # from the snapshot at 40, not from 2
    assert journal.state() == live and count_replays[0] == 5
    journal.close()
