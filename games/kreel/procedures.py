"""Kreel Manor's round, phase by phase, in the rulebook's order.

"Gameplay" and "Round Summary": 1. Delve, 2. Threat, 3. Draw, 4. Play,
5. Spirit, 6. End. Each phase is one procedure; each names the next in
``then``, and after the End phase nothing runs until ``next`` starts the next
round ("6. End Phase" D: a new round begins with a new Delve Phase). In
"Multiplayer Coop Mode" each hero in turn plays an entire round, so a round
belongs to one hero, the active hero.
"""

from __future__ import annotations

from games.core import Context, Procedure, Step, StepKind
from games.kreel import rules
from games.kreel.state import active_hero


def note(ctx: Context, text: str) -> None:
    """Add ``text`` to the journal entry's description and the events."""
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


def _proc_data(state: dict) -> dict:
    proc = state.get("procedure")
    return proc["data"] if proc else {}


# --- 1. Delve ---------------------------------------------------------------------


def _begin_round(ctx: Context) -> None:
    """A new round for the next hero in clockwise order ("Multiplayer Coop Mode")."""
    state = ctx.state
    state["round"] += 1
    state["active_hero"] = (state["round"] - 1) % len(state["heroes"])
    who = "" if len(state["heroes"]) == 1 else f" ({active_hero(state)['name']})"
    note(ctx, f"Round {state['round']}{who} begins")


DELVE = Procedure(
    "delve",
    "1. Delve Phase",
    (
        Step("begin", StepKind.AUTO, "A new round begins", "6. End Phase D", run=_begin_round),
        Step("story", StepKind.REMINDER, "A. Story: read your Story card, if any",
             "1. Delve Phase A"),
        Step("delve", StepKind.REMINDER, "B. Delve abilities activate", "1. Delve Phase B"),
        Step("explore", StepKind.REMINDER, "C. Explore: Location defeated? Flip the next",
             "1. Delve Phase C"),
        Step("victory", StepKind.REMINDER, "D. Victory check: Adventure Location defeated?",
             "1. Delve Phase D"),
        Step("location", StepKind.REMINDER, "E. Apply the Active Location's effects",
             "1. Delve Phase E"),
    ),
    then="threat",
)


# --- 2. Threat (and Add 1 Threat anywhere) ------------------------------------------


def _add_threat(ctx: Context) -> None:
    """"2. Threat Phase": Add 1 Threat, bump the Shadows, Reveal from Sneak 1."""
    out = rules.add_one_threat(ctx.state)
    if out is None:
        note(ctx, "Threat added to Sneak 3")
    elif out["revealed"]:
        note(ctx, f"{out['name']} (Scouted) enters the Threat Area")
    else:
        note(ctx, f"Threat added; {out['name']} is Revealed")


def _nothing_to_reveal(state: dict) -> bool:
    return not state["revealing"]


def _no_reveal_done(state: dict) -> bool:
    return not _proc_data(state).get("revealed")


ADD = Step("add", StepKind.AUTO, "Add 1 Threat to Sneak 3", "2. Threat Phase", run=_add_threat)
REVEAL = Step("reveal", StepKind.PROMPT, "Reveal: enter the Threat's values",
              "2. Threat Phase, Sneak 1 - Reveal", command="reveal", skip=_nothing_to_reveal)
REVEAL_EFFECTS = Step("reveal_effects", StepKind.REMINDER, "Resolve its Reveal abilities",
                      "Glossary, Reveal", skip=_no_reveal_done)

THREAT = Procedure(
    "threat",
    "2. Threat Phase",
    (
        Step("draw", StepKind.REMINDER, "Draw 1 Threat face-down to Sneak 3",
             "2. Threat Phase; Empty Threat Deck"),
        ADD,
        REVEAL,
        REVEAL_EFFECTS,
    ),
    then="draw",
)


def _again(ctx: Context) -> None:
    """Repeat Add 1 Threat while the command asked for more than one."""
    data = ctx.data
    data["count"] -= 1
    data["revealed"] = None
    if data["count"] > 0:
        ctx.goto("add")


def _resume(ctx: Context) -> None:
    """Go back to the step that was running when the card said "Add 1 Threat"."""
    ctx.state["procedure"] = ctx.data.get("resume")


ADD_THREAT = Procedure(
    "add-threat",
    "Add 1 Threat",
    (
        Step("draw", StepKind.REMINDER, "Draw 1 Threat face-down to Sneak 3",
             "2. Threat Phase, Note"),
        ADD,
        REVEAL,
        REVEAL_EFFECTS,
        Step("again", StepKind.AUTO, "Add the next Threat", "2. Threat Phase, Note", run=_again),
    ),
    on_finish=_resume,
)


# --- 3. Draw and 4. Play -------------------------------------------------------------

DRAW = Procedure(
    "draw",
    "3. Draw Phase",
    (
        Step("draw", StepKind.REMINDER, "Draw 1 Skill; swap Pack Assets", "3. Draw Phase"),
    ),
    then="play",
)

PLAY = Procedure(
    "play",
    "4. Play Phase",
    (
        Step("turn", StepKind.REMINDER, "Take your turn, press next when done", "4. Play Phase"),
    ),
    then="spirit",
)


# --- 5. Spirit -------------------------------------------------------------------------


def _attacks(ctx: Context) -> None:
    """"5. Spirit Phase" A. Attacks: every active threat attacks and is Exhausted."""
    total = 0
    parts = []
    for threat in rules.attackers(ctx.state):
        damage, why = rules.attack(threat)
        total += damage
        parts.append(f"{threat['name']} {damage}" + (f" ({why})" if why else ""))
    ctx.data["attack"] = total
    ctx.data["block"] = 0
    note(ctx, f"Attacks: {', '.join(parts) or 'none'} = {total}")


def _nothing_to_block(state: dict) -> bool:
    return not _proc_data(state).get("attack")


def _lose(ctx: Context) -> None:
    """"5. Spirit Phase" B. Block reduces the total; the hero loses the rest.
    C. Wounds: at 0 Spirit the Adventure is lost (the engine's end check)."""
    data = ctx.data
    hero = active_hero(ctx.state)
    lost = rules.lose_spirit(hero, max(0, data["attack"] - data["block"]))
    data["lost"] = lost
    note(ctx, f"{hero['name']} loses {lost} Spirit ({hero['spirit']} left)")


SPIRIT = Procedure(
    "spirit",
    "5. Spirit Phase",
    (
        Step("attacks", StepKind.AUTO, "A. Threats attack", "5. Spirit Phase A", run=_attacks),
        Step("block", StepKind.PROMPT, "B. Block: enter your Block points", "5. Spirit Phase B",
             command="block", skip=_nothing_to_block),
        Step("lose", StepKind.AUTO, "C. Lose Spirit", "5. Spirit Phase C", run=_lose),
    ),
    then="end",
)


# --- 6. End -------------------------------------------------------------------------------


def _reset_threats(ctx: Context) -> None:
    """"6. End Phase" C: reset every Threat upright."""
    for threat in ctx.state["threat_area"]:
        threat["exhausted"] = False


END = Procedure(
    "end",
    "6. End Phase",
    (
        Step("discard", StepKind.REMINDER, "A. Discard the Skills played", "6. End Phase A"),
        Step("skill_limit", StepKind.REMINDER, "B. Skill limit: keep at most 6",
             "6. End Phase B"),
        Step("reset_threats", StepKind.AUTO, "C. Threats reset", "6. End Phase C",
             run=_reset_threats),
        Step("reset", StepKind.REMINDER, "C. Reset Actions, Assets, Threats", "6. End Phase C"),
    ),
)

PROCEDURES = (DELVE, THREAT, ADD_THREAT, DRAW, PLAY, SPIRIT, END)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: a new round's Delve Phase."""
    return None if state.get("over") else "delve"
