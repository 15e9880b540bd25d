"""``tablewarden``: run the box, and read or move its saved games.

  tablewarden run [--hardware pi|sim] [--headless] [--data-dir D] [--config F]
                  [--script S] [--frames F] [--seed N]
  tablewarden state  [--data-dir D] [--json]
  tablewarden games  [--data-dir D]
  tablewarden export [--data-dir D] [--slot N] [-o FILE]
  tablewarden import FILE [--data-dir D]
  tablewarden doctor [--hardware pi|sim] [--config F] [--data-dir D] [--json]
  tablewarden report [--hardware pi|sim] [--config F] [--data-dir D] [--log FILE] [-o FILE]

Exit status: 0 on success, 2 for bad input (a config or script error names
the key or line), 1 when the service itself failed.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import platformdirs

from app.config import SYSTEM_CONFIG, ConfigError, load_config

log = logging.getLogger("tablewarden")
APP = "tablewarden"


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def default_config_path(hardware: str) -> Path:
    if hardware == "pi":
        return SYSTEM_CONFIG
    return Path(platformdirs.user_config_dir(APP, appauthor=False)) / "config.toml"


class MissingConfig(ConfigError):
    """``--config`` names a file that is not there (the default path may be missing: defaults)."""


def _config_path(args, hardware: str, *, must_exist: bool = True) -> Path:
    """``--config`` (absolute), or the default; a named file must exist unless the doctor
    is asked about it (it reports a missing file as a finding)."""
    if not args.config:
        return default_config_path(hardware)
    path = Path(args.config).absolute()
    if must_exist and not path.is_file():
        raise MissingConfig(f"--config {args.config}: no such file")
    return path


def _fail(message: str, status: int = 2) -> int:
    print(f"tablewarden: {message}", file=sys.stderr)
    return status


def _data_dir(args) -> Path:
    """``--data-dir`` as an absolute path (a relative one is taken from here)."""
    return Path(args.data_dir).absolute()


def _open_journal(args, snapshot_every: int = 50, **options):
    from store.journal import Journal

    journal, notices = Journal.open(_data_dir(args), snapshot_every=snapshot_every, **options)
    for notice in notices:
        log.warning("%s", notice)
    return journal, notices


# --- run ------------------------------------------------------------------------


def cmd_run(args) -> int:
    from app.wiring import on_raspberry_pi

    hardware = args.hardware or ("pi" if on_raspberry_pi() else "sim")
    config_path = _config_path(args, hardware)
    try:
        config = load_config(config_path)
    except ConfigError as err:
        return _fail(str(err))
    script = None
    if args.script:
        if hardware != "sim":
            return _fail("--script drives the simulated box: use it with --hardware sim")
        from hw_sim.script import ScriptError, read_script

        try:  # unreadable, too large, not UTF-8 or a bad line: named, exit 2
            script = read_script(Path(args.script))
        except ScriptError as err:
            return _fail(f"{args.script}: {err}")
    return _serve(args, hardware, config, script)


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
    from store.journal import BACKUP_DIR, JOURNAL_FILE, StorageError
    from store.safe_start import StartMark

    headless = args.headless or script is not None
    if hardware == "pi":
        box = build_pi_box(config, headless=headless)
        pins = tray = None
    else:
        box, pins, tray = build_sim_box(config, headless=headless)
    data_dir = _data_dir(args)
    mark = StartMark(data_dir)
    last_failure = mark.previous_failure()
    journal = runner = backups = service = None
    try:
        if last_failure is not None:
            log.warning("the last start did not finish (%s): opening the game list", last_failure)
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # the journal's open names the problem
        mark.begin()
        try:
            journal, notices = _open_journal(args, config.journal.snapshot_every,
                                             restore=last_failure is None, autocheckpoint=False)
        except StorageError as err:
            mark.done()  # the card, not the game: the next start may open the game again
            _show_fault(box, err)
            return _fail(err.long, 1)

        def report(done) -> None:
            if service is not None:
                service.emit(done)

        backups = BackupWorker(data_dir / JOURNAL_FILE, data_dir / BACKUP_DIR, keep=config.journal.backups,
                               report=report)
        controller = Controller(
            journal,
            seed=(lambda: args.seed) if args.seed is not None else time.time_ns,
            clock=time.monotonic,
            dim_after=config.oled.dim_after,
            shift_every=config.oled.shift_every,
            request_backup=backups.request,
            last_start_failed=last_failure,
            arm_tray=box.dice.arm if box.dice is not None else None,
            cancel_tray=box.dice.cancel if box.dice is not None else None,
            packs_dir=data_dir / "packs",
            sound=box.sound,
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


# --- saved games ----------------------------------------------------------------


def _summary(journal) -> dict | None:
    from games.core import get_game
    from games.core.engine import current_step

    if journal.active_slot is None:
        return None
    state, seq = journal.state()
    step = current_step(get_game(state["game"]), state)
    procedure = state.get("procedure")
    return {
        "game": state["game"],
        "slot": journal.active_slot,
        "seq": seq,
        "procedure": procedure["name"] if procedure else None,
        "step": step.id if step else None,
        "over": state.get("over"),
        "state": state,
    }


@contextmanager
def _reading(args):
    """The journal for a command that only reads it (state, games, export).

    On a card that refuses writes (read-only, or a failing card remounted
    read-only) the journal and its WAL are copied to a private temporary
    directory and read there, so a failing card's games can still be copied
    off; nothing on the card is touched.
    """
    from store.journal import JOURNAL_FILE, Journal

    data_dir = _data_dir(args)
    path = data_dir / JOURNAL_FILE
    if not path.exists() or (os.access(data_dir, os.W_OK) and os.access(path, os.W_OK)):
        journal, _ = _open_journal(args)
    else:
        log.warning("%s cannot be written: reading a copy of its journal", data_dir)
        with tempfile.TemporaryDirectory(prefix="tablewarden-") as copy:
            for suffix in ("", "-wal"):
                if Path(f"{path}{suffix}").is_file():
                    shutil.copyfile(f"{path}{suffix}", Path(copy) / f"{JOURNAL_FILE}{suffix}")
            journal, _ = Journal.open(Path(copy))
            try:
                yield journal
            finally:
                journal.close()
            return
    try:
        yield journal
    finally:
        journal.close()


def cmd_state(args) -> int:
    with _reading(args) as journal:
        summary = _summary(journal)
    if summary is None:
        return _fail(f"no game has been started in {_data_dir(args)}", 1)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(f"{summary['game']} (slot {summary['slot']}), journal position {summary['seq']}")
        print(f"procedure: {summary['procedure'] or '-'}, step: {summary['step'] or '-'}")
    return 0


def cmd_games(args) -> int:
    """One line a save slot. Names and descriptions were read from files once
    (an import, an older box): shown without control characters, capped."""
    from games.core.untrusted import printable

    with _reading(args) as journal:
        for slot in journal.slots():
            mark = "*" if slot.id == journal.active_slot else " "
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(slot.updated))
            print(f"{mark} {slot.id:3d}  {printable(slot.game_id, 20):20s} {printable(slot.name):24s} "
                  f"#{slot.seq:<5d} {when}  {printable(slot.description)}")
    return 0


def cmd_export(args) -> int:
    with _reading(args) as journal:
        if journal.active_slot is None and args.slot is None:
            return _fail("nothing to export: no game has been started", 1)
        data = journal.export_game(args.slot)
    text = json.dumps(data, indent=1, sort_keys=True)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_import(args) -> int:
    from games.core.untrusted import printable
    from store.game_export import JournalImportError, check_export, read_export

    try:  # checked in full before the journal is opened: a refused file changes nothing
        checked = check_export(read_export(Path(args.file)))
    except JournalImportError as err:  # its text may quote the file: echoed printable, capped
        return _fail(f"{args.file}: {printable(str(err), 1000)}")
    journal, _ = _open_journal(args)
    try:
        slot = journal.import_checked(checked)
        journal.activate(slot)  # what was imported is what `run`, `state` and `export` now mean
    finally:
        journal.close()
    print(f"imported as slot {slot}, now the active game")
    return 0


# --- doctor and report -------------------------------------------------------------


def _diagnose(args):
    from app.doctor import diagnose
    from app.wiring import on_raspberry_pi

    hardware = args.hardware or ("pi" if on_raspberry_pi() else "sim")
    config_path = _config_path(args, hardware, must_exist=False)
    return hardware, config_path, diagnose(config_path, _data_dir(args), hardware)


def cmd_doctor(args) -> int:
    from app.doctor import as_dicts, failed, format_findings

    _, _, findings = _diagnose(args)
    print(json.dumps(as_dicts(findings), indent=1) if args.json else format_findings(findings))
    return 1 if failed(findings) else 0


def cmd_report(args) -> int:
    from app.report import write_report
    from store.backup import is_healthy
    from store.journal import JOURNAL_FILE

    hardware, config_path, findings = _diagnose(args)
    export = None
    if is_healthy(_data_dir(args) / JOURNAL_FILE):  # a damaged journal is the doctor's to report
        with _reading(args) as journal:
            export = journal.export_game() if journal.active_slot is not None else None
    output = Path(args.output or time.strftime("tablewarden-report-%Y%m%d-%H%M%S.zip"))
    write_report(output, findings=findings, hardware=hardware, config_path=config_path, export=export,
                 log_file=Path(args.log) if args.log else None)
    print(f"report written to {output}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=APP, description="Keeps the books beside a board game.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True)

    def with_data_dir(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--data-dir", default=os.environ.get("TABLEWARDEN_DATA_DIR") or default_data_dir(),
                       help="where the journal lives (default: the platform's user data dir)")
        return p

    run = with_data_dir(sub.add_parser("run", help="start the service"))
    run.add_argument("--hardware", choices=("pi", "sim"), help="default: pi on a Raspberry Pi, sim elsewhere")
    run.add_argument("--headless", action="store_true", help="no window, even where a display exists")
    run.add_argument("--config", help="config TOML (default: /etc/tablewarden/config.toml on the Pi)")
    run.add_argument("--script", help="a control script (JSON Lines) to drive the simulated box")
    run.add_argument("--frames", help="where script 'snap' lines write PNG frames")
    run.add_argument("--seed", type=int, help="seed for new games (default: the time)")
    run.set_defaults(func=cmd_run)

    state = with_data_dir(sub.add_parser("state", help="print the active game"))
    state.add_argument("--json", action="store_true", help="one JSON object")
    state.set_defaults(func=cmd_state)

    games = with_data_dir(sub.add_parser("games", help="list the save slots"))
    games.set_defaults(func=cmd_games)

    export = with_data_dir(sub.add_parser("export", help="write a game as JSON"))
    export.add_argument("--slot", type=int, help="default: the active game")
    export.add_argument("-o", "--output", help="default: standard output")
    export.set_defaults(func=cmd_export)

    imp = with_data_dir(sub.add_parser("import", help="add a game from an exported JSON file"))
    imp.add_argument("file")
    imp.set_defaults(func=cmd_import)

    for name, func, text in (("doctor", cmd_doctor, "check the box's parts and say what to fix"),
                             ("report", cmd_report, "bundle log, config, game and doctor into one file")):
        check = with_data_dir(sub.add_parser(name, help=text))
        check.add_argument("--hardware", choices=("pi", "sim"),
                           help="default: pi on a Raspberry Pi, sim elsewhere")
        check.add_argument("--config", help="config TOML (default: /etc/tablewarden/config.toml on the Pi)")
        check.set_defaults(func=func)
        if name == "doctor":
            check.add_argument("--json", action="store_true", help="the findings as JSON")
        else:
            check.add_argument("--log", help="a log file to include (default: journald's, if any)")
            check.add_argument("-o", "--output", help="default: tablewarden-report-<time>.zip here")
    return parser


def main(argv: list[str] | None = None) -> int:
    from store.journal import JournalError, StorageError

    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        return args.func(args)
    except ConfigError as err:
        return _fail(str(err))
    except StorageError as err:
        return _fail(err.long, 1)
    except JournalError as err:
        return _fail(str(err), 1)


if __name__ == "__main__":
    sys.exit(main())
