"""The CLI's answers to bad input, and moving a game between boxes."""

import json

from tests.acceptance.harness import new_game, run_script, tablewarden


def test_a_malformed_script_line_exits_2_naming_the_line(tmp_path):
    script = tmp_path / "bad.jsonl"
    script.write_text('{"press": "next"}\n{"turn": "next", "steps": 1}\n{"press": "nope"\n', encoding="utf-8")
    done = tablewarden("run", "--hardware", "sim", "--headless", "--data-dir", str(tmp_path / "d"),
                       "--script", str(script))
    assert done.returncode == 2
    assert "line 2" in done.stderr and "spirit or menhir" in done.stderr
    assert "line 3" in done.stderr
    assert not (tmp_path / "d" / "journal.db").exists()


def test_a_bad_config_stops_the_service_naming_the_key(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[oled]\ndriver = \"ssd9999\"\n", encoding="utf-8")
    done = tablewarden("run", "--hardware", "sim", "--headless", "--config", str(config),
                       "--data-dir", str(tmp_path / "d"))
    assert done.returncode == 2
    assert "oled.driver" in done.stderr and "'ssd9999'" in done.stderr and "sh1106" in done.stderr


def test_state_without_a_game_says_so(tmp_path):
    done = tablewarden("state", "--data-dir", str(tmp_path / "d"), "--json")
    assert done.returncode == 1 and "no game" in done.stderr


def test_export_then_import_on_another_box(tmp_path):
    run = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -4}])
    assert run.status == 0, run.stderr
    exported = tmp_path / "game.json"
    done = tablewarden("export", "--data-dir", str(run.data_dir), "-o", str(exported))
    assert done.returncode == 0, done.stderr
    other = tmp_path / "other"
    done = tablewarden("import", str(exported), "--data-dir", str(other))
    assert done.returncode == 0, done.stderr
    listing = tablewarden("games", "--data-dir", str(other))
    assert "kreel-manor" in listing.stdout

    tampered = json.loads(exported.read_text())
    tampered["commands"][0]["command"]["params"]["delta"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered))
    done = tablewarden("import", str(bad), "--data-dir", str(other))
    assert done.returncode == 2 and str(bad) in done.stderr


def test_sigterm_and_ctrl_c_stop_a_headless_service_cleanly(tmp_path):
    """`systemctl stop` and Ctrl-C end the loop (SDL must not swallow them) with status 0."""
    import signal
    import subprocess
    import sys
    import time

    from tests.acceptance.harness import _env

    for signum in (signal.SIGTERM, signal.SIGINT):
        service = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "run", "--hardware", "sim", "--headless",
             "--data-dir", str(tmp_path / "data")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=_env())
        time.sleep(2.5)
        service.send_signal(signum)
        try:
            status = service.wait(10)
        finally:
            service.kill()
        assert status == 0, service.stderr.read()
