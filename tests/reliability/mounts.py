"""A card that refuses writes, or one that is full, made real: a read-only bind mount or a small
tmpfs in a private mount namespace (``unshare -m``, root only, as CI runs; chmod means nothing to
root). A test that needs one skips, saying so, where the machine cannot make it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.acceptance.harness import _env

ROOT = Path(__file__).resolve().parents[2]


def needs_unshare(what: str) -> None:
    if shutil.which("unshare") is None or subprocess.run(
            ["unshare", "-m", "true"], capture_output=True, check=False).returncode != 0:
        pytest.skip(f"needs unshare -m (root) for {what}")


def cli_on_read_only(data_dir: Path | str, *args: str) -> subprocess.CompletedProcess:
    """``tablewarden args`` with ``data_dir`` bind-mounted read-only."""
    needs_unshare("a read-only bind mount")
    command = " ".join([sys.executable, "-m", "app.cli", *args])
    return subprocess.run(["unshare", "-m", "sh", "-c", f"mount --bind {data_dir} {data_dir} && "
                           f"mount -o remount,bind,ro {data_dir} && {command}"],
                          capture_output=True, text=True, env=_env(), timeout=120, check=False)


def python_on_small_card(card: Path, size: str, script: Path, *args: str) -> subprocess.CompletedProcess:
    """Run ``script`` (with ``card`` and ``args``) where ``card`` is a tmpfs of ``size`` ("4m")."""
    needs_unshare("a small tmpfs as the card")
    return subprocess.run(["unshare", "-m", "sh", "-c", f"mount -t tmpfs -o size={size} tmpfs {card} && "
                           f"{sys.executable} {script} {card} {' '.join(args)}"],
                          capture_output=True, text=True, env={**_env(), "PYTHONPATH": str(ROOT)},
                          timeout=120, check=False)
