"""Encounter helpers: the Combat Pool against the Encounter Value, the Diplomacy
Affinity track with its Stages, trait reminders, Escape ("Combat", "Diplomacy").

The players still play the cards. The box holds the numbers the Encounter
card sets (Value, Affinity track, Stages, Traits), the Pool or the Affinity
marker as a dial track, and checks the end: the Victory Check after every
turn of the Combat Pool, the Affinity Check after every turn of the Affinity
marker. ``state["encounter"]`` while one runs::

    {"kind": "combat", "members": [0, 1], "traits": ["rush"], "guardian": 0,
     "location": 101, "value": 7, "pool": 3}
    {"kind": "diplomacy", "members": [0], "traits": [], "guardian": 0, "location": 101,
     "top": 6, "start": 3, "affinity": 3, "stages": 2, "stage": 1}

``state["last_encounter"]`` keeps how the last one ended, for the screen.
"""

from __future__ import annotations

from games.core import Context, TrackSpec
from games.grail import rules

KINDS = ("combat", "diplomacy")

# "Combat Encounter Traits", each with the numbers it sets.
TRAITS = {
    "ambush": "Ambush: 1st Activated discards down to 1 card at the start of their 1st Activation",
    "defensive": "Defensive: each 1st Combat card played adds 1 fewer marker to the Pool",
    "fast": "Fast: at most 2 Combat cards per Activation",
    "feint": "Feint: Enemy Attack Damage can't be prevented",
    "guardian": "Guardian: if not defeated, it roams the map",
    "horde": "Horde: each Enemy Attack step, the Active Character discards 2 cards from the top "
             "of their deck",
    "opportunist": "Opportunist: fewer than 2 Combat cards played in an Activation triggers the "
                   "Opportunity attack",
    "rage": "Rage: resolve the Enemy Attack step twice",
    "robber": "Robber: all members at 1 Health or less lose all Wealth and Items; the Encounter "
              "ends (a loss)",
    "rush": "Rush: 1st Activated takes 2 Damage at the start of their 1st Activation",
    "shatter": "Shatter: at the end, all members discard the Weapon Items they used",
    "slow": "Slow: each member draws 1 extra card at the start and at each End of Turn",
}
TRAIT_CHOICES = ("none",) + tuple(TRAITS)

# "Challenge Mode", Escaping Combat: toss a Dial (firmware_bridge/PROTOCOL.md kind "dial").
DIAL_KIND = "dial"
DIAL_FACES = ("skull", "grail")

ESCAPE_ENERGY = 1  # "Escaping Combat": lose 1 Energy


def starting_hand(state: dict, enc: dict) -> int:
    """"Starting Combat" / "Starting Diplomacy": 3 cards with 1-3 Characters in it, 2 with 4;
    Slow: 1 extra card at the start of Combat."""
    hand = rules.starting_hand(len(enc["members"]))
    return hand + (1 if "slow" in enc["traits"] else 0)


def tracks(state: dict) -> list[TrackSpec]:
    """The Encounter's own dial track, first in the cycle while it runs."""
    enc = state.get("encounter")
    if not enc:
        return []
    if enc["kind"] == "combat":
        return [TrackSpec("combat.pool", "Combat Pool", "encounter.pool", 0, 99, on_change=_victory_check)]
    return [TrackSpec("diplomacy.affinity", f"Affinity (Stage {enc['stage']}/{enc['stages']})",
                      "encounter.affinity", 0, enc["top"], on_change=_affinity_check)]


def close(ctx: Context, result: str, text: str) -> None:
    """End the Encounter with ``result`` (won, lost, escaped, ran away, avoided)."""
    enc = ctx.state["encounter"]
    ctx.state["last_encounter"] = {"kind": enc["kind"], "result": result, "text": text}
    ctx.state["encounter"] = None
    if result == "won" and enc["guardian"]:
        before = len(ctx.state["guardians"])
        ctx.state["guardians"] = [g for g in ctx.state["guardians"] if g["id"] != enc["guardian"]]
        if len(ctx.state["guardians"]) < before:
            text += f"; Guardian {enc['guardian']} defeated: its card to the bottom of its deck"
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text, "end" if result in ("won", "lost") else "info")


def _victory_check(ctx: Context, before: int, after: int) -> None:
    """"Victory Check": Combat Pool markers at least the Encounter's Value wins."""
    enc = ctx.state["encounter"]
    if after >= enc["value"]:
        close(ctx, "won", f"Victory ({after}/{enc['value']}): Rewards to each member, share the Loot; "
                          "card to the bottom of its deck; reshuffle your Combat decks")


def _affinity_check(ctx: Context, before: int, after: int) -> None:
    """"Affinity Check": on the lowest slot you lose; on the highest you win the Stage
    (the whole Encounter after the last Stage; otherwise the marker goes back to the
    gray slot and the next Stage begins)."""
    enc = ctx.state["encounter"]
    if after <= 0:
        close(ctx, "lost", "Diplomacy lost: apply the Failure cost to each member; card to the "
                           "bottom of its deck; reshuffle your Diplomacy decks")
    elif after >= enc["top"]:
        if enc["stage"] >= enc["stages"]:
            close(ctx, "won", "Diplomacy won: each member gains the Reward; card to the bottom of "
                              "its deck; reshuffle your Diplomacy decks")
        else:
            enc["stage"] += 1
            enc["affinity"] = enc["start"]
            text = (f"Stage {enc['stage'] - 1} won: marker on the Stage; Stage {enc['stage']} "
                    "begins at the gray slot")
            ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
            ctx.emit(text)


def after_health(ctx: Context, index: int) -> None:
    """Health changed during an Encounter: "You Are Dying" at 0 removes the Character
    from it ("Death and Insanity", At Death's Door); Robber ends it when all members
    are at 1 Health or less."""
    enc = ctx.state.get("encounter")
    if not enc or index not in enc["members"]:
        return
    people = ctx.state["characters"]
    if "robber" in enc["traits"] and all(people[i]["health"] <= 1 for i in enc["members"]):
        for i in enc["members"]:
            people[i]["resources"]["wealth"] = 0
        close(ctx, "lost", "Robber: every member loses all Wealth and discards all Items; "
                           "the Encounter ends (a loss)")
        return
    if people[index]["health"] <= 0:
        enc["members"].remove(index)
        text = f"{people[index]['name']}: You Are Dying - leaves the Encounter"
        ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
        ctx.emit(text)
        if not enc["members"]:
            close(ctx, "lost", "Everyone has left the Encounter: card to the bottom of its deck")


def reminders(state: dict) -> tuple[str, ...]:
    """The running Encounter's numbers and rules, for the screen."""
    enc = state.get("encounter")
    if not enc:
        last = state.get("last_encounter")
        return (f"Last: {last['text']}",) if last else ()
    people = state["characters"]
    names = ", ".join(people[i]["name"] for i in enc["members"])
    if enc["kind"] == "combat":
        head = f"Combat: Pool {enc['pool']} / Value {enc['value']} - {names}"
    else:
        head = (f"Diplomacy: Affinity {enc['affinity']} of 0..{enc['top']} (gray {enc['start']}), "
                f"Stage {enc['stage']}/{enc['stages']} - {names}")
    lines = [head, f"Starting hand: {starting_hand(state, enc)} cards each; discard down to 3 "
                   "at End of Turn, draw 1"]
    lines += [TRAITS[t] for t in enc["traits"]]
    for i in enc["members"]:
        if rules.panicking(state, people[i]):
            lines.append(f"{people[i]['name']} Panics: top card first, no draw at End of Turn")
    if enc["kind"] == "combat":
        escape = "Escape: lose 1 Energy, Opportunity attack"
        if state["mode"] == "challenge":
            escape += "; once per Activation, toss a Dial (Skull stay, Grail escape)"
        lines.append(escape)
        lines.append("Pool never negative: discard a card per missing marker")
    else:
        lines.append("Escape: the Party pays the Failure cost, each member")
    return tuple(lines)
