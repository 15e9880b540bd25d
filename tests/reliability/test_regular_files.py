"""Only regular files are read from outside (contracts/files.py; issue "One writer, checked bytes",
16): a FIFO named as a pack blocked the main loop for good. A pipe, a directory or a device given
as a script, an export or a pack is refused at once, naming what it is, without a byte read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from contracts.files import read_regular
from store.game_export import JournalImportError, read_export
from tests.acceptance.harness import tablewarden


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)  # nobody ever writes it: a read that blocked would hang the test
    return path


def test_a_named_pipe_is_refused_without_blocking(fifo: Path, tmp_path: Path) -> None:
    with pytest.raises(OSError, match="a named pipe, not a regular file"):
        read_regular(fifo, 10)
    with pytest.raises(OSError, match="a directory, not a regular file"):
        read_regular(tmp_path, 10)
    with pytest.raises(OSError, match="a character device, not a regular file"):
        read_regular("/dev/zero", 10)  # endless: read whole it would fill the memory


def test_a_regular_file_is_read_up_to_one_byte_past_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "big"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, 10) == b"x" * 11
    assert read_regular(path, 1000) == b"x" * 100


def test_an_export_that_is_a_pipe_is_refused_by_name(fifo: Path, tmp_path: Path) -> None:
    with pytest.raises(JournalImportError, match="named pipe"):
        read_export(fifo)
    done = tablewarden("import", "--data-dir", str(tmp_path / "data"), str(fifo))
    assert done.returncode == 2 and "named pipe" in done.stderr


def test_a_control_script_that_is_a_pipe_is_refused_by_name(fifo: Path, tmp_path: Path) -> None:
    done = tablewarden("run", "--hardware", "sim", "--headless", "--data-dir", str(tmp_path / "data"),
                       "--script", str(fifo))
    assert done.returncode == 2 and "named pipe" in done.stderr and "Traceback" not in done.stderr
