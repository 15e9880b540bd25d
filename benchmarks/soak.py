"""Soak: random play on the simulated box for minutes on end; it must never crash, freeze or damage the file.

A seeded generator plays all four games at random through the simulated
pins and the simulated dice tray, as fingers and dice would: presses,
holds (help, redo, the game list), dial turns, rolls on the tray (often the
roll the tray is armed for, sometimes any dice at all), and now and then a
trip through the menus to another game (hold back, a game, New game or
Continue, its form). The box is wired as ``tablewarden run`` wires it
(benchmarks/rig.py, the default ``Config``: screen, idle timers and backup
worker included), the real ``Service`` loop on the main thread and the
inputs from a driver thread, each input followed by a ``Sync`` through the
queue, so a loop that stops answering is seen at once.

It counts, each a row with target 0:

- crashes: an exception escaping the service loop (the box would restart),
  escaping the controller (``handle`` or ``frame``: the loop may catch it and
  show a fallback, but it is a bug), or ending any other thread (pins,
  tray reader, backup worker). After a loop crash the box is started again
  on the same data directory, as systemd would, and play goes on;
- freezes: the loop not reaching a ``Sync`` within ``FREEZE_AFTER`` seconds
  (every thread's stack is printed; the run cannot go on);
- integrity failures: ``PRAGMA integrity_check`` on the journal, from a
  read-only connection beside the running box every ``check_every`` seconds
  and on the closed file at the end;
- the end: ``tablewarden state --json`` on the data directory (the real CLI,
  which opens the journal and restores the active game) must succeed.

The run is a child process (``python -m benchmarks.soak``), so a hard crash
or a freeze is a finding, not the end of ``make bench``. The seed is printed
at the start and with every failure; ``TABLEWARDEN_SOAK_SEED`` (and
``TABLEWARDEN_SOAK_SECONDS``) replay one in ``make bench``, or run
``python -m benchmarks.soak --seed N --seconds S`` alone. A seed replays the
same inputs; the threads' timing is the machine's, so a race may need a few
runs to come back. The baseline of each row is the number of inputs played:
the ratio is failures per input.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, deque
from dataclasses import asdict, dataclass, field
from pathlib import Path

from app.config import Config
from benchmarks.results import Result
from benchmarks.rig import Rig, build_rig
from contracts.events import Quit, Sync
from firmware_bridge.protocol import NAMED_FACES
from games.core import all_games
from store.journal import JOURNAL_FILE

FREEZE_AFTER = 30.0
SEED_VARIABLE = "TABLEWARDEN_SOAK_SEED"
SECONDS_VARIABLE = "TABLEWARDEN_SOAK_SECONDS"
PROJECT = Path(__file__).resolve().parents[1]
RECENT = 12  # inputs kept to print with a failure

# How often each kind of input comes (relative weights).
WEIGHTS = {
    "press next": 22, "press select": 14, "press back": 8, "press undo": 8,
    "press spirit_push": 4, "press menhir_push": 4,
    "turn spirit": 14, "turn menhir": 10,
    "hold": 4, "dice": 8, "other game": 2,
}
HOLDS = {"back": 3, "select": 2, "undo": 2, "next": 1, "spirit_push": 1, "menhir_push": 1}
DICE_KINDS = {"d6": 6, "d10": 3, **dict.fromkeys(NAMED_FACES, 1)}


@dataclass
class Failure:
    kind: str  # "crash", "freeze", "integrity", "tray", "end"
    where: str
    text: str
    seed: int
    after_inputs: int
    recent: list[str] = field(default_factory=list)


@dataclass
class Report:
    seed: int
    seconds: float
    inputs: int = 0
    restarts: int = 0
    checks: int = 0
    faults_logged: int = 0
    games: dict[str, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    finished: bool = False  # the run came to its end and wrote this

    def count(self, kind: str) -> int:
        return sum(1 for failure in self.failures if failure.kind == kind)


class Soak:
    """One soak run on ``data_dir``: the generator, the report, and the box of the moment."""

    def __init__(self, data_dir: Path, seed: int, seconds: float, check_every: float,
                 report_path: Path | None = None) -> None:
        self.data_dir = data_dir
        self.rng = random.Random(seed)
        self.report = Report(seed, seconds)
        self.report_path = report_path
        self.check_every = check_every
        self.deadline = time.monotonic() + seconds
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.games: Counter[str] = Counter()
        self._lock = threading.Lock()

    # --- failures -------------------------------------------------------------------

    def fail(self, kind: str, where: str, text: str) -> None:
        with self._lock:
            failure = Failure(kind, where, text, self.report.seed, self.report.inputs, list(self.recent))
            self.report.failures.append(failure)
        print(f"soak {kind} in {where} (seed {failure.seed}, after {failure.after_inputs} inputs; "
              f"the last: {', '.join(failure.recent)}):\n{text}", flush=True)
        self.save()

    def save(self) -> None:
        if self.report_path is not None:
            self.report.games = dict(self.games)
            self.report_path.write_text(json.dumps(asdict(self.report)))

    def _thread_died(self, args: threading.ExceptHookArgs) -> None:
        name = args.thread.name if args.thread is not None else "a thread"
        text = "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback))
        self.fail("crash", f"thread {name}", text)

    def _watch(self, rig: Rig) -> None:
        """Record what escapes the controller (the loop still gets it), and the game on show."""
        controller = rig.controller
        handle, frame = controller.handle, controller.frame

        def watched_handle(event) -> None:
            try:
                handle(event)
            except BaseException:
                self.fail("crash", f"controller.handle({event})", traceback.format_exc())
                raise

        def watched_frame(*args):
            try:
                shown = frame(*args)
            except BaseException:
                self.fail("crash", "controller.frame()", traceback.format_exc())
                raise
            try:
                if shown.game is not None and controller.playing:
                    self.games[controller.state()["game"]] += 1
            except Exception:  # noqa: BLE001 - counting games must not be a fault of its own
                pass
            return shown

        controller.handle = watched_handle  # type: ignore[method-assign]  # wrapped: the soak watches each input
        controller.frame = watched_frame  # type: ignore[method-assign]

    # --- the inputs -----------------------------------------------------------------

    def _choose(self, rig: Rig) -> tuple[str, list]:
        """The next input as a label and the steps that perform it (``(how, what)`` pairs)."""
        rng = self.rng
        kind = rng.choices(list(WEIGHTS), list(WEIGHTS.values()))[0]
        hold_for = rig.pins.pins.hold_time + 0.05
        if kind.startswith("press "):
            control = kind.split()[1]
            return kind, [("press", control)]
        if kind.startswith("turn "):
            control = kind.split()[1]
            detents = rng.choice((-3, -2, -1, -1, 1, 1, 2, 3))
            return f"{kind} {detents:+d}", [("turn", (control, detents))]
        if kind == "hold":
            control = rng.choices(list(HOLDS), list(HOLDS.values()))[0]
            return f"hold {control}", [("hold", (control, hold_for))]
        if kind == "dice":
            dice = self._dice(rig)
            return "dice " + " ".join(f"{d['kind']}:{d['face']}" for d in dice), [("dice", dice)]
        # another game: the game list, a game, New game or Continue, then its form as it is
        games = len(all_games())
        steps = [("hold", ("back", hold_for)), ("turn", ("menhir", rng.randrange(games))),
                 ("press", "select"), ("turn", ("menhir", rng.randrange(3))), ("press", "select"),
                 ("press", "select")]
        return "another game", [step for step in steps if step[0] != "turn" or step[1][1]]

    def _dice(self, rig: Rig) -> list[dict]:
        rng = self.rng
        armed = rig.tray.armed
        if armed is not None and rng.random() < 0.7:
            count, kind = armed
        else:
            count, kind = rng.randint(1, 5), rng.choices(list(DICE_KINDS), list(DICE_KINDS.values()))[0]
        faces = NAMED_FACES.get(kind)
        sides = int(kind[1:]) if faces is None else 0
        return [{"kind": kind, "face": rng.choice(faces) if faces else rng.randint(1, sides)}
                for _ in range(count)]

    def _perform(self, rig: Rig, how: str, what) -> None:
        if how == "press":
            rig.pins.press(what)
        elif how == "hold":
            rig.pins.hold(*what)
        elif how == "turn":
            rig.pins.turn(*what)
        else:
            try:
                rig.tray.report(what)
            except (TimeoutError, ValueError) as exc:  # not acknowledged: the reader never took it
                self.fail("tray", "dice tray", f"the roll {what} was not taken: {exc!r}")

    def _sync(self, rig: Rig) -> bool:
        sync = Sync()
        rig.service.emit(sync)
        return sync.done.wait(FREEZE_AFTER)

    # --- integrity ----------------------------------------------------------------------

    def check(self, where: str) -> None:
        """``PRAGMA integrity_check`` on the journal through a read-only connection of its own."""
        path = self.data_dir / JOURNAL_FILE
        try:
            db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=10)
            try:
                rows = db.execute("PRAGMA integrity_check").fetchall()
            finally:
                db.close()
        except sqlite3.Error as exc:
            rows = [(f"{type(exc).__name__}: {exc}",)]
        self.report.checks += 1
        if rows != [("ok",)]:
            self.fail("integrity", where, "; ".join(str(row[0]) for row in rows[:5]))

    # --- the run ------------------------------------------------------------------------

    def _drive(self, rig: Rig, stop: threading.Event) -> None:
        next_check = time.monotonic() + self.check_every
        try:
            while not stop.is_set() and time.monotonic() < self.deadline:
                label, steps = self._choose(rig)
                self.recent.append(label)
                for how, what in steps:
                    self._perform(rig, how, what)
                    if not self._sync(rig):
                        self._freeze(label)
                self.report.inputs += 1
                if time.monotonic() >= next_check:
                    self.check("the running box")
                    next_check = time.monotonic() + self.check_every
        except Exception:  # the driver itself: a pin or the tray refused; the run says so
            self.fail("crash", "the driver (pins or tray)", traceback.format_exc())
        finally:
            stop.set()
            rig.service.emit(Quit())

    def _freeze(self, label: str) -> None:
        stacks = []
        for thread in threading.enumerate():
            frame = sys._current_frames().get(thread.ident) if thread.ident is not None else None
            if frame is not None:
                stacks.append(f"--- {thread.name}\n" + "".join(traceback.format_stack(frame)))
        self.fail("freeze", f"the loop, after {label}",
                  f"the loop did not reach a Sync within {FREEZE_AFTER:g} s\n" + "\n".join(stacks))
        os._exit(3)  # the main thread is stuck: nothing else can end this process

    def run(self) -> Report:
        threading.excepthook = self._thread_died
        faults = FaultCounter()
        logging.getLogger().addHandler(faults)
        print(f"soak seed {self.report.seed}: {self.report.seconds:g} s of random play "
              f"(replay: {SEED_VARIABLE}={self.report.seed})", flush=True)
        first = True
        while time.monotonic() < self.deadline:
            rig = build_rig(self.data_dir, Config(), seed=self.rng.randrange(2**31), timers=True,
                            before=self._new_games if first else None)
            first = False
            self._watch(rig)
            stop = threading.Event()
            driver = threading.Thread(target=self._drive, args=(rig, stop), name="soak-driver", daemon=True)
            try:
                rig.service.run(on_ready=driver.start)
            except BaseException:
                self.fail("crash", "the service loop", traceback.format_exc())
                self.report.restarts += 1
            finally:
                stop.set()
                driver.join(FREEZE_AFTER)
                try:
                    rig.close()
                except Exception:
                    self.fail("crash", "closing the box", traceback.format_exc())
        self.check("the closed journal")
        self._state()
        self.report.faults_logged = faults.count
        self.report.finished = True
        self.save()
        return self.report

    def _new_games(self, journal) -> None:
        """A game of each kind to continue from the menus; the last one is open."""
        for game in all_games():
            journal.new_game(game.id, {}, self.rng.randrange(2**31))

    def _state(self) -> None:
        """``tablewarden state --json``, the real CLI in a process of its own."""
        done = subprocess.run([sys.executable, "-m", "app.cli", "state", "--data-dir", str(self.data_dir),
                               "--json"], capture_output=True, text=True, timeout=120, cwd=PROJECT)
        try:
            json.loads(done.stdout)["state"]
        except (ValueError, KeyError, TypeError):
            self.fail("end", "tablewarden state", f"exit {done.returncode}: {done.stderr.strip()[-2000:]}")


class FaultCounter(logging.Handler):
    """Counts log records that carry a traceback: exceptions something caught and logged."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.count += 1


# --- the benchmark: the run in a child process -------------------------------------------


def soak(seconds: float, seed: int) -> Report:
    """Run the soak in a child process and read its report (a dead child is a crash)."""
    with tempfile.TemporaryDirectory(prefix="tablewarden-soak-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        command = [sys.executable, "-m", "benchmarks.soak", "--seed", str(seed), "--seconds", str(seconds),
                   "--data-dir", str(Path(tmp) / "data"), "--report", str(out)]
        try:
            done = subprocess.run(command, env=env, cwd=PROJECT, stderr=subprocess.PIPE, text=True,
                                  timeout=seconds + 4 * FREEZE_AFTER + 120)
            status: int | str = done.returncode
            errors = done.stderr
        except subprocess.TimeoutExpired as exc:
            status, errors = "killed: it did not end", str(exc.stderr or "")
        report = Report(seed, seconds)
        if out.exists():
            data = json.loads(out.read_text())
            failures = [Failure(**failure) for failure in data.pop("failures")]
            report = Report(**data, failures=failures)
        if not report.finished and not report.count("freeze"):
            report.failures.append(Failure("crash", "the soak process", f"exit {status}: {errors[-3000:]}",
                                           seed, report.inputs))
            print(f"soak process failed (seed {seed}): exit {status}\n{errors[-3000:]}", flush=True)
    return report


def run(quick: bool = False) -> list[Result]:
    seconds = float(os.environ.get(SECONDS_VARIABLE) or (20 if quick else 1200))
    seed = int(os.environ.get(SEED_VARIABLE) or random.SystemRandom().randrange(2**31))
    print(f"  soak seed {seed} ({seconds:g} s; replay with {SEED_VARIABLE}={seed})", flush=True)
    report = soak(seconds, seed)
    inputs = max(report.inputs, 1)
    span = f"{seconds / 60:g} min" if seconds >= 60 else f"{seconds:g} s"
    where = f"{span} of random play, seed {seed}"
    games = ", ".join(f"{game} {count}" for game, count in sorted(report.games.items())) or "none"
    print(f"  soak: {report.inputs} inputs, {report.restarts} restarts, {report.checks} integrity checks, "
          f"{report.faults_logged} tracebacks logged; game frames shown: {games}", flush=True)
    return [
        Result(f"crashes in {where} (loop, controller or a thread; {report.restarts} restarts)",
               report.count("crash"), "", inputs, "inputs played", "0", report.count("crash") == 0),
        Result(f"freezes in {where} (no Sync within {FREEZE_AFTER:g} s)", report.count("freeze"), "", inputs,
               "inputs played", "0", report.count("freeze") == 0),
        Result(f"integrity_check failures in {where} ({report.checks} checks)", report.count("integrity"), "",
               inputs, "inputs played", "0", report.count("integrity") == 0),
        Result(f"dice rolls the box did not take in {where}", report.count("tray"), "", inputs,
               "inputs played", "0", report.count("tray") == 0),
        Result("tablewarden state failing after the soak", report.count("end"), "", inputs, "inputs played",
               "0", report.count("end") == 0),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=None, help="default: a random one (printed)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--check-every", type=float, default=None,
                        help="seconds between integrity checks (default: a twentieth of the run, 5 to 60)")
    parser.add_argument("--data-dir", type=Path, default=None, help="default: a temporary directory")
    parser.add_argument("--report", type=Path, default=None, help="write the report here as JSON")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    check_every = args.check_every or min(60.0, max(5.0, args.seconds / 20))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="tablewarden-soak-") as tmp:
        data_dir = args.data_dir or Path(tmp) / "data"
        report = Soak(data_dir, seed, args.seconds, check_every, args.report).run()
    print(f"soak seed {seed}: {report.inputs} inputs; crashes {report.count('crash')}, freezes "
          f"{report.count('freeze')}, integrity failures {report.count('integrity')}, "
          f"state after {'failed' if report.count('end') else 'ok'}", flush=True)
    return 0  # the failures are the report's, not this process's


if __name__ == "__main__":
    sys.exit(main())
