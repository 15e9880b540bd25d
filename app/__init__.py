"""The app: the CLI, the wiring (the composition root), the controller with its menus and
forms, the service loop, config, doctor and report."""
