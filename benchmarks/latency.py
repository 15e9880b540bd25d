"""Input-to-frame latency: a pin edge to the OLED image ready, journal commit included.

The real service loop, controller, journal (SQLite, ``synchronous=FULL``, on
the data directory's disk) and OLED renderer run in this process on the
simulated box; a dial detent is driven as gpiozero mock pin edges and the
clock stops when the OLED adapter is handed the new frame. The baseline is
the time one full SSD1306 frame takes on the wire at 400 kHz I2C (1,024 bytes
of pixels, 9 bit times per byte: about 23 ms) — computed, since there is no
bus here: input handling should never be what the player waits for.
"""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path

from benchmarks.results import Result, median, percentile
from device.config import Config, ScreenConfig
from device.controller import Controller
from device.events import Quit
from device.journal import Journal
from device.service import Service
from device.wiring import build_sim_box

I2C_HZ = 400_000
FRAME_BYTES = 128 * 64 // 8
I2C_FRAME_MS = FRAME_BYTES * 9 / I2C_HZ * 1e3  # 8 data bits + ACK per byte
TRACK = "hero1.spirit"


def measure(inputs: int, data_dir: Path) -> list[float]:
    """Milliseconds from the first pin edge of each detent to its frame reaching the OLED."""
    config = Config(screen=ScreenConfig(enabled=False))
    box, pins, _ = build_sim_box(config, headless=True)
    journal, _ = Journal.open(data_dir)
    journal.new_game("kreel-manor", {}, 1)
    controller = Controller(journal, seed=lambda: 1, clock=time.monotonic, dim_after=0, shift_every=0)
    service = Service(controller, box)
    shown = threading.Event()
    stamps: list[float] = []
    show = box.display.show

    def timed_show(image) -> None:
        show(image)
        stamps.append(time.perf_counter())
        shown.set()

    box.display.show = timed_show
    start_seq = journal.state()[1]
    latencies: list[float] = []
    failure: list[str] = []

    def drive() -> None:  # the pins are driven from another thread, as gpiozero's callbacks are
        try:
            for i in range(inputs):
                shown.clear()
                started = time.perf_counter()
                pins.turn("spirit", -1 if i % 2 == 0 else 1)
                if not shown.wait(5):
                    failure.append(f"no frame for input {i}")
                    return
                latencies.append((stamps[-1] - started) * 1e3)
        finally:
            service.emit(Quit())

    driver = threading.Thread(target=drive, daemon=True)
    try:
        service.run(on_ready=driver.start)  # the loop on this (the main) thread, as in the service
    finally:
        driver.join(10)
        box.close()
    if failure:
        raise RuntimeError(failure[0])
    committed = journal.state()[1] - start_seq
    journal.close()
    if committed != inputs:
        raise RuntimeError(f"{inputs} detents committed {committed} commands: the dial missed {TRACK}")
    return latencies


def run(quick: bool = False) -> list[Result]:
    inputs = 100 if quick else 1000
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        latencies = measure(inputs, Path(tmp))
    p99 = percentile(latencies, 99)
    return [
        Result(f"input to frame, median of {inputs} dial detents (commit included)", median(latencies), "ms",
               I2C_FRAME_MS, "one SSD1306 frame on 400 kHz I2C"),
        Result(f"input to frame, p99 of {inputs} dial detents", p99, "ms", I2C_FRAME_MS,
               "one SSD1306 frame on 400 kHz I2C", "p99 < one I2C frame (ratio < 1)", p99 < I2C_FRAME_MS),
    ]
