"""``make bench``: run every benchmark and write docs/PERFORMANCE.md.

Each figure is printed next to a baseline measured in the same run on the
same machine, as a ratio, with the target set for it (issue 8, and issue
"Performance you can trust on a Pi Zero 2 W"). Benchmarks are never tests:
nothing here fails the build, and the numbers are only comparable within one
run. ``--quick`` runs every benchmark at a small size (to check they work);
only a full run should be committed.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

from benchmarks import frames, journal_scale, latency, phase_end, service, session, soak, tray_parser
from benchmarks.latency import PI_FACTOR
from benchmarks.results import Result, Table

OUTPUT = Path(__file__).resolve().parents[1] / "docs" / "PERFORMANCE.md"
SUITES = (("Input to frame: every press", latency),
          ("Every frame kind: cold and warm, the OLED and the screen", frames),
          ("Wear: scripted play, backups included", phase_end),
          ("A long evening: syncs, bytes and memory over 4,000 inputs", session),
          ("The running service", service), ("Journal scale: restore, history jumps, undo", journal_scale),
          ("Dice tray parser", tray_parser), ("Soak: random play", soak))
HEADER = """# Performance

Written by `make bench` (`python -m benchmarks`) on {when}; do not edit by
hand. Every figure has a baseline measured in the same run on the same
machine; the ratio is figure / baseline. Targets are issue 8's and those of
issue "Performance you can trust on a Pi Zero 2 W"; a target this run
missed says **no** in its row.

Machine: {machine}.{quick}

The simulated box runs the real service, controller, journal and renderers;
its pins are gpiozero mock pins, its OLED luma's dummy device (no bus
transfer), its dice tray a pseudo-terminal speaking the protocol in the same
process. How each figure is taken is in the docstring of its module in
`benchmarks/`; to reproduce one, run that module (`python -m
benchmarks.latency`, `.phase_end`, `.journal_scale`; `--quick` for small
sizes).

Reading the figures:

- Every press (benchmarks/latency.py): in each game, at the reminder whose
  `next` ends a phase, the simulated box (default config: the screen is
  drawn) takes each kind of press as gpiozero pin edges from another thread,
  and is put back where it was between presses, so every sample starts from
  the same state. Wall time runs from the edge the box acts on (a button's
  release, a detent's first edge) to the OLED adapter being handed the
  frame, the journal's commit and its fsync included. CPU time is the loop
  thread's (`pthread_getcpuclockid`), to the OLED image and to the end of
  the screen's drawing: the fsync's wait is not in it. fsyncs are counted
  by `strace` on the loop thread; the bytes are `wchar` of `/proc/self/io`
  per journal write (a commit, or an undo's cursor).
- The Pi Zero 2 W estimate multiplies CPU time by {pi_factor:g}. That factor
  is an estimate, not a measurement on a Pi: a Pi Zero 2 W core is a
  Cortex-A53 at 1 GHz, in order and two instructions wide; this machine's
  core (see Machine) runs at two to three times the clock, out of order and
  much wider, which on interpreter code is worth another three to four times
  per clock. Together that is about eight to ten; the bench takes ten, the
  pessimistic end (`PI_FACTOR` in benchmarks/latency.py). The Pi-class run
  confines the same measurement to one core, slowed {pi_factor:g} times even
  for a burst as short as a press: with cgroup v2 `cpu.max` (1 ms every
  10 ms) where the machine allows, otherwise beside a real-time busy loop on
  that core taking a calibrated share of every millisecond. The slowdown it
  achieved on a 2 ms pure-Python burst is measured in the same run and
  printed with it; its wall columns are measured under it, its CPU columns
  (which no slowdown changes) scaled by the factor. The targets for this
  machine (CPU to the OLED image 3 ms, the whole press 6 ms) are the Pi's
  budget divided by that factor.
- Every frame kind (benchmarks/frames.py): in play, the action menu, a
  form, help, the history and the game list, each opened and moved in;
  CPU to the OLED image (the controller's handling included) and the
  screen's frame, cold (the first time the box draws that kind) and warm,
  in a fresh and in the long journal; and the history in a save slot that
  is itself 1k and 100k commands long.
- Wear (benchmarks/phase_end.py) counts everything the process writes over
  scripted play of the four games: the WAL, the backup worker's checkpoints
  and its backups, per command committed; the long journal's figure is held
  to 1.2x the fresh one's. A long evening (benchmarks/session.py): 4,000
  inputs of one game through the real loop and its backup worker, fresh and
  at 100k, counting the syncs of every thread (strace), the bytes per
  command in each half, and the resident memory as play goes on.
- Idle CPU is held to a plain pygame loop under SDL's `dummy` video driver,
  the driver the headless service uses. Its flips draw nothing, so it is the
  cheapest 30 fps loop there is, and the strict baseline. The same loop in
  a real X window (Xvfb, where it is installed) costs many times more. That
  row is there for scale and has no target.
- Start-up is measured with the project byte-compiled, as `pip install`
  leaves it on the Pi. Without bytecode every start also compiles the
  project's sources, while the baseline's pygame and PIL load bytecode.
- The journal opens with the full `integrity_check` only after a run that
  did not shut down cleanly (SQLite's `-wal` file left behind) or after a
  backup found damage. Otherwise it runs cheap checks that stay flat:
  header, size, schema and the small tables, plus the pages the restore
  reads. Every backup checks its copy page by page. Opening after a power
  cut therefore grows with the file; that row is shown without a target.
"""


def _machine() -> str:
    model = ""
    try:
        model = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    cpu = f"{os.cpu_count()} CPUs" + (f", {model}" if model else "")
    try:
        mhz = next(float(line.split(":", 1)[1]) for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("cpu MHz"))
        cpu += f" at {mhz / 1000:.1f} GHz"
    except (OSError, StopIteration, ValueError):
        pass
    return f"{platform.system()} {platform.machine()}, {cpu}, Python {platform.python_version()}"


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def _row(result: Result) -> str:
    met = {True: "yes", False: "**no**", None: ""}[result.met]
    return (f"| {result.name} | {_number(result.value)} {result.unit} | {result.baseline_name}: "
            f"{_number(result.baseline)} {result.unit} | {result.ratio:.3g}x | {result.target} | {met} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, to check the benchmarks run")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT, help=f"default: {OUTPUT}")
    args = parser.parse_args(argv)
    quick = "\n\n**Quick run: small sizes, not the figures to trust.**" if args.quick else ""
    lines = [HEADER.format(when=time.strftime("%Y-%m-%d %H:%M %Z"), machine=_machine(), quick=quick,
                           pi_factor=PI_FACTOR)]
    for title, suite in SUITES:
        print(f"== {title}", flush=True)
        results = suite.run(quick=args.quick)
        lines += [f"## {title}", "", "| measure | value | baseline (same run) | ratio | target | met |",
                  "|---|---|---|---|---|---|"]
        tables = [result for result in results if isinstance(result, Table)]
        for result in results:
            if isinstance(result, Table):
                continue
            lines.append(_row(result))
            print(f"  {result.name}: {_number(result.value)} {result.unit} vs {_number(result.baseline)} "
                  f"{result.unit} ({result.baseline_name}) = {result.ratio:.3g}x"
                  + (f"  [{result.target}: {'met' if result.met else 'NOT met'}]" if result.target else ""),
                  flush=True)
        lines.append("")
        for table in tables:
            lines += table.markdown()
            print("\n".join(table.markdown()), flush=True)
    args.output.write_text("\n".join(lines), encoding="utf-8")
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
