"""The dice tray: wire protocol and host reader (see PROTOCOL.md)."""
