"""``tablewarden doctor`` and ``tablewarden report``, on the simulated box.

The doctor runs every check in the simulator (mock pins, luma's dummy OLED,
a pseudo-terminal tray), and each kind of trouble it is there for produces a
finding that names it and says what to do.
"""

from __future__ import annotations

import json
import sqlite3
import zipfile
from collections import namedtuple
from pathlib import Path

from app import doctor
from app.config import Config
from store.backup import is_healthy
from store.journal import Journal
from store.mirror import build_mirror
from tests.acceptance.harness import tablewarden

Usage = namedtuple("Usage", "total used free")


def by_check(findings) -> dict[str, doctor.Finding]:
    return {f.check: f for f in findings}


def test_doctor_runs_every_check_in_the_simulator(tmp_path):
    done = tablewarden("doctor", "--hardware", "sim", "--data-dir", str(tmp_path / "data"), "--json",
                       "--config", str(tmp_path / "none.toml"))
    assert done.returncode == 0, done.stdout + done.stderr
    findings = {f["check"]: f for f in json.loads(done.stdout)}
    assert set(findings) == {"config", "gpio backend", "pins", "oled", "dice tray", "data dir", "free space"}
    assert {f["status"] for f in findings.values()} == {"ok"}
    assert "answered the handshake" in findings["dice tray"]["summary"]


def test_doctor_names_a_bad_config_and_goes_on_with_the_defaults(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[oled]\ni2c_address = 999\n")
    done = tablewarden("doctor", "--hardware", "sim", "--data-dir", str(tmp_path), "--config", str(config))
    assert done.returncode == 1
    assert "[fail] config: config key oled.i2c_address = 999 is not allowed" in done.stdout
    assert f"fix: edit {config}" in done.stdout
    assert "[ ok ] pins" in done.stdout  # the other checks still ran


def test_a_pin_held_by_another_program_is_named(monkeypatch):
    from gpiozero import Button
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    service = Button(19, pin_factory=factory)  # the running service holds undo's pin
    backend = doctor.Finding("gpio backend", "ok", "mock")
    monkeypatch.setattr(doctor, "_pin_factory", lambda sim: (factory, backend))
    findings = by_check(doctor.check_pins(Config(), sim=True))
    service.close()
    assert findings["pins"].status == "fail"
    assert "undo button (BCM19): GPIOPinInUse" in findings["pins"].summary
    assert "systemctl stop tablewarden" in findings["pins"].fix


def backed_up(data: Path) -> tuple[Path, Path]:
    """A data directory with a Kreel Manor game, one rotating copy and the mirror."""
    journal, _ = Journal.open(data)
    journal.new_game("kreel-manor", {}, 1)
    journal.backup()
    journal.close()
    db = sqlite3.connect(data / "journal.db")
    mirror = build_mirror(db, data / "backups")
    db.close()
    return data, mirror


def test_the_mirror_is_counted_among_the_backups(tmp_path):
    """The mirror is the newest restore point (docs/JOURNAL.md, "Backups"): the doctor checks it
    with the rotating copies, and names it when it is damaged."""
    data, mirror = backed_up(tmp_path / "data")
    findings = by_check(doctor.check_data_dir(data))
    assert findings["backups"].status == "ok"
    assert findings["backups"].summary.startswith("the mirror and 1 copy healthy")
    mirror.write_bytes(b"SQLite format 3\0" + b"\x55" * 4096)
    findings = by_check(doctor.check_data_dir(data))
    assert findings["backups"].status == "warn" and "journal-mirror.db" in findings["backups"].summary


def test_a_mirror_left_mid_sync_by_a_power_cut_is_rolled_back_and_healthy(tmp_path):
    """A sync killed after it spilled pages into the mirror leaves a hot rollback journal beside
    it: a read-only check would call the mirror damaged; SQLite rolls it back to the mirror
    before the sync (store.backup.settle), which the doctor reports healthy."""
    data, mirror = backed_up(tmp_path / "data")
    cut = tmp_path / "cut"
    cut.mkdir()
    writer = sqlite3.connect(mirror, isolation_level=None)
    writer.execute("PRAGMA cache_size=1")  # spill each changed page into the file at once
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE games SET initial = ?", ("x" * 20_000,))
    for name in (mirror.name, mirror.name + "-journal"):  # the card as the power cut left it
        (cut / name).write_bytes((mirror.parent / name).read_bytes())
    writer.execute("ROLLBACK")
    writer.close()
    for name in (mirror.name, mirror.name + "-journal"):
        (mirror.parent / name).write_bytes((cut / name).read_bytes())
    assert not is_healthy(mirror)  # read-only, the hot journal makes it unreadable
    findings = by_check(doctor.check_data_dir(data))
    assert findings["backups"].status == "ok", findings["backups"].summary
    assert is_healthy(mirror) and not (mirror.parent / (mirror.name + "-journal")).exists()


def test_data_dir_problems(tmp_path):
    data = tmp_path / "data"
    journal, _ = Journal.open(data)
    journal.new_game("kreel-manor", {}, 1)
    journal.backup()
    journal.close()
    findings = by_check(doctor.check_data_dir(data))
    assert [f.status for f in findings.values()] == ["ok"] * 4
    full = by_check(doctor.check_data_dir(data, disk_usage=lambda _: Usage(8 << 30, 8 << 30, 1 << 20)))
    assert full["free space"].status == "fail" and "journalctl --vacuum" in full["free space"].fix
    (data / "journal.db").write_bytes(b"SQLite format 3\0" + b"\x55" * 4096)  # truncated, scrambled
    for name in ("journal.db-wal", "journal.db-shm"):
        (data / name).unlink(missing_ok=True)
    findings = by_check(doctor.check_data_dir(data))
    assert findings["journal"].status == "fail"
    assert "restores the newest healthy backup" in findings["journal"].fix
    data.chmod(0o500)
    try:
        probe = data / "probe"
        try:
            probe.write_text("root ignores modes")
            probe.unlink()
        except PermissionError:
            assert by_check(doctor.check_data_dir(data))["data dir"].status == "fail"
    finally:
        data.chmod(0o700)


def test_report_bundles_exactly_log_config_game_and_findings(tmp_path):
    data = tmp_path / "data"
    journal, _ = Journal.open(data)
    journal.new_game("kreel-manor", {}, 7)
    journal.close()
    config = tmp_path / "config.toml"
    config.write_text("[journal]\nbackups = 3\n")
    log = tmp_path / "service.log"
    log.write_text("frame 1 shown\n")
    out = tmp_path / "report.zip"
    done = tablewarden("report", "--hardware", "sim", "--data-dir", str(data), "--config", str(config),
                       "--log", str(log), "-o", str(out))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as bundle:
        assert sorted(bundle.namelist()) == ["README.txt", "config.toml", "doctor.json", "doctor.txt",
                                             "game-export.json", "log.txt"]
        assert bundle.read("config.toml").decode() == config.read_text()
        assert bundle.read("log.txt").decode() == log.read_text()
        assert json.loads(bundle.read("game-export.json"))["game"] == "kreel-manor"
        assert "8 ok" in bundle.read("doctor.txt").decode()
    assert sqlite3.connect(data / "journal.db").execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_report_without_a_game_or_a_log_says_what_is_missing(tmp_path):
    out = tmp_path / "report.zip"
    done = tablewarden("report", "--hardware", "sim", "--data-dir", str(tmp_path / "empty"), "--config",
                       str(tmp_path / "none.toml"), "--log", str(tmp_path / "nolog"), "-o", str(out))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as bundle:
        assert sorted(bundle.namelist()) == ["README.txt", "doctor.json", "doctor.txt"]
        readme = bundle.read("README.txt").decode()
    assert "no game is active" in readme and "cannot read" in readme and "the defaults are in use" in readme
