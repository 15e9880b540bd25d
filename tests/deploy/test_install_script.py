"""deploy/install.sh against a scratch root: idempotent, --uninstall undoes it, the boot config is safe.

The script runs for real with ``TABLEWARDEN_ROOT`` pointing at a temporary
directory and stand-ins for the commands that would change this machine
(apt-get, useradd, systemctl, udevadm, python3 -m venv...). Each stand-in
records its call, so the test sees what the script asked for.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.deploy.test_deploy_files import INSTALL

BOOT_CONFIG = "[all]\ndtparam=audio=on\n"

# Each stand-in logs "name args" and behaves just enough like the real command.
STUBS = {
    "apt-get": "",
    "groupadd": "",
    "usermod": "",
    "chown": "",
    "udevadm": "",
    "systemctl": "",
    "getent": "exit 0",
    "useradd": 'touch "$STATE/user"',
    "userdel": 'rm -f "$STATE/user"',
    "id": '[ "$1" = "-u" ] && [ "$2" = tablewarden ] && { [ -e "$STATE/user" ] || exit 1; }; echo 1000',
    "systemd-analyze": '[ -e "$STATE/bad-unit" ] && { echo "Unknown key name Bogus" >&2; exit 1; }; exit 0',
    # An archive that has python3-evdev (Debian) unless $STATE/no-evdev, never python3-lgpio
    # (Raspberry Pi's archive) unless $STATE/raspi.
    "apt-cache": 'case "$2" in'
                 ' python3-evdev) [ -e "$STATE/no-evdev" ] || echo "  Candidate: 1.6.1";;'
                 ' python3-lgpio) [ -e "$STATE/raspi" ] && echo "  Candidate: 0.2.2"'
                 ' || echo "  Candidate: (none)";;'
                 ' esac',
    # The venv (its path is the last argument), whose python imports the modules $STATE/modules lists.
    "python3": r"""for v; do :; done; mkdir -p "$v/bin"
printf '#!/bin/sh\necho "pip $*" >> "$STATE/calls"\n' > "$v/bin/pip"
printf '#!/bin/sh\necho "python $*" >> "$STATE/calls"\n' > "$v/bin/python"
printf 'case "$2" in "import "*) grep -qx "${2#import }" "$STATE/modules";; esac\n' >> "$v/bin/python"
chmod +x "$v/bin/pip" "$v/bin/python"
""",
}


@pytest.fixture
def box(tmp_path: Path):
    root, stubs, state = tmp_path / "root", tmp_path / "bin", tmp_path / "state"
    for d in (root / "boot/firmware", stubs, state):
        d.mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text(BOOT_CONFIG)
    for name, body in STUBS.items():
        stub = stubs / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "$STATE/calls"\n{body}\n')
        stub.chmod(0o755)

    def run(*args: str, ok: bool = True) -> subprocess.CompletedProcess:
        env = {"PATH": f"{stubs}:/usr/bin:/bin", "TABLEWARDEN_ROOT": str(root), "STATE": str(state)}
        done = subprocess.run(["bash", str(INSTALL), *args], env=env, capture_output=True, text=True,
                              check=False)
        if ok:
            assert done.returncode == 0, done.stdout + done.stderr
        return done

    run.root, run.calls = root, state / "calls"
    run.boot = root / "boot/firmware/config.txt"
    return run


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


def test_install_puts_everything_in_place(box):
    box()
    root = box.root
    boot = (root / "boot/firmware/config.txt").read_text()
    assert boot.startswith(BOOT_CONFIG)
    assert "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n" in boot
    assert (root / "etc/tablewarden/config.toml").read_text().count('port = "/dev/tablewarden-tray"') == 1
    assert (root / "etc/systemd/system/tablewarden.service").read_text() == (INSTALL.parent /
                                                                            "tablewarden.service").read_text()
    assert (root / "etc/udev/rules.d/99-tablewarden-dicetray.rules").is_file()
    assert (root / "etc/modules-load.d/tablewarden.conf").read_text() == "i2c-dev\n"
    assert (root / "var/lib/tablewarden").is_dir()
    calls = box.calls.read_text()
    assert "usermod --append --groups gpio,i2c,spi,dialout,video,render,input tablewarden" in calls
    assert "systemctl enable tablewarden.service" in calls
    assert "systemctl restart tablewarden.service" in calls


def lines_of(calls: Path, command: str) -> list[str]:
    return [line for line in calls.read_text().splitlines() if line.startswith(command + " ")]


def apt_install(calls: Path) -> list[str]:
    update, install = lines_of(calls, "apt-get")  # the lists first: they say which archive has what
    assert update == "apt-get update -qq"
    return install.split()


def test_evdev_and_lgpio_come_from_apt_through_the_system_site_packages(box):
    # Neither has a wheel for the Pi's CPU: pip would need a compiler (deploy/install.sh, top).
    (box.calls.parent / "raspi").touch()
    (box.calls.parent / "modules").write_text("evdev\nlgpio\n")
    done = box()
    apt = apt_install(box.calls)
    assert apt[-2:] == ["python3-evdev", "python3-lgpio"]
    for build_tool in ("python3-dev", "swig", "liblgpio-dev", "gcc"):
        assert build_tool not in apt
    [venv] = lines_of(box.calls, "python3")
    assert venv.endswith(f"-m venv --system-site-packages {box.root}/opt/tablewarden/venv")
    assert f"pip install --quiet --upgrade {INSTALL.parents[1]}" in lines_of(box.calls, "pip")
    assert "MISSING" not in done.stdout + done.stderr


def test_without_raspberry_pis_archive_lgpio_is_named_with_what_still_works(box):
    (box.calls.parent / "modules").write_text("evdev\n")
    done = box()
    apt = apt_install(box.calls)
    assert "python3-evdev" in apt and "python3-lgpio" not in apt
    out = done.stdout
    assert "python3-lgpio is in no configured apt archive" in out
    assert "MISSING python3-lgpio" in out and "sudo apt install python3-lgpio" in out
    assert "an OLED on I2C" in out and "tablewarden run --hardware sim" in out
    assert "MISSING python3-evdev" not in out
    assert (box.root / "etc/systemd/system/tablewarden.service").is_file()  # the rest is installed


def test_without_evdev_the_gpio_dials_still_work(box):
    (box.calls.parent / "no-evdev").touch()
    done = box()
    assert "MISSING python3-evdev" in done.stdout
    assert 'encoder_backend = "gpio",' in done.stdout


def test_no_start_enables_the_service_but_starts_nothing(box):
    done = box("--no-start")
    calls = box.calls.read_text()
    assert "systemctl enable tablewarden.service" in calls
    for started in ("systemctl daemon-reload", "systemctl restart", "udevadm"):
        assert started not in calls, started
    assert "--no-start: the service is enabled" in done.stdout
    assert (box.root / "etc/udev/rules.d/99-tablewarden-dicetray.rules").is_file()


def test_the_unit_is_verified_before_it_is_enabled(box):
    done = box("--no-start")
    unit = box.root / "etc/systemd/system/tablewarden.service"
    assert f"{unit} passes systemd-analyze verify" in done.stdout
    (box.calls.parent / "bad-unit").touch()
    box.calls.unlink()
    refused = box(ok=False)
    assert refused.returncode == 1
    assert "does not pass systemd-analyze verify" in refused.stderr and "Unknown key name" in refused.stderr
    assert "systemctl" not in box.calls.read_text()


def test_install_twice_changes_nothing_and_keeps_the_config(box):
    box()
    edited = box.root / "etc/tablewarden/config.toml"
    edited.write_text("[oled]\nenabled = false\n")
    first = snapshot(box.root)
    done = box()
    assert snapshot(box.root) == first
    assert "keeping the existing" in done.stdout
    assert "reboot" not in done.stdout  # the boot config was already right
    assert box.calls.read_text().count("useradd") == 1


def test_uninstall_removes_the_service_but_keeps_games_and_config(box):
    box()
    (box.root / "var/lib/tablewarden/journal.db").write_text("saved games")
    box("--uninstall")
    root = box.root
    assert (root / "boot/firmware/config.txt").read_text() == BOOT_CONFIG
    for gone in ("etc/systemd/system/tablewarden.service", "etc/udev/rules.d/99-tablewarden-dicetray.rules",
                 "opt/tablewarden", "etc/modules-load.d/tablewarden.conf"):
        assert not (root / gone).exists(), gone
    assert (root / "var/lib/tablewarden/journal.db").read_text() == "saved games"
    assert (root / "etc/tablewarden/config.toml").exists()
    box("--uninstall")  # again: nothing left to do, still fine


# --- the boot config: backed up before each edit, never edited with broken markers ----

BEGIN = "# >>> tablewarden (deploy/install.sh) >>>\n"
END = "# <<< tablewarden <<<\n"
OURS = "[all]\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
THEIRS = "dtoverlay=rotary-encoder,pin_a=17,pin_b=18\n"  # a line the owner added after ours


def backups(box) -> list[Path]:
    return sorted(box.boot.parent.glob("config.txt.tablewarden-bak-*"))


def test_install_backs_up_the_boot_config_and_says_where(box):
    done = box()
    (backup,) = backups(box)
    assert backup.read_text() == BOOT_CONFIG
    assert f"backed up {box.boot} to {backup}" in done.stdout
    assert box.boot.read_text() == BOOT_CONFIG + BEGIN + OURS + END
    assert not list(box.boot.parent.glob("*.tablewarden-new"))


def test_uninstall_backs_up_the_boot_config_it_edits(box):
    box()
    installed = box.boot.read_text()
    done = box("--uninstall")
    first, second = backups(box)  # both within one second: the second gets its own name
    assert first.read_text() == BOOT_CONFIG and second.read_text() == installed
    assert f"to {second}" in done.stdout
    assert box.boot.read_text() == BOOT_CONFIG


def test_a_last_line_without_a_newline_stays_its_own_line(box):
    box.boot.write_text(BOOT_CONFIG + "dtparam=audio=off")
    box()
    assert box.boot.read_text() == BOOT_CONFIG + "dtparam=audio=off\n" + BEGIN + OURS + END
    (backup,) = backups(box)
    assert backup.read_text() == BOOT_CONFIG + "dtparam=audio=off"


def test_markers_written_on_windows_are_still_ours(box):
    box.boot.write_bytes((BOOT_CONFIG + BEGIN + OURS + END).replace("\n", "\r\n").encode())
    box("--uninstall")
    assert box.boot.read_bytes() == BOOT_CONFIG.replace("\n", "\r\n").encode()


UNBALANCED = {
    # Before the check, a begin without an end deleted every line after it.
    "begin without end": BOOT_CONFIG + BEGIN + OURS + THEIRS,
    "end without begin": BOOT_CONFIG + OURS + END + THEIRS,
    "end before begin": BOOT_CONFIG + END + OURS + BEGIN + THEIRS,
    "two pairs": BOOT_CONFIG + BEGIN + OURS + END + THEIRS + BEGIN + OURS + END,
}


@pytest.mark.parametrize("boot", UNBALANCED.values(), ids=UNBALANCED.keys())
def test_install_refuses_unbalanced_markers_and_changes_nothing(box, boot):
    box.boot.write_text(boot)
    before = snapshot(box.root)
    done = box(ok=False)
    assert done.returncode == 1
    assert f"{box.boot} has unbalanced Table Warden markers" in done.stderr
    assert "Nothing was changed" in done.stderr
    assert snapshot(box.root) == before  # the boot config as it was, and no backup
    assert box.boot.read_bytes() == boot.encode()
    assert not box.calls.exists()  # no apt, no user, no venv: it stopped before the first step


@pytest.mark.parametrize("boot", UNBALANCED.values(), ids=UNBALANCED.keys())
def test_uninstall_refuses_unbalanced_markers_and_changes_nothing(box, boot):
    box()
    box.boot.write_text(boot)
    box.calls.unlink()
    before = snapshot(box.root)
    done = box("--uninstall", ok=False)
    assert done.returncode == 1
    assert f"{box.boot} has unbalanced Table Warden markers" in done.stderr
    assert snapshot(box.root) == before  # the service, the unit and the venv are still there too
    assert box.boot.read_bytes() == boot.encode()
    assert not box.calls.exists()  # systemctl was not asked to stop anything
