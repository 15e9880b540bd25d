"""What every ``tablewarden`` subcommand shares: where the data and the config
live, opening the journal (its recovery notices logged), and how a refusal is
printed (one line on stderr and the exit status ``app.cli`` documents)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import platformdirs

from app.config import SYSTEM_CONFIG, ConfigError

log = logging.getLogger("tablewarden")
APP = "tablewarden"


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def hardware(args) -> str:
    """``--hardware``, else ``pi`` on a Raspberry Pi and ``sim`` elsewhere."""
    from app.wiring import on_raspberry_pi

    return args.hardware or ("pi" if on_raspberry_pi() else "sim")


def default_config_path(hardware: str) -> Path:
    if hardware == "pi":
        return SYSTEM_CONFIG
    return Path(platformdirs.user_config_dir(APP, appauthor=False)) / "config.toml"


class MissingConfig(ConfigError):
    """``--config`` names a file that is not there (the default path may be missing: defaults)."""


def config_path(args, hardware: str, *, must_exist: bool = True) -> Path:
    """``--config`` (absolute), or the default; a named file must exist unless the doctor
    is asked about it (it reports a missing file as a finding)."""
    if not args.config:
        return default_config_path(hardware)
    path = Path(args.config).absolute()
    if must_exist and not path.is_file():
        raise MissingConfig(f"--config {args.config}: no such file")
    return path


def fail(message: str, status: int = 2) -> int:
    print(f"tablewarden: {message}", file=sys.stderr)
    return status


def data_dir(args) -> Path:
    """``--data-dir`` as an absolute path (a relative one is taken from here)."""
    return Path(args.data_dir).absolute()


def open_journal(args, snapshot_every: int = 50, **options):
    from store.journal import Journal

    journal, notices = Journal.open(data_dir(args), snapshot_every=snapshot_every, **options)
    for notice in notices:
        log.warning("%s", notice)
    return journal, notices
