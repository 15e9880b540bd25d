"""The box without the box: simulated twins of every adapter, and the control-script runner."""
