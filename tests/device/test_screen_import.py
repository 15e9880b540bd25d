"""pygame is imported for the service without setuptools' pkg_resources (device.screen.import_pygame),
and pygame still finds its own files; a later import of pkg_resources still works."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
from device.screen import import_pygame
pygame = import_pygame()
assert "pkg_resources" not in sys.modules, "pkg_resources was imported with pygame"
assert pygame.pkgdata.getResource("pygame_icon.bmp").read(2) == b"BM"
import pkg_resources
print("ok")
"""


def test_pygame_is_imported_without_pkg_resources_and_finds_its_files():
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")
