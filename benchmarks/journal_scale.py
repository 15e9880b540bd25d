"""Journal scale and wear: restore and undo at 1k/10k/100k commands, bytes written per command.

Restore is what start-up does (open the file, rebuild the active game's
state at its cursor); undo moves the cursor back one command. Both replay
from the nearest snapshot, so their cost should not grow with the journal's
length: each is reported against the same operation at 1k commands.

Opening is measured twice. After a clean shutdown (the journal closed, no
``-wal`` left) the start-up check is the cheap one (header, size, schema,
small tables; device/journal.py); after a power cut (a ``-wal`` left beside
the file, here an empty one put there before each open) it is SQLite's full
``integrity_check``, which reads every page and so grows with the file: that
row is shown for what a restart after a power cut costs, not as flat.

Long journals are built by importing an export (one transaction), since
committing 100k commands one fsync at a time only measures the disk.

Wear: the bytes this process hands to the kernel for writing (``wchar`` of
/proc/self/io) per committed command, against the size of the command's own
JSON — how much the journal (WAL frames, index pages, snapshots) writes for
each byte of game history. ``write_bytes`` (what reached the block layer) is
printed beside it where the kernel counts it.
"""

from __future__ import annotations

import json
import logging
import tempfile
import time
from pathlib import Path

from benchmarks.results import Result, median
from device.journal import EXPORT_FORMAT, EXPORT_VERSION, JOURNAL_FILE, Journal, export_checksum
from games.core import Command, get_game
from games.core.engine import new_game

GAME = "kreel-manor"
TRACK = "hero1.spirit"


def _adjust(i: int) -> dict:
    return {"name": "adjust", "params": {"track": TRACK, "delta": -1 if i % 2 == 0 else 1}}


def _export(commands: int) -> dict:
    document = {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": GAME, "name": f"{commands} commands",
        "created": 0.0, "options": {}, "seed": 1, "initial": new_game(get_game(GAME), {}, 1).state,
        "commands": [{"command": _adjust(i), "schema": get_game(GAME).schema_version, "created": 0.0}
                     for i in range(commands)],
        "cursor": commands, "checkpoints": [],
    }
    document["checksum"] = export_checksum(document)
    return document


def _timed(work, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return median(times) * 1e3


def scale(root: Path, sizes: tuple[int, ...], repeats: int) -> list[Result]:
    opened, opened_after_cut, restored, undone = {}, {}, {}, {}
    for size in sizes:
        data = root / f"journal-{size}"
        journal, _ = Journal.open(data)
        journal.activate(journal.import_game(_export(size)))
        journal.close()

        def reopen(data: Path = data) -> None:
            journal, _ = Journal.open(data)
            journal.close()

        def reopen_after_power_cut(data: Path = data) -> None:
            journal, _ = Journal.open(data)
            journal.close()

        opened[size] = _timed(reopen, repeats)
        cut_times = []
        for _ in range(repeats):
            (data / f"{JOURNAL_FILE}-wal").touch()  # what a power cut leaves behind
            cut_times.append(_timed(reopen_after_power_cut, 1))
        opened_after_cut[size] = median(cut_times)
        journal, _ = Journal.open(data)
        restored[size] = _timed(lambda journal=journal, size=size: journal.goto(size), repeats)

        def undo_redo(journal: Journal = journal) -> None:
            journal.undo()
            journal.redo()  # back where it was, for the next repeat

        undone[size] = _timed(undo_redo, repeats)
        journal.close()
    small = sizes[0]
    flat = "< 2x the time at 1k"
    rows = (("open the journal after a clean shutdown (start-up checks and restore)", opened, flat),
            ("open the journal after a power cut (full integrity check and restore)", opened_after_cut, ""),
            ("restore the state at the cursor (snapshot + replay)", restored, flat),
            ("undo + redo", undone, flat))
    return [Result(f"{what} at {size:,} commands", times[size], "ms", times[small], f"the same at {small:,}",
                   target, times[size] < 2 * times[small] if target else None)
            for what, times, target in rows for size in sizes[1:]]


def _io() -> dict[str, int]:
    pairs = (line.split(": ") for line in Path("/proc/self/io").read_text().splitlines())
    return {key: int(value) for key, value in pairs}


def wear(root: Path, commands: int) -> list[Result]:
    journal, _ = Journal.open(root / "wear")
    journal.new_game(GAME, {}, 1)
    logging.disable(logging.CRITICAL)  # only the journal writes during the count
    try:
        before = _io()
        for i in range(commands):
            journal.commit(Command.from_json(_adjust(i)))
        after = _io()
    finally:
        logging.disable(logging.NOTSET)
        journal.close()
    payload = sum(len(json.dumps(_adjust(i), separators=(",", ":"))) for i in range(commands)) / commands
    written = (after["wchar"] - before["wchar"]) / commands
    reached = (after["write_bytes"] - before["write_bytes"]) / commands
    return [Result(f"bytes written per command, {commands} commits (block layer: {reached:,.0f} B)", written,
                   "B", payload, "the command's own JSON")]


def run(quick: bool = False) -> list[Result]:
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        root = Path(tmp)
        results = scale(root, (1_000, 10_000) if quick else (1_000, 10_000, 100_000), 5 if quick else 21)
        results += wear(root, 100 if quick else 1000)
    return results
