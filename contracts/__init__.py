"""The contracts every side uses: the input events and the ports (DESIGN.md, "One direction of flow").

Imports none of the project's other packages at run time (the screen port
names the frame model for type checkers only), so adapters, the simulator,
the tray bridge and the app can all depend on it without a cycle.
"""
