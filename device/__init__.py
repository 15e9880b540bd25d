"""The real hardware adapters: gpiozero buttons and dials, the luma OLED, the pygame screen, the piezo.

Each implements a port of :mod:`contracts.ports`; :mod:`hw_sim` holds their
simulated twins, and :mod:`app.wiring` chooses between them.
"""
