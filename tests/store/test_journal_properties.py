"""Property tests of the journal over random command sequences (DESIGN.md,
"Tests and measures"): it agrees with a simple in-memory model of a line of
play with a cursor, replaying the file equals the live state, undo then redo
is the identity, and a rejected command changes nothing."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Command, RuleError, engine, get_game
from store.journal import Journal
from tests.fixtures.counter_game import GAME_ID
from tests.store.test_journal import FakeClock, row_count

COUNTER = get_game(GAME_ID)
SNAPSHOT_EVERY = 3

commands = st.one_of(
    st.just(Command("roll")),
    st.just(Command("next")),
    st.builds(lambda n: Command("push", {"amount": n}), st.integers(1, 3)),
    st.builds(lambda d: Command("adjust", {"track": "counter", "delta": d}), st.integers(-3, 3)),
)
operations = st.one_of(
    st.tuples(st.just("commit"), commands),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("redo"), st.none()),
    st.tuples(st.just("goto"), st.integers(0, 40)),
    st.tuples(st.just("reopen"), st.none()),
)


class Model:
    """The journal's meaning: the states of the line of play, and a cursor into it."""

    def __init__(self, initial: dict) -> None:
        self.states = [initial]
        self.cursor = 0

    def commit(self, command: Command) -> None:
        state = engine.apply(COUNTER, self.states[self.cursor], command).state
        self.states[self.cursor + 1:] = [state]
        self.cursor += 1


def open_journal(data_dir: Path) -> Journal:
    journal, notices = Journal.open(data_dir, snapshot_every=SNAPSHOT_EVERY, clock=FakeClock())
    assert notices == []
    return journal


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), ops=st.lists(operations, max_size=40))
def test_the_journal_agrees_with_the_model(seed: int, ops: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        journal = open_journal(Path(tmp))
        journal.new_game(GAME_ID, {"limit": 6}, seed)
        model = Model(journal.state()[0])
        for op, arg in ops:
            if op == "commit":
                try:
                    model.commit(arg)
                except RuleError:
                    rows = row_count(journal.data_dir, "commands")
                    before = journal.state()
                    try:
                        journal.commit(arg)
                    except RuleError:
                        pass
                    else:
                        raise AssertionError("the journal accepted what the engine refused")
                    assert journal.state() == before
                    assert row_count(journal.data_dir, "commands") == rows
                else:
                    journal.commit(arg)
            elif op == "undo" and model.cursor > 0:
                journal.undo()
                model.cursor -= 1
            elif op == "redo" and model.cursor < len(model.states) - 1:
                journal.redo()
                model.cursor += 1
            elif op == "goto" and arg < len(model.states):
                journal.goto(arg)
                model.cursor = arg
            elif op == "reopen":
                journal.close()
                journal = open_journal(journal.data_dir)
            assert journal.state() == (model.states[model.cursor], model.cursor)
            assert journal.can_undo() == (model.cursor > 0)
            assert journal.can_redo() == (model.cursor < len(model.states) - 1)
        live = journal.state()
        journal.close()
        journal = open_journal(journal.data_dir)
        assert journal.state() == live
        journal.close()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    played=st.lists(commands, min_size=1, max_size=30),
    back=st.integers(1, 30),
)
def test_undo_then_redo_is_the_identity(seed: int, played: list[Command], back: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        journal = open_journal(Path(tmp))
        journal.new_game(GAME_ID, {"limit": 6}, seed)
        for command in played:
            try:
                journal.commit(command)
            except RuleError:
                pass
        live = journal.state()
        back = min(back, live[1])
        undone = [journal.undo() for _ in range(back)]
        redone = [journal.redo() for _ in range(back)]
        assert journal.state() == live
        assert [e.seq for e in undone] == [e.seq for e in reversed(redone)]
        assert all(not e.active for e in undone) and all(e.active for e in redone)
        journal.close()
