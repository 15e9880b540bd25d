"""Reference dice-tray firmware for a Raspberry Pi Pico running MicroPython.

Copy ``trayproto.py`` and this file to the Pico (``mpremote cp trayproto.py
main.py :``). The Pico's USB serial (CDC) is the tray's port; on the Table
Warden box it appears as /dev/ttyACM0 (better: its /dev/serial/by-id name).

The sensing is a stand-in so the protocol can be exercised end to end
without a camera: a push button on GP15 (to ground) "throws" the armed dice
(two d6 when nothing is armed) with the Pico's random generator, and a
second press removes them. A real tray replaces ``read_dice`` and the button
logic with its camera or sensors; everything protocol-related stays in
``trayproto.Tray``.
"""

import os
import select
import sys
import time

import machine
from trayproto import Tray

FIRMWARE = "ref-1.0.0"
KINDS = ("d6", "d10", "fate", "guardian", "dial")
FACES = {
    "fate": ("Rage", "Guile", "Nature", "Arcane", "Faith", "Darkness"),
    "guardian": ("North", "East", "South", "West", "Nothing", "Discard"),
    "dial": ("Skull", "Grail"),
}


def device_id():
    """TW- and the Pico's flash serial number: stable across reboots and firmware updates."""
    return "TW-" + "".join("%02X" % b for b in machine.unique_id())  # noqa: UP031 (MicroPython)


def random_face(kind):
    roll = os.urandom(1)[0]
    if kind in FACES:
        return FACES[kind][roll % len(FACES[kind])]
    return roll % int(kind[1:]) + 1


def read_dice(tray):
    """Stand-in for the camera: the armed dice (or two d6), each with a random face."""
    count, kind = tray.armed or (2, "d6")
    return [(kind, random_face(kind)) for _ in range(count)]


def main():
    out = sys.stdout.buffer
    tray = Tray(device_id(), FIRMWARE, KINDS, out.write, time.ticks_ms, time.ticks_diff)
    button = machine.Pin(15, machine.Pin.IN, machine.Pin.PULL_UP)
    led = machine.Pin("LED", machine.Pin.OUT)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    tray.hello()
    was_down = False
    while True:
        while poll.poll(0):
            tray.feed(sys.stdin.buffer.read(1))
        down = button.value() == 0
        if down and not was_down:  # a press: throw, or take the dice out
            if tray.state == "removed":
                tray.rolling()
                time.sleep_ms(300)  # the dice tumble
                tray.settled(read_dice(tray))
            else:
                tray.removed()
            time.sleep_ms(30)  # debounce
        was_down = down
        led.value(tray.armed is not None)
        tray.tick()
        time.sleep_ms(2)


main()
