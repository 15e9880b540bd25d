"""Sound cues on gpiozero's MockFactory: each cue's notes reach the pin, distinct and short."""

from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from gpiozero.tones import Tone

from device.sound import CUES, RecordingSound, Silent, Sound

PIN = 12


@pytest.fixture
def factory():
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.close()


def recorded(factory: MockFactory, *, tonal: bool, cue: str) -> list[tuple]:
    """(frequency, state, seconds) of the pin for every note of ``cue``, as played."""
    pin = factory.pin(PIN)
    notes: list[tuple] = []
    sound = Sound(PIN, tonal=tonal, pin_factory=factory,
                  sleep=lambda s: notes.append((pin.frequency, pin.state, s)))
    try:
        sound.play(cue)
        assert not pin.state  # silent after the cue
    finally:
        sound.close()
    return notes


@pytest.mark.parametrize("cue", sorted(CUES))
def test_a_tonal_cue_plays_its_notes_at_their_pitch(factory, cue):
    notes = recorded(factory, tonal=True, cue=cue)
    expected = [(None if tone is None else pytest.approx(Tone(tone).frequency), seconds)
                for tone, seconds in CUES[cue]]
    assert [(f if s else None, d) for f, s, d in notes] == expected


@pytest.mark.parametrize("cue", sorted(CUES))
def test_a_plain_buzzer_plays_the_rhythm(factory, cue):
    notes = recorded(factory, tonal=False, cue=cue)
    assert [(bool(s), d) for _, s, d in notes] == [(t is not None, d) for t, d in CUES[cue]]


def test_cues_are_short_and_distinct():
    assert all(sum(d for _, d in notes) <= 1.0 for notes in CUES.values())
    assert len({notes for notes in CUES.values()}) == len(CUES)
    plain = {tuple((t is not None, d) for t, d in notes) for notes in CUES.values()}
    assert len(plain) == len(CUES)  # an active piezo can tell them apart too


def test_cue_returns_at_once_and_plays_on_its_thread(factory):
    release = threading.Event()
    played: list[float] = []

    def slow(seconds: float) -> None:
        release.wait(5)
        played.append(seconds)

    sound = Sound(PIN, pin_factory=factory, sleep=slow)
    try:
        sound.cue("roll_read")
        assert played == []  # the caller did not wait for the note
        release.set()
        assert sound.wait(5)
        assert played == [0.03]
    finally:
        sound.close()


def test_a_burst_of_cues_is_cut_short(factory):
    release = threading.Event()
    played: list[float] = []
    sound = Sound(PIN, pin_factory=factory,
                  sleep=lambda s: (release.wait(5), played.append(s)))
    try:
        for _ in range(10):
            sound.cue("roll_read")
        release.set()
        assert sound.wait(5)
        assert 1 <= len(played) <= 3
    finally:
        sound.close()


@pytest.mark.parametrize("make", [RecordingSound, Silent])
def test_stand_ins_refuse_unknown_cues(make):
    with pytest.raises(ValueError, match="no sound cue"):
        make().cue("fanfare")


def test_recording_sound_keeps_the_cues_in_order():
    sound = RecordingSound()
    sound.cue("rejected")
    sound.cue("low")
    assert sound.cues == ["rejected", "low"]
