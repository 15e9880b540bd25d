"""Journals written by released versions open with today's code (docs/JOURNAL.md, "Updates";
issue "An update never strands a game").

``tests/fixtures/journals/<version>/<game-id>/`` holds a real journal of each game recorded by that
version's own code (``record.py`` there), with the state it showed at the cursor;
``shared-save/`` is the data directory of ``../shared/fixtures/kilforth-save-older-version.tar.gz``
(three slots, format 2). For each slot the test asserts:

- it opens, at its recorded position, with every move in its history;
- the moves today's rules would refuse or decide otherwise are exactly those in
  ``expected.json`` (the rules check's findings, told once to the players);
- its state is the one that version showed, but for the paths ``expected.json`` lists: those
  journals were written before outcomes were kept, so where a later rules fix changed a move
  after their last snapshot, the position follows the new rules (and the change is listed).

A rules fix that touches an old move changes ``expected.json``: regenerate it with
``python -m tests.store.test_old_journals`` and read its diff, which says what the fix does to
games already saved.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest

from games.core.registry import get_game
from store.journal import JOURNAL_FILE, Journal
from store.outcomes import diff
from store.replay import current
from store.rules_check import check_slot

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "journals"
EXPECTED = ROOT / "expected.json"


def cases() -> dict[str, tuple[Path, int, dict]]:
    """Each recorded slot: its journal's folder, the slot, and what the old version recorded."""
    found = {}
    for recorded in sorted(ROOT.glob("*/*/recorded.json")):
        found[f"{recorded.parent.parent.name}/{recorded.parent.name}"] = (
            recorded.parent, 1, json.loads(recorded.read_text()))
    shared = json.loads((ROOT / "shared-save" / "recorded.json").read_text())
    for slot, recorded in shared["slots"].items():
        found[f"shared-save/slot-{slot}"] = (ROOT / "shared-save", int(slot), recorded)
    return found


def opened(folder: Path, slot: int, recorded: dict, data_dir: Path) -> dict:
    """What today's code makes of the slot: position, history, findings, the paths that differ."""
    shutil.copy(folder / JOURNAL_FILE, data_dir / JOURNAL_FILE)
    journal, notices = Journal.open(data_dir)
    try:
        state, seq = journal.state(slot)
        history = journal.history(slot, limit=10**6)
    finally:
        journal.close()
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        checked = check_slot(db, slot)
    finally:
        db.close()
    game = get_game(state["game"])
    return {
        "notices": notices,
        "seq": seq,
        "history": [entry.seq for entry in reversed(history)],
        "findings": [[f.seq, f.kind] for f in checked.findings],
        "differs": sorted({".".join(map(str, path))
                           for path, *_ in diff(current(game, recorded["state"]), state)}),
    }


@pytest.mark.parametrize("case", sorted(cases()))
def test_an_old_journal_opens_at_its_recorded_position(case: str, tmp_path: Path) -> None:
    folder, slot, recorded = cases()[case]
    expected = json.loads(EXPECTED.read_text())[case]
    got = opened(folder, slot, recorded, tmp_path)
    assert got["notices"] == []
    assert got["seq"] == recorded["seq"]
    assert got["history"] == list(range(1, recorded["seq"] + 1))  # every move kept
    assert got["findings"] == expected["findings"]
    assert got["differs"] == expected["differs"]


def test_the_shared_save_tells_of_move_109() -> None:
    """The issue's own case: in the active game a defeated hero's HP was raised at move 109, which
    the rules now refuse ("Hero Defeated": cannot be affected by abilities or effects)."""
    findings = json.loads(EXPECTED.read_text())["shared-save/slot-3"]["findings"]
    assert [109, "refused"] in findings


def regenerate() -> None:
    import tempfile

    logging.disable(logging.WARNING)
    result = {}
    for case, (folder, slot, recorded) in sorted(cases().items()):
        with tempfile.TemporaryDirectory() as data_dir:
            got = opened(folder, slot, recorded, Path(data_dir))
        result[case] = {"findings": got["findings"], "differs": got["differs"]}
    EXPECTED.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
    sys.exit(0)
