"""Where each game's phase ends, the long journal, and the wear of scripted play.

The presses a player waits on most are the ones that end a phase: the
engine runs the automatic steps that follow, and the controller asks for a
backup of the journal (app/controller.py, ``_commit``; the backup worker
takes it at the next idle moment, store/backup_worker.py). One such press
per game, each a ``next`` on the phase's last reminder (``PHASE_ENDS``),
where benchmarks/latency.py measures every kind of press:

- Kreel Manor: "2. Threat Phase" (its Draw reminder; Add 1 Threat runs after);
- Gloom of Kilforth: the Night (its unveil reminder; Dawn and Breaking Camp run);
- Tainted Grail: Start of Day (its event reminder; the Day starts);
- Myth: Dark Frontier: the Planning phase (the heroes' reminder; the Action
  phase starts and the enemy's cards are resolved).

A game is brought there by feeding the controller, from a new game, what a
player in a hurry would do (forms confirmed, rolls the prompts ask for,
``next``: ``_default_input``), untimed.

The long journal (``fill_journal``): a journal file that also holds a second
save slot of 100,000+ commands (20 MB: a long campaign's file), written with
direct SQLite inserts of valid rows (alternating Spirit detents and their
snapshots, exactly what ``Journal.commit`` writes for them) in one
transaction per 10,000, and restored once through ``Journal.state`` to check
it.

Wear (this module's own figures): scripted play per game (mostly ``next``,
forms confirmed as they open, Kilforth's Camp from the action menu, a Spirit
detent every third input), one input every 10 s of table time, through the
real loop with the backup worker, in a fresh journal and in the long one. The
long one comes with the backups a box that played it would have
(``backed_up``): its mirror in step and a whole copy at the same generation,
so what is measured is play, not the one whole copy of a first backup.
Play runs ``WEAR_PACE`` times faster than at the table, and the worker's
waits (its idle time, the spacing of backups) are shortened alike. What the
process writes is its own count (``wchar`` of /proc/self/io: the WAL, the
worker's checkpoints and backups, all threads), from the first input to the
service's stop, per command committed; ``write_bytes`` (what reached the
block layer, whole file-system blocks) is named beside it. The baseline is
the game history the journal added per command: the bytes of the commands,
descriptions and snapshots. Backup bytes are the sizes of the whole backup
copies that appear, the one taken when the service stops included, scaled to
an hour of play (the mirror's syncs are in the bytes written per command); a
short (``--quick``) run overstates them, since the first backup of a session
and the one at its stop are a larger share of it.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from dataclasses import astuple, dataclass
from pathlib import Path

from app.config import Config, ScreenConfig
from app.controller import Controller
from app.forms import CursorMenu, PromptForm
from benchmarks.results import Result, module_main, process_io
from benchmarks.rig import Rig, build_rig
from contracts.events import DiceRolled, Press, Quit, Sync, Turn
from firmware_bridge.protocol import NAMED_FACES
from games.core import Command, get_game
from games.core.engine import apply, command_specs, current_step, new_game
from store.backup import list_backups, write_backup
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from store.mirror import build_mirror
from store.replay import outcome_text

SEED = 3


@dataclass(frozen=True)
class PhaseEnd:
    """Where a game's phase-ending press is: ``next`` at ``procedure``/``step``.

    From a new game, the game is advanced there as a player in a hurry would
    play (see :func:`_default_input`).
    """

    game: str
    phase: str
    procedure: str  # the procedure the press ends
    step: str  # its step when the press comes
    day_action: str | None = None  # the action menu's command that ends a day with no procedure running


PHASE_ENDS = (
    # Delve: the round starts, Story, abilities, the first Location's Sneak, effects.
    PhaseEnd("kreel-manor", "Threat phase", "threat", "draw"),
    # Setup, then Day 1's Camp from the action menu, the Night card as its form has it.
    PhaseEnd("gloom-of-kilforth", "Night", "night", "unveil", day_action="camp"),
    # Campaign setup, Day 1, the End of Day (rest as its form has it), Start of Day's reminders.
    PhaseEnd("tainted-grail", "Start of Day", "start-of-day", "event"),
    # Setup (the objectives, the tray's fate pool), then the Planning reminder.
    PhaseEnd("myth-dark-frontier", "Planning phase", "planning", "heroes"),
)
MAX_ADVANCE = 100  # inputs from a new game to a phase's end, at most

FILL_GAME = "kreel-manor"
FILL_TRACK = "hero1.spirit"
FILL_COMMANDS = 100_000
FILL_BYTES = 20_000_000
MARK_DIR = "/tablewarden-bench-mark"  # never exists: access() on it is only a marker for strace
SECONDS_PER_INPUT = 10  # the scripted play's pace at the table
WEAR_PACE = 30  # ... run this many times faster, the backup worker's waits shortened alike


def _state_row(value: dict) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def fill_journal(data_dir: Path, commands: int = FILL_COMMANDS, min_bytes: int = FILL_BYTES) -> int:
    """Add a save slot of at least ``commands`` commands, and at least ``min_bytes``
    of file, to the journal in ``data_dir``; return the slot id.

    The rows are those ``Journal.commit`` writes for Spirit detents alternately
    down and up (so every snapshot, taken at an even position, is the initial
    state), inserted in one transaction; the slot is then restored through the
    journal to check it.
    """
    journal, _ = Journal.open(data_dir)
    slot = journal.new_game(FILL_GAME, {}, 1, name="A long campaign")
    snapshot_every = journal.snapshot_every
    journal.close()
    game = get_game(FILL_GAME)
    initial = new_game(game, {}, 1).state
    down = apply(game, initial, Command("adjust", {"track": FILL_TRACK, "delta": -1}))
    up = apply(game, down.state, Command("adjust", {"track": FILL_TRACK, "delta": 1}))
    if up.state != initial or snapshot_every % 2:
        raise RuntimeError("the filler's detents do not come back to the initial state")
    rows = [(_state_row({"name": "adjust", "params": {"track": FILL_TRACK, "delta": d}}), text,
             outcome_text(game, before, after))
            for d, text, before, after in ((-1, down.description, initial, down.state),
                                           (1, up.description, down.state, up.state))]
    snapshot = _state_row(initial)
    db = sqlite3.connect(data_dir / JOURNAL_FILE, isolation_level=None)
    try:
        columns = [row[1] for row in db.execute("PRAGMA table_info(commands)")]
        expected = ["game", "seq", "command", "schema", "description", "created", "outcome"]
        if sorted(columns) != sorted(expected):
            raise RuntimeError(f"the journal's commands table changed ({columns}): update fill_journal")
        db.execute("PRAGMA journal_mode=WAL")
        seq = 0
        while seq < commands or os.path.getsize(data_dir / JOURNAL_FILE) < min_bytes:
            batch = range(seq + 1, seq + 1 + 10_000)
            db.execute("BEGIN")
            db.executemany(
                "INSERT INTO commands (game, seq, command, schema, description, created, outcome)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                ((slot, s, rows[(s - 1) % 2][0], game.schema_version, rows[(s - 1) % 2][1], 1e9 + s,
                  rows[(s - 1) % 2][2]) for s in batch))
            db.executemany("INSERT INTO snapshots (game, seq, state) VALUES (?, ?, ?)",
                           ((slot, s, snapshot) for s in batch if s % snapshot_every == 0))
            seq = batch[-1]
            db.execute("UPDATE games SET cursor=? WHERE id=?", (seq, slot))
            db.execute("COMMIT")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    journal, _ = Journal.open(data_dir)
    try:
        state, at = journal.state(slot)
        if at != seq or state != initial:
            raise RuntimeError("the filled slot does not restore to the state its rows give")
    finally:
        journal.close()
    return slot


def backed_up(data_dir: Path) -> None:
    """Give the journal in ``data_dir`` the backups a box that had played it would have: a whole
    copy and the mirror, both at its generation (the backup worker then syncs the mirror, and adds
    a whole copy only when its wear budget allows)."""
    db = sqlite3.connect(data_dir / JOURNAL_FILE, isolation_level=None)
    try:
        write_backup(db, data_dir / BACKUP_DIR, 5, time.time)
        build_mirror(db, data_dir / BACKUP_DIR)
    finally:
        db.close()


def prepared_rig(phase: PhaseEnd, data_dir: Path, config: Config | None = None, **options) -> Rig:
    """The box on a new game of ``phase.game``, played up to the press that ends
    ``phase`` through the controller (untimed, no pins)."""
    rig = build_rig(data_dir, config, seed=SEED,
                    before=lambda journal: journal.new_game(phase.game, {}, SEED), **options)
    try:
        for _ in range(MAX_ADVANCE):
            if _where(rig.controller) == (phase.procedure, phase.step) and rig.controller.overlay is None:
                return rig
            rig.controller.handle(_default_input(rig.controller, phase))
        raise RuntimeError(f"{phase.game}: {MAX_ADVANCE} inputs from a new game did not reach "
                           f"{phase.procedure}/{phase.step}; it stands at {_where(rig.controller)}")
    except BaseException:
        rig.close()
        raise


def _where(controller: Controller) -> tuple[str | None, str | None]:
    state = controller.state()
    step = current_step(controller.game(), state)
    return (state["procedure"] or {}).get("name"), step.id if step else None


# --- backup wear over an hour of play ------------------------------------------------


def _history_bytes(data_dir: Path) -> int:
    """The bytes of game history the journal holds: its commands, their descriptions, its snapshots."""
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        commands = db.execute("SELECT TOTAL(length(command) + length(description)) FROM commands").fetchone()
        snapshots = db.execute("SELECT TOTAL(length(state)) FROM snapshots").fetchone()
    finally:
        db.close()
    return int(commands[0] + snapshots[0])


def _default_input(controller: Controller, phase: PhaseEnd, i: int = 0) -> object:
    """What a player in a hurry does next.

    A roll the current prompt asks for comes from the tray (the named faces in
    turn, numbered dice all on their middle face); an open form is confirmed
    as it is, or after a refusal, with its focused value turned one up; with
    no procedure running, the phase's ``day_action`` is chosen from the
    action menu (Kilforth's Camp); else ``next``. In the scripted hour (``i``,
    the input's number) the Spirit dial is also turned every third input.
    """
    overlay = controller.overlay
    state = controller.state()
    step = current_step(controller.game(), state) if controller.playing else None
    if step is not None and step.dice is not None and isinstance(overlay, PromptForm):
        count, kind = step.dice(state)
        names = NAMED_FACES.get(kind)
        faces = [names[n % len(names)] if names else int(kind[1:]) // 2 + 1 for n in range(count)]
        return DiceRolled(tuple({"kind": kind, "face": face} for face in faces))
    if isinstance(overlay, PromptForm):
        refused = controller.message is not None and controller.message.kind == "error"
        return Turn("spirit", 1) if refused else Press("select")
    if isinstance(overlay, CursorMenu):
        wanted = command_specs(get_game(phase.game))[phase.day_action].help if phase.day_action else None
        for index, (label, _) in enumerate(overlay.items):
            if label == wanted:
                return Turn("menhir", index - overlay.cursor) if index != overlay.cursor else Press("select")
        return Press("back")
    if i % 3 == 2:
        return Turn("spirit", -1 if i % 2 else 1)
    if phase.day_action and state["procedure"] is None:
        return Press("select")  # the action menu, for the day's action
    return Press("next")


@dataclass
class Wear:
    """What one game's scripted play wrote."""

    backups: int  # bytes of the backup files that appeared
    history: int  # bytes of game history the journal added
    written: int  # bytes the process handed to the kernel to write (wchar)
    reached: int  # ... and what reached the block layer (write_bytes)
    commands: int  # commands committed


def wear(phase: PhaseEnd, data_dir: Path, inputs: int) -> Wear:
    """What ``inputs`` inputs of scripted play write, backups and checkpoints included.

    The inputs go to the real loop, one every ``SECONDS_PER_INPUT / WEAR_PACE``
    seconds, with the backup worker's waits shortened by ``WEAR_PACE`` too.
    The process's own count (/proc/self/io) runs from the first input to the
    service's stop (its last backup included); nothing else runs meanwhile,
    and logging is off so that only the journal and its backups write.
    """
    rig = prepared_rig(phase, data_dir, Config(screen=ScreenConfig(enabled=False)), backup_pace=WEAR_PACE)
    backup_dir = data_dir / BACKUP_DIR
    existing = {path.name for path in list_backups(backup_dir)}
    written: dict[str, int] = {}

    def look() -> None:
        for path in list_backups(backup_dir):
            if path.name not in existing and path.name not in written:
                written[path.name] = path.stat().st_size

    history_before = _history_bytes(data_dir)
    seq_before = rig.journal.state()[1]
    failure: list[str] = []

    def drive() -> None:
        try:
            for i in range(inputs):
                started = time.monotonic()
                sync = Sync()
                rig.service.emit(_default_input(rig.controller, phase, i))
                rig.service.emit(sync)
                if not sync.done.wait(30):
                    raise TimeoutError(f"input {i} was not handled within 30 s")
                look()
                time.sleep(max(0.0, SECONDS_PER_INPUT / WEAR_PACE - (time.monotonic() - started)))
        except Exception as exc:  # reported below, after the loop has stopped
            failure.append(repr(exc))
        finally:
            rig.service.emit(Quit())

    driver = threading.Thread(target=drive, daemon=True)
    logging.disable(logging.CRITICAL)
    io_before = process_io()
    try:
        rig.service.run(on_ready=driver.start)
    finally:
        driver.join(30)
        commands = rig.journal.state()[1] - seq_before
        rig.close()  # a pending backup is taken now, as when the service stops
        io_after = process_io()
        logging.disable(logging.NOTSET)
    look()
    if failure:
        raise RuntimeError(f"{phase.game}: {failure[0]}")
    return Wear(sum(written.values()), _history_bytes(data_dir) - history_before,
                io_after["wchar"] - io_before["wchar"], io_after["write_bytes"] - io_before["write_bytes"],
                commands)


# --- the benchmark -------------------------------------------------------------------

WEAR_TARGET = 16 * 1024  # bytes written per command, backups included


def run(quick: bool = False) -> list[Result]:
    inputs = 9 if quick else 60
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        root = Path(tmp)
        template = root / "filled"
        started = time.perf_counter()
        fill_journal(template)
        backed_up(template)
        size = (template / JOURNAL_FILE).stat().st_size
        large_label = f"{size / 1e6:.0f} MB journal (100k+ commands)"
        print(f"  a {size / 1e6:.1f} MB journal filled in {time.perf_counter() - started:.1f} s", flush=True)
        play_seconds = inputs * SECONDS_PER_INPUT * len(PHASE_ENDS)
        per_hour = 3600 / play_seconds
        per_command: dict[bool, float] = {}
        for label, fresh in (("fresh journals", True), (large_label, False)):
            totals = Wear(0, 0, 0, 0, 0)
            for phase in PHASE_ENDS:
                data = root / f"wear-{phase.game}"
                if not fresh:
                    shutil.copytree(template, data)
                one = wear(phase, data, inputs)
                totals = Wear(*(a + b for a, b in zip(astuple(totals), astuple(one), strict=True)))
                shutil.rmtree(data)
            commands = max(1, totals.commands)
            per_command[fresh] = totals.written / commands
            how = (f"scripted play of the four games, {label} ({inputs} inputs a game, one every "
                   f"{SECONDS_PER_INPUT} s of table time, run {WEAR_PACE}x faster; "
                   f"{totals.commands} commands)")
            if fresh:
                target, met = f"<= {WEAR_TARGET // 1024} KiB", per_command[fresh] <= WEAR_TARGET
            else:
                target = "<= 1.2x the fresh journals' figure"
                met = per_command[False] <= 1.2 * per_command[True]
            results += [
                Result(f"bytes written per command, backups and checkpoints included, {how}; "
                       f"block layer: {totals.reached / commands:,.0f} B", per_command[fresh], "B",
                       totals.history / commands, "the history the journal added per command", target, met),
                Result(f"whole backup copies written per hour of play, {label}",
                       totals.backups * per_hour / 1e6, "MB", totals.history * per_hour / 1e6,
                       "the history the journal added in that hour"),
            ]
    return results


if __name__ == "__main__":
    sys.exit(module_main("phase_end", __doc__, run))


