"""The service: the composition root that wires ports, controller, engine, journal and views."""
