"""The screen's frame against the OLED's: what drawing the 800x480 screen costs per press.

How it is taken. Each game is brought (untimed) to the reminder whose
``next`` ends a phase, on the simulated box wired as ``tablewarden run``
wires it (benchmarks/phase_end.py ``prepared_rig``, the screen headless on
pygame's ``dummy`` driver). Then, many times, one press goes to the
controller and its frame is drawn as the service draws it: the OLED's
(``render_oled`` and the adapter's ``show``) and the screen's (the adapter's
``draw``), each timed in this thread's CPU time (``time.thread_time``).
The game is put back after each press, and those frames are drawn too,
untimed, as the box would draw them, so every sample starts from the same
state and the screen from the frame it showed last. The presses:

- dial detent: one detent of the Spirit dial (the focused value), put back
  by a detent the other way, as a player turning the dial to and fro;
- phase end: ``next`` on that reminder (the engine runs the automatic steps
  that follow), put back by ``back`` for what it opened and ``undo`` for
  what it committed (so the frame before it showed the undo's notice).

The baseline, in the same run, is the OLED frame for the same press; the
target (issue 16): the screen's frame costs no more than the OLED's.

What it does not show: every sample revisits states the screen has drawn
before, so its caches (texts, boxes, laid-out cards) are warm, as they are
for a player turning a dial to and fro. A press that shows something for the
first time (a new value, a new journal entry) draws more of the screen from
scratch and can cost more than the OLED frame (issue 16's notes: Grail and
Myth about 1.2-1.5x on a first detent, measured once by hand, not here).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.phase_end import PHASE_ENDS, PhaseEnd, prepared_rig
from benchmarks.results import Result, Table, median, number
from contracts.events import Press, Turn
from ui.oled import render_oled

PRESSES = ("dial detent", "phase end")


@dataclass
class Costs:
    """One press, many times, in one game: CPU ms of each display's frame."""

    game: str
    press: str
    oled: list[float]
    screen: list[float]


def _timed(draw: Callable[[], object]) -> float:
    started = time.thread_time()
    draw()
    return (time.thread_time() - started) * 1e3


def measure(phase: PhaseEnd, data_dir: Path, samples: int) -> list[Costs]:
    """Both presses ``samples`` times in ``phase.game``, each frame drawn on both displays."""
    rig = prepared_rig(phase, data_dir)
    box, controller, journal = rig.box, rig.controller, rig.journal
    display, screen = box.display, box.screen
    if display is None or screen is None:
        raise RuntimeError("the simulated box has no OLED or no screen")

    def show(timed: bool) -> tuple[float, float]:
        """Draw the controller's frame on both displays: (OLED ms, screen ms) if ``timed``."""
        frame = controller.frame()
        oled = _timed(lambda: display.show(render_oled(frame, display.width, display.height)))
        drawn = _timed(lambda: screen.draw(frame))
        return (oled, drawn) if timed else (0.0, 0.0)

    frame = controller.frame()
    track = next((t for t in frame.game.tracks if t.key == frame.focus), None) if frame.game else None
    step = -1 if track is None or track.value > track.low else 1  # a detent the value can take

    def press(what: str) -> None:
        controller.handle(Turn("spirit", step) if what == "dial detent" else Press("next"))

    def put_back(what: str, seq: int) -> None:
        if what == "dial detent":
            controller.handle(Turn("spirit", -step))
            show(False)
            return
        for _ in range(5):
            if controller.overlay is None and not controller.history_open:
                break
            controller.handle(Press("back"))
            show(False)
        while journal.state()[1] > seq:
            controller.handle(Press("undo"))
            show(False)

    try:
        show(False)
        results = []
        for what in PRESSES:
            oled, drawn = [], []
            for _ in range(samples):
                seq = journal.state()[1]
                press(what)
                o, s = show(True)
                oled.append(o)
                drawn.append(s)
                put_back(what, seq)
            results.append(Costs(phase.game, what, oled, drawn))
        return results
    finally:
        rig.close()


def run(quick: bool = False) -> list[Result | Table]:
    samples = 5 if quick else 40
    costs: list[Costs] = []
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        for phase in PHASE_ENDS:
            costs += measure(phase, Path(tmp) / phase.game, samples)
    rows: list[Result | Table] = []
    for what in PRESSES:
        worst = max((c for c in costs if c.press == what), key=lambda c: median(c.screen) / median(c.oled))
        ratio = median(worst.screen) / median(worst.oled)
        rows.append(Result(f"CPU of the 800x480 screen frame, {what}, p50, the costliest game against its "
                           f"OLED frame ({worst.game})", median(worst.screen), "ms", median(worst.oled),
                           "the OLED frame for the same press", "<= the OLED frame's (ratio <= 1)",
                           ratio <= 1))
    notes = (f"Thread CPU of each display's frame for the same press, p50 of {samples} presses each, "
             "the screen redrawn from the frame it showed last, as on the box.")
    rows.append(Table("Screen frame against OLED frame, per press", ("game", "press", "OLED p50 ms",
                                                                    "screen p50 ms", "screen / OLED"),
                      tuple((c.game, c.press, number(median(c.oled)), number(median(c.screen)),
                             f"{median(c.screen) / median(c.oled):.3g}x") for c in costs), notes))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.screen_cost",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few presses, to check it runs")
    args = parser.parse_args(argv)
    for result in run(quick=args.quick):
        if isinstance(result, Table):
            print("\n".join(result.markdown()))
        else:
            print(f"{result.name}: {number(result.value)} {result.unit} against {number(result.baseline)} "
                  f"{result.unit} ({result.baseline_name}) = {result.ratio:.3g}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
