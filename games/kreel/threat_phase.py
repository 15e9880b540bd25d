"""2. Threat Phase: Add 1 Threat, the Shadows bumped along, the Threat revealed.

"2. Threat Phase" (and its Note: Add 1 Threat whenever a card says so),
"Empty Threat Deck", "Running Out Of Time", "Threats" (what a revealed card
shows), "Statuses" (Reveal: Bold / Shield), the "Game Objective"'s
Multiplayer Symbol and the Glossary (Reveal, Returned). The steps are in
:mod:`games.kreel.procedures`.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from games.core import Context, Param, RuleError, queue, step_data
from games.kreel import pack
from games.kreel.state import (
    ACTIONS,
    KINDS,
    VALUE_LABELS,
    VALUES,
    Threat,
    new_threat,
    starred_values,
)
from games.kreel.stories import place_story
from games.kreel.threat_area import find_threat


class RevealData(TypedDict, total=False):
    """What the Threat phase keeps between its steps: the Threat just revealed,
    whose Reveal abilities the next step reminds of (None once resolved)."""

    revealed: int | None


class AddThreatData(RevealData, total=False):
    """What Add 1 Threat keeps: the Threats still to add, and the step it
    interrupted (``resume``, :meth:`games.core.Context.interrupt`)."""

    count: int
    resume: dict[str, Any] | None


# --- Add 1 Threat -------------------------------------------------------------------


def draw_threat_card(state: dict) -> str | None:
    """Take 1 card from the Threat deck's count; returns a note, or raises
    LookupError when there is no card to draw at all.

    "2. Threat Phase", Empty Threat Deck: if the deck is empty, the set-aside
    Lord's Vengeance is shuffled with the discarded Threats into a new deck
    ("Running Out Of Time"). Once it is in, a later empty deck is the discard
    pile alone.
    """
    note = None
    if state["threat_deck"] <= 0:
        cards = state["threat_discard"]
        if state["vengeance"] == "aside":
            cards += 1
            state["vengeance"] = "deck"
            note = "Threat deck empty: shuffle the Lord's Vengeance into the discards"
        elif cards:
            note = "Threat deck empty: shuffle the discarded Threats"
        if not cards:
            raise LookupError("Threat deck and discard pile are empty")
        state["threat_deck"], state["threat_discard"] = cards, 0
    state["threat_deck"] -= 1
    return note


def add_one_threat(state: dict) -> tuple[Threat | None, list[str]]:
    """"2. Threat Phase", Add 1 Threat: a new face-down Threat goes to Sneak 3;
    "if a Threat is already in the 'Sneak 3' space, it is bumped along into the
    'Sneak 2' space", a Threat already there "in turn is bumped" into Sneak 1,
    and one already in Sneak 1 "in turn is bumped down into the Threat Area
    and Revealed". A Shadow moves only when one is bumped into its space, so an
    empty space stops the bump (Shadows 1, -, 3 plus 4 give 1, 3, 4; nothing is
    revealed). See :func:`games.core.queue.push`.

    The top card of the deck is a Returned Threat when an ability put one
    there (Glossary, Returned): it comes face-up, tokens and all, and needs no
    reveal. Returns the threat that entered the Threat Area (or None) and notes. A
    face-down one is queued in ``revealing`` for the player to enter its values.
    With no card left anywhere nothing happens (Glossary, Reveal: an effect that
    cannot be resolved is ignored).
    """
    try:
        note = draw_threat_card(state)
    except LookupError as err:
        return None, [str(err) + ": no Threat added"]
    notes = [note] if note else []
    if state["returned"]:
        threat = state["returned"].pop()
        notes.append(f"{threat['name']} (Returned) comes off the Threat deck face-up")
    else:
        threat = new_threat(state["next_threat_id"])
        state["next_threat_id"] += 1
    out = queue.push(state["shadows"], threat)
    if out is None:
        return None, notes
    state["threat_area"].append(out)
    if not out["revealed"]:
        state["revealing"].append(out["id"])
    return out, notes


def add_one(ctx: Context) -> None:
    """"2. Threat Phase": Add 1 Threat, bump the Shadows, Reveal from Sneak 1."""
    out, notes = add_one_threat(ctx.state)
    for text in notes:
        ctx.note(text)
    if out is None:
        ctx.note("Threat added to Sneak 3")
    elif out["revealed"]:
        ctx.note(f"{out['name']} (face-up) enters the Threat Area")
    else:
        ctx.note(f"Threat added; {out['name']} is Revealed")


def nothing_to_reveal(state: dict) -> bool:
    return not state["revealing"]


def no_reveal_done(state: dict) -> bool:
    return not cast(RevealData, step_data(state)).get("revealed")


def again(ctx: Context) -> None:
    """Repeat Add 1 Threat while the command asked for more than one."""
    data = cast(AddThreatData, ctx.data)
    data["count"] -= 1
    data["revealed"] = None
    if data["count"] > 0:
        ctx.goto("add")


def add_threat(ctx: Context) -> None:
    """A card says "Add 1 Threat": the Threat Phase procedure, anywhere
    ("2. Threat Phase", Note). The running step resumes afterwards."""
    if ctx.state["revealing"]:
        raise RuleError("Reveal first", "A revealed Threat still needs its values entered.")
    ctx.interrupt("add-threat", {"count": ctx.params["count"]})
    ctx.describe(f"Add {ctx.params['count']} Threat" + ("s" if ctx.params["count"] > 1 else ""))


# --- the Reveal -------------------------------------------------------------------------


REVEAL_PARAMS = (
    Param("fight", "int", "Fight", low=0, high=99, default=0),
    Param("influence", "int", "Influence", low=0, high=99, default=0),
    Param("sneak", "int", "Sneak", low=0, high=99, default=0),
    Param("spirit_cost", "int", "Spirit Cost", low=0, high=99, default=0),
    Param("spirit_boost", "int", "Spirit Boost", low=0, high=99, default=0),
    Param("kind", "choice", "Kind", choices=KINDS, default="threat"),
    Param("bold", "bool", "Reveal: Bold", default=False),
    Param("shield", "bool", "Reveal: Shield", default=False),
    Param("starred", "bool", "Values with *", default=False),
    Param("plain", "choice", "Value without *", choices=("none",) + ACTIONS, default="none"),
    Param("overkill", "int", "Overkill", low=0, high=9, default=0),
    Param("per_hero", "bool", "Values x heroes", default=False),
    Param("card", "choice", "Card", choices_from=pack.threat_names, default=pack.BY_VALUES,
          from_pack=True),
    Param("story_hero", "int", "Story's hero", low=0, high=4, default=0, labels={0: "active"}),
)


def summary(threat: Threat) -> str:
    """A revealed Threat's card in one line: its values, Spirit, Overkill and Statuses."""
    parts = [f"{VALUE_LABELS[v]} {threat[v]}{'*' if v in threat['starred'] else ''}"
             for v in ("fight", "influence", "sneak") if threat[v]]
    parts.append(f"Spirit {threat['spirit_cost']}")
    if threat["spirit_boost"]:
        parts.append(f"Boost {threat['spirit_boost']}")
    if threat["overkill"]:
        parts.append(f"Overkill {threat['overkill']}")
    parts += [s.capitalize() for s in threat["statuses"]]
    return ", ".join(parts)


def turn_face_up(ctx: Context, threat: Threat, p: dict) -> str:
    """Copy the card's values into ``threat`` as it is turned face-up: from the
    content pack when the card is chosen by name, else as entered.

    "Game Objective", Multiplayer Symbol: "Wherever this symbol is seen next to
    a value, multiply the listed value by the number of heroes who started the
    Adventure" ("Multiplayer Coop Mode": "Locations and Foes scale up"). The
    pack's ``per_hero`` names those values; the form's ``per_hero`` marks the
    Threat values (Fight, Influence, Sneak). Statuses it already carries (a
    Threat ability gave a Shadow Shield) are kept. Returns a note for the
    player: which values were multiplied, or ""."""
    if p.get("card", pack.BY_VALUES) != pack.BY_VALUES:
        card = ctx.state["pack"]["threats"][p["card"]]
        p = {**{v: card[v] for v in VALUES}, "kind": card["kind"], "starred": card["starred"],
             "overkill": card["overkill"], "bold": "bold" in card["reveal"],
             "shield": "shield" in card["reveal"], "name": p["card"],
             "per_hero": card["per_hero"]}
        threat["group"] = card["group"]
    per_hero = p.get("per_hero", False)
    scaled = per_hero if isinstance(per_hero, list) else [v for v in ACTIONS if per_hero]
    heroes = len(ctx.state["heroes"])
    for value in VALUES:
        threat[value] = p[value] * (heroes if value in scaled else 1)
    threat["kind"] = p["kind"]
    starred = p["starred"] if isinstance(p["starred"], list) else [
        v for v in ACTIONS if p["starred"] and v != p.get("plain", "none")]
    threat["starred"] = [v for v in starred_values(threat, starred) if threat[v]]
    threat["overkill"] = p["overkill"]
    threat["statuses"] += [s for s in ("shield", "bold") if p[s] and s not in threat["statuses"]]
    threat["revealed"] = True
    if threat["kind"] == "vengeance":
        threat["name"] = p.get("name", "Lord's Vengeance")
        ctx.state["vengeance"] = "revealed"
    elif "name" in p:
        threat["name"] = p["name"]
    elif threat["kind"] != "threat":
        threat["name"] = f"{p['kind'].capitalize()} {threat['id']}"
    shown = [VALUE_LABELS[v] for v in VALUES if v in scaled and p[v]]
    return f" ({', '.join(shown)} x{heroes} heroes)" if shown and heroes > 1 else ""


def reveal(ctx: Context) -> None:
    """Enter a revealed Threat's card: "Threats" (Threat values, * values,
    Overkill X, Spirit values, card type) and "Statuses" (a 'Reveal: Bold' or
    'Reveal: Shield' Threat gains that Status as soon as it is revealed).

    A revealed Story goes in front of its hero (:func:`place_story`).
    """
    state = ctx.state
    if not state["revealing"]:
        raise RuleError("Nothing to reveal", "No Threat is waiting to be revealed.")
    threat = find_threat(state, state["revealing"].pop(0))
    assert threat is not None, "a Threat waiting to be revealed lies in the Threat Area"
    scaled = turn_face_up(ctx, threat, ctx.params)
    cast(RevealData, ctx.data)["revealed"] = threat["id"]
    ctx.describe(f"{threat['name']} revealed: {summary(threat)}{scaled}")
    place_story(ctx, threat)
    if threat["kind"] == "vengeance":
        ctx.note("The Lord's Vengeance cannot be defeated")
