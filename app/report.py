"""``tablewarden report``: one file to attach to a bug report.

A zip holding exactly: the service's log (journald's, or a file given), the
config file as it is, the active game's journal export, and the doctor's
findings (text and JSON), with a README naming each part. Nothing else from
the machine goes in — no environment, host name, other files or other save
slots — so the owner can send it without worrying what it leaks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

from app.doctor import Finding, as_dicts, format_findings

LOG_LINES = 5000
README = """Table Warden bug report, written {when}.

doctor.txt        tablewarden doctor's findings ({hardware} hardware)
doctor.json       the same as JSON
config.toml       {config_note}
game-export.json  {game_note}
log.txt           {log_note}

Nothing else from the machine is included.
"""


def service_log(log_file: Path | None) -> tuple[str | None, str]:
    """The log text and where it came from: ``log_file``, else journald's tablewarden unit."""
    if log_file is not None:
        try:
            return log_file.read_text(encoding="utf-8", errors="replace"), f"the log file {log_file}"
        except OSError as err:
            return None, f"not included: cannot read {log_file}: {err.strerror}"
    journalctl = shutil.which("journalctl")
    if journalctl is None:
        return None, "not included: no journalctl on this machine (pass --log FILE)"
    try:
        command = [journalctl, "--unit", "tablewarden", "--lines", str(LOG_LINES), "--no-pager",
                   "--output", "short-iso"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        return None, f"not included: journalctl failed: {err}"
    if done.returncode != 0 or not done.stdout.strip() or done.stdout.startswith("-- No entries"):
        return None, "not included: journald has no entries for the tablewarden unit (pass --log FILE)"
    return done.stdout, f"the last {LOG_LINES} lines of journalctl --unit tablewarden"


def write_report(output: Path, *, findings: list[Finding], hardware: str, config_path: Path,
                 export: dict | None, log_file: Path | None = None) -> Path:
    """Write the bundle to ``output`` (a .zip) and return it."""
    parts: dict[str, str] = {
        "doctor.txt": format_findings(findings) + "\n",
        "doctor.json": json.dumps(as_dicts(findings), indent=1) + "\n",
    }
    try:
        parts["config.toml"] = config_path.read_text(encoding="utf-8", errors="replace")
        config_note = f"the config file {config_path}"
    except FileNotFoundError:
        config_note = f"not included: there is no {config_path}, the defaults are in use"
    except OSError as err:
        config_note = f"not included: cannot read {config_path}: {err.strerror}"
    if export is not None:
        parts["game-export.json"] = json.dumps(export, indent=1, sort_keys=True) + "\n"
        game_note = f"the active game ({export['game']}, {len(export['commands'])} commands)"
    else:
        game_note = "not included: no game is active (or the journal could not be read)"
    log_text, log_note = service_log(log_file)
    if log_text is not None:
        parts["log.txt"] = log_text
    parts["README.txt"] = README.format(
        when=time.strftime("%Y-%m-%d %H:%M:%S %z"), hardware=hardware, config_note=config_note,
        game_note=game_note, log_note=log_note)
    partial = output.with_name(output.name + ".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for name in sorted(parts):
            bundle.writestr(name, parts[name])
    partial.replace(output)
    return output
