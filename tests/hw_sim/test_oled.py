"""DummyDisplay: luma's dummy device behind the Display port, with snapshots."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from hw_sim.oled import DummyDisplay


def frame() -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((2, 3, 20, 9), fill="white")
    draw.point((127, 63), fill="white")
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def test_is_the_boxs_panel():
    display = DummyDisplay()
    assert (display.width, display.height) == (128, 64)
    assert display.device.mode == "1"


def test_counts_frames_and_keeps_the_last():
    display = DummyDisplay()
    assert display.frames == 0
    assert display.image.getbbox() is None  # dark before the first frame
    display.show(Image.new("1", (128, 64)))
    display.show(frame())
    assert display.frames == 2
    assert same(display.image, frame())


def test_snapshot_is_pixel_exact(tmp_path):
    display = DummyDisplay()
    display.show(frame())
    display.save(tmp_path / "f.png")
    with Image.open(tmp_path / "f.png") as saved:
        assert saved.format == "PNG"
        assert saved.size == (128, 64)
        assert same(saved, frame())


def test_scaled_snapshot_is_nearest_neighbour(tmp_path):
    display = DummyDisplay()
    display.show(frame())
    display.save(tmp_path / "x4.png", scale=4)
    with Image.open(tmp_path / "x4.png") as saved:
        assert saved.size == (512, 256)
        assert same(saved.resize((128, 64), Image.Resampling.NEAREST), frame())
        assert saved.convert("L").getpixel((511, 255)) == 255
        assert saved.convert("L").getpixel((507, 251)) == 0


def test_contrast_is_remembered():
    display = DummyDisplay()
    assert display.contrast_level == 255
    display.contrast(16)
    assert display.contrast_level == 16


def test_close_blanks_the_panel():
    display = DummyDisplay()
    display.show(frame())
    display.close()
    assert display.image.getbbox() is None
