"""Ending a phase: the press that finishes an upkeep phase, timed from its pin edge to the OLED.

The presses a player waits on most are the ones that end a phase: the
engine runs the automatic steps that follow, and the controller asks for a
backup of the journal (device/controller.py, ``_commit``; the backup worker
takes it at the next idle moment, device/backup_worker.py). One such press
per game, each a ``next`` on the phase's last reminder:

- Kreel Manor: "2. Threat Phase" (its Draw reminder; Add 1 Threat runs after);
- Gloom of Kilforth: the Night (its unveil reminder; Dawn and Breaking Camp run);
- Tainted Grail: Start of Day (its event reminder; the Day starts);
- Myth: Dark Frontier: the Planning phase (the heroes' reminder; the Action
  phase starts and the enemy's cards are resolved).

How it is taken. The simulated box is wired as ``tablewarden run`` wires it
(benchmarks/rig.py) from the default ``Config``, screen included: its pygame
screen draws on the ``dummy`` driver after every OLED frame, on the loop
thread, as on the box. Only the OLED's idle timers are off, so no timer frame
lands inside a measurement. The game is brought to the press before the
phase ends by feeding the controller, from a new game, what a player in a
hurry would do (forms confirmed, rolls the prompts ask for, ``next``:
``_default_input``); then the real ``Service`` loop runs on
the main thread and a driver thread presses ``next`` as gpiozero mock pin
edges: the button goes down, stays down past its debounce, and the clock
starts at the release edge, the edge the box acts on (a press is only known
not to be a hold once it is released). It stops when the OLED adapter is
handed the first frame that is out of the phase. Each sample is then undone
with an untimed ``undo`` press, and the driver waits (a ``Sync`` through the
queue) until the loop is idle, screen drawn, before the next one; one
warm-up press is not counted. p99 is the nearest rank: with under 100
samples it is the slowest one.

Each game is measured twice: in a fresh journal, and in a journal file that
also holds a second save slot of 100,000+ commands (20 MB: a long campaign's
file). That slot is written with direct SQLite inserts of valid rows
(alternating Spirit detents and their snapshots, exactly what
``Journal.commit`` would write) in one transaction per 10,000, and restored
once through ``Journal.state`` to check it. The baseline is the time one
SSD1306 frame takes on 400 kHz I2C, as in ``latency``: input handling should
never be what the player waits for.

fsyncs on the input path: SQLite's syncs happen in C, out of Python's sight,
so they are counted by the kernel's own account of system calls. The same
measurement runs in a child process under ``strace -f`` tracing only
``fsync``, ``fdatasync`` and ``access``; the driver calls ``access()`` on a
marker path just before the release edge, and the loop calls it each time it
has shown a frame, naming the frame's procedure. A press's syncs are those
started between its edge marker and the first frame out of the phase: the
ones made by the loop's thread (the thread that shows frames: the input
path) are the figure, those of other threads in the same window (the backup
worker) are named beside it. strace slows the traced calls, so this run
gives counts, never times. Without ``strace``, or where it may not trace
(a container refusing ptrace), the rows say so and show no figure
(``make bench`` installs strace).

Backup wear: scripted play per game (mostly ``next``, forms confirmed as they
open, Kilforth's Camp from the action menu, a Spirit detent every third
input), one input every 10 s of table time, through the real loop with the
backup worker. Play runs ``WEAR_PACE`` times faster than at the table, and the
worker's waits (its idle time, the spacing of backups) are shortened alike.
Backup bytes are the sizes of the backup files that appear, the one taken
when the service stops included (a copy abandoned and restarted is not
counted); the baseline is the journal's own growth over the same play: the
bytes of the commands, descriptions and snapshots it added (the file itself
grows by whole pages, and reuses freed ones). Both are scaled to an hour;
a short (``--quick``) run overstates the backups, since the first backup of
a session and the one at its stop are a larger share of it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.latency import I2C_FRAME_MS
from benchmarks.results import Result, median, percentile
from benchmarks.rig import Rig, build_rig
from device.backup import list_backups
from device.config import Config, ScreenConfig
from device.controller import Controller
from device.events import DiceRolled, Press, Quit, Sync, Turn
from device.forms import CursorMenu, PromptForm
from device.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from firmware_bridge.protocol import NAMED_FACES
from games.core import Command, get_game
from games.core.engine import apply, command_specs, current_step, new_game

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
    rows = [(_state_row({"name": "adjust", "params": {"track": FILL_TRACK, "delta": d}}), text)
            for d, text in ((-1, down.description), (1, up.description))]
    snapshot = _state_row(initial)
    db = sqlite3.connect(data_dir / JOURNAL_FILE, isolation_level=None)
    try:
        columns = [row[1] for row in db.execute("PRAGMA table_info(commands)")]
        if sorted(columns) != sorted(["game", "seq", "command", "schema", "description", "created"]):
            raise RuntimeError(f"the journal's commands table changed ({columns}): update fill_journal")
        db.execute("PRAGMA journal_mode=WAL")
        seq = 0
        while seq < commands or os.path.getsize(data_dir / JOURNAL_FILE) < min_bytes:
            batch = range(seq + 1, seq + 1 + 10_000)
            db.execute("BEGIN")
            db.executemany(
                "INSERT INTO commands (game, seq, command, schema, description, created)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                ((slot, s, *rows[(s - 1) % 2][:1], game.schema_version, rows[(s - 1) % 2][1], 1e9 + s)
                 for s in batch))
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


def _mark(what: str) -> None:
    os.access(f"{MARK_DIR}/{what}", os.F_OK)


def measure(phase: PhaseEnd, data_dir: Path, samples: int, marks: bool = False) -> list[float]:
    """Milliseconds from the release edge of each phase-ending ``next`` to its OLED frame."""
    rig = prepared_rig(phase, data_dir)
    box, pins, service, controller = rig.box, rig.pins, rig.service, rig.controller
    frames = threading.Condition()
    stamps: list[tuple[float, str | None]] = []  # when each frame was shown, in which procedure
    show = box.display.show

    def timed_show(image) -> None:
        show(image)
        shown = (time.perf_counter(), _where(controller)[0])
        if marks:
            _mark(f"shown-{shown[1]}")
        with frames:
            stamps.append(shown)
            frames.notify_all()

    def frame_after(index: int, wanted: Callable[[str | None], bool]) -> float:
        """When the first frame after ``index`` in the wanted procedure was shown.
        A frame between (the tray's status line changing) is waited past."""
        with frames:
            if not frames.wait_for(lambda: any(wanted(p) for _, p in stamps[index:]), 30):
                raise TimeoutError(f"no frame in the wanted procedure within 30 s after frame {index}")
            return next(when for when, p in stamps[index:] if wanted(p))

    def quiet() -> None:
        """Until the tray has said what it says after a press, and the loop is idle (screen drawn)."""
        time.sleep(0.05)
        sync = Sync()
        service.emit(sync)
        if not sync.done.wait(30):
            raise TimeoutError("the loop did not come back to the queue within 30 s")

    box.display.show = timed_show
    latencies: list[float] = []
    failure: list[str] = []

    def drive() -> None:  # the pins are driven from another thread, as gpiozero's callbacks are
        try:
            deadline = time.monotonic() + 10
            while box.dice.status in ("Tray absent", "Tray connecting") and time.monotonic() < deadline:
                time.sleep(0.01)  # the tray greets the reader once, at the start
            settle = pins.pins.bounce_time + 0.01
            for i in range(samples + 1):
                quiet()
                pins.down("next")
                time.sleep(2 * settle)
                index = len(stamps)
                if marks:
                    _mark(f"edge-{phase.procedure}")
                started = time.perf_counter()
                pins.up("next")
                ended = frame_after(index, lambda procedure: procedure != phase.procedure)
                if i:  # the first press is the warm-up
                    latencies.append((ended - started) * 1e3)
                time.sleep(settle)
                quiet()
                index = len(stamps)
                pins.press("undo")
                frame_after(index, lambda procedure: procedure == phase.procedure)
        except Exception as exc:  # reported below, after the loop has stopped
            failure.append(repr(exc))
        finally:
            service.emit(Quit())

    driver = threading.Thread(target=drive, daemon=True)
    try:
        service.run(on_ready=driver.start)  # the loop on this (the main) thread, as in the service
    finally:
        driver.join(30)
        rig.close()
    if failure:
        raise RuntimeError(f"{phase.game}: {failure[0]}")
    return latencies


# --- fsyncs, counted by strace in a child process ------------------------------------

SYNC_CALL = re.compile(r"^(\d+) +(fsync|fdatasync)\(")
MARK_CALL = re.compile(rf'^(\d+) +access\("{MARK_DIR}/(edge|shown)-([^"]*)"')


def count_syncs(trace: str) -> list[tuple[int, int]]:
    """Per marked press, the fsync/fdatasync calls started between its edge marker
    (``edge-<procedure>``) and the first frame shown outside that procedure: those of
    the loop's thread (the one that shows frames), and those of any other thread."""
    counts: list[dict[str, int]] = []
    ending: str | None = None  # the procedure the press being counted ends
    loop_thread = ""
    for line in trace.splitlines():
        if "resumed>" in line:
            continue  # the second half of a call already counted
        if mark := MARK_CALL.search(line):
            thread, kind, procedure = mark.groups()
            if kind == "edge":
                ending = procedure
                counts.append({})
            else:
                loop_thread = thread
                if ending is not None and procedure != ending:
                    ending = None
        elif ending is not None and (call := SYNC_CALL.search(line)):
            counts[-1][call.group(1)] = counts[-1].get(call.group(1), 0) + 1
    return [(press.get(loop_thread, 0), sum(press.values()) - press.get(loop_thread, 0)) for press in counts]


def _probe(output: Path, samples: int) -> None:
    """The child's side: each game's presses with markers; the counts go to ``output``."""
    results = {}
    for phase in PHASE_ENDS:
        with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
            measure(phase, Path(tmp), samples, marks=True)
        results[phase.game] = True
    output.write_text(json.dumps(results))


def syncs_per_press(samples: int) -> dict[str, list[tuple[int, int]]] | str:
    """Each game's fsync counts per phase-ending press, on the loop's thread and on others
    (a fresh journal), or why they could not be counted."""
    strace = shutil.which("strace")
    if strace is None:
        return "no strace"
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        trace, done = Path(tmp) / "trace", Path(tmp) / "done.json"
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        command = [strace, "-f", "-qq", "-e", "trace=fsync,fdatasync,access", "-o", str(trace),
                   sys.executable, "-m", "benchmarks.phase_end", "--probe", str(done),
                   "--samples", str(samples)]
        ran = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parents[1])
        if not done.exists():
            if "ptrace" in ran.stderr.lower() or "operation not permitted" in ran.stderr.lower():
                return "strace may not trace here (ptrace refused)"
            raise RuntimeError(f"the traced measurement failed (exit {ran.returncode}): {ran.stderr[-2000:]}")
        counts = count_syncs(trace.read_text())
        games = json.loads(done.read_text())
    # each game ran samples + 1 presses (the warm-up first), in PHASE_ENDS order
    per_game, presses = {}, samples + 1
    if len(counts) != presses * len(games):
        raise RuntimeError(f"strace saw {len(counts)} marked presses, not {presses * len(games)}")
    for index, game in enumerate(games):
        per_game[game] = counts[index * presses + 1:(index + 1) * presses]
    return per_game


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


def wear(phase: PhaseEnd, data_dir: Path, inputs: int) -> tuple[int, int]:
    """Bytes of the backups written over ``inputs`` inputs of scripted play, and of the history added.

    The inputs go to the real loop, one every ``SECONDS_PER_INPUT / WEAR_PACE``
    seconds, with the backup worker's waits shortened by ``WEAR_PACE`` too.
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
    try:
        rig.service.run(on_ready=driver.start)
    finally:
        driver.join(30)
        rig.close()  # a pending backup is taken now, as when the service stops
    look()
    if failure:
        raise RuntimeError(f"{phase.game}: {failure[0]}")
    return sum(written.values()), _history_bytes(data_dir) - history_before


# --- the benchmark -------------------------------------------------------------------


def _latency_rows(label: str, phase: PhaseEnd, latencies: list[float], target: bool) -> list[Result]:
    p99 = percentile(latencies, 99)
    name = f"{phase.phase} ends ({phase.game}), {label}"
    return [
        Result(f"{name}: median of {len(latencies)} presses", median(latencies), "ms", I2C_FRAME_MS,
               "one SSD1306 frame on 400 kHz I2C"),
        Result(f"{name}: p99 of {len(latencies)} presses", p99, "ms", I2C_FRAME_MS,
               "one SSD1306 frame on 400 kHz I2C", "p99 <= one I2C frame" if target else "",
               p99 <= I2C_FRAME_MS if target else None),
    ]


def run(quick: bool = False) -> list[Result]:
    small, large, probe, inputs = (5, 3, 2, 9) if quick else (100, 30, 5, 60)
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        root = Path(tmp)
        template = root / "filled"
        started = time.perf_counter()
        fill_journal(template)
        size = (template / JOURNAL_FILE).stat().st_size
        large_label = f"{size / 1e6:.0f} MB journal (100k+ commands)"
        print(f"  a {size / 1e6:.1f} MB journal filled in {time.perf_counter() - started:.1f} s", flush=True)
        for phase in PHASE_ENDS:
            latencies = measure(phase, root / f"small-{phase.game}", small)
            results += _latency_rows("fresh journal", phase, latencies, False)
            filled = root / f"large-{phase.game}"
            shutil.copytree(template, filled)
            results += _latency_rows(large_label, phase, measure(phase, filled, large), True)
            shutil.rmtree(filled)
        results += _sync_rows(probe)
        play_seconds = inputs * SECONDS_PER_INPUT * len(PHASE_ENDS)
        per_hour = 3600 / play_seconds
        for label, fresh in (("fresh journals", True), (large_label, False)):
            backup_bytes = growth = 0
            for phase in PHASE_ENDS:
                data = root / f"wear-{phase.game}"
                if not fresh:
                    shutil.copytree(template, data)
                written, grown = wear(phase, data, inputs)
                backup_bytes += written
                growth += grown
                shutil.rmtree(data)
            results.append(Result(
                f"backup bytes written per hour of play, {label} ({inputs} inputs a game, one every "
                f"{SECONDS_PER_INPUT} s, run {WEAR_PACE}x faster)", backup_bytes * per_hour / 1e6, "MB",
                growth * per_hour / 1e6, "the history the journal added in that hour"))
    return results


def _sync_rows(samples: int) -> list[Result]:
    syncs = syncs_per_press(samples)
    rows = []
    for phase in PHASE_ENDS:
        name = f"fsync/fdatasync per {phase.phase}-ending press ({phase.game}) on the loop's thread"
        if isinstance(syncs, str):
            rows.append(Result(f"{name}: not counted ({syncs})", float("nan"), "calls", 1,
                               "one commit's fsync", "<= 1 per press", None))
            continue
        loop = max(count for count, _ in syncs[phase.game])
        others = max(count for _, count in syncs[phase.game])
        rows.append(Result(f"{name}, most of {len(syncs[phase.game])} (strace; other threads meanwhile: "
                           f"{others})", loop, "calls", 1, "one commit's fsync", "<= 1 per press", loop <= 1))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.phase_end",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--samples", type=int, default=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:
        _probe(args.probe, args.samples)
        return 0
    for result in run(quick=args.quick):
        print(f"{result.name}: {result.value:.3g} {result.unit} (baseline {result.baseline:.3g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
