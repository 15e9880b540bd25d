"""Kreel Manor's round, phase by phase, in the rulebook's order.

"Gameplay" and "Round Summary": 1. Delve, 2. Threat, 3. Draw, 4. Play,
5. Spirit, 6. End. Each phase is one procedure; each names the next in
``then``, and after the End phase nothing runs until ``next`` starts the next
round ("6. End Phase" D: a new round begins with a new Delve Phase). In
"Multiplayer Coop Mode" each hero in turn plays an entire round, so a round
belongs to one hero, the active hero.

Beside the round: ``add-threat`` (a card says "Add 1 Threat"), ``wounded``
(a hero at 0 Spirit: Press On or tend), ``spirit-boost`` (a team's Spirit
Boost) and ``game-end`` ("Game End" a-f and the Campaign's next Adventure).

The steps are data; what they run is in the topic module of their rulebook
section (:mod:`games.kreel.delve_phase`, :mod:`games.kreel.threat_phase`...).
"""

from __future__ import annotations

from games.core import Procedure, Step, StepKind
from games.core.context import resume
from games.kreel import (
    action_track,
    campaign,
    delve_phase,
    end_phase,
    spirit_phase,
    stories,
    threat_phase,
    wounds,
)

DELVE = Procedure(
    "delve",
    "1. Delve Phase",
    (
        Step("begin", StepKind.AUTO, "A new round begins", "6. End Phase D",
             run=delve_phase.begin_round),
        Step("story", StepKind.REMINDER, "A. Story: read your Story card",
             "1. Delve Phase A; Stories", skip=stories.no_story),
        Step("story_read", StepKind.AUTO, "Story read", "Stories", run=stories.story_read,
             skip=stories.no_story),
        Step("delve", StepKind.REMINDER, "B. Delve abilities activate", "1. Delve Phase B"),
        Step("explore", StepKind.AUTO, "C. Explore the Active Location", "1. Delve Phase C",
             run=delve_phase.explore),
        Step("flip", StepKind.PROMPT, "C. New Active Location: its Sneak value",
             "1. Delve Phase C; Locations", command="location", skip=delve_phase.location_known),
        Step("victory", StepKind.AUTO, "D. Victory check", "1. Delve Phase D",
             run=delve_phase.victory),
        Step("effects", StepKind.REMINDER, "E. Apply the Active Location's effects",
             "1. Delve Phase E"),
    ),
    then="threat",
    short="Delve",
)


# --- 2. Threat (and Add 1 Threat anywhere) ------------------------------------------

ADD = Step("add", StepKind.AUTO, "Add 1 Threat to Sneak 3", "2. Threat Phase",
           run=threat_phase.add_one)
REVEAL = Step("reveal", StepKind.PROMPT, "Reveal: enter the Threat's values",
              "2. Threat Phase, Sneak 1 - Reveal", command="reveal",
              skip=threat_phase.nothing_to_reveal)
REVEAL_EFFECTS = Step("reveal_effects", StepKind.REMINDER, "Resolve its Reveal abilities",
                      "Glossary, Reveal", skip=threat_phase.no_reveal_done)

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
    short="Threat",
)

ADD_THREAT = Procedure(
    "add-threat",
    "Add 1 Threat",
    (
        Step("draw", StepKind.REMINDER, "Draw 1 Threat face-down to Sneak 3",
             "2. Threat Phase, Note"),
        ADD,
        REVEAL,
        REVEAL_EFFECTS,
        Step("again", StepKind.AUTO, "Add the next Threat", "2. Threat Phase, Note",
             run=threat_phase.again),
    ),
    on_finish=resume,
    short="+Threat",
)


# --- 3. Draw and 4. Play -------------------------------------------------------------

DRAW = Procedure(
    "draw",
    "3. Draw Phase",
    (
        Step("skill", StepKind.AUTO, "Draw 1 Skill", "3. Draw Phase", run=action_track.draw_phase),
        Step("draw", StepKind.REMINDER, "Draw 1 Skill; swap Pack Assets", "3. Draw Phase"),
    ),
    then="play",
    short="Draw",
)

PLAY = Procedure(
    "play",
    "4. Play Phase",
    (
        Step("turn", StepKind.REMINDER, "Play: Tilt 1, Use 1",
             "4. Play Phase"),
    ),
    then="spirit",
    short="Play",
)


# --- 5. Spirit and 6. End ---------------------------------------------------------------

SPIRIT = Procedure(
    "spirit",
    "5. Spirit Phase",
    (
        Step("attacks", StepKind.AUTO, "A. Threats attack", "5. Spirit Phase A",
             run=spirit_phase.attacks),
        Step("block", StepKind.PROMPT, "B. Block: enter your Block points", "5. Spirit Phase B",
             command="block", skip=spirit_phase.nothing_to_block),
        Step("lose", StepKind.AUTO, "C. Lose Spirit", "5. Spirit Phase C", run=spirit_phase.lose),
    ),
    then="end",
    short="Spirit",
)

END = Procedure(
    "end",
    "6. End Phase",
    (
        Step("discard", StepKind.REMINDER, "A. Discard the Skills played", "6. End Phase A"),
        Step("skill_limit", StepKind.REMINDER, "B. Skill limit: keep at most 6",
             "6. End Phase B"),
        Step("hand_limit", StepKind.AUTO, "B. At most 6 Skills in hand", "6. End Phase B",
             run=end_phase.hand_limit),
        Step("reset_threats", StepKind.AUTO, "C. Actions and Threats reset", "6. End Phase C",
             run=end_phase.reset_upright),
        Step("reset", StepKind.REMINDER, "C. Reset Assets (not Flipped ones)", "6. End Phase C"),
    ),
    short="End",
)


# --- a hero at 0 Spirit ("Ending The Game", "Multiplayer Coop Mode") -------------------

WOUNDED = Procedure(
    "wounded",
    "Wounded",
    (
        Step("wound", StepKind.AUTO, "A hero is Wounded", "Wounds", run=wounds.wound),
        Step("press_on", StepKind.PROMPT, "Press On without them, or tend?",
             "Multiplayer Coop Mode, Defeat - Wounds", command="press_on",
             skip=wounds.no_press_on_choice),
        Step("decide", StepKind.AUTO, "Press On or end the Adventure",
             "Multiplayer Coop Mode, Pressing On", run=wounds.after_wound),
    ),
    short="Wounded",
)


# --- Game End ("Game End" a-f; "The Campaign"; "Wounds") ---------------------------------

GAME_END = Procedure(
    "game-end",
    "Game End",
    (
        Step("record", StepKind.AUTO, "Record the Adventure", "Game End; Wounds",
             run=campaign.record),
        Step("lequiem", StepKind.PROMPT, "Lequiem's: take 1 Wound to skip it?",
             "Difficulty Variants", command="skip_adventure", skip=campaign.no_lequiem),
        Step("fables", StepKind.REMINDER, "a. Read the Adventure's Defeat paragraph",
             "Game End a", skip=campaign.lost),
        Step("upgrades", StepKind.REMINDER, "b. Skill Upgrades x2 (skills >= 20)",
             "Game End b", skip=campaign.lost),
        Step("rewards", StepKind.PROMPT, "c. Other rewards: Heal a Wound, upgrade?",
             "Game End c", command="rewards", skip=campaign.lost),
        Step("restore", StepKind.AUTO, "d. Restore Spirit; e. reset cards", "Game End d-e",
             run=campaign.restore),
        Step("wound_cards", StepKind.REMINDER, "Wounds: flip any face-down now?",
             "Game End e, Note", skip=lambda s: not s["campaign"]["wounds"]),
        Step("next_adventure", StepKind.PROMPT, "f. Set up the next Adventure",
             "Game End f; The Campaign", command="next_adventure"),
    ),
    short="Endgame",
)

# --- a Spirit Boost in Multiplayer Coop Mode ---------------------------------------------

SPIRIT_BOOST = Procedure(
    "spirit-boost",
    "Spirit Boost",
    (
        Step("boost", StepKind.PROMPT, "Spirit Boost: to which hero?",
             "Multiplayer Coop Mode, Spirit Boost", command="boost"),
    ),
    on_finish=resume,
    short="Boost",
)

PROCEDURES = (DELVE, THREAT, ADD_THREAT, DRAW, PLAY, SPIRIT, END, WOUNDED, GAME_END,
              SPIRIT_BOOST)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: a new round's Delve Phase."""
    return None if state.get("over") else "delve"
