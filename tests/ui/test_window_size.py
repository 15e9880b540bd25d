"""The simulator window opens whole on the desktop (hw_sim/window_layout.py)."""

import pytest

from hw_sim.window_layout import fit_to_desktop


@pytest.mark.parametrize("desktop", [(1400, 900), (1280, 720), (1024, 600)])
def test_the_window_fits_the_desktop_with_its_shape_kept(desktop):
    width, height = fit_to_desktop((1240, 660), desktop)
    assert width <= desktop[0] * 0.9 and height <= desktop[1] * 0.9
    assert abs(width / height - 1240 / 660) < 0.01


def test_a_window_that_fits_is_not_made_larger():
    assert fit_to_desktop((1240, 660), (3840, 2160)) == (1240, 660)
