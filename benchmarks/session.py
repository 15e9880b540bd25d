"""A long evening: 4,000 inputs of one game, its syncs, bytes and memory, fresh and at 100k.

How it is taken. Kreel Manor is brought to its Threat phase (benchmarks/phase_end.py
``prepared_rig``) on the simulated box wired as ``tablewarden run`` wires it (the default
``Config``: the screen drawn, the backup worker running), in a fresh journal and in a copy
of the long one (a second save slot of 100k+ commands, with the backups a box that played
it would have: benchmarks/phase_end.py ``backed_up``). Then ``INPUTS`` inputs of scripted
play (benchmarks/phase_end.py ``_default_input``: mostly ``next``, forms confirmed, a Spirit
detent every third input) go to the real loop, one every ``SECONDS_PER_INPUT`` of table time
run ``PACE`` times faster, the backup worker's waits shortened alike. Well over two hours at
a table: the backups, the mirror syncs and the WAL's checkpoints all come due many times.

Each journal's session is a child process under ``strace -f`` (every thread), which counts
its ``fsync`` and ``fdatasync`` calls; the child counts what it handed the kernel to write
(``wchar`` of /proc/self/io, backups included) per command committed, in the first and the
second half of the session, and samples its resident memory (VmRSS) every 100 inputs.

Targets (issue 27): <= 1 sync per input; bytes per command flat (the second half within
1.2x the first, the 100k journal within 1.2x the fresh one) and <= 16 KiB; memory levels
off (the last quarter's growth under 1 MB) below 80 MB.
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from benchmarks.latency import PROJECT, _child_env
from benchmarks.phase_end import PHASE_ENDS, _default_input, backed_up, fill_journal, prepared_rig
from benchmarks.results import Result, Table, number, print_results, process_io
from contracts.events import Quit, Sync

INPUTS = 4000
SECONDS_PER_INPUT = 10
PACE = 200  # ... run this many times faster (an input every 50 ms), the worker's waits shortened alike
SAMPLE_EVERY = 100
WEAR_TARGET = 16 * 1024
MEMORY_TARGET_MB = 80.0
PHASE = PHASE_ENDS[0]  # Kreel Manor


@dataclass
class Session:
    """What one long session did (the child's own figures; the parent adds the syncs)."""

    journal: str
    inputs: int
    commands: list[int]  # per half: commands committed
    written: list[int]  # per half: bytes handed to the kernel to write (wchar)
    rss_mb: list[float]  # every SAMPLE_EVERY inputs
    syncs: int = -1
    by_file: dict[str, int] | None = None  # the syncs by what they synced (strace -y)





def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def play(data_dir: Path, label: str, inputs: int) -> Session:
    """``inputs`` inputs of scripted play on the box on ``data_dir`` (in this process)."""
    rig = prepared_rig(PHASE, data_dir, backup_pace=PACE)
    session = Session(label, inputs, [0, 0], [0, 0], [])
    failure: list[str] = []

    def drive() -> None:
        try:
            half = 0
            seq, written = rig.journal.state()[1], process_io()["wchar"]
            for i in range(inputs):
                if i == inputs // 2:
                    now = rig.journal.state()[1], process_io()["wchar"]
                    session.commands[0], session.written[0] = now[0] - seq, now[1] - written
                    (seq, written), half = now, 1
                started = time.monotonic()
                sync = Sync()
                rig.service.emit(_default_input(rig.controller, PHASE, i))
                rig.service.emit(sync)
                if not sync.done.wait(30):
                    raise TimeoutError(f"input {i} was not handled within 30 s")
                if i % SAMPLE_EVERY == 0:
                    session.rss_mb.append(_rss_mb())
                time.sleep(max(0.0, SECONDS_PER_INPUT / PACE - (time.monotonic() - started)))
            session.commands[half] = rig.journal.state()[1] - seq
            session.written[half] = process_io()["wchar"] - written
            session.rss_mb.append(_rss_mb())
        except Exception as exc:  # reported below, after the loop has stopped
            failure.append(repr(exc))
        finally:
            rig.service.emit(Quit())

    driver = threading.Thread(target=drive, daemon=True)
    logging.disable(logging.CRITICAL)
    try:
        rig.service.run(on_ready=driver.start)
    finally:
        driver.join(30)
        rig.close()
        logging.disable(logging.NOTSET)
    if failure:
        raise RuntimeError(failure[0])
    return session


def _child(data_dir: Path, label: str, inputs: int, out: Path) -> Session:
    """The session in a child process, its syncs counted by strace on every thread where allowed."""
    command = [sys.executable, "-m", "benchmarks.session", "--child", str(data_dir), "--label", label,
               "--inputs", str(inputs), "--out", str(out)]
    strace = shutil.which("strace")
    trace = out.with_suffix(".trace")
    if strace:
        command = [strace, "-f", "-qq", "-y", "-e", "trace=fsync,fdatasync", "-o", str(trace), *command]
    ran = subprocess.run(command, env=_child_env(), cwd=PROJECT, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    if ran.returncode != 0 or not out.exists():
        raise RuntimeError(f"the session failed (exit {ran.returncode}): {ran.stderr[-2000:]}")
    session = Session(**json.loads(out.read_text()))
    if strace and trace.exists():
        calls = [line for line in trace.read_text().splitlines() if "sync(" in line]
        session.syncs = len(calls)
        session.by_file = _by_file(calls, data_dir)
    return session


def _by_file(calls: list[str], data_dir: Path) -> dict[str, int]:
    """The syncs by what they synced: the journal's WAL (commits, and its header after a
    checkpoint emptied it), the journal file (checkpoints), the data directory, the backups."""
    kinds = {"journal WAL": 0, "journal file (checkpoints)": 0, "data directory": 0, "backups": 0, "other": 0}
    for line in calls:
        path = line.split("<", 1)[1].split(">", 1)[0] if "<" in line else ""
        if "/backups" in path:
            kinds["backups"] += 1
        elif path.endswith("journal.db-wal"):
            kinds["journal WAL"] += 1
        elif path.endswith("journal.db"):
            kinds["journal file (checkpoints)"] += 1
        elif path == str(data_dir) or path.endswith(data_dir.name):
            kinds["data directory"] += 1
        else:
            kinds["other"] += 1
    return kinds


def run(quick: bool = False) -> list[Result | Table]:
    inputs = 300 if quick else INPUTS
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        root = Path(tmp)
        template = root / "filled"
        fill_journal(template, commands=10_000 if quick else 100_000, min_bytes=0 if quick else 20_000_000)
        backed_up(template)
        size = (template / "journal.db").stat().st_size
        large = f"{size / 1e6:.0f} MB" if not quick else f"{size / 1e6:.1f} MB (10k)"
        fresh = _child(root / "fresh", "fresh", inputs, root / "fresh.json")
        shutil.copytree(template, root / "large")
        long = _child(root / "large", large, inputs, root / "large.json")
    return report(fresh, long)


def _per_command(s: Session, half: int | None = None) -> float:
    if half is None:
        return sum(s.written) / max(1, sum(s.commands))
    return s.written[half] / max(1, s.commands[half])


def report(fresh: Session, long: Session) -> list[Result | Table]:
    rows: list[Result | Table] = []
    for s in (fresh, long):
        where = f"{s.inputs:,} inputs of Kreel Manor, {s.journal} journal"
        if s.syncs >= 0:
            split = ", ".join(f"{kind} {count}" for kind, count in (s.by_file or {}).items() if count)
            folds = (s.by_file or {}).get("journal file (checkpoints)", 0)
            why = "" if s.syncs <= s.inputs else (
                f"; why not: {folds} checkpoints, one at the first idle after each phase end (issue 24, "
                "item 10: a phase end folds the WAL into the file), each a sync of the file, of the "
                "directory and of the WAL's header at the next commit")
            rows.append(Result(f"syncs (fsync, fdatasync) per input, every thread, backups included "
                               f"({where}, {sum(s.commands)} commands; strace: {split}){why}",
                               s.syncs / s.inputs, "calls", 1, "one commit's fsync", "<= 1 per input",
                               s.syncs <= s.inputs))
        first, second = _per_command(s, 0), _per_command(s, 1)
        why = "" if second <= WEAR_TARGET else ("; why not: each checkpoint after a phase end writes the "
                                                 "WAL's pages into the file again")
        rows.append(Result(f"bytes written per command, second half of the session against the first "
                           f"({where}){why}", second, "B", first, "the first half's",
                           f"<= 1.2x and <= {WEAR_TARGET // 1024} KiB",
                           second <= 1.2 * first and second <= WEAR_TARGET))
        quarter = max(1, len(s.rss_mb) // 4)
        growth = s.rss_mb[-1] - s.rss_mb[-quarter - 1]
        rows.append(Result(f"resident memory at the end ({where}; its last quarter grew {growth:+.1f} MB)",
                           s.rss_mb[-1], "MB", s.rss_mb[0], "at the start of play",
                           f"levels off (last quarter < +1 MB) below {MEMORY_TARGET_MB:g} MB",
                           s.rss_mb[-1] < MEMORY_TARGET_MB and growth < 1.0))
    rows.append(Result(f"bytes written per command, the {long.journal} journal against the fresh one "
                       f"({fresh.inputs:,} inputs each, backups included)", _per_command(long), "B",
                       _per_command(fresh), "the fresh journal's", "<= 1.2x",
                       _per_command(long) <= 1.2 * _per_command(fresh)))
    rows.append(Table("A long evening: memory every 500 inputs", ("journal", *(
        f"input {i * SAMPLE_EVERY:,}" for i in range(0, len(fresh.rss_mb), 5))),
        tuple((s.journal, *(number(mb) for mb in s.rss_mb[::5])) for s in (fresh, long)),
        "Resident memory (VmRSS, MB) of the process running the box, the screen drawn, as play goes on."))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.session", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short session, to check it runs")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--label", default="fresh", help=argparse.SUPPRESS)
    parser.add_argument("--inputs", type=int, default=INPUTS, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        session = play(args.child, args.label, args.inputs)
        args.out.write_text(json.dumps(asdict(session)))
        return 0
    print_results(run(quick=args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
