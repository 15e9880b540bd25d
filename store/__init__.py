"""The store: the journal (SQLite), its backups, export and import, and the storage errors.

What the player saw is what survives a power cut (docs/JOURNAL.md).
"""
