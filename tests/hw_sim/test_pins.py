"""SimPins: real edge sequences on mock pins, events from gpiozero's own callbacks."""

from __future__ import annotations

import queue
import time

import pytest

from contracts.events import Hold, Press, Turn
from device.controls import ControlPins
from hw_sim.pins import BOUNCE_CYCLES, SimPins
from tests.fixtures.events import drained

PINS = ControlPins(bounce_time=0.01, hold_time=0.2)


@pytest.fixture
def events():
    return queue.Queue()


@pytest.fixture
def sim(events):
    sim = SimPins(PINS)
    sim.start(events.put)
    yield sim
    sim.close()


def forget_edges(sim: SimPins, *bcms: int) -> None:
    for bcm in bcms:
        sim.factory.pin(bcm).clear_states()


def edges(sim: SimPins, bcm: int) -> int:
    """How many level changes the mock pin went through since ``forget_edges``."""
    return len(sim.factory.pin(bcm).states) - 1


@pytest.mark.parametrize("dial", ["spirit", "menhir"])
@pytest.mark.parametrize("steps", [1, -1])
def test_one_detent_is_exactly_one_turn(sim, events, dial, steps):
    sim.turn(dial, steps)
    assert drained(events) == [Turn(dial, steps)]


@pytest.mark.parametrize("steps", [25, -25])
def test_many_detents_are_not_capped(sim, events, steps):
    sim.turn("spirit", steps)
    assert drained(events) == [Turn("spirit", 1 if steps > 0 else -1)] * 25


def test_turns_drive_full_quadrature_with_bounce(sim, events):
    a, b, _ = PINS.encoders["menhir"]
    forget_edges(sim, a, b)
    sim.turn("menhir", 3)
    assert drained(events) == [Turn("menhir", 1)] * 3
    assert edges(sim, b) == 3 * 2  # B: closes and opens once per detent
    assert edges(sim, a) == 3 * (2 + 2 * BOUNCE_CYCLES)  # A: the same, plus chatter as it closes


def test_bouncing_press_is_one_press(sim, events):
    forget_edges(sim, PINS.buttons["undo"])
    sim.press("undo")
    assert drained(events) == [Press("undo")]
    assert edges(sim, PINS.buttons["undo"]) == 2 * (1 + 2 * BOUNCE_CYCLES)  # it really bounced


def test_a_press_stays_one_press_when_the_simulator_stalls_inside_its_bounce(sim, events, monkeypatch):
    """A loaded machine may deschedule the simulator's thread between an edge and its
    chatter for longer than the bounce time; the chatter is still the same instant's."""
    drive = SimPins._clean_edge

    def late(pin, low):
        if pin.chattering:
            time.sleep(3 * PINS.bounce_time)
        drive(pin, low)

    monkeypatch.setattr(SimPins, "_clean_edge", staticmethod(late))
    sim.press("undo")
    assert drained(events) == [Press("undo")]


def test_presses_in_a_row_are_all_seen(sim, events):
    for _ in range(3):
        sim.press("back")
    sim.press("menhir_push")
    assert drained(events) == [Press("back")] * 3 + [Press("menhir_push")]


def test_hold_is_one_hold_and_no_press(sim, events):
    sim.hold("select", 3 * PINS.hold_time)
    assert drained(events) == [Hold("select")]


def test_hold_shorter_than_hold_time_is_a_press(sim, events):
    sim.hold("select", PINS.hold_time / 4)
    assert drained(events) == [Press("select")]


def test_unknown_controls_are_refused(sim):
    with pytest.raises(ValueError, match="no button"):
        sim.press("spirit")
    with pytest.raises(ValueError, match="no encoder"):
        sim.turn("next", 1)


def test_each_box_has_its_own_pins(events):
    first, second = SimPins(PINS), SimPins(PINS)
    try:
        first.start(events.put)
        second.start(lambda event: None)
        first.press("next")
        assert drained(events) == [Press("next")]
        assert first.factory is not second.factory
    finally:
        first.close()
        second.close()


def test_down_and_up_are_a_key_held_and_let_go(sim, events):
    sim.down("next")
    assert events.get(timeout=2) == Hold("next")
    sim.up("next")
    sim.down("back")
    time.sleep(2 * PINS.bounce_time)
    sim.up("back")
    assert drained(events) == [Press("back")]
