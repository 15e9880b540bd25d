"""Journal scale: restore, history jumps and undo at the worst place, at 1k and 100k+ commands.

Restore is what start-up does (open the file, check it, rebuild the active
game's state at its cursor). A restore replays the commands after the
nearest snapshot, so the cursor is put where that replay is longest: just
before the snapshot that ends the widest gap between two snapshots (the
journal places them by replay cost, store/journal.py). Sizes are measured
alternately, one open of each in turn, so a machine that slows down or
speeds up during the run weighs on both alike; each figure is the median.

Opening is measured twice. After a clean shutdown (the journal closed, no
``-wal`` left) the start-up check is the cheap one (header, size, schema,
small tables); after a power cut (a ``-wal`` left beside the file, here an
empty one put there before each open) it is SQLite's full
``integrity_check``, which reads every page and so grows with the file: that
row is shown for what a restart after a power cut costs, not as flat.

A history jump goes from the end of the game to that worst place, with
nothing of it held in memory (a cold jump: snapshot, then replay). An undo at
its worst steps back over a snapshot that the journal has just restored (so
the states before it are not in memory either): it replays the widest gap.
Both are timed in CPU time of the thread, the journal's own write of the
cursor included, and held to 5 ms: the median of the repeats at the worst
place (the slowest sample is named beside it: a garbage collection of the
whole process can land in any one of them).

Long journals are built by importing an export (one transaction; the import
times every command again to place the snapshots as play would), since
committing 100k commands one fsync at a time only measures the disk. Each
game's own worst undo and jump are measured in a journal of its scripted
play (benchmarks/phase_end.py, ``_default_input``), at every snapshot (the
journal reopened there each time, so nothing before it is held in memory),
three times each; the figure is the slowest place's median.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from app.config import Config, ScreenConfig
from benchmarks.phase_end import FILL_TRACK, PHASE_ENDS, _default_input, backed_up, fill_journal, prepared_rig
from benchmarks.results import Result, median, module_main, process_io
from games.core import Command, get_game
from games.core.engine import new_game
from store.journal import BACKUP_DIR, EXPORT_FORMAT, EXPORT_VERSION, JOURNAL_FILE, Journal, export_checksum
from store.mirror import sync_mirror

GAME = "kreel-manor"
TRACK = "hero1.spirit"
JUMP_TARGET_MS = 5.0  # CPU, worst case, at any length


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


def snapshots(data_dir: Path, slot: int) -> list[int]:
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        return [seq for (seq,) in db.execute("SELECT seq FROM snapshots WHERE game=? ORDER BY seq", (slot,))]
    finally:
        db.close()


def worst_gap(seqs: list[int]) -> tuple[int, int]:
    """The widest gap between consecutive snapshots (0 counts as one): its start and end."""
    starts = [0, *seqs]
    return max(zip(starts, seqs, strict=False), key=lambda gap: (gap[1] - gap[0], gap[1]))


def _cpu(work: Callable[[], object]) -> float:
    started = time.thread_time()
    work()
    return (time.thread_time() - started) * 1e3


def _cold_undo(journal: Journal, at: int, end: int) -> float:
    """CPU ms of an undo from ``at`` with nothing before it in memory (``at`` just restored)."""
    journal.goto(end)
    journal.goto(at)
    return _cpu(journal.undo)


def _cold_jump(journal: Journal, to: int, end: int) -> float:
    """CPU ms of a jump from ``end`` to ``to``, nothing between held in memory."""
    journal.goto(end)
    return _cpu(lambda: journal.goto(to))


def scale(root: Path, sizes: tuple[int, ...], repeats: int) -> list[Result]:
    places: dict[int, tuple[Path, int, int, int]] = {}  # size: data dir, slot, worst gap's start, end
    for size in sizes:
        data = root / f"journal-{size}"
        journal, _ = Journal.open(data)
        slot = journal.import_game(_export(size))
        journal.activate(slot)
        start, end = worst_gap(snapshots(data, slot))
        journal.goto(end - 1)  # the cursor where a restore replays the most
        journal.close()
        places[size] = (data, slot, start, end)
    timings: list[dict[int, list[float]]] = [{size: [] for size in sizes} for _ in range(5)]
    opened, opened_cpu, opened_after_cut, jumped, undone = timings
    for _ in range(repeats):
        for size in sizes:  # alternately
            data = places[size][0]
            started, cpu = time.perf_counter(), time.thread_time()
            journal, _ = Journal.open(data)
            opened[size].append((time.perf_counter() - started) * 1e3)
            opened_cpu[size].append((time.thread_time() - cpu) * 1e3)
            journal.close()
        for size in sizes:
            data = places[size][0]
            (data / f"{JOURNAL_FILE}-wal").touch()  # what a power cut leaves behind
            started = time.perf_counter()
            journal, _ = Journal.open(data)
            opened_after_cut[size].append((time.perf_counter() - started) * 1e3)
            journal.close()
        for size in sizes:
            data, _, start, end = places[size]
            journal, _ = Journal.open(data)
            jumped[size].append(_cold_jump(journal, end - 1, size))
            undone[size].append(_cold_undo(journal, end, size))
            journal.goto(end - 1)
            journal.close()
    small = sizes[0]
    gaps = ", ".join(f"{places[size][3] - places[size][2]} at {size:,}" for size in sizes)
    rows: list[Result] = []
    for size in sizes[1:]:
        ratio_ok = median(opened[size]) <= 1.2 * median(opened[small])
        rows += [
            Result(f"restore: open the journal after a clean shutdown, cursor at the worst place, {size:,} "
                   f"commands (CPU {median(opened_cpu[size]):.3g} ms against "
                   f"{median(opened_cpu[small]):.3g})",
                   median(opened[size]), "ms", median(opened[small]), f"the same at {small:,}",
                   "<= 1.2x the time at 1k", ratio_ok),
            Result(f"open the journal after a power cut (full integrity check and restore), {size:,} "
                   "commands",
                   median(opened_after_cut[size]), "ms", median(opened_after_cut[small]),
                   f"the same at {small:,}"),
        ]
    for size in sizes:
        for what, figures in (("history jump to the worst place (cold)", jumped),
                              ("undo over a snapshot just restored, at the widest gap", undone)):
            typical = median(figures[size])
            rows.append(Result(f"{what}, {size:,} commands, CPU, median of {repeats} (slowest "
                               f"{max(figures[size]):.3g} ms; widest snapshot gaps: {gaps})", typical, "ms",
                               median(figures[small]), f"the same at {small:,}",
                               f"<= {JUMP_TARGET_MS:g} ms CPU", typical <= JUMP_TARGET_MS))
    return rows


def _reopened_at(data: Path, seq: int) -> Journal:
    """The journal with its cursor at ``seq``, closed and opened again: it holds nothing but
    what the restore at ``seq`` replayed."""
    journal, _ = Journal.open(data)
    journal.goto(seq)
    journal.close()
    journal, _ = Journal.open(data)
    return journal


def per_game(root: Path, inputs: int) -> list[Result]:
    """Each game's worst undo and history jump over a journal of its scripted play."""
    rows = []
    for phase in PHASE_ENDS:
        data = root / f"play-{phase.game}"
        rig = prepared_rig(phase, data, Config(screen=ScreenConfig(enabled=False)))
        try:
            for i in range(inputs):
                rig.controller.handle(_default_input(rig.controller, phase, i))
            slot, end = rig.journal.active_slot, rig.journal.state()[1]
        finally:
            rig.close()
        if slot is None:
            raise RuntimeError(f"{phase.game}: no game was active after its scripted play")
        seqs = [seq for seq in snapshots(data, slot) if seq <= end]
        undos, jumps = [], []
        for seq in seqs:  # each place three times: its median, so that a garbage collection is not the figure
            undone, jumped = [], []
            for _ in range(3):
                journal = _reopened_at(data, seq)  # restored from the snapshot at seq: nothing before it held
                undone.append(_cpu(journal.undo))
                journal.close()
                journal = _reopened_at(data, end)
                jumped.append(_cpu(partial(journal.goto, seq - 1)))
                journal.close()
            undos.append(median(undone))
            jumps.append(median(jumped))
        _reopened_at(data, end).close()
        commit = median(undos) if undos else float("nan")
        for what, figures in (("undo over a snapshot just restored", undos),
                              ("history jump to just before a snapshot (cold)", jumps)):
            worst = max(figures, default=float("nan"))
            at = ", ".join(map(str, seqs)) or "none"
            rows.append(Result(f"{phase.game}: {what}, CPU, the slowest place of {len(figures)} (median of 3 "
                               f"each; {end} commands of scripted play, snapshots at {at})", worst, "ms",
                               commit, "the median undo over a snapshot", f"<= {JUMP_TARGET_MS:g} ms CPU",
                               worst <= JUMP_TARGET_MS))
    return rows


def mirror_syncs(root: Path, sizes: tuple[int, ...], repeats: int) -> list[Result]:
    """A mirror sync after a few moves, as the backup worker makes all but its first of a session
    (store/mirror.py, not whole), in a journal holding a slot of each of ``sizes`` commands.

    The sizes take turns, one sync of each at a time, so that a machine that slows down or
    speeds up during the run weighs on both alike (taken one size after the other, two full
    runs put the 100k journal at 1.52x and at 0.75x the 1k one's)."""
    cpu: dict[int, list[float]] = {size: [] for size in sizes}
    read: dict[int, list[float]] = {size: [] for size in sizes}
    opened: dict[int, tuple[Path, Journal, sqlite3.Connection]] = {}
    try:
        for size in sizes:
            data = root / f"mirror-{size}"
            slot = fill_journal(data, commands=size, min_bytes=0)
            backed_up(data)  # a whole copy and the mirror, at the journal's generation
            journal, _ = Journal.open(data)
            journal.activate(slot)
            opened[size] = data, journal, sqlite3.connect(data / JOURNAL_FILE, isolation_level=None)
        for _ in range(repeats):
            for size, (data, journal, db) in opened.items():
                for j in range(4):  # a few detents, as between two backups
                    journal.commit(Command("adjust", {"track": FILL_TRACK, "delta": -1 if j % 2 == 0 else 1}))
                before, started = process_io().get("rchar", 0), time.thread_time()
                sync_mirror(db, data / BACKUP_DIR, whole=False)
                cpu[size].append((time.thread_time() - started) * 1e3)
                read[size].append(float(process_io().get("rchar", 0) - before))
    finally:
        for _, journal, db in opened.values():
            db.close()
            journal.close()
    small, large = sizes
    return [
        Result(f"mirror sync after 4 moves, CPU p50 ({repeats} syncs), a journal with a slot of {large:,} "
               f"commands against one of {small:,}", median(cpu[large]), "ms", median(cpu[small]),
               f"the same at {small:,} commands", "a small constant: <= 1.2x",
               median(cpu[large]) <= 1.2 * median(cpu[small])),
        Result(f"mirror sync after 4 moves, bytes read p50 (rchar), {large:,} commands against {small:,}",
               median(read[large]), "B", median(read[small]), f"the same at {small:,} commands",
               "a small constant: <= 1.2x", median(read[large]) <= 1.2 * median(read[small])),
    ]


def run(quick: bool = False) -> list[Result]:
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        root = Path(tmp)
        results = scale(root, (1_000, 10_000) if quick else (1_000, 100_000), 5 if quick else 21)
        results += mirror_syncs(root, (1_000, 10_000) if quick else (1_000, 100_000), 5 if quick else 21)
        results += per_game(root, 60 if quick else 400)
    return results


if __name__ == "__main__":
    sys.exit(module_main("journal_scale", __doc__, run))
