"""``make bench``: run every benchmark and write docs/PERFORMANCE.md.

Each figure is printed next to a baseline measured in the same run on the
same machine, as a ratio, with the target issue 8 sets for it. Benchmarks
are never tests: nothing here fails the build, and the numbers are only
comparable within one run. ``--quick`` runs every benchmark at a small size
(to check they work); only a full run should be committed.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

from benchmarks import journal_scale, latency, phase_end, service, soak, tray_parser
from benchmarks.results import Result

OUTPUT = Path(__file__).resolve().parents[1] / "docs" / "PERFORMANCE.md"
SUITES = (("Input to frame", latency), ("Ending a phase", phase_end), ("The running service", service),
          ("Journal scale and wear", journal_scale), ("Dice tray parser", tray_parser),
          ("Soak: random play", soak))
HEADER = """# Performance

Written by `make bench` (`python -m benchmarks`) on {when}; do not edit by
hand. Every figure has a baseline measured in the same run on the same
machine; the ratio is figure / baseline. Targets are issue 8's.

Machine: {machine}.{quick}

The simulated box runs the real service, controller, journal and renderers;
its pins are gpiozero mock pins, its OLED luma's dummy device (no bus
transfer), its dice tray a pseudo-terminal speaking the protocol in the same
process. How each figure is taken is in the docstring of its module in
`benchmarks/`.

Reading the figures:

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
    lines = [HEADER.format(when=time.strftime("%Y-%m-%d %H:%M %Z"), machine=_machine(), quick=quick)]
    for title, suite in SUITES:
        print(f"== {title}", flush=True)
        results = suite.run(quick=args.quick)
        lines += [f"## {title}", "", "| measure | value | baseline (same run) | ratio | target | met |",
                  "|---|---|---|---|---|---|"]
        for result in results:
            lines.append(_row(result))
            print(f"  {result.name}: {_number(result.value)} {result.unit} vs {_number(result.baseline)} "
                  f"{result.unit} ({result.baseline_name}) = {result.ratio:.3g}x"
                  + (f"  [{result.target}: {'met' if result.met else 'NOT met'}]" if result.target else ""),
                  flush=True)
        lines.append("")
    args.output.write_text("\n".join(lines), encoding="utf-8")
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
