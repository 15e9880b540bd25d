"""Reference MicroPython firmware for a Pico dice tray; ``trayproto`` also runs under CPython."""
