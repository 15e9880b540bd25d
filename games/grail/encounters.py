"""Encounter helpers: the Combat Pool against the Encounter Value, the Diplomacy
Affinity track with its Stages, trait reminders, Escape ("Combat", "Diplomacy").

The players still play the cards. The box holds the numbers the Encounter
card sets (Value, Affinity track, Stages, Traits), the Pool or the Affinity
marker as a dial track, and checks the end: the Victory Check after every
turn of the Combat Pool, the Affinity Check after every turn of the Affinity
marker. ``state["encounter"]`` while one runs::

    {"kind": "combat", "members": [0, 1], "traits": ["rush"], "guardian": 0,
     "location": 101, "value": 7, "pool": 3, "opportunity": {"damage": 2, "terror": 0},
     "turn": 1, "active": 0, "activated": [0], "activations": 1, "escape_tried": false,
     "hands": [3, 2]}
    {"kind": "diplomacy", "members": [0], "traits": [], "guardian": 0, "location": 101,
     "top": 6, "start": 3, "affinity": 3, "stages": 2, "stage": 1, "turn": 1, ...}

Turns and Activations ("Combat Turn", "Diplomacy Turn"): ``turn`` counts the
Turns, ``activated`` the members with a Time Token on their Tray this Turn,
``active`` the Active Character (or None between Activations),
``activations`` every Activation so far (Rush and Ambush hit the first), and
``escape_tried`` whether the Active Character has tossed the Escape Dial this
Activation (Challenge mode: Escape only once per Activation). ``hands`` is
each Character's starting hand by place in the party (0 for those not in it):
3 cards, 2 with 4 Characters, 1 more with Slow, 1 fewer per redraw ("Starting
Combat": "discard it and draw a new hand with one fewer card").

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
RUSH_DAMAGE = 2  # "Combat Encounter Traits", Rush: 2 Damage
FAST_CARDS = 2  # Fast: at most 2 Combat cards per Activation
OPPORTUNIST_CARDS = 2  # Opportunist: fewer than 2 cards played triggers the Opportunity attack


def turn_fields() -> dict:
    """A new Encounter's Turn bookkeeping: Turn 1, nobody Activated yet."""
    return {"turn": 1, "active": None, "activated": [], "activations": 0, "escape_tried": False}


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
    """End the Encounter with ``result`` (won, lost, escaped, ran away, avoided, ended)."""
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


def _note(ctx: Context, text: str) -> None:
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


def _running(ctx: Context) -> dict | None:
    return ctx.state.get("encounter")


def hurt(ctx: Context, index: int, health: int, terror: int, why: str) -> None:
    """Damage (lower Health) and Terror to one member, with the Encounter's Health
    rules after it (You Are Dying leaves it; Robber)."""
    c = ctx.state["characters"][index]
    lost, gained = rules.harm(ctx.state, c, health, terror)
    _note(ctx, f"{why}: {c['name']} -{lost} Health" + (f", +{gained} Terror" if terror else "")
          + f" (Health {c['health']})")
    after_health(ctx, index)


def activate(ctx: Context, index: int) -> None:
    """"Combat Turn" / "Diplomacy Turn", I. Pick the Active Character: a member not
    yet Activated this Turn; a Time Token on their Tray. At the start of the very
    first Activation: Rush (2 Damage to them) and Ambush (discard down to 1 card)."""
    enc = ctx.state["encounter"]
    c = ctx.state["characters"][index]
    enc["active"] = index
    enc["activated"].append(index)
    enc["activations"] += 1
    enc["escape_tried"] = False
    _note(ctx, f"Turn {enc['turn']}: {c['name']} is Active (Time Token on the Tray)")
    if rules.panicking(ctx.state, c):
        _note(ctx, f"{c['name']} Panics: play the top card of the deck first")
    if enc["activations"] == 1 and enc["kind"] == "combat":
        if "ambush" in enc["traits"]:
            _note(ctx, f"Ambush: {c['name']} discards down to 1 card")
        if "rush" in enc["traits"]:
            hurt(ctx, index, RUSH_DAMAGE, 0, "Rush")


def opportunity_attack(ctx: Context, index: int) -> None:
    """The Opportunity attack on the Encounter card, to one Character: the Damage and
    Terror entered from the card when the Combat began (the rulebook gives no
    numbers; 0 and 0 leave it to the players)."""
    enc = ctx.state["encounter"]
    opp = enc.get("opportunity") or {"damage": 0, "terror": 0}
    if opp["damage"] or opp["terror"]:
        hurt(ctx, index, opp["damage"], opp["terror"], "Opportunity attack")
    else:
        _note(ctx, f"Opportunity attack on {ctx.state['characters'][index]['name']}: "
                   "resolve it from the card")


def opportunity_triggered(enc: dict, cards: int) -> bool:
    """"Character Activation", Playing Cards c): "If you played no card this
    Activation, the enemy immediately makes an Opportunity attack"; "Combat
    Encounter Traits", Opportunist: "if a Character doesn't play at least 2 Combat
    cards in step 2, trigger the Opportunity attack" - the same one attack, on a
    wider condition."""
    return cards == 0 or ("opportunist" in enc["traits"] and cards < OPPORTUNIST_CARDS)


def end_activation(ctx: Context, cards: int) -> None:
    """"Character Activation", Playing Cards c): no card played triggers the
    Opportunity attack, "then you draw a card" (with Opportunist too: fewer than 2
    cards trigger it, and the draw still follows 0 cards); Fast: at most 2 cards.
    A Character the attack sends to "You Are Dying" has left and draws nothing.
    Then the Enemy Attack (or the Opponent's Response) and Check Readiness: the
    Turn ends when every member has been Activated."""
    enc = ctx.state["encounter"]
    index = enc["active"]
    if enc["kind"] == "combat":
        if opportunity_triggered(enc, cards):
            opportunity_attack(ctx, index)
            enc = _running(ctx)
            if cards == 0 and enc is not None and index in enc["members"]:
                _note(ctx, f"{ctx.state['characters'][index]['name']} draws a card")
        enc = _running(ctx)
        if enc is None:
            return
        attack = "Enemy Attack by the Pool"
        if "horde" in enc["traits"]:
            attack = "Horde: discard 2 from the deck top; " + attack
        if "rage" in enc["traits"]:
            attack += ", twice (Rage)"
        _note(ctx, attack)
    else:
        _note(ctx, "Opponent's Response for the Stage")
    enc["active"] = None
    check_readiness(ctx)


def check_readiness(ctx: Context) -> None:
    """"Check Readiness": when every member has been Activated, End Turn - discard down
    to 3, draw 1 each (not if you Panic; Slow: 1 more), clear the Time Tokens."""
    enc = _running(ctx)
    if enc is None or enc["active"] is not None:
        return
    if not set(enc["members"]) <= set(enc["activated"]):
        return
    draw = "draw 2 each (Slow)" if "slow" in enc["traits"] else "draw 1 each"
    _note(ctx, f"End of Turn {enc['turn']}: discard down to 3, {draw} (none if Panicking); "
               "clear the Time Tokens")
    enc["turn"] += 1
    enc["activated"] = []


def leave(ctx: Context, index: int) -> None:
    """A Character Escapes ("Escaping Combat / Run Away"): they leave and the others
    stay; when all have Escaped, the card goes to the bottom of its deck (an unnamed
    Guardian stays where it was triggered and roams, "Guardians")."""
    enc = ctx.state["encounter"]
    enc["members"].remove(index)
    if enc["active"] == index:
        enc["active"] = None
    if enc["members"]:
        check_readiness(ctx)
        return
    text = "Everyone Escaped: card to the bottom of its deck; reshuffle your Combat decks"
    if "guardian" in enc["traits"] and not enc["guardian"]:
        gid = ctx.state["next_id"]
        ctx.state["next_id"] += 1
        ctx.state["guardians"].append({"id": gid, "name": f"Guardian {gid}", "location": enc["location"]})
        text += f"; Guardian {gid} stays on {enc['location']} and roams"
    close(ctx, "escaped", text)


def after_health(ctx: Context, index: int) -> None:
    """Health changed during an Encounter: "You Are Dying" at 0 removes the Character
    from a Combat ("Other Combat rules": "immediately removes you from the current
    Encounter") and ends a Diplomacy ("Other Diplomacy rules": "the 'You Are Dying'
    card immediately ends the Encounter"; a Diplomacy is escaped by the whole
    Party); Robber ends it when all members are at 1 Health or less."""
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
        if enc["kind"] == "diplomacy":
            close(ctx, "ended", f"{people[index]['name']}: You Are Dying - the Diplomacy ends "
                                "(resolve the card); card to the bottom of its deck")
            return
        remove_member(ctx, index, f"{people[index]['name']}: You Are Dying - leaves the Encounter")


def remove_member(ctx: Context, index: int, text: str) -> None:
    """A member leaves the running Encounter without Escaping (You Are Dying, death):
    the others fight on; with nobody left it ends."""
    enc = ctx.state.get("encounter")
    if not enc or index not in enc["members"]:
        return
    enc["members"].remove(index)
    if enc.get("active") == index:
        enc["active"] = None
    _note(ctx, text)
    if not enc["members"]:
        close(ctx, "lost", "Everyone has left the Encounter: card to the bottom of its deck")
    else:
        check_readiness(ctx)


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
    active = enc.get("active")
    turn = f"Turn {enc.get('turn', 1)}: " + (f"{people[active]['name']} is Active" if active is not None
                                             else "pick the Active Character")
    waiting = [people[i]["name"] for i in enc["members"] if i not in enc.get("activated", [])]
    if waiting:
        turn += f"; not yet Activated: {', '.join(waiting)}"
    hands = enc.get("hands") or []
    sizes = {hands[i] for i in enc["members"] if i < len(hands)} or {starting_hand(state, enc)}
    if len(sizes) == 1:
        start = f"Starting hand: {sizes.pop()} cards each"
    else:
        start = "Starting hands: " + ", ".join(f"{people[i]['name']} {hands[i]}" for i in enc["members"])
    if not enc.get("activations"):
        start += " (redraw 1 fewer, down to 1)"
    lines = [head, turn, start + "; discard down to 3 at End of Turn, draw 1"]
    lines += [TRAITS[t] for t in enc["traits"]]
    for i in enc["members"]:
        if rules.panicking(state, people[i]):
            lines.append(f"{people[i]['name']} Panics: top card first, no draw at End of Turn")
    if enc["kind"] == "combat":
        opp = enc.get("opportunity") or {"damage": 0, "terror": 0}
        escape = "Escape (the Active Character): lose 1 Energy, Opportunity attack"
        if opp["damage"] or opp["terror"]:
            escape += f" ({opp['damage']} Damage, {opp['terror']} Terror)"
        if rules.modifier(state, "escaping"):
            escape += "; once per Activation, toss a Dial (Skull stay, Grail escape)"
        lines.append(escape)
        lines.append("Pool never negative: discard a card per missing marker")
    else:
        lines.append("Escape: the Party pays the Failure cost, each member")
    return tuple(lines)
