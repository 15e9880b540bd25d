"""Content packs: the Kilforth cards an owner describes, as optional TOML.

A pack tells the box what is printed on the cards it cannot read ("3. Card
Anatomy"): each Location's name, terrain and gloom effect (the red shield's HP
loss), and each Race's and Class's values::

    name = "My Kilforth"

    [[locations]]
    name = "Green Meadows"
    terrain = "plains"          # badlands, forest, mountain, plains
    gloom_hp = 1                # optional, 1 when left out
    cell = "B3"                 # optional: where it lies; the rest are dealt at random

    [races.Human]               # the Race card: all six values
    fight = 2
    study = 2
    sneak = 2
    influence = 3
    max_hp = 5
    gold = 1

    [classes.Warrior]           # the Class card: attribute bonuses (missing = 0)
    fight = 1

    [[night]]                   # a Night card ("3. Card Anatomy", Night)
    name = "Howling Gale"
    location = "Spire Tor"      # a location of this pack, or a cell "B4"
    type = "weather"            # event, weather, enemy, place, quest, stranger
                                # an encounter type also takes the values below

    [[encounters]]              # an encounter card ("3. Card Anatomy", Encounters)
    name = "Kobold"
    type = "enemy"              # enemy, place, quest, stranger, event
    terrain = "forest"          # which location deck it is in
    fight = 2                   # fight, study, sneak, influence, hp, gold: missing = 0
    sneak = 1
    hp = 2
    gold = 1

    [[ancients]]                # an Ancient card ("Ancients and Ancient Abilities")
    name = "Abbess of Penance"
    location = "Spire Tor"      # where it comes into play: a pack location or a cell
    fight = 6
    hp = 10
    gold = 10
    plot_terrain = "badlands"   # optional: the location type its Plots appear on

With a pack the box deals the map ("2. Setup", Map: "Shuffle the remaining
locations and randomly place them around Sprawl City") with the game's seed,
names the cells on every form and knows each location's terrain (for Plots)
and gloom HP (for tonight's forecast), and a hero is entered by choosing a
race and a class. Night cards, encounters and Ancients are then chosen by
name on their prompts instead of typing their values. Without one the box
prompts for numbers (DESIGN.md "Content packs"). :func:`parse` returns the
checked data or raises :class:`PackError` listing every problem, each naming
where it is; nothing is read from disk here (the text comes in a command, so
a journal replays it).
"""

from __future__ import annotations

from typing import Any

from games.core.packs import PackError, read_toml
from games.kilforth.state import ATTRIBUTES, CELL_LABELS, CITY, ENCOUNTER_TYPES, NIGHT_TYPES, SIZE, TERRAINS

MAX_TEXT = 100_000
TERRAIN_NAMES = TERRAINS[1:]  # a card's terrain: never "unknown"
RACE_FIELDS = (*ATTRIBUTES, "max_hp", "gold")
LOCATION_FIELDS = ("name", "terrain", "gloom_hp", "cell")
MAX_VALUE = 20
CARD_VALUES = (*ATTRIBUTES, "hp", "gold")
CARD_FIELDS = {
    "night": ("name", "location", "type", *CARD_VALUES),
    "encounters": ("name", "type", "terrain", *CARD_VALUES),
    "ancients": ("name", "location", "fight", "hp", "gold", "plot_terrain"),
}
MAX_CARD_VALUE = 40


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _values(where: str, entry: Any, fields: tuple[str, ...], required: bool,
            problems: list[str]) -> dict[str, int]:
    if not isinstance(entry, dict):
        problems.append(f"{where}: must be a table")
        return {}
    out = {}
    for key in sorted(set(entry) - set(fields)):
        problems.append(f"{where}.{key}: unknown field (allowed: {', '.join(fields)})")
    for field in fields:
        if field not in entry:
            if required:
                problems.append(f"{where}.{field}: missing")
            continue
        low = 1 if field == "max_hp" else 0
        if not _whole(entry[field], low, MAX_VALUE):
            problems.append(f"{where}.{field}: a whole number {low}..{MAX_VALUE}")
        else:
            out[field] = entry[field]
    return out


def _locations(raw: Any, problems: list[str]) -> list[dict]:
    if not isinstance(raw, list):
        problems.append("locations: must be a list of [[locations]] tables")
        return []
    if len(raw) > SIZE * SIZE - 1:
        problems.append(f"locations: at most {SIZE * SIZE - 1} (Sprawl City is always at C3)")
    out, names, cells = [], set(), set()
    for n, entry in enumerate(raw, 1):
        where = f"locations[{n}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a table")
            continue
        for key in sorted(set(entry) - set(LOCATION_FIELDS)):
            problems.append(f"{where}.{key}: unknown field (allowed: {', '.join(LOCATION_FIELDS)})")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.name: missing (the card's name)")
            continue
        where = f"locations[{n}] ({name})"
        if name in names:
            problems.append(f"{where}: a second location with this name")
        names.add(name)
        terrain = entry.get("terrain")
        if terrain not in TERRAIN_NAMES:
            problems.append(f"{where}.terrain: one of {', '.join(TERRAIN_NAMES)}")
        gloom_hp = entry.get("gloom_hp", 1)
        if not _whole(gloom_hp, 0, 9):
            problems.append(f"{where}.gloom_hp: a whole number 0..9")
        cell = entry.get("cell")
        if cell is not None:
            if not isinstance(cell, str) or cell not in CELL_LABELS:
                problems.append(f"{where}.cell: a cell A1..E5")
                cell = None
            elif CELL_LABELS.index(cell) == CITY:
                problems.append(f"{where}.cell: C3 is Sprawl City")
            elif cell in cells:
                problems.append(f"{where}.cell: {cell} is given to another location too")
            cells.add(cell)
        out.append({"name": name, "terrain": terrain, "gloom_hp": gloom_hp, "cell": cell})
    return out


def _cards(kind: str, raw: Any, location_names: set[str], problems: list[str]) -> list[dict]:
    """``[[night]]``, ``[[encounters]]`` or ``[[ancients]]``: each card's printed fields."""
    if not isinstance(raw, list):
        problems.append(f"{kind}: must be a list of [[{kind}]] tables")
        return []
    fields = CARD_FIELDS[kind]
    out, names = [], set()
    for n, entry in enumerate(raw, 1):
        where = f"{kind}[{n}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a table")
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.name: missing (the card's name)")
            continue
        where = f"{kind}[{n}] ({name})"
        if name in names:
            problems.append(f"{where}: a second card with this name")
        names.add(name)
        for key in sorted(set(entry) - set(fields)):
            problems.append(f"{where}.{key}: unknown field (allowed: {', '.join(fields)})")
        card: dict[str, Any] = {"name": name}
        if "location" in fields:
            place = entry.get("location")
            if not isinstance(place, str) or (place not in location_names and place not in CELL_LABELS):
                problems.append(f"{where}.location: a location of this pack or a cell A1..E5")
            elif kind == "ancients" and place in (CELL_LABELS[CITY], "Sprawl City"):
                problems.append(f"{where}.location: nothing is placed on Sprawl City")
            card["location"] = place
        if "type" in fields:
            types = NIGHT_TYPES if kind == "night" else ENCOUNTER_TYPES
            if entry.get("type") not in types:
                problems.append(f"{where}.type: one of {', '.join(types)}")
            card["type"] = entry.get("type")
        for key in ("terrain", "plot_terrain"):
            if key in fields and (key in entry or key == "terrain"):
                if entry.get(key) not in TERRAIN_NAMES:
                    problems.append(f"{where}.{key}: one of {', '.join(TERRAIN_NAMES)}")
                card[key] = entry.get(key)
        for key in fields:
            if key in ("name", "location", "type", "terrain", "plot_terrain"):
                continue
            value = entry.get(key, 0)
            low = 1 if kind == "ancients" and key == "hp" else 0
            if not _whole(value, low, MAX_CARD_VALUE):
                problems.append(f"{where}.{key}: a whole number {low}..{MAX_CARD_VALUE}")
            card[key] = value
        out.append(card)
    return out


def parse(text: str) -> dict:
    """The pack in ``text`` as ``{"name", "locations": [...], "races": {...},
    "classes": {...}}``. Raises PackError naming every problem."""
    raw = read_toml(text, MAX_TEXT)
    problems: list[str] = []
    known = ("name", "locations", "races", "classes", *CARD_FIELDS)
    for key in sorted(set(raw) - set(known)):
        problems.append(f"unknown top-level key {key!r} (allowed: {', '.join(known)})")
    name = raw.get("name", "content pack")
    if not isinstance(name, str):
        problems.append("name: must be text")
    locations = _locations(raw.get("locations", []), problems)
    tables: dict[str, Any] = {}
    for kind, required in (("races", True), ("classes", False)):
        entries = raw.get(kind, {})
        if not isinstance(entries, dict):
            problems.append(f"{kind}: must be tables like [{kind}.Name]")
            entries = {}
        fields = RACE_FIELDS if kind == "races" else ATTRIBUTES
        tables[kind] = {key: _values(f"{kind}.{key}", entry, fields, required, problems)
                        for key, entry in entries.items()}
    location_names = {loc["name"] for loc in locations} | {"Sprawl City"}
    for kind in CARD_FIELDS:
        tables[kind] = _cards(kind, raw.get(kind, []), location_names, problems)
    if not any((locations, *tables.values())):
        problems.append("the pack describes nothing: add [[locations]], [races.X], [classes.X], "
                        "[[night]], [[encounters]] or [[ancients]]")
    if problems:
        raise PackError(problems)
    return {"name": name, "locations": locations, **tables}


def card(pack: dict | None, kind: str, name: str) -> dict:
    """The pack's card of ``kind`` ("night", "encounters", "ancients") named ``name``
    (a form's choice: one of the pack's names)."""
    for entry in (pack or {}).get(kind, []):
        if entry["name"] == name:
            return entry
    raise KeyError(f"the pack has no {kind} card {name!r}")


def race_and_class_values(pack: dict, race: str, hero_class: str) -> dict:
    """"3. Card Anatomy", Classes: the class's bonuses "add to the attribute values
    provided on the hero's race card"."""
    values = dict(pack["races"][race])
    for attribute, bonus in pack["classes"].get(hero_class, {}).items():
        values[attribute] = min(MAX_VALUE, values[attribute] + bonus)
    return values


AS_ENTERED = "as entered"  # a card's choice on a form: its values as typed, not the pack's


def card_values(card: dict) -> dict:
    """A pack card's printed values ("3. Card Anatomy"): each attribute, HP and gold (0 when left out)."""
    return {k: card.get(k, 0) for k in CARD_VALUES}
