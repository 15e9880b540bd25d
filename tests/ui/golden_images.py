"""Golden-image comparison: exact for the OLED, a tolerance for the screen.

Set ``UPDATE_GOLDENS=1`` to (re)write the goldens. A failing comparison writes
the actual image beside the golden as ``NAME.actual.png`` for inspection.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def _updating() -> bool:
    return os.environ.get("UPDATE_GOLDENS", "") not in ("", "0")


def _paths(name: str) -> tuple[Path, Path]:
    return GOLDEN_DIR / f"{name}.png", GOLDEN_DIR / f"{name}.actual.png"


def _wrote_golden(image: Image.Image, golden_path: Path, actual_path: Path) -> bool:
    """With ``UPDATE_GOLDENS=1``, write ``image`` as the golden and say so; a golden
    missing without it fails the test rather than being made up."""
    if not _updating() and golden_path.exists():
        return False
    assert _updating(), f"no golden {golden_path.name}: run with UPDATE_GOLDENS=1"
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    image.save(golden_path)
    actual_path.unlink(missing_ok=True)
    return True


def _keep_actual(image: Image.Image, actual_path: Path, differs: bool) -> None:
    """Leave an image that differs beside its golden for inspection; clear a stale one."""
    if differs:
        image.save(actual_path)
    else:
        actual_path.unlink(missing_ok=True)


def assert_matches_golden(image: Image.Image, name: str) -> None:
    """``image`` equals the stored golden ``NAME.png`` pixel for pixel."""
    golden_path, actual_path = _paths(name)
    if _wrote_golden(image, golden_path, actual_path):
        return
    golden = Image.open(golden_path)
    golden.load()
    same = golden.size == image.size and golden.mode == image.mode
    # Compare in "L": ImageChops on mode "1" images can report a difference
    # between an image and its own PNG round trip.
    same = same and ImageChops.difference(golden.convert("L"), image.convert("L")).getbbox() is None
    _keep_actual(image, actual_path, not same)
    assert same, f"{name} differs from its golden; see {actual_path}"


def differing_fraction(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose colour differs by more than a faint anti-aliasing step."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return diff.point(lambda v: 255 if v > 32 else 0).histogram()[255] / (a.width * a.height)


def assert_close_to_golden(image: Image.Image, name: str, tolerance: float = 0.01) -> None:
    """At most ``tolerance`` of ``image``'s pixels differ from the golden ``NAME.png``."""
    golden_path, actual_path = _paths(name)
    image = image.convert("RGB")
    if _wrote_golden(image, golden_path, actual_path):
        return
    golden = Image.open(golden_path).convert("RGB")
    assert golden.size == image.size, f"{name}: size {image.size} != golden {golden.size}"
    fraction = differing_fraction(golden, image)
    _keep_actual(image, actual_path, fraction >= tolerance)
    assert fraction < tolerance, f"{name}: {fraction:.2%} of pixels differ; see {actual_path}"
