"""Export and import of a game as JSON (DESIGN.md, "device/ — the service"):
a round trip gives the same game, and a bad file is refused with a clear
error and adds nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from games.core import Command
from games.core.paths import set_path
from store.journal import EXPORT_FORMAT, EXPORT_VERSION, Journal, JournalImportError, export_checksum
from tests.fixtures.counter_game import GAME_ID
from tests.store.test_journal import open_journal, push, row_count


@pytest.fixture
def journal(tmp_path: Path):
    journal = open_journal(tmp_path, snapshot_every=4)
    journal.new_game(GAME_ID, {"start": 1}, seed="winter campaign", name="Winter")
    for command in [Command("roll"), Command("next"), push(2), Command("next"), Command("roll")]:
        journal.commit(command)
    journal.add_checkpoint("after the round")
    for _ in range(6):
        journal.commit(Command("roll"))
    journal.undo()
    yield journal
    journal.close()


def test_export_then_import_gives_the_same_game(journal: Journal) -> None:
    original = journal.active_slot
    document = json.loads(json.dumps(journal.export_game()))  # as if through a file
    assert (document["format"], document["version"]) == (EXPORT_FORMAT, EXPORT_VERSION)
    assert document["game"] == GAME_ID
    assert (document["cursor"], len(document["commands"])) == (10, 11)

    copy_id = journal.import_game(document)
    assert journal.active_slot == original  # importing does not switch games
    assert journal.state(copy_id) == journal.state(original)
    assert journal.history(copy_id) == journal.history(original)
    assert [(p.name, p.seq) for p in journal.checkpoints(copy_id)] == [("after the round", 5)]
    journal.redo(copy_id)  # the redo tail came along
    journal.redo(original)
    assert journal.state(copy_id) == journal.state(original)
    assert journal.export_game(copy_id)["commands"] == document["commands"]


def edit(path: str, value) -> Callable[[dict], None]:
    """Change one value of the document, at a dotted path (``commands.0.command.name``)."""
    return lambda document: set_path(document, path, value)


def resigned(change: Callable[[dict], None]) -> Callable[[dict], None]:
    """A change made by someone who also recomputed the checksum."""

    def apply(document: dict) -> None:
        change(document)
        document["checksum"] = export_checksum(document)

    return apply


def duplicate_checkpoint(document: dict) -> None:
    document["checkpoints"].append(dict(document["checkpoints"][0]))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (edit("format", "something else"), "not a Table Warden game export"),
        (edit("version", EXPORT_VERSION + 1), f"format {EXPORT_VERSION + 1} is newer"),
        (edit("initial.score", 1000), "checksum does not match"),
        (edit("cursor", 3), "checksum does not match"),
        (resigned(edit("game", "chess")), "unknown game 'chess'"),
        (resigned(edit("initial.game", "chess")), "initial must be a test-counter state"),
        (resigned(edit("initial.schema", 7)), "initial state cannot be read"),
        (resigned(edit("commands.2.command.params.amount", 9)),
         r"command 3 \(push\) is refused: Amount must be at most 3"),
        (resigned(edit("commands.1.command", "next")), "command 2 is not an object"),
        (resigned(edit("commands.0.command.name", "fly")), "command 1 .fly. is refused"),
        (resigned(edit("cursor", 12)), r"cursor must be a position 0\.\.11"),
        (resigned(edit("seed", None)), "seed must be a number or text"),
        (resigned(duplicate_checkpoint), "a name of its own"),
        (resigned(edit("checkpoints.0.seq", 40)), "outside the journal"),
    ],
)
def test_a_bad_export_is_refused_clearly_and_adds_nothing(journal: Journal, change, message: str) -> None:
    document = journal.export_game()
    change(document)
    rows = {table: row_count(journal.data_dir, table) for table in ("games", "commands", "snapshots")}
    with pytest.raises(JournalImportError, match=message):
        journal.import_game(document)
    assert {table: row_count(journal.data_dir, table) for table in rows} == rows


def test_an_import_is_not_a_list(journal: Journal) -> None:
    with pytest.raises(ValueError, match="JSON object"):
        journal.import_game([1, 2])


def test_an_export_is_independent_of_the_journal(journal: Journal) -> None:
    document = journal.export_game()
    kept = copy.deepcopy(document)
    journal.commit(Command("roll"))
    assert document == kept
