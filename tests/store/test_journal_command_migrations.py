"""A journal written before a command changed shape still replays (issue 2,
"an update never strands a campaign"): each command row records the schema it
was journaled under, and restore, undo, redo, goto and import migrate it.

The ``test-counter`` fixture game is at schema 2; at schema 1 its ``push``
called its parameter ``n`` (now ``amount``) and its state kept ``last_roll``
(now ``rolls``). The journals at schema 1 are made the way an older version
wrote them: played with today's code, then rewritten by hand.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from games.core import Command
from store.file_format import format_version, unsealed
from store.journal import (
    EXPORT_VERSION,
    JOURNAL_FILE,
    Journal,
    JournalError,
    JournalImportError,
    export_checksum,
)
from tests.fixtures.counter_game import GAME_ID
from tests.fixtures.journal_format_1 import FORMAT_1_TABLES
from tests.store.test_journal import FakeClock, open_journal, push, row_count

SNAPSHOT_EVERY = 2
# No rolls: schema 1 kept only the last roll, so a state with rolls does not survive the round trip.
PLAY = [push(1), push(2), Command("adjust", {"track": "counter", "delta": -1}), push(3), push(1)]


def state_as_schema_1(text: str) -> str:
    """A stored state as schema 1 wrote it (plain JSON: texts were not sealed then)."""
    state = unsealed(text)
    rolls = state.pop("rolls")
    state.update(schema=1, last_roll=rolls[-1] if rolls else 0)
    return json.dumps(state)


def command_as_schema_1(text: str) -> str:
    command = json.loads(text)
    if command["name"] == "push":
        command["params"] = {"n": command["params"]["amount"]}
    return json.dumps(command)


def rewrite(data_dir: Path, *statements: str) -> None:
    """Change the closed journal by hand, with the schema-1 rewriters available as SQL functions."""
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    db.create_function("state_as_schema_1", 1, state_as_schema_1)
    db.create_function("command_as_schema_1", 1, command_as_schema_1)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()


AS_SCHEMA_1 = (
    "UPDATE games SET initial=state_as_schema_1(initial), schema=1",
    "UPDATE snapshots SET state=state_as_schema_1(state)",
    "UPDATE commands SET command=command_as_schema_1(command), schema=1, outcome=NULL",
)


def rows(data_dir: Path, sql: str) -> list[tuple]:
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


@pytest.fixture
def played(tmp_path: Path) -> list[dict]:
    """Play PLAY, then rewrite the journal as schema 1 wrote it; return the live state at each position."""
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    journal.new_game(GAME_ID, {"start": 1}, seed=7)
    states = [journal.state()[0]]
    for command in PLAY:
        states.append(journal.commit(command).state)
    journal.close()
    rewrite(tmp_path, *AS_SCHEMA_1)
    first = rows(tmp_path, "SELECT command FROM commands WHERE seq=1")
    assert first == [('{"name": "push", "params": {"n": 1}}',)]
    return states


def test_a_schema_1_journal_restores_undoes_and_redoes_under_schema_2(
    tmp_path: Path, played: list[dict]
) -> None:
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    assert journal.state() == (played[5], 5)  # snapshot at 4, command 5 migrated and replayed
    journal.undo()
    assert journal.state() == (played[4], 4)
    journal.undo()
    assert journal.state() == (played[3], 3)  # snapshot at 2, command 3 replayed
    journal.goto(1)
    assert journal.state() == (played[1], 1)  # initial state, command 1 migrated
    journal.redo()
    assert journal.state() == (played[2], 2)
    journal.goto(5)
    assert journal.state() == (played[5], 5)
    journal.close()


def test_new_commands_are_journaled_under_the_current_schema(tmp_path: Path, played: list[dict]) -> None:
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    journal.undo()
    journal.commit(push(2))
    journal.close()
    assert rows(tmp_path, "SELECT seq, schema, command FROM commands WHERE seq>=4 ORDER BY seq") == [
        (4, 1, '{"name": "push", "params": {"n": 3}}'),
        (5, 2, '{"name":"push","params":{"amount":2}}'),
    ]
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    assert journal.state()[0]["counter"] == played[4]["counter"] + 2
    journal.close()


def test_export_and_import_keep_each_commands_schema(tmp_path: Path, played: list[dict]) -> None:
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    journal.undo()
    document = json.loads(json.dumps(journal.export_game()))
    assert document["version"] == EXPORT_VERSION == 2
    assert [entry["schema"] for entry in document["commands"]] == [1] * len(PLAY)
    assert document["commands"][0]["command"] == {"name": "push", "params": {"n": 1}}

    copy_id = journal.import_game(document)
    assert journal.state(copy_id) == (played[4], 4)
    assert journal.history(copy_id) == journal.history()
    journal.redo(copy_id)
    assert journal.state(copy_id) == (played[5], 5)
    exported = journal.export_game(copy_id)["commands"]
    assert [without_outcome(e) for e in exported] == [without_outcome(e) for e in document["commands"]]
    assert all(e["outcome"] is not None for e in exported)  # the import recorded each move's outcome
    journal.close()


def without_outcome(entry: dict) -> dict:
    return {key: value for key, value in entry.items() if key != "outcome"}


def test_a_version_1_export_takes_the_initial_states_schema_for_its_commands(
    tmp_path: Path, played: list[dict]
) -> None:
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    document = journal.export_game()
    document["version"] = 1  # as version 1 wrote it: no schema per command
    for entry in document["commands"]:
        del entry["schema"]
    assert document["initial"]["schema"] == 1
    document["checksum"] = export_checksum(document)

    copy_id = journal.import_game(document)
    assert journal.state(copy_id) == (played[5], 5)
    assert [entry["schema"] for entry in journal.export_game(copy_id)["commands"]] == [1] * len(PLAY)
    journal.close()


def test_a_version_2_export_needs_each_commands_schema(tmp_path: Path, played: list[dict]) -> None:
    journal = open_journal(tmp_path, SNAPSHOT_EVERY)
    document = journal.export_game()
    del document["commands"][2]["schema"]
    document["checksum"] = export_checksum(document)
    with pytest.raises(JournalImportError, match="command 3 needs the schema it was journaled under"):
        journal.import_game(document)
    journal.close()


def build_format_1_at_schema_1(path: Path) -> None:
    """A format-1 journal of a schema-1 game, written without the journal's code."""
    db = sqlite3.connect(path)
    db.executescript(
        FORMAT_1_TABLES + """
        INSERT INTO games VALUES (1, 'test-counter', 'old save', 1.0, 2.0, 1, '{}', '5',
            '{"game":"test-counter","schema":1,"rng":5,"procedure":null,"over":null,
              "counter":3,"limit":10,"score":0,"round":0,"last_roll":4}', 2);
        INSERT INTO commands VALUES (1, 1, '{"name":"push","params":{"n":2}}', 'Pushed 2', 2.0);
        INSERT INTO commands VALUES (1, 2, '{"name":"push","params":{"n":1}}', 'Pushed 1', 3.0);
        INSERT INTO commands VALUES (1, 3, '{"name":"push","params":{"n":3}}', 'Pushed 3', 4.0);
        """
    )
    db.close()


def test_a_format_1_file_is_upgraded_its_commands_taking_the_slots_schema(tmp_path: Path) -> None:
    build_format_1_at_schema_1(tmp_path / JOURNAL_FILE)
    journal = open_journal(tmp_path)
    state, seq = journal.state()
    assert (seq, state["counter"], state["rolls"], state["schema"]) == (2, 6, [4], 2)
    journal.redo()
    assert journal.state()[0]["counter"] == 9
    journal.close()
    assert rows(tmp_path, "SELECT value FROM meta WHERE key='format'") == [(str(format_version()),)]
    assert rows(tmp_path, "SELECT seq, schema, description FROM commands ORDER BY seq") == [
        (1, 1, "Pushed 2"), (2, 1, "Pushed 1"), (3, 1, "Pushed 3"),
    ]
    columns = [row[1] for row in rows(tmp_path, "PRAGMA table_info(commands)")]
    assert columns == ["game", "seq", "command", "schema", "description", "created", "outcome"]


# --- a command from a newer schema than this code --------------------------------------


def test_a_slot_with_a_command_from_a_newer_schema_is_reported_and_left_alone(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    journal.new_game(GAME_ID, {}, seed=3)
    for command in PLAY:
        journal.commit(command)
    journal.close()
    rewrite(tmp_path, "UPDATE commands SET schema=3 WHERE seq=4")
    before = (tmp_path / JOURNAL_FILE).read_bytes()

    journal, notices = Journal.open(tmp_path, clock=FakeClock())
    assert journal.active_slot is None
    assert notices == [
        "Save slot 1 could not be restored: command 4 cannot be read: "
        "test-counter command 'push' has schema 3; this version reads up to 2"
    ]
    journal.close()
    assert (tmp_path / JOURNAL_FILE).read_bytes() == before


def test_redo_or_goto_over_a_command_from_a_newer_schema_is_refused(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    journal.new_game(GAME_ID, {}, seed=3)
    for command in PLAY:
        journal.commit(command)
    journal.goto(3)
    journal.close()
    rewrite(tmp_path, "UPDATE commands SET schema=3 WHERE seq=4")

    journal = open_journal(tmp_path)
    before = journal.state()
    newer = "command 4 cannot be read: .*schema 3; this version reads up to 2"
    with pytest.raises(JournalError, match=newer):
        journal.redo()
    with pytest.raises(JournalError, match="command 4 cannot be read"):
        journal.goto(5)
    assert journal.state() == before
    journal.close()
    assert rows(tmp_path, "SELECT cursor FROM games") == [(3,)]


def test_an_import_with_a_command_from_a_newer_schema_is_refused_and_adds_nothing(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    journal.new_game(GAME_ID, {}, seed=3)
    for command in PLAY:
        journal.commit(command)
    document = journal.export_game()
    document["commands"][1]["schema"] = 3
    document["checksum"] = export_checksum(document)
    counts = {table: row_count(tmp_path, table) for table in ("games", "commands", "snapshots")}
    with pytest.raises(JournalImportError,
                       match=r"command 2 \(push\) cannot be read: .*schema 3; this version reads up to 2"):
        journal.import_game(document)
    assert {table: row_count(tmp_path, table) for table in counts} == counts
    journal.close()
