"""``tablewarden run``: build the box, open the journal safely, and serve until stopped.

Apart from the other subcommands because only this one brings up hardware,
the service and its threads; its imports stay inside the functions so that
``tablewarden state`` on a failing card never loads pygame or gpiozero.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

from app.cli_common import config_path, data_dir, fail, hardware, log, open_journal
from app.config import ConfigError, load_config


def cmd_run(args) -> int:
    box = hardware(args)
    try:
        config = load_config(config_path(args, box))
    except ConfigError as err:
        return fail(str(err))
    script = None
    if args.script:
        if box != "sim":
            return fail("--script drives the simulated box: use it with --hardware sim")
        from hw_sim.script import ScriptError, read_script

        try:  # unreadable, too large, not UTF-8 or a bad line: named, exit 2
            script = read_script(Path(args.script))
        except ScriptError as err:
            return fail(f"{args.script}: {err}")
    return _serve(args, box, config, script)


def _stop_on_signals(service) -> None:
    """SIGTERM (systemctl stop) and SIGINT (Ctrl-C) end the loop cleanly: the
    journal is already on disk; the OLED gets its "powering off" frame."""
    from contracts.events import Quit

    def stop(signum, frame) -> None:
        service.emit(Quit(0))

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def _show_fault(box, err) -> None:
    """Say on the OLED why the service cannot start (it exits; systemd retries)."""
    from ui.model import Frame, Message
    from ui.oled import render_oled

    if box.display is not None:
        frame = Frame(message=Message(err.short, err.long, "error"))
        box.display.show(render_oled(frame, box.display.width, box.display.height))


def _serve(args, hardware: str, config, script) -> int:
    """Build the box, open the journal (safely), and run the loop until it stops.

    Whatever fails, the journal is closed, the inputs stopped and the OLED
    told; a start that fails leaves the start mark, so the next start opens
    the game list instead of the game (store/safe_start.py).
    """
    from app.controller import Controller
    from app.service import Service
    from app.wiring import build_pi_box, build_sim_box
    from contracts.events import Notice
    from store.backup_worker import BackupWorker
    from store.data_lock import DataDirBusy, DataLock
    from store.journal import BACKUP_DIR, JOURNAL_FILE, StorageError
    from store.rules_check import RulesCheckWorker
    from store.safe_start import StartMark

    headless = args.headless or script is not None
    if hardware == "pi":
        box = build_pi_box(config, headless=headless)
        pins = tray = None
    else:
        box, pins, tray = build_sim_box(config, headless=headless)
    folder = data_dir(args)
    lock = DataLock(folder)
    mark = StartMark(folder)
    last_failure = mark.previous_failure()
    journal = runner = backups = service = None
    try:
        if last_failure is not None:
            log.warning("the last start did not finish (%s): opening the game list", last_failure)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # the journal's open names the problem
        try:
            lock.acquire()  # one writer: held until this process ends
        except DataDirBusy as busy:
            return fail(f"{busy}; stop it first (one service per data directory)", 2)
        mark.begin()
        try:
            journal, notices = open_journal(args, config.journal.snapshot_every,
                                             restore=last_failure is None, autocheckpoint=False)
        except StorageError as err:
            mark.done()  # the card, not the game: the next start may open the game again
            _show_fault(box, err)
            return fail(err.long, 1)

        def report(done) -> None:
            if service is not None:
                service.emit(done)

        backups = BackupWorker(folder / JOURNAL_FILE, folder / BACKUP_DIR, keep=config.journal.backups,
                               report=report)
        controller = Controller(
            journal,
            seed=(lambda: args.seed) if args.seed is not None else time.time_ns,
            clock=time.monotonic,
            dim_after=config.oled.dim_after,
            shift_every=config.oled.shift_every,
            request_backup=backups.request,
            hold_backups=backups.held,
            last_start_failed=last_failure,
            arm_tray=box.dice.arm if box.dice is not None else None,
            cancel_tray=box.dice.cancel if box.dice is not None else None,
            packs_dir=folder / "packs",
            sound=box.sound,
            check_rules=RulesCheckWorker(folder / JOURNAL_FILE, report).request,
        )
        if hardware == "sim" and script is None and not box.interactive_window:
            log.info("no display: the simulated box runs headless; drive it with --script "
                     "(see README, Control scripts), stop it with Ctrl-C")
        frames = Path(args.frames).absolute() if args.frames else None
        service = Service(controller, box, contrast=config.oled.contrast,
                          dim_contrast=config.oled.dim_contrast, frames_dir=frames, backups=backups)
        if notices:  # what the open recovered: the first thing the players read
            service.emit(Notice("Save recovered", " ".join(notices), "error"))
        backups.start()
        if script is not None:
            from hw_sim.script_runner import ScriptRunner

            assert pins is not None and tray is not None  # a script drives the simulated box only
            runner = ScriptRunner(script, pins, tray, service.emit)
        _stop_on_signals(service)

        def ready() -> None:
            mark.done()
            if runner is not None:
                runner.start()

        return service.run(on_ready=ready)
    except Exception as exc:
        mark.failed(f"{type(exc).__name__}: {exc}")
        raise
    finally:
        if runner is not None:
            runner.stop()
        if service is not None:
            service.power_off()
        if backups is not None:
            backups.close()
        box.close()
        if journal is not None:
            journal.close()
        lock.release()
