"""Kreel Manor's round, phase by phase, in the rulebook's order.

"Gameplay" and "Round Summary": 1. Delve, 2. Threat, 3. Draw, 4. Play,
5. Spirit, 6. End. Each phase is one procedure; each names the next in
``then``, and after the End phase nothing runs until ``next`` starts the next
round ("6. End Phase" D: a new round begins with a new Delve Phase). In
"Multiplayer Coop Mode" each hero in turn plays an entire round, so a round
belongs to one hero, the active hero.

Beside the round: ``add-threat`` (a card says "Add 1 Threat"), ``wounded``
(a hero at 0 Spirit: Press On or tend) and ``game-end`` ("Game End" a-f and
the Campaign's next Adventure).
"""

from __future__ import annotations

from games.core import Context, Procedure, RuleError, Step, StepKind
from games.core.engine import resume
from games.kreel import rules
from games.kreel.state import ADVENTURES, active_hero, active_location, new_actions


def note(ctx: Context, text: str) -> None:
    """Add ``text`` to the journal entry's description and the events."""
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


def in_play(state: dict) -> bool:
    """The active hero's Play phase is running ("4. Play Phase")."""
    return (state.get("procedure") or {}).get("name") == "play"


def need_play(ctx: Context, what: str) -> None:
    """Refuse ``what`` outside the hero's Play phase ("4. Play Phase")."""
    if not in_play(ctx.state):
        raise RuleError("Only in Play phase", f"{what} only during the hero's Play phase "
                        "(4. Play Phase).")


def _proc_data(state: dict) -> dict:
    proc = state.get("procedure")
    return proc["data"] if proc else {}


# --- 1. Delve ---------------------------------------------------------------------


def _begin_round(ctx: Context) -> None:
    """A new round for the next hero in clockwise order ("Multiplayer Coop Mode");
    heroes the team Pressed On without take no more rounds."""
    state = ctx.state
    count = len(state["heroes"])
    state["round"] += 1
    if state["round"] > 1:
        following = (state["active_hero"] + 1) % count
        for _ in range(count):
            if not state["heroes"][following]["out"]:
                break
            following = (following + 1) % count
        state["active_hero"] = following
    who = "" if count == 1 else f" ({active_hero(state)['name']})"
    note(ctx, f"Round {state['round']}{who} begins")


def _no_story(state: dict) -> bool:
    return not active_hero(state)["story"]


def _story_read(ctx: Context) -> None:
    """"Stories": once read and resolved, the Story card goes back to the box
    (or stays in play when it says so: the player keeps it in the Threat Area)."""
    active_hero(ctx.state)["story"] = False


def _explore(ctx: Context) -> None:
    for text in rules.explore_location(ctx.state):
        note(ctx, text)


def _location_known(state: dict) -> bool:
    return active_location(state)["sneak"] is not None


def _victory(ctx: Context) -> None:
    """"1. Delve Phase" D. Victory Check: the Adventure Location defeated."""
    if ctx.state["locations"][-1]["defeated"]:
        ctx.state["victory"] = True
        note(ctx, "Victory! Read the Adventure's Defeat paragraph")
        ctx.start("game-end", {"result": "win"})


DELVE = Procedure(
    "delve",
    "1. Delve Phase",
    (
        Step("begin", StepKind.AUTO, "A new round begins", "6. End Phase D", run=_begin_round),
        Step("story", StepKind.REMINDER, "A. Story: read your Story card",
             "1. Delve Phase A; Stories", skip=_no_story),
        Step("story_read", StepKind.AUTO, "Story read", "Stories", run=_story_read,
             skip=_no_story),
        Step("delve", StepKind.REMINDER, "B. Delve abilities activate", "1. Delve Phase B"),
        Step("explore", StepKind.AUTO, "C. Explore the Active Location", "1. Delve Phase C",
             run=_explore),
        Step("flip", StepKind.PROMPT, "C. New Active Location: its Sneak value",
             "1. Delve Phase C; Locations", command="location", skip=_location_known),
        Step("victory", StepKind.AUTO, "D. Victory check", "1. Delve Phase D", run=_victory),
        Step("effects", StepKind.REMINDER, "E. Apply the Active Location's effects",
             "1. Delve Phase E"),
    ),
    then="threat",
)


# --- 2. Threat (and Add 1 Threat anywhere) ------------------------------------------


def _add_threat(ctx: Context) -> None:
    """"2. Threat Phase": Add 1 Threat, bump the Shadows, Reveal from Sneak 1."""
    out, notes = rules.add_one_threat(ctx.state)
    for text in notes:
        note(ctx, text)
    if out is None:
        note(ctx, "Threat added to Sneak 3")
    elif out["revealed"]:
        note(ctx, f"{out['name']} (face-up) enters the Threat Area")
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
    on_finish=resume,  # the interrupted step goes on
)


# --- 3. Draw and 4. Play -------------------------------------------------------------

def _draw_skill(ctx: Context) -> None:
    hero = active_hero(ctx.state)
    note(ctx, f"{hero['name']} draws 1 Skill: {rules.draw_skill(hero)} in hand")


DRAW = Procedure(
    "draw",
    "3. Draw Phase",
    (
        Step("skill", StepKind.AUTO, "Draw 1 Skill", "3. Draw Phase", run=_draw_skill),
        Step("draw", StepKind.REMINDER, "Draw 1 Skill; swap Pack Assets", "3. Draw Phase"),
    ),
    then="play",
)

PLAY = Procedure(
    "play",
    "4. Play Phase",
    (
        Step("turn", StepKind.REMINDER, "Play: Tilt 1, Use 1",
             "4. Play Phase"),
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
    """"5. Spirit Phase" B. Block reduces the total; the hero loses the rest;
    a Shielded hero cancels all of that damage and discards Shield
    ("Statuses", Shield). C. Wounds: at 0 Spirit the Adventure is lost (the
    Game's ``settle`` starts the Wounded procedure after this command)."""
    data = ctx.data
    hero = active_hero(ctx.state)
    damage = max(0, data["attack"] - data["block"])
    if damage and "shield" in hero["statuses"]:
        hero["statuses"].remove("shield")
        data["lost"] = 0
        note(ctx, f"{hero['name']}'s Shield cancels {damage} Spirit damage")
        return
    lost = rules.lose_spirit(hero, damage)
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


def _hand_limit(ctx: Context) -> None:
    """"6. End Phase" B: Play or discard down to 6 Skills."""
    hero = active_hero(ctx.state)
    hero["hand"] = min(hero["hand"], 6)


def _reset(ctx: Context) -> None:
    """"6. End Phase" C: reset every Threat and the hero's Actions upright; the
    hero's Spirit at the end of the round goes on their plot."""
    for threat in ctx.state["threat_area"]:
        threat["exhausted"] = False
    hero = active_hero(ctx.state)
    rules.reset_actions(hero)
    hero["spirit_log"].append(hero["spirit"])


END = Procedure(
    "end",
    "6. End Phase",
    (
        Step("discard", StepKind.REMINDER, "A. Discard the Skills played", "6. End Phase A"),
        Step("skill_limit", StepKind.REMINDER, "B. Skill limit: keep at most 6",
             "6. End Phase B"),
        Step("hand_limit", StepKind.AUTO, "B. At most 6 Skills in hand", "6. End Phase B",
             run=_hand_limit),
        Step("reset_threats", StepKind.AUTO, "C. Actions and Threats reset", "6. End Phase C",
             run=_reset),
        Step("reset", StepKind.REMINDER, "C. Reset Assets (not Flipped ones)", "6. End Phase C"),
    ),
)


# --- a hero at 0 Spirit ("Ending The Game", "Multiplayer Coop Mode") -------------------


def _wound(ctx: Context) -> None:
    """"Wounds": the Wounded hero draws 1 Wound card; the Campaign (the team,
    in Multiplayer Coop Mode) counts it."""
    hero = ctx.state["heroes"][ctx.data["hero"]]
    campaign = ctx.state["campaign"]
    if campaign["wound_limit"] is not None:  # Belanor's Lightbringer: no Wounds
        hero["wounds"] += 1
        campaign["wounds"] += 1
        note(ctx, f"{hero['name']} is Wounded: draw 1 Wound card ({campaign['wounds']} Wounds)")
    else:
        note(ctx, f"{hero['name']} is at 0 Spirit (no Wounds: Belanor's Lightbringer)")


def _no_press_on_choice(state: dict) -> bool:
    """Solo, or nobody else left in: the Adventure is lost without a choice."""
    data = _proc_data(state)
    others = [h for i, h in enumerate(state["heroes"]) if i != data.get("hero") and not h["out"]]
    return not others or rules.wounds_kill(state)


def _after_wound(ctx: Context) -> None:
    """Tend (or nobody left): the Adventure is lost. Press On: the Wounded
    hero's cards leave play, their Confronted Threat returns to the shared
    Threat Area, and the round goes on ("Pressing On")."""
    state, data = ctx.state, ctx.data
    if data.get("choice") != "press on":
        ctx.start("game-end", {"result": "loss"})
        return
    index = data["hero"]
    hero = state["heroes"][index]
    hero["out"] = True
    for threat in state["threat_area"]:
        if threat["confronted_by"] == index:
            threat["confronted_by"] = None
    note(ctx, f"The team Presses On without {hero['name']}")
    waiting = data.get("resume")
    if waiting and waiting["name"] in ("delve", "threat", "draw", "play", "spirit", "end") \
            and state["active_hero"] == index:
        state["procedure"] = {"name": "end", "step": 0, "data": {}} \
            if waiting["name"] != "end" else waiting
    else:
        state["procedure"] = waiting


WOUNDED = Procedure(
    "wounded",
    "Wounded",
    (
        Step("wound", StepKind.AUTO, "A hero is Wounded", "Wounds", run=_wound),
        Step("press_on", StepKind.PROMPT, "Press On without them, or tend?",
             "Multiplayer Coop Mode, Defeat - Wounds", command="press_on",
             skip=_no_press_on_choice),
        Step("decide", StepKind.AUTO, "Press On or end the Adventure",
             "Multiplayer Coop Mode, Pressing On", run=_after_wound),
    ),
)


# --- Game End ("Game End" a-f; "The Campaign"; "Wounds") ---------------------------------


def _won(state: dict) -> bool:
    return _proc_data(state).get("result") == "win"


def _lost(state: dict) -> bool:
    return not _won(state)


def _record(ctx: Context) -> None:
    """The Campaign sheet: the result, Skill Upgrades x2 after a win, failures
    in a row after a loss; the Campaign ends at the Wound limit ("Wounds":
    Death) or with Adventure 5 won ("The Campaign")."""
    state, data = ctx.state, ctx.data
    campaign = state["campaign"]
    number = campaign["adventure"]
    campaign["results"].append({"adventure": number, "result": data["result"],
                                "rounds": state["round"]})
    if data["result"] == "win":
        campaign["fails"] = 0
        campaign["upgrades"] += 2
        campaign["stories"] = [s for s in campaign["stories"] if s["adventure"] != number]
        if number >= ADVENTURES:
            campaign["over"] = {"result": "win", "text": "Adventure 5 won: the Campaign is won!"}
            ctx.stop()
        return
    campaign["fails"] += 1
    if rules.wounds_kill(state):
        campaign["over"] = rules.death(state)
        ctx.stop()


def _no_lequiem(state: dict) -> bool:
    """"Difficulty Variants", Lequiem's Warrior: take 1 Wound to skip a
    non-final Adventure that just defeated the hero."""
    return (state["variant"] != "lequiems-warrior" or _won(state)
            or state["campaign"]["adventure"] >= ADVENTURES)


def _restore(ctx: Context) -> None:
    """"Game End" d. Restore Spirit to maximum; e. Reset cards: Actions back
    to their alphabetical slots, Power Dice removed, Advanced sides per the
    Campaign, every hero back in."""
    for hero in ctx.state["heroes"]:
        hero["spirit"] = hero["max_spirit"]
        hero["actions"] = new_actions(ctx.state["campaign"]["advanced"])
        hero.update(uses=0, tilts=0, statuses=[], out=False, story=False, hand=1)
    note(ctx, "Spirit restored; Actions reset, Power Dice removed")


GAME_END = Procedure(
    "game-end",
    "Game End",
    (
        Step("record", StepKind.AUTO, "Record the Adventure", "Game End; Wounds", run=_record),
        Step("lequiem", StepKind.PROMPT, "Lequiem's: take 1 Wound to skip it?",
             "Difficulty Variants", command="skip_adventure", skip=_no_lequiem),
        Step("fables", StepKind.REMINDER, "a. Read the Adventure's Defeat paragraph",
             "Game End a", skip=_lost),
        Step("upgrades", StepKind.REMINDER, "b. Skill Upgrades x2 (skills >= 20)",
             "Game End b", skip=_lost),
        Step("rewards", StepKind.PROMPT, "c. Other rewards: Heal a Wound, upgrade?",
             "Game End c", command="rewards", skip=_lost),
        Step("restore", StepKind.AUTO, "d. Restore Spirit; e. reset cards", "Game End d-e",
             run=_restore),
        Step("wound_cards", StepKind.REMINDER, "Wounds: flip any face-down now?",
             "Game End e, Note", skip=lambda s: not s["campaign"]["wounds"]),
        Step("next_adventure", StepKind.PROMPT, "f. Set up the next Adventure",
             "Game End f; The Campaign", command="next_adventure"),
    ),
)

# --- a Spirit Boost in Multiplayer Coop Mode ---------------------------------------------

SPIRIT_BOOST = Procedure(
    "spirit-boost",
    "Spirit Boost",
    (
        Step("boost", StepKind.PROMPT, "Spirit Boost: to which hero?",
             "Multiplayer Coop Mode, Spirit Boost", command="boost"),
    ),
    on_finish=resume,  # the interrupted step goes on
)

PROCEDURES = (DELVE, THREAT, ADD_THREAT, DRAW, PLAY, SPIRIT, END, WOUNDED, GAME_END,
              SPIRIT_BOOST)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: a new round's Delve Phase."""
    return None if state.get("over") else "delve"
