"""Content packs: the Threats, Locations and Threat Groups an owner describes, as TOML.

A pack tells the box what is printed on the cards ("Threats": the Threat and
Spirit values, the card type, Threat Level and Group, and the Multiplayer
Symbol; "Locations": the Sneak value and the Multiplayer Symbol), so a card is entered by its name::

    name = "Kreel Manor, core box"

    [threats."Goblin Chief"]
    kind = "foe"            # threat (default), plot, foe, story, vengeance
    fight = 6               # Threat values (0 or absent: the card lacks it)
    sneak = 6
    starred = true          # all its values carry the * (all must be beaten),
                            # or a list: starred = ["fight", "sneak"]
    overkill = 1            # Overkill X
    spirit_cost = 2
    spirit_boost = 2
    reveal = ["bold"]       # Reveal: Bold / Shield
    group = "Goblin"        # optional: its Threat Group
    per_hero = true         # the Multiplayer Symbol next to its Threat values
                            # (Fight, Influence, Sneak), or a list of the values
                            # it stands next to: per_hero = ["fight", "spirit_cost"]

    [locations."Epicurean Banqueting Hall"]
    sneak = 4
    per_hero = false        # the Multiplayer Symbol next to its Sneak
    adventure = false       # an Adventure Location card

    [groups."Wild Claw"]
    level = 1               # Threat Level I, II or III (Endless Dungeons)

Without a pack the box prompts for the numbers (DESIGN.md, "Content packs").
:func:`parse` returns the checked data or raises :class:`PackError` listing
every problem, each naming where it is; nothing is read from disk here (the
text comes in a command, so a journal replays it).
"""

from __future__ import annotations

from typing import Any

from games.core import Context
from games.core.packs import MAX_TEXT, PackError, read_toml, refused, unknown_keys
from games.kreel.state import DAMAGE_VALUES, KINDS, VALUES

__all__ = ["BY_VALUES", "MAX_TEXT", "PackError", "load_pack", "parse"]

REVEAL_STATUSES = ("bold", "shield")
STAR_VALUES = DAMAGE_VALUES  # the Threat values a * can mark
THREAT_NUMBERS = VALUES + ("overkill",)
# "Game Objective", Multiplayer Symbol: "Wherever this symbol is seen next to a
# value, multiply the listed value by the number of heroes who started the Adventure".
PER_HERO_VALUES = VALUES
MAX_VALUE = 99
BY_VALUES = "by values"  # the card choice that means "I enter the numbers"


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_VALUE


def _table(raw: dict, key: str, problems: list[str]) -> dict:
    value = raw.get(key, {})
    if not isinstance(value, dict):
        problems.append(f"{key}: must be tables like [{key}.\"Name\"]")
        return {}
    return value


def _threat(where: str, entry: dict, problems: list[str]) -> dict:
    allowed = THREAT_NUMBERS + ("kind", "starred", "reveal", "group", "per_hero")
    problems += unknown_keys(where, entry, allowed)
    card: dict[str, Any] = {v: 0 for v in THREAT_NUMBERS}
    card.update(kind="threat", starred=[], reveal=[], group="", per_hero=[])
    for v in THREAT_NUMBERS:
        if v in entry:
            if _count(entry[v]):
                card[v] = entry[v]
            else:
                problems.append(f"{where}.{v}: a whole number 0..{MAX_VALUE}")
    kind = entry.get("kind", "threat")
    if kind in KINDS:
        card["kind"] = kind
    else:
        problems.append(f"{where}.kind: {kind!r} is not one of {', '.join(KINDS)}")
    starred = entry.get("starred", False)
    if isinstance(starred, bool):
        card["starred"] = [v for v in STAR_VALUES if starred and card[v]]
    elif isinstance(starred, list) and all(v in STAR_VALUES and card[v] for v in starred):
        card["starred"] = [v for v in STAR_VALUES if v in starred]
    else:
        problems.append(f"{where}.starred: true, false, or a list of the card's values "
                        f"({', '.join(STAR_VALUES)}) printed with the *")
    per_hero = entry.get("per_hero", False)
    if isinstance(per_hero, bool):
        card["per_hero"] = [v for v in STAR_VALUES if per_hero and card[v]]
    elif isinstance(per_hero, list) and all(v in PER_HERO_VALUES and card[v] for v in per_hero):
        card["per_hero"] = [v for v in PER_HERO_VALUES if v in per_hero]
    else:
        problems.append(f"{where}.per_hero: true (its Threat values), false, or a list of the "
                        f"card's values ({', '.join(PER_HERO_VALUES)}) printed with the "
                        "Multiplayer Symbol")
    reveal = entry.get("reveal", [])
    if not isinstance(reveal, list) or any(s not in REVEAL_STATUSES for s in reveal):
        problems.append(f"{where}.reveal: a list of {', '.join(REVEAL_STATUSES)}")
    else:
        card["reveal"] = sorted(set(reveal))
    if "group" in entry:
        if isinstance(entry["group"], str):
            card["group"] = entry["group"]
        else:
            problems.append(f"{where}.group: must be text")
    return card


def _location(where: str, entry: dict, problems: list[str]) -> dict:
    problems += unknown_keys(where, entry, ("sneak", "per_hero", "adventure"))
    card: dict[str, Any] = {"sneak": 1, "per_hero": False, "adventure": False}
    if _count(entry.get("sneak")) and entry["sneak"] >= 1:
        card["sneak"] = entry["sneak"]
    else:
        problems.append(f"{where}.sneak: a whole number 1..{MAX_VALUE} is required")
    for flag in ("per_hero", "adventure"):
        if flag in entry:
            if isinstance(entry[flag], bool):
                card[flag] = entry[flag]
            else:
                problems.append(f"{where}.{flag}: true or false")
    return card


def parse(text: str) -> dict:
    """The pack in ``text`` as ``{"name", "threats", "locations", "groups"}``,
    each a ``{card name: {...}}``. Raises PackError naming every problem."""
    raw = read_toml(text)
    problems = unknown_keys("pack", raw, ("name", "threats", "locations", "groups"))
    name = raw.get("name", "content pack")
    if not isinstance(name, str):
        problems.append("name: must be text")
        name = "content pack"
    out: dict = {"name": name, "threats": {}, "locations": {}, "groups": {}}
    for key, parse_card in (("threats", _threat), ("locations", _location)):
        for card_name, entry in _table(raw, key, problems).items():
            where = f'{key}."{card_name}"'
            if card_name == BY_VALUES or not card_name.strip():
                problems.append(f"{where}: that name is reserved or empty")
            elif not isinstance(entry, dict):
                problems.append(f"{where}: must be a table")
            else:
                out[key][card_name] = parse_card(where, entry, problems)
    for group, entry in _table(raw, "groups", problems).items():
        where = f'groups."{group}"'
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a table")
            continue
        problems += unknown_keys(where, entry, ("level",))
        level = entry.get("level")
        if level in (1, 2, 3) and not isinstance(level, bool):
            out["groups"][group] = {"level": level}
        else:
            problems.append(f"{where}.level: 1, 2 or 3 (Threat Level I-III)")
    for card_name, card in out["threats"].items():
        if card["group"] and out["groups"] and card["group"] not in out["groups"]:
            problems.append(f'threats."{card_name}".group: no [groups."{card["group"]}"]')
    if not (out["threats"] or out["locations"] or out["groups"]):
        problems.append("the pack describes no threats, locations or groups")
    if problems:
        raise PackError(problems)
    return out


def threat_names(state: dict) -> tuple[str, ...]:
    """The card choices of a reveal form: "by values", then the pack's Threats."""
    pack = state.get("pack")
    return (BY_VALUES,) + tuple(sorted(pack["threats"])) if pack else (BY_VALUES,)


def adventure_names(state: dict) -> tuple[str, ...]:
    """The Adventure cards of the pack (the choice of Adventures 2-4, "The Campaign")."""
    pack = state.get("pack")
    if not pack:
        return (BY_VALUES,)
    return (BY_VALUES,) + tuple(sorted(n for n, c in pack["locations"].items() if c["adventure"]))


def location_names(state: dict) -> tuple[str, ...]:
    """The card choices of the Location form: "by values", then the pack's
    Locations of the right sort (an Adventure card for the Adventure Location)."""
    pack = state.get("pack")
    if not pack:
        return (BY_VALUES,)
    adventure = state["locations"][state["active_location"]]["adventure"]
    return (BY_VALUES,) + tuple(sorted(n for n, c in pack["locations"].items()
                                       if c["adventure"] == adventure))


def load_pack(ctx: Context) -> None:
    """Load a content pack (TOML text, read by :func:`parse`): Threats and
    Locations by name, Threat Groups by level. A bad pack is refused with every
    problem listed and changes nothing; the game goes on without it."""
    try:
        data = parse(ctx.params["toml"])
    except PackError as err:
        raise refused(err) from None
    ctx.state["pack"] = data
    ctx.describe(f"Pack {data['name']!r}: {len(data['threats'])} Threats, "
                 f"{len(data['locations'])} Locations, {len(data['groups'])} Threat Groups")
