"""An import keeps no more states than a restore would (issue "One writer, checked bytes", 17: a
60 MB import took 4.7 GB, every replayed state kept; the file limit, 16 MiB, is in
store/export_checks.py with what it was measured at)."""

from __future__ import annotations

from pathlib import Path

from games.core import Command
from store.game_export import check_export
from store.journal import Journal


def test_an_import_keeps_only_the_states_it_snapshots_and_rebuilds_any_from_outcomes(
        tmp_path: Path, cheap: None) -> None:
    journal, _ = Journal.open(tmp_path, snapshot_every=50)
    journal.new_game("kreel-manor", {"heroes": 1}, seed=3)
    for i in range(400):
        journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": -1 if i % 2 == 0 else 1}))
    document = journal.export_game()
    states = {seq: journal.state()[0] for seq in (400,)}
    journal.close()
    checked = check_export(document, snapshot_every=50)
    kept = [seq for seq, entry in enumerate(checked.commands, 1) if entry.snapshot is not None]
    assert kept and len(kept) <= 400 // 8  # never within 8 commands of the last (SNAPSHOT_SPACING)
    assert checked.state_at(400) == states[400]

