#!/usr/bin/env bash
# Install (or remove) Table Warden as a service on Raspberry Pi OS (Bookworm).
#
#   sudo deploy/install.sh                    install or update; safe to run again
#   sudo deploy/install.sh --no-apt           skip the apt packages (offline re-install)
#   sudo deploy/install.sh --no-start         install and enable, but start nothing: for a root
#                                             without a running systemd or udev (make pi-check)
#   sudo deploy/install.sh --uninstall        remove the service, unit, udev rule, venv and
#                                             boot settings; keep saved games and the config
#
# What it does, each step only if not already done:
#   - apt packages: python3-venv, i2c-tools, SDL for the console screen, and the two
#     hardware libraries that need a compiler to build: python3-evdev (Debian) and
#     python3-lgpio (Raspberry Pi's own archive; see "Where evdev and lgpio come from");
#   - a system user "tablewarden" in the gpio, i2c, spi (the OLED, on either bus), dialout
#     (the tray), video and render (the console screen) and input (evdev dials) groups;
#   - a virtual environment in /opt/tablewarden/venv that sees the system's packages,
#     with this source installed into it;
#   - I2C on at 400 kHz (the SSD1306's rated maximum) in the boot config
#     (/boot/firmware/config.txt, /boot/config.txt before Bookworm), between a
#     begin and an end marker line; the file is first copied beside itself to
#     config.txt.tablewarden-bak-<date>-<time>, and the copy named in the output;
#   - /etc/tablewarden/config.toml from deploy/config.example.toml (never overwritten),
#     the dice tray set to the udev rule's stable name;
#   - the systemd unit (checked with systemd-analyze verify where that is installed)
#     and the udev rule; the service enabled and (re)started (--no-start: enabled only).
#
# Where evdev and lgpio come from: the apt packages, seen through a venv made with
# --system-site-packages, not pip. Neither ships a wheel for the Pi's CPU: pip would build
# them, which needs a compiler, Python's and the kernel's headers and (lgpio) liblgpio-dev,
# none of which a plain Raspberry Pi OS Lite has, and liblgpio-dev is itself only in
# Raspberry Pi's archive. The packages are built for the OS and updated with it; everything else
# (gpiozero, luma, pygame, Pillow...) is pip's, in the venv, at the versions pyproject.toml
# asks for. A package that no configured archive carries is named with what works
# without it, and the install goes on (make pi-check runs it on Debian arm64, which has
# python3-evdev but not python3-lgpio).
#
# Unbalanced markers in the boot config (a begin without an end, an end without
# a begin, two pairs) stop the install and the uninstall before any step, with
# nothing changed: fix those lines by hand first.
#
# TABLEWARDEN_ROOT (default: empty, i.e. /) installs the files under another
# root; the tests use it with stub commands on PATH.
set -euo pipefail

ROOT="${TABLEWARDEN_ROOT:-}"
APP=tablewarden
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/opt/$APP"
VENV="$PREFIX/venv"
CONF_DIR="$ROOT/etc/$APP"
CONFIG="$CONF_DIR/config.toml"
DATA_DIR="$ROOT/var/lib/$APP"
UNIT="$ROOT/etc/systemd/system/$APP.service"
UDEV_RULE="$ROOT/etc/udev/rules.d/99-$APP-dicetray.rules"
MODULES="$ROOT/etc/modules-load.d/$APP.conf"
TRAY_LINK=/dev/tablewarden-tray
GROUPS_WANTED=(gpio i2c spi dialout video render input)
APT_PACKAGES=(python3-venv i2c-tools libsdl2-2.0-0 libsdl2-ttf-2.0-0)
# Each of these is installed when an archive carries it; what is missing is named with
# what works without it (hardware_notes).
APT_HARDWARE=(python3-evdev python3-lgpio)
BEGIN_MARK="# >>> tablewarden (deploy/install.sh) >>>"
END_MARK="# <<< tablewarden <<<"

say() { printf 'tablewarden install: %s\n' "$*"; }
die() { printf 'tablewarden install: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

boot_config() {
    # Bookworm moved the boot partition to /boot/firmware.
    if [[ -f "$ROOT/boot/firmware/config.txt" ]]; then
        echo "$ROOT/boot/firmware/config.txt"
    else
        echo "$ROOT/boot/config.txt"
    fi
}

marker_lines() {
    # "begin marker on line N" / "end marker on line N" for each of our markers in a file
    # (trailing blanks and a Windows CR ignored, as in without_block).
    awk -v begin="$BEGIN_MARK" -v end="$END_MARK" '
        { line = $0; sub(/[ \t\r]+$/, "", line) }
        line == begin { print "begin marker on line " NR }
        line == end { print "end marker on line " NR }' "$1"
}

check_markers() {
    # Refuse (exit 1, nothing touched) unless a file has no markers or one begin-end pair.
    local file="$1" found
    [[ -f "$file" ]] || return 0
    found="$(marker_lines "$file" | paste -sd ';')"
    [[ -z "$found" || "$found" =~ ^begin\ [a-z\ ]+\ [0-9]+\;end\ [a-z\ ]+\ [0-9]+$ ]] && return 0
    die "$file has unbalanced Table Warden markers (${found//;/, }); expected one" \
        "\"$BEGIN_MARK\" line and, below it, one \"$END_MARK\" line, or neither." \
        "Nothing was changed: fix or delete those lines by hand, then run this again."
}

without_block() {
    # A file's lines without our marked block (and a last line always ends in a newline).
    awk -v begin="$BEGIN_MARK" -v end="$END_MARK" '
        { line = $0; sub(/[ \t\r]+$/, "", line) }
        line == begin { skip = 1 }
        !skip { print }
        line == end { skip = 0 }' "$1"
}

replace_file() {
    # Put "$file.tablewarden-new" in the place of a file, backing the file up first;
    # say whether it changed. A rename, so a power cut leaves the old file or the new
    # one, never half of one. The callers run in `if`, where set -e does not stop
    # the script: each step that matters checks its own failure.
    local file="$1" new="$1.tablewarden-new" backup next n=1
    if cmp -s "$file" "$new"; then
        rm -f -- "$new"
        return 1
    fi
    backup="$file.tablewarden-bak-$(date +%Y%m%d-%H%M%S)"
    next="$backup"
    while [[ -e "$next" ]]; do
        n=$((n + 1))
        next="$backup-$n"
    done
    if ! cp -- "$file" "$next"; then
        rm -f -- "$new"
        die "cannot back up $file to $next; $file is unchanged"
    fi
    say "backed up $file to $next"
    sync -f -- "$new" || die "cannot write $new; $file is unchanged"
    mv -f -- "$new" "$file" || die "cannot replace $file; $next is its copy"
    sync -f -- "$file" || true
}

remove_block() {
    # Delete our marked block from a file, leaving everything else as it was; say whether it changed.
    local file="$1"
    [[ -f "$file" ]] || return 1
    check_markers "$file"
    without_block "$file" >"$file.tablewarden-new" || die "cannot write $file.tablewarden-new; $file is unchanged"
    replace_file "$file"
}

set_block() {
    # Replace our marked block in a file with the given lines; say whether it changed.
    local file="$1"
    shift
    check_markers "$file"
    { without_block "$file" && printf '%s\n' "$BEGIN_MARK" "$@" "$END_MARK"; } >"$file.tablewarden-new" \
        || die "cannot write $file.tablewarden-new; $file is unchanged"
    replace_file "$file"
}

apt_has() {
    # Whether a configured archive offers a package (apt-cache prints "Candidate: (none)" or nothing when not).
    local candidate
    candidate="$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')"
    [[ -n "$candidate" && "$candidate" != "(none)" ]]
}

install_packages() {
    local package wanted=("${APT_PACKAGES[@]}")
    # Fresh lists: which archive carries what is decided on them.
    say "apt-get update"
    apt-get update -qq
    for package in "${APT_HARDWARE[@]}"; do
        if apt_has "$package"; then
            wanted+=("$package")
        else
            say "$package is in no configured apt archive: left out (see below)"
        fi
    done
    say "apt packages: ${wanted[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${wanted[@]}"
}

hardware_notes() {
    # Name each hardware library the venv cannot import, and what works without it.
    if ! "$VENV/bin/python" -c 'import lgpio' 2>/dev/null; then
        say "MISSING python3-lgpio (lgpio, gpiozero's backend on every Pi and the only one on a Pi 5)."
        say "  It comes from Raspberry Pi's own apt archive, which Raspberry Pi OS has configured"
        say "  (/etc/apt/sources.list.d/raspi.list): there, sudo apt install python3-lgpio and run this again."
        say "  Elsewhere: install a compiler and liblgpio-dev, then $VENV/bin/pip install 'lgpio>=0.2'."
        say "  Without it the service cannot claim the buttons' and dials' pins (the unit asks gpiozero"
        say "  for lgpio) and does not start; what works: an OLED on I2C (luma's own smbus2, no GPIO"
        say "  library), the evdev dials, tablewarden doctor (it names the missing backend), and the whole"
        say "  box on the simulator (tablewarden run --hardware sim). An OLED on SPI needs a GPIO library"
        say "  for its DC and RESET pins too."
    fi
    if ! "$VENV/bin/python" -c 'import evdev' 2>/dev/null; then
        say "MISSING python3-evdev: the dials through the kernel's rotary-encoder overlay"
        say "  ([controls] encoder_backend = \"evdev\") cannot be read; the default, encoder_backend = \"gpio\","
        say "  works without it. sudo apt install python3-evdev and run this again."
    fi
}

ensure_user() {
    local group
    for group in "${GROUPS_WANTED[@]}"; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! id -u "$APP" >/dev/null 2>&1; then
        say "creating the system user $APP"
        useradd --system --user-group --home-dir "/var/lib/$APP" --no-create-home \
            --shell /usr/sbin/nologin "$APP"
    fi
    usermod --append --groups "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$APP"
}

install_venv() {
    # --system-site-packages: evdev and lgpio are the apt packages' (see the top). Run on an
    # existing venv too, which it leaves in place and switches to seeing them.
    [[ -x "$VENV/bin/python" ]] || say "creating $VENV"
    mkdir -p "$PREFIX"
    python3 -m venv --system-site-packages "$VENV"
    say "installing Table Warden from $SRC (evdev and lgpio: the system's)"
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet --upgrade "$SRC"
}

enable_i2c() {
    # dtparam lines under [all] so no board-specific section swallows them.
    local config
    config="$(boot_config)"
    [[ -f "$config" ]] || die "no boot config at $config: is this Raspberry Pi OS?"
    if set_block "$config" "[all]" "dtparam=i2c_arm=on" "dtparam=i2c_arm_baudrate=400000"; then
        say "I2C on at 400 kHz in $config: reboot once for it to take effect"
    fi
    mkdir -p "$(dirname "$MODULES")"
    printf 'i2c-dev\n' >"$MODULES"
}

install_config() {
    mkdir -p "$CONF_DIR"
    if [[ -e "$CONFIG" ]]; then
        say "keeping the existing $CONFIG"
    else
        say "writing $CONFIG from the example"
        sed "s|^port = \"/dev/ttyACM0\"|port = \"$TRAY_LINK\"|" "$SRC/deploy/config.example.toml" >"$CONFIG"
        chmod 0644 "$CONFIG"
    fi
}

verify_unit() {
    # systemd's own check of the installed unit (its ExecStart must exist by now), where installed.
    local out
    if ! command -v systemd-analyze >/dev/null; then
        say "systemd-analyze is not installed: the unit is not verified"
        return 0
    fi
    out="$(systemd-analyze verify "$UNIT" 2>&1)" \
        || die "$UNIT does not pass systemd-analyze verify (the service is not enabled): $out"
    say "$UNIT passes systemd-analyze verify"
}

install_units() {
    mkdir -p "$(dirname "$UNIT")" "$(dirname "$UDEV_RULE")" "$DATA_DIR"
    install -m 0644 "$SRC/deploy/tablewarden.service" "$UNIT"
    install -m 0644 "$SRC/deploy/99-tablewarden-dicetray.rules" "$UDEV_RULE"
    chown "$APP:$APP" "$DATA_DIR"
    chmod 0750 "$DATA_DIR"
    verify_unit
    if [[ "$START" == no ]]; then
        # No running systemd or udev to reload: enable works on the files alone.
        systemctl enable "$APP.service"
        say "--no-start: the service is enabled and starts at the next boot; udev rules load then too"
        return 0
    fi
    udevadm control --reload
    udevadm trigger --subsystem-match=tty
    systemctl daemon-reload
    systemctl enable "$APP.service"
    systemctl restart "$APP.service"
}

uninstall() {
    say "removing the service (saved games in /var/lib/$APP and $CONF_DIR are kept)"
    systemctl disable --now "$APP.service" 2>/dev/null || true
    rm -f "$UNIT" "$UDEV_RULE" "$MODULES"
    systemctl daemon-reload
    udevadm control --reload
    rm -rf "$PREFIX"
    if remove_block "$(boot_config)"; then
        say "boot settings removed from $(boot_config); I2C stays on (other devices may use it)"
    fi
    if id -u "$APP" >/dev/null 2>&1; then
        userdel "$APP"
    fi
}

ACTION=install
APT=yes
START=yes
for arg in "$@"; do
    case "$arg" in
        --uninstall) ACTION=uninstall ;;
        --no-apt) APT=no ;;
        --no-start) START=no ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option $arg" ;;
    esac
done

[[ -n "$ROOT" || "$(id -u)" -eq 0 ]] || die "run as root (sudo $0)"
# A boot config this script could not edit safely stops it before any step.
check_markers "$(boot_config)"

if [[ "$ACTION" == uninstall ]]; then
    uninstall
    exit 0
fi
if [[ "$APT" == yes ]]; then
    install_packages
fi
ensure_user
install_venv
hardware_notes
install_config
enable_i2c
install_units
say "done: journalctl -u $APP -f shows the log; $VENV/bin/$APP doctor checks the wiring"
