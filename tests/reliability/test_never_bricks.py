"""Never bricks, never freezes: each finding of the issue, as a player (or the card) meets it.

Finding numbers are the issue's: 1 a state the view cannot draw, 3 a full
card during a backup, 4 damage found late, 5 a silent rollback, 6 relative
paths and a missing config, 7 unfriendly failures, 8 backups on the input
path. Finding 2 (edited exports) is tests/reliability/test_import_trusts_nothing.py;
the Kilforth rule path behind finding 1 is tests/games/kilforth.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
import threading
from contextlib import contextmanager

import pytest

import games.core.registry as registry
from app.controller import Controller
from app.service import Box
from contracts.events import Press
from store.backup import list_backups
from store.backup_worker import BackupDone, BackupWorker
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from store.safe_start import MARK, StartMark
from store.storage import StorageError, storage_error
from tests.acceptance.harness import new_game, run_script, tablewarden
from tests.app.test_service import RecordingScreen, Rig
from tests.fixtures.counter_game import COUNTER, GAME_ID
from tests.fixtures.storage_errors import disk_full, sqlite_error
from tests.reliability.mounts import cli_on_read_only, python_on_small_card

WAIT = 10.0


def broken_view_at(monkeypatch, value: int) -> None:
    """The counter game's view raises for one counter value, as Kilforth's did for an empty team."""
    def view(game, state):
        if state["counter"] == value:
            raise IndexError("list index out of range")
        return COUNTER.show(game, state)

    monkeypatch.setitem(registry._GAMES, GAME_ID, dataclasses.replace(COUNTER, show=view))


# --- 1. a state the view cannot draw ------------------------------------------------


def test_a_view_that_raises_shows_the_fallback_frame_and_undo_still_works(tmp_path, monkeypatch, caplog):
    broken_view_at(monkeypatch, 3)
    rig = Rig(tmp_path)
    screen = RecordingScreen()
    rig.service.box = Box(controls=rig.pins, display=rig.display, screen=screen)

    def driver(rig):
        rig.pins.turn("spirit", 1)  # 2 -> 3: the view raises
        rig.settle()
        rig.pins.press("undo")  # input keeps flowing

    rig.play(driver)
    broken, after = screen.frames[-2:]
    assert broken.game is None and "Display error: undo, or hold back" in broken.message.short
    assert after.game is not None and after.game.tracks[0].value == 2
    assert rig.journal.state()[0]["counter"] == 2 and rig.journal.state()[1] == 0
    assert any("the game view failed" in r.message and "state" in r.message for r in caplog.records)
    rig.journal.close()


def test_hold_back_reaches_the_game_list_from_a_state_the_view_cannot_draw(tmp_path, monkeypatch):
    broken_view_at(monkeypatch, 2)  # broken from the start
    rig = Rig(tmp_path)
    screen = RecordingScreen()
    rig.service.box = Box(controls=rig.pins, display=rig.display, screen=screen)
    rig.play(lambda rig: rig.pins.hold("back", 1.2))
    assert "Display error" in screen.frames[0].message.short
    assert screen.frames[-1].menu is not None and screen.frames[-1].menu.title == "Choose a game"
    rig.journal.close()


def test_an_input_that_raises_is_said_and_the_loop_goes_on(tmp_path, monkeypatch):
    rig = Rig(tmp_path)
    calls = []

    def boom(control):
        calls.append(control)
        raise RuntimeError("a bug")

    monkeypatch.setattr(rig.service.controller, "_press", boom)

    def driver(rig):
        rig.pins.press("next")
        rig.settle()
        rig.pins.turn("spirit", 1)  # still served

    rig.play(driver)
    assert calls == ["next"]
    assert rig.journal.state()[0]["counter"] == 3
    rig.journal.close()


def test_a_renderer_that_raises_draws_the_fallback_on_the_oled(tmp_path, monkeypatch):
    import app.service as service_module

    real = service_module.render_oled

    def render(frame, width, height):
        if frame.game is not None:
            raise ValueError("cannot draw")
        return real(frame, width, height)

    monkeypatch.setattr(service_module, "render_oled", render)
    rig = Rig(tmp_path)
    rig.play(lambda rig: rig.pins.turn("spirit", 1))
    assert rig.display.frames >= 2 and rig.journal.state()[0]["counter"] == 3
    rig.journal.close()


def test_a_failing_sound_cue_and_tray_do_not_stop_play(tmp_path):
    class BrokenCues:
        def cue(self, name):
            raise OSError("piezo gone")

    journal, _ = Journal.open(tmp_path)
    journal.new_game(GAME_ID, {"start": 9, "limit": 10}, seed=1)

    def arm(count, kind):
        raise OSError("tray unplugged")

    controller = Controller(journal, seed=lambda: 1, clock=lambda: 0.0, sound=BrokenCues(), arm_tray=arm)
    controller.overlays.commit("push", {"amount": 3})  # refused: the "rejected" cue fails
    assert controller.message.short == "Counter is full"
    journal.close()


# --- a safe start -------------------------------------------------------------------


def test_a_start_that_failed_opens_the_game_list_and_says_why(tmp_path):
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -1}])
    assert first.status == 0, first.stderr
    StartMark(first.data_dir).failed("IndexError: list index out of range")  # as a crash leaves it
    second = run_script(tmp_path, [{"snap": "safe"}], data_dir=first.data_dir)
    assert second.status == 0, second.stderr
    assert "the last start did not finish (IndexError: list index out of range)" in second.stderr
    assert not (first.data_dir / MARK).exists()  # the list was shown: the next start opens the game
    third = run_script(tmp_path, [{"press": "next"}], data_dir=first.data_dir)
    assert "did not finish" not in third.stderr


def test_the_safe_start_frame_names_the_reason_and_continue_still_works(tmp_path):
    journal, _ = Journal.open(tmp_path)
    journal.new_game(GAME_ID, {"start": 4, "limit": 10}, seed=1)
    journal.close()
    journal, _ = Journal.open(tmp_path, restore=False)
    controller = Controller(journal, seed=lambda: 1, clock=lambda: 0.0,
                            last_start_failed="KeyError: 'heroes'")
    frame = controller.frame()
    assert frame.menu.title == "Choose a game" and frame.game is None
    assert "KeyError: 'heroes'" in frame.message.long
    assert frame.message.short == "Last game could not be opened: KeyError"
    continued = controller.overlays.continue_slot(1)
    assert continued is None and controller.state()["counter"] == 4
    journal.close()


def test_a_start_that_raises_leaves_the_mark_with_its_reason(tmp_path, monkeypatch):
    from app import cli
    from app.service import Service

    def crash(self, on_ready=None):
        raise IndexError("list index out of range")

    monkeypatch.setattr(Service, "run", crash)
    with pytest.raises(IndexError):
        cli.main(["run", "--hardware", "sim", "--headless", "--data-dir", str(tmp_path)])
    assert StartMark(tmp_path).previous_failure() == "IndexError: list index out of range"


# --- 3. a full card during a backup ----------------------------------------------------


def test_a_full_card_during_a_backup_is_a_message_not_a_crash(tmp_path, monkeypatch):
    import store.backup_worker as worker_module

    def full(*args, **kwargs):
        raise disk_full()

    journal, _ = Journal.open(tmp_path)
    journal.new_game(GAME_ID, {"start": 2, "limit": 10}, seed=1)
    monkeypatch.setattr(worker_module, "write_backup", full)
    reports = []
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, report=reports.append)
    worker.request()
    worker.close()  # a pending backup is taken at a clean stop
    (done,) = reports
    assert done.error.kind == "full" and done.error.short == "Card full: no backup"
    controller = Controller(journal, seed=lambda: 1, clock=lambda: 0.0)
    controller.handle(done)
    assert controller.message.short == "Card full: no backup" and controller.playing
    journal.close()


def test_stale_part_files_are_removed_at_start(tmp_path):
    (tmp_path / BACKUP_DIR).mkdir(parents=True)
    stale = [tmp_path / BACKUP_DIR / "journal-000003-20260101-000000.db.part", tmp_path / "journal.db.part",
             tmp_path / BACKUP_DIR / "journal-000003-20260101-000000.db.part-journal"]
    for path in stale:
        path.write_bytes(b"half a copy")
    Journal.open(tmp_path)[0].close()
    assert not any(path.exists() for path in stale)


def test_a_full_card_at_start_is_named_full_not_an_io_error(tmp_path, monkeypatch):
    import store.storage as storage

    monkeypatch.setattr(storage, "_no_space", lambda data_dir: True)
    err = storage_error(sqlite_error("disk I/O error", sqlite3.SQLITE_IOERR), tmp_path, "open")
    assert err.kind == "full" and err.short == "Card full" and "Free some space" in err.long


# --- 4. damage found late ----------------------------------------------------------------


def played(tmp_path, commands: int = 120, snapshot_every: int = 50) -> Journal:
    journal, _ = Journal.open(tmp_path, snapshot_every=snapshot_every)
    journal.new_game(GAME_ID, {"start": 0, "limit": 20}, seed=1)
    for i in range(commands):
        journal.commit(_turn(i))
    return journal


def _turn(i: int):
    from games.core import Command

    return Command("adjust", {"track": "counter", "delta": 1 if i % 2 == 0 else -1})


def test_random_bytes_in_a_snapshot_fall_back_to_an_earlier_one(tmp_path):
    journal = played(tmp_path)
    expected = journal.state()
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE snapshots SET state = CAST(X'7b22ff22fe3a' AS TEXT) WHERE seq = 100")
    db.close()
    assert sqlite3.connect(tmp_path / JOURNAL_FILE).execute("PRAGMA integrity_check").fetchone() == ("ok",)
    journal, _ = Journal.open(tmp_path, snapshot_every=50)
    assert journal.state() == expected
    for _ in range(20):
        journal.undo()  # across the damaged snapshot: no "Could not decode to UTF-8"
    assert journal.state()[1] == expected[1] - 20
    journal.close()


def test_damage_met_in_play_marks_the_file_and_is_repaired_from_the_backup(tmp_path):
    journal = played(tmp_path, commands=200)
    backup = journal.backup()
    good = journal.state()
    for i in range(40):
        journal.commit(_turn(i))
    journal.close()
    overwrite_commands_page(tmp_path / JOURNAL_FILE)
    journal, notices = Journal.open(tmp_path, snapshot_every=50)  # a clean close: the quick check passes
    assert notices == [] and journal.state()[1] == 240
    held = []

    @contextmanager
    def hold_backups():  # the backup worker's hold: no sync reads the file being moved aside
        held.append("held")
        yield
        held.append(len(list(tmp_path.glob("journal.damaged-*.db"))))

    controller = Controller(journal, seed=lambda: 1, clock=lambda: 0.0, hold_backups=hold_backups)
    for _ in range(240):  # undo until the damaged page is read
        controller.handle(Press("undo"))
        if controller.message and controller.message.short == "Save repaired":
            break
    assert controller.message.short == "Save repaired", controller.message
    assert "Restored the backup" in controller.message.long and backup.name in controller.message.long
    assert journal.state() == good and controller.playing
    assert len(list(tmp_path.glob("journal.damaged-*.db"))) == 1  # kept, never deleted
    assert held == ["held", 1]  # the file was moved aside and replaced while backups were held
    journal.close()


def overwrite_commands_page(path) -> None:
    """Overwrite the commands table's first leaf (its oldest moves) with garbage, as a failing card
    might: restoring the cursor never reads it, an undo far enough back does."""
    db = sqlite3.connect(path)
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    (page,) = db.execute("SELECT pageno FROM dbstat WHERE name='commands' AND pagetype='leaf'"
                         " ORDER BY path LIMIT 1").fetchone()
    db.close()
    with open(path, "r+b") as f:
        f.seek((page - 1) * page_size)
        f.write(bytes([0xA5]) * page_size)


def test_damage_found_late_does_not_crash_at_every_start(tmp_path):
    journal = played(tmp_path, commands=200)
    journal.backup()
    journal.close()
    overwrite_commands_page(tmp_path / JOURNAL_FILE)
    journal, _ = Journal.open(tmp_path)
    with pytest.raises(StorageError) as raised:
        journal.goto(1)
    assert raised.value.kind == "damaged"
    journal.close()
    journal, notices = Journal.open(tmp_path)  # the mark asked for the full check
    assert any("moved aside" in n for n in notices) and any("Restored the backup" in n for n in notices)
    assert journal.state()[1] == 200
    journal.close()


# --- 5. no silent rollback ------------------------------------------------------------


def killed_with_backup_behind_wal(tmp_path):
    """A journal whose last writes live only in its WAL, a backup taken after them, then the WAL lost."""
    journal = played(tmp_path, commands=30)
    journal._db.execute("PRAGMA wal_autocheckpoint=0")
    journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for i in range(20):
        journal.commit(_turn(i))
    backup = journal.backup()
    shown = journal.state()
    wal = tmp_path / f"{JOURNAL_FILE}-wal"
    copy = tmp_path / "wal-at-kill"
    shutil.copyfile(wal, copy)
    shutil.copyfile(tmp_path / JOURNAL_FILE, tmp_path / "db-at-kill")
    journal.close()  # (a kill would leave these two files; closing checkpoints, so put them back)
    shutil.copyfile(tmp_path / "db-at-kill", tmp_path / JOURNAL_FILE)
    return wal, copy, backup, shown


def test_a_deleted_wal_restores_the_newer_backup_and_says_so(tmp_path):
    wal, _, backup, shown = killed_with_backup_behind_wal(tmp_path)
    wal.unlink(missing_ok=True)
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == shown
    assert any("lost its last moves" in n for n in notices) and any(backup.name in n for n in notices)
    assert len(list(tmp_path.glob("journal.behind-*.db"))) == 1  # the older file is kept
    journal.close()


def test_a_corrupted_wal_restores_the_newer_backup_and_says_so(tmp_path):
    wal, copy, backup, shown = killed_with_backup_behind_wal(tmp_path)
    data = bytearray(copy.read_bytes())
    data[32 + 24 + 4096 * 3: 32 + 24 + 4096 * 3 + 64] = bytes(64)  # a frame's page damaged
    wal.write_bytes(bytes(data))
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == shown
    assert any(backup.name in n for n in notices)
    journal.close()


@pytest.mark.parametrize("how", ["zero-byte", "missing"])
def test_an_empty_or_missing_journal_with_backups_restores_the_newest(tmp_path, how):
    journal = played(tmp_path, commands=10)
    backup = journal.backup()
    shown = journal.state()
    journal.close()
    if how == "zero-byte":
        (tmp_path / JOURNAL_FILE).write_bytes(b"")
    else:
        (tmp_path / JOURNAL_FILE).unlink()
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == shown
    assert any("missing or empty" in n for n in notices) and any(backup.name in n for n in notices)
    journal.close()


def test_a_new_box_without_backups_starts_fresh_without_a_notice(tmp_path):
    journal, notices = Journal.open(tmp_path)
    assert notices == [] and journal.active_slot is None
    journal.close()


# --- 6. paths ------------------------------------------------------------------------------


def test_relative_data_dir_on_a_damaged_journal_recovers_and_doctor_and_report_work(tmp_path):
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -1}])
    assert first.status == 0, first.stderr
    journal, _ = Journal.open(first.data_dir)
    journal.backup()
    journal.close()
    (first.data_dir / JOURNAL_FILE).write_bytes(b"garbage" * 1000)
    import subprocess
    import sys

    from tests.acceptance.harness import _env

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=tmp_path, env=_env(),
                              capture_output=True, text=True, timeout=120, check=False)

    done = cli("state", "--data-dir", "data", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "kreel-manor" and "Restored the backup" in done.stderr
    assert cli("doctor", "--hardware", "sim", "--data-dir", "data").returncode in (0, 1)
    report = cli("report", "--hardware", "sim", "--data-dir", "data", "-o", "r.zip")
    assert report.returncode == 0, report.stderr
    assert (tmp_path / "r.zip").exists() and "Traceback" not in report.stderr
    exported = cli("export", "--data-dir", "data", "-o", "game.json")
    assert exported.returncode == 0 and (tmp_path / "game.json").exists()


def test_a_config_that_does_not_exist_exits_2_naming_it(tmp_path):
    done = tablewarden("run", "--hardware", "sim", "--headless", "--data-dir", str(tmp_path),
                       "--config", "/nonexistent/config.toml")
    assert done.returncode == 2 and "no such file" in done.stderr and "Traceback" not in done.stderr
    doctor = tablewarden("doctor", "--hardware", "sim", "--data-dir", str(tmp_path), "--config", "none.toml")
    assert "no file at" in doctor.stdout and "none.toml" in doctor.stdout  # the doctor's own finding


# --- 7. other unfriendly failures --------------------------------------------------------


def test_a_directory_in_place_of_the_journal_is_moved_aside_and_the_backup_restored(tmp_path):
    journal = played(tmp_path, commands=5)
    journal.backup()
    shown = journal.state()
    journal.close()
    (tmp_path / JOURNAL_FILE).unlink()
    (tmp_path / JOURNAL_FILE).mkdir()
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == shown and any("directory" in n for n in notices)
    journal.close()


def test_a_failed_start_in_script_mode_reports_the_real_error_and_closes_the_journal(tmp_path, monkeypatch):
    from app import cli
    from app.service import Service

    def crash(self, on_ready=None):  # before the first frame: the script runner never started
        raise IndexError("list index out of range")

    monkeypatch.setattr(Service, "run", crash)
    script = tmp_path / "s.jsonl"
    script.write_text('{"press": "next"}\n')
    with pytest.raises(IndexError):  # the real error, not "cannot join thread before it is started"
        cli.main(["run", "--hardware", "sim", "--headless", "--data-dir", str(tmp_path / "data"),
                  "--script", str(script)])
    assert not (tmp_path / "data" / f"{JOURNAL_FILE}-wal").exists()  # closed: its WAL folded in


def read_only_run(tmp_path, data, *command):
    return cli_on_read_only(data, *command)


def test_state_games_and_export_rescue_a_read_only_card(tmp_path):
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -2}])
    assert first.status == 0, first.stderr
    before = first.state()
    data = str(first.data_dir)
    state = read_only_run(tmp_path, data, "state", "--data-dir", data, "--json")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["state"] == before["state"]
    games = read_only_run(tmp_path, data, "games", "--data-dir", data)
    assert games.returncode == 0 and "kreel-manor" in games.stdout
    out = tmp_path / "rescued.json"
    export = read_only_run(tmp_path, data, "export", "--data-dir", data, "-o", str(out))
    assert export.returncode == 0, export.stderr
    assert json.loads(out.read_text())["game"] == "kreel-manor"


def test_run_on_a_read_only_card_says_exactly_that(tmp_path):
    first = run_script(tmp_path, [*new_game("kreel-manor")])
    data = str(first.data_dir)
    done = read_only_run(tmp_path, data, "run", "--hardware", "sim", "--headless", "--data-dir", data)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "cannot be written" in done.stderr and "not saved" not in done.stderr


# --- 8. backups off the input path -------------------------------------------------------


def test_a_phase_end_asks_for_a_backup_and_takes_none_itself(tmp_path, monkeypatch):
    import store.journal_file as journal_file

    journal, _ = Journal.open(tmp_path)
    journal.new_game(GAME_ID, {"start": 2, "limit": 10}, seed=1)
    requested = []
    monkeypatch.setattr(journal_file, "write_backup", lambda *a, **k: pytest.fail("a backup on input"))
    controller = Controller(journal, seed=lambda: 1, clock=lambda: 0.0,
                            request_backup=lambda: requested.append(1))
    controller.overlays.next()  # the round starts at its reminder
    controller.overlays.next()  # the reminder done, the automatic roll ends the round
    assert requested == [1] and journal.state()[0]["round"] == 1
    journal.close()


def test_backups_wait_for_idle_coalesce_and_skip_an_unchanged_journal(tmp_path):
    journal = played(tmp_path, commands=5)
    done = threading.Event()
    reports: list[BackupDone] = []

    def report(item):
        reports.append(item)
        done.set()

    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, idle_after=0.2, min_interval=0.0,
                          report=report)
    worker.start()
    worker.touched()
    worker.request()
    worker.request()  # coalesced with the first
    worker.settled()  # the press is drawn, as the service says
    assert done.wait(WAIT)
    assert len(reports) == 1 and reports[0].path is not None
    done.clear()
    worker.request()  # nothing changed since: no second file
    worker.close()
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 1
    journal.close()


def test_a_phase_ended_after_a_long_pause_is_backed_up_only_after_idle_again(tmp_path):
    """The press that ends a procedure is input: its backup waits ``idle_after`` from that press,
    not from the input before it, so it is not copied while the press is being drawn."""
    journal = played(tmp_path, commands=3)
    now = [100.0]
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, idle_after=2.0, min_interval=0.0,
                          clock=lambda: now[0])
    worker.touched()  # the last input, then the players think for a minute
    now[0] += 60.0
    worker.request()  # the press that ends the phase
    assert worker._backup_at(now[0]) == now[0] + 2.0
    journal.close()


def test_backups_follow_the_journal_and_restore_it(tmp_path):
    journal = played(tmp_path, commands=7)
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR)
    worker.request()
    worker.close()
    (backup,) = list_backups(tmp_path / BACKUP_DIR)
    copy, _ = Journal.open(tmp_path / "restored-from")  # an empty place, then the backup copied in
    copy.close()
    shutil.copyfile(backup, tmp_path / "restored-from" / JOURNAL_FILE)
    restored, _ = Journal.open(tmp_path / "restored-from")
    assert restored.state() == journal.state()
    restored.close()
    journal.close()


FULL_CARD = r"""
import json, os, sys
from pathlib import Path
import tests.fixtures.counter_game  # registers test-counter
from store.backup_worker import BackupWorker
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from games.core import Command

data = Path(sys.argv[1])
journal, _ = Journal.open(data)
journal.new_game("test-counter", {"start": 0, "limit": 20}, seed=1)
for i in range(300):
    journal.commit(Command("adjust", {"track": "counter", "delta": 1 if i % 2 == 0 else -1}))
filler = data / "filler"
with open(filler, "wb", buffering=0) as f:  # the card fills up: other files, photos, logs
    try:
        while True:
            f.write(b"x" * 4096)
    except OSError:
        pass
room = max(8 * 1024, (data / JOURNAL_FILE).stat().st_size // 2)  # a few moves, not a copy of the journal
with open(filler, "r+b") as f:
    f.truncate(f.seek(0, 2) - room)
reports = []
worker = BackupWorker(data / JOURNAL_FILE, data / BACKUP_DIR, report=reports.append)
worker.request()
worker.close()
journal.commit(Command("adjust", {"track": "counter", "delta": 1}))  # play goes on
parts_before = [p.name for p in (data / BACKUP_DIR).glob("*.part")] if (data / BACKUP_DIR).exists() else []
shown = journal.state()
journal.close()
reopened, notices = Journal.open(data)
print(json.dumps({"kind": reports[0].error.kind if reports[0].error else None,
                  "short": reports[0].error.short if reports[0].error else None,
                  "same": reopened.state() == shown, "notices": notices,
                  "parts_before": parts_before, "parts_after": [p.name for p in data.rglob("*.part")]}))
"""


def test_a_really_full_card_skips_the_backup_and_keeps_every_move(tmp_path):
    """A tmpfs of 8 MiB in a private mount namespace, filled up, as a card would be."""
    data = tmp_path / "card"
    data.mkdir()
    script = tmp_path / "full_card.py"
    script.write_text(FULL_CARD)
    done = python_on_small_card(data, "8m", script)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["kind"] == "full" and result["short"] == "Card full: no backup"
    assert result["same"] and result["parts_before"] == [] and result["parts_after"] == []
    assert result["notices"] == []


def test_a_due_checkpoint_does_not_let_a_backup_jump_its_spacing(tmp_path):
    """Phase ends 0.25 s apart, idle between them: one backup, then the rest wait min_interval."""
    import time

    journal = played(tmp_path, commands=3)
    journal._db.execute("PRAGMA wal_autocheckpoint=0")
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, idle_after=0.05, min_interval=60.0,
                          checkpoint_at=0)  # a checkpoint due at every idle moment
    worker.start()
    for i in range(6):
        worker.touched()
        journal.commit(_turn(i))
        worker.request()
        worker.settled()
        time.sleep(0.25)
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 1
    assert not worker._wal_changed()  # the WAL was checkpointed at idle all the same
    worker.close()  # the pending one waits for its spacing, at a clean stop too
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 1
    journal.close()


def test_a_small_wal_is_left_for_later_and_a_sizeable_one_folded_in_at_idle(tmp_path):
    """Each WAL page folded in is written twice: only a WAL of ``checkpoint_at`` bytes or more
    is checkpointed at idle (docs/JOURNAL.md, "Backups")."""
    import time

    journal = played(tmp_path, commands=3)
    journal._db.execute("PRAGMA wal_autocheckpoint=0")
    journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.commit(_turn(0))
    wal_size = (tmp_path / f"{JOURNAL_FILE}-wal").stat().st_size
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, idle_after=0.05,
                          checkpoint_at=wal_size + 1)
    worker.start()
    worker.settled()  # an input drawn: the worker looks again
    time.sleep(0.3)
    assert worker._wal_changed()  # small: left alone
    worker.checkpoint_at = wal_size
    worker.settled()
    time.sleep(0.3)
    assert not worker._wal_changed()  # sizeable: folded in at idle
    worker.close()
    journal.close()


@pytest.mark.parametrize(("minutes_since", "taken"), [(2, False), (10, True)])
def test_a_new_session_waits_out_the_spacing_from_the_last_sessions_backup(tmp_path, minutes_since, taken):
    """Starting the box does not copy the journal again when the last backup is recent
    (docs/JOURNAL.md, "Backups": at most one copy per interval, across sessions)."""
    journal = played(tmp_path, commands=3)
    (last,) = [journal.backup()]
    journal.commit(_turn(0))  # changed since: only the spacing can hold the next one back
    now = last.stat().st_mtime + minutes_since * 60
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, min_interval=300.0,
                          wall_clock=lambda: now)
    worker.request()
    worker.close()
    assert len(list_backups(tmp_path / BACKUP_DIR)) == (2 if taken else 1)
    journal.close()


def test_a_checkpoint_empties_the_wal_so_the_next_commit_does_not_make_another_due(tmp_path):
    """Issue "Every screen within budget", 4: a PASSIVE checkpoint left the -wal file at its size,
    so once it had reached ``checkpoint_at`` every later commit made a checkpoint due again."""
    journal = played(tmp_path, commands=3)
    journal._db.execute("PRAGMA wal_autocheckpoint=0")
    for i in range(40):
        journal.commit(_turn(i))
    wal = tmp_path / f"{JOURNAL_FILE}-wal"
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR,
                          checkpoint_at=wal.stat().st_size // 2)
    assert worker._checkpoint_at(now=0.0) is not None  # sizeable: due
    worker._checkpoint()
    assert wal.stat().st_size == 0
    journal.commit(_turn(41))
    assert worker._checkpoint_at(now=0.0) is None  # one commit's pages: not due again
    assert journal.state()[1] == 3 + 40 + 1  # every move kept through the truncation
    journal.close()


def test_a_phase_end_folds_a_wal_of_some_50_moves_at_idle(tmp_path, monkeypatch):
    """Issue "One writer, checked bytes", 10: the WAL was folded in only at 1 MiB, so a WAL lost after
    a power cut could take hundreds of moves; a procedure's end now folds it at the next idle once
    it holds FOLD_AT (not at every phase end: that was three syncs every two commands)."""
    from store import backup_worker

    journal = played(tmp_path, commands=3)
    journal._db.execute("PRAGMA wal_autocheckpoint=0")
    journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.commit(_turn(0))
    wal = tmp_path / f"{JOURNAL_FILE}-wal"
    monkeypatch.setattr(backup_worker, "FOLD_AT", wal.stat().st_size + 1)
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR)  # checkpoint_at: 1 MiB
    worker.request()  # a phase ended, the WAL under FOLD_AT: left for later
    assert worker._checkpoint_at(now=0.0) is None
    monkeypatch.setattr(backup_worker, "FOLD_AT", wal.stat().st_size)
    assert worker._checkpoint_at(now=0.0) is not None  # at FOLD_AT after a phase end: folded
    worker._fold = False
    assert worker._checkpoint_at(now=0.0) is None  # the same WAL without a phase end: not yet
    worker._checkpoint()
    assert (tmp_path / f"{JOURNAL_FILE}-wal").stat().st_size == 0
    journal.commit(_turn(1))
    assert worker._checkpoint_at(now=0.0) is None  # until the next phase end
    journal.close()
