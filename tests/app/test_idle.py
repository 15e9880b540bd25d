"""Dimming and the anti-burn-in shift are pure functions of the clock."""

from app.idle import SHIFTS, IdleTimer


def test_dims_after_the_idle_time_and_wakes_on_input():
    idle = IdleTimer(started=100.0, dim_after=10, shift_every=0)
    assert not idle.dimmed(109.9) and idle.dimmed(110.0)
    idle.touched(115.0)
    assert not idle.dimmed(124.0) and idle.next_deadline(116.0) == 125.0


def test_the_picture_moves_along_the_shifts_every_period():
    idle = IdleTimer(started=0.0, dim_after=0, shift_every=60)
    shifts = [idle.shift(t) for t in (0, 59, 60, 60 * len(SHIFTS))]
    assert shifts == [SHIFTS[0], SHIFTS[0], SHIFTS[1], SHIFTS[0]]
    assert idle.next_deadline(61.0) == 120.0


def test_both_off_means_no_wake_up_at_all():
    idle = IdleTimer(started=0.0, dim_after=0, shift_every=0)
    assert idle.next_deadline(1e6) is None and idle.shift(1e6) == (0, 0) and not idle.dimmed(1e6)
