"""The simulated box wired as ``tablewarden run --hardware sim --headless`` wires it, for benchmarks.

One place for the composition the benchmarks drive (app/cli_run.py's
``_serve``): the sim box from a ``Config``, the journal, the background
backup worker, the controller and the service. Only the OLED's idle timers
(dimming, the burn-in shift) are off unless asked for, so no timer frame
lands inside a measurement.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.config import Config
from app.controller import Controller
from app.service import Box, Service
from app.wiring import build_sim_box
from hw_sim.pins import SimPins
from hw_sim.tray import PtyTray
from store.backup_worker import BackupWorker
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal


@dataclass
class Rig:
    """A running-ready simulated box: its adapters, journal, backups, controller and loop."""

    box: Box
    pins: SimPins
    tray: PtyTray
    journal: Journal
    backups: BackupWorker
    controller: Controller
    service: Service

    def close(self) -> None:
        """As the service stops: the backup worker (a pending backup is taken), the box, the journal."""
        try:
            self.backups.close()
        finally:
            try:
                self.box.close()
            finally:
                self.journal.close()


def build_rig(data_dir: Path, config: Config | None = None, *, seed: int = 3, timers: bool = False,
              backup_pace: float = 1.0, before: Callable[[Journal], object] | None = None,
              clock: Callable[[], float] = time.monotonic) -> Rig:
    """The box on ``data_dir``.

    ``before`` runs on the journal before the controller is made (a new game
    there is the game the box opens on). ``backup_pace`` > 1 shortens the
    backup worker's waits by that factor (its idle time and the spacing of
    backups), for play scripted faster than real time. ``clock`` is the
    controller's (benchmarks/frames.py moves one on at a player's pace).
    """
    config = config or Config()
    box, pins, tray = build_sim_box(config, headless=True)
    journal, _ = Journal.open(data_dir, snapshot_every=config.journal.snapshot_every, autocheckpoint=False)
    if before is not None:
        before(journal)
    service: Service | None = None

    def report(done) -> None:
        if service is not None:
            service.emit(done)

    defaults = inspect.signature(BackupWorker).parameters
    backups = BackupWorker(data_dir / JOURNAL_FILE, data_dir / BACKUP_DIR, keep=config.journal.backups,
                           idle_after=defaults["idle_after"].default / backup_pace,
                           min_interval=defaults["min_interval"].default / backup_pace, report=report)
    controller = Controller(
        journal, seed=lambda: seed, clock=clock,
        dim_after=config.oled.dim_after if timers else 0,
        shift_every=config.oled.shift_every if timers else 0,
        request_backup=backups.request, hold_backups=backups.held,
        arm_tray=box.dice.arm if box.dice is not None else None,
        cancel_tray=box.dice.cancel if box.dice is not None else None,
        packs_dir=data_dir / "packs", sound=box.sound)
    service = Service(controller, box, contrast=config.oled.contrast, dim_contrast=config.oled.dim_contrast,
                      backups=backups)
    backups.start()
    return Rig(box, pins, tray, journal, backups, controller, service)

