"""The running Encounter, Combat or Diplomacy alike ("Encounters"; "Combat Turn"
and "Diplomacy Turn", which plays "as in Combat"): who is in it, their
starting hands, the Activations and Check Readiness, how a member leaves and
how it ends. What only Combat does is in :mod:`~games.grail.combat`, what only
Diplomacy does in :mod:`~games.grail.diplomacy`, the Turn's commands in
:mod:`~games.grail.turns`.

The players still play the cards. The box holds the numbers the Encounter
card sets (Value, Affinity track, Stages, Traits), the Pool or the Affinity
marker as a dial track, and checks the end: the Victory Check after every
turn of the Combat Pool, the Affinity Check after every turn of the Affinity
marker. ``state["encounter"]`` while one runs (``state.CombatEncounter``,
``state.DiplomacyEncounter``)::

    {"kind": "combat", "members": [0, 1], "traits": ["rush"], "guardian": 0,
     "location": 101, "value": 7, "pool": 3, "opportunity": {"damage": 2, "terror": 0},
     "turn": 1, "active": 0, "activated": [0], "activations": 1, "escape_tried": false,
     "last_active": 0,
     "hands": [3, 2]}
    {"kind": "diplomacy", "members": [0], "traits": [], "guardian": 0, "location": 101,
     "top": 6, "start": 3, "affinity": 3, "stages": 2, "stage": 1, "turn": 1, ...}

Turns and Activations ("Combat Turn", "Diplomacy Turn"): ``turn`` counts the
Turns, ``activated`` the members with a Time Token on their Tray this Turn,
``active`` the Active Character (or None between Activations),
``activations`` every Activation so far (Rush and Ambush hit the first),
``last_active`` the member Activated last (the Enemy Attack or Opponent's
Response after their Activation is theirs; None once they have left), and
``escape_tried`` whether the Active Character has tossed the Escape Dial this
Activation (Challenge mode: Escape only once per Activation). ``hands`` is
each Character's starting hand by place in the party (0 for those not in it):
3 cards, 2 with 4 Characters, 1 more with Slow, 1 fewer per redraw ("Starting
Combat": "discard it and draw a new hand with one fewer card").

``state["last_encounter"]`` keeps how the last one ended, for the screen.
"""

from __future__ import annotations

from typing import cast

from games.core import Context, RuleError
from games.grail.guardians import began
from games.grail.state import Character, Encounter, joined_names, living, named_character
from games.grail.survival import harm, panicking
from games.grail.travel import arrived_with

RUSH_DAMAGE = 2  # "Combat Encounter Traits", Rush: 2 Damage
ENDINGS = ("won", "lost", "ran away", "avoided")


def in_encounter(state: dict) -> bool:
    return bool(state.get("encounter"))


def no_encounter(state: dict) -> bool:
    return not state.get("encounter")


def running(ctx: Context) -> Encounter | None:
    """The running Encounter, or None (it may have just ended)."""
    return ctx.state.get("encounter")


# --- starting an Encounter --------------------------------------------------------------


def hand_size(members: int) -> int:
    """"Starting Combat" / "Starting Diplomacy": each member draws 3 cards with 1-3
    Characters in the Encounter, 2 with 4."""
    return 2 if members >= 4 else 3


def starting_hand(enc: Encounter) -> int:
    """The starting hand of this Encounter's members; Slow: 1 extra card at the
    start of Combat."""
    return hand_size(len(enc["members"])) + (1 if "slow" in enc["traits"] else 0)


def turn_fields() -> dict:
    """A new Encounter's Turn bookkeeping: Turn 1, nobody Activated yet."""
    return {"turn": 1, "active": None, "activated": [], "activations": 0, "escape_tried": False,
            "last_active": None}


def begin(ctx: Context, kind: str, fields: dict, traits: list[str] | None = None,
          guardian: int = 0) -> Encounter:
    """"Starting Combat" / "Starting Diplomacy": the Character who drew it, and with
    ``party`` everyone in the same Location (:func:`members_of`). ``fields`` are the
    kind's own numbers from the card."""
    if ctx.state.get("encounter"):
        raise RuleError("Encounter running", "Finish the current Encounter first.")
    c = named_character(ctx)
    if guardian:
        _check_guardian_here(ctx, c, guardian)
    members = [ctx.state["characters"][i] for i in members_of(ctx, c, guardian)]
    enc = cast(Encounter, {
        "kind": kind, "members": [ctx.state["characters"].index(m) for m in members],
        "traits": list(traits or []), "guardian": guardian, "location": c["location"], **fields,
        **turn_fields()})
    hand = starting_hand(enc)
    enc["hands"] = [hand if i in enc["members"] else 0 for i in range(len(ctx.state["characters"]))]
    ctx.state["encounter"] = enc
    began(ctx)
    ctx.note(f"{kind.capitalize()} begins: {joined_names(members)}; draw {hand} cards each")
    return enc


def members_of(ctx: Context, c: Character, guardian: int) -> list[int]:
    """Who is in the Encounter, by place in the party: the named Character, and with
    ``party`` everyone on their Location. A Guardian on the map:

    - at the Start of the Day (Move Guardians, or met where a removed Location's
      Characters were moved), every living Character there: "If a Guardian stays in a
      Location with Characters present, immediately start the Encounter (all Characters
      there must fight together)";
    - During the Day, the Party that travelled onto it with the named Character ("Travel":
      "In a Party: any automatic Action or Guardian Encounter triggered by the new
      Location is resolved as a Party"), and with ``party`` the Characters already there,
      who "may join an Action even if they did not start it together, right before an
      Automatic Action or Guardian Encounter triggers" ("II) During the Day")."""
    people = ctx.state["characters"]
    index = people.index(c)
    here = [i for i in living(ctx.state) if people[i]["location"] == c["location"]]
    proc = ctx.state.get("procedure")
    if guardian and proc is not None and proc["name"] in ("start-of-day", "guardian-fight"):
        return here
    chosen = set(arrived_with(ctx.state, index)) if guardian else {index}
    if ctx.params["party"]:
        chosen.update(here)
    return sorted(chosen)


def _check_guardian_here(ctx: Context, c: Character, guardian: int) -> None:
    """A Guardian on the map is fought where it stands, by the Characters there."""
    g = next((g for g in ctx.state["guardians"] if g["id"] == guardian), None)
    if g is None:
        raise RuleError(f"No Guardian {guardian}", f"No Guardian {guardian} is on the map.")
    if g["location"] != c["location"]:
        raise RuleError(f"{g['name'][:12]} not here",
                        f"{g['name']} is on {g['location']}, {c['name']} on {c['location']}: a "
                        "Guardian's Encounter is fought by the Characters on its Location "
                        "(Guardians).")


def resolved_first(state: dict) -> RuleError | None:
    """The End of the Day waits for an Encounter still being resolved: the last Energy may
    pay for the Explore or Travel that draws it ("Explore ... Continue until you reach
    'Exploration ends'"; "Drawing an Encounter immediately launches Combat or Diplomacy";
    Travel: "resolve anything on the new Location marked with a lightning symbol
    immediately"), and Rest comes after it (Food is traded "when not involved in an Action
    or Encounter"). Nor does ``next`` end the day in the middle of one: "The day ends when
    all Characters have Passed or run out of Energy", and no one Passes inside an Encounter.
    The ``hold`` of During the Day's Actions and of the End of the Day's first reminder."""
    enc = state.get("encounter")
    if not enc:
        return None
    return RuleError("Encounter first",
                     f"The {enc['kind'].capitalize()} is still being resolved: the day goes on once "
                     "it is over - win it, Escape, or End the Encounter (II) During the Day; III) "
                     "End of the Day).")


def member(ctx: Context) -> int:
    """The named Character's index, refused unless they are in the running Encounter."""
    enc = ctx.state["encounter"]
    if not enc:
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    c = named_character(ctx)
    index = ctx.state["characters"].index(c)
    if index not in enc["members"]:
        raise RuleError(f"{c['name'][:13]} not in it", f"{c['name']} is not in this Encounter.")
    return index


def redraw(ctx: Context) -> None:
    """"Starting Combat": "If you dislike your starting hand, you may discard it and
    draw a new hand with one fewer card; repeat until you have only one card left."
    "Starting Diplomacy": "you may discard and redraw a hand with one fewer card,
    down to one card." Only the starting hand: before the first Activation."""
    index = member(ctx)
    enc = ctx.state["encounter"]
    c = ctx.state["characters"][index]
    if enc["activations"]:
        raise RuleError("Only the start hand",
                        "Only the starting hand may be discarded and redrawn, before the first "
                        f"Character is Activated (Starting {enc['kind'].capitalize()}).")
    if enc["hands"][index] <= 1:
        raise RuleError("Only 1 card left",
                        f"{c['name']} has a one-card hand: the redraws stop when you have only one "
                        f"card left (Starting {enc['kind'].capitalize()}).")
    enc["hands"][index] -= 1
    n = enc["hands"][index]
    ctx.note(f"{c['name']} discards the hand and draws {n} card{'s' if n != 1 else ''}")


def redraw_open(state: dict) -> bool:
    """A starting hand may still be redrawn: an Encounter before its first Activation."""
    enc = state.get("encounter")
    if not enc:
        return False
    return not enc["activations"] and any(n > 1 for n in enc["hands"])


# --- Activations ----------------------------------------------------------------------------


def start_activation(ctx: Context, index: int) -> None:
    """"Combat Turn" / "Diplomacy Turn", I. Pick the Active Character: a member not
    yet Activated this Turn; a Time Token on their Tray. At the start of the very
    first Activation: Rush (2 Damage to them) and Ambush (discard down to 1 card)."""
    enc = ctx.state["encounter"]
    c = ctx.state["characters"][index]
    if enc["active"] is not None:
        active = ctx.state["characters"][enc["active"]]["name"]
        raise RuleError(f"{active[:13]} is Active",
                        f"{active} is the Active Character; end their Activation first (Activation "
                        "done) - Check Readiness, then pick the next (Combat Turn).")
    if index in enc["activated"]:
        raise RuleError(f"{c['name'][:12]} has acted",
                        f"{c['name']} already has a Time Token this Turn: pick a member not yet "
                        "Activated (Combat Turn, I. Pick the Active Character).")
    enc["active"] = enc["last_active"] = index
    enc["activated"].append(index)
    enc["activations"] += 1
    enc["escape_tried"] = False
    ctx.note(f"Turn {enc['turn']}: {c['name']} is Active (Time Token on the Tray)")
    if panicking(ctx.state, c):
        ctx.note(f"{c['name']} Panics: play the top card of the deck first")
    if enc["activations"] == 1 and enc["kind"] == "combat":
        if "ambush" in enc["traits"]:
            ctx.note(f"Ambush: {c['name']} discards down to 1 card")
        if "rush" in enc["traits"]:
            hurt(ctx, index, RUSH_DAMAGE, 0, "Rush")


def check_readiness(ctx: Context) -> None:
    """"Check Readiness": when every member has been Activated, End Turn - discard down
    to 3, draw 1 each (not if you Panic; Slow: 1 more), clear the Time Tokens."""
    enc = running(ctx)
    if enc is None or enc["active"] is not None:
        return
    if not set(enc["members"]) <= set(enc["activated"]):
        return
    draw = "draw 2 each (Slow)" if "slow" in enc["traits"] else "draw 1 each"
    ctx.note(f"End of Turn {enc['turn']}: discard down to 3, {draw} (none if Panicking); "
             "clear the Time Tokens")
    enc["turn"] += 1
    enc["activated"] = []


# --- members leaving, and the end --------------------------------------------------------


def hurt(ctx: Context, index: int, health: int, terror: int, why: str) -> None:
    """Damage (lower Health) and Terror to one member, with the Encounter's Health
    rules after it (You Are Dying leaves it; Robber)."""
    c = ctx.state["characters"][index]
    lost, gained = harm(ctx.state, c, health, terror)
    ctx.note(f"{why}: {c['name']} -{lost} Health" + (f", +{gained} Terror" if terror else "")
             + f" (Health {c['health']})")
    after_health(ctx, index)


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
    if enc.get("last_active") == index:
        enc["last_active"] = None
    ctx.note(text)
    if not enc["members"]:
        close(ctx, "lost", "Everyone has left the Encounter: card to the bottom of its deck")
    else:
        check_readiness(ctx)


def leave(ctx: Context, index: int) -> None:
    """A Character Escapes ("Escaping Combat / Run Away"): they leave and the others
    stay; when all have Escaped, the card goes to the bottom of its deck (an unnamed
    Guardian stays where it was triggered and roams, "Guardians")."""
    enc = ctx.state["encounter"]
    enc["members"].remove(index)
    if enc["active"] == index:
        enc["active"] = None
    if enc.get("last_active") == index:
        enc["last_active"] = None
    if enc["members"]:
        check_readiness(ctx)
        return
    close(ctx, "escaped", "Everyone Escaped: card to the bottom of its deck; reshuffle your Combat decks")


# How an Encounter ends that puts its card on the bottom of its deck, a Guardian's too:
# defeated ("Guardians": "Once defeated, put its card on the bottom of its deck"), or run
# away ("Escaping Combat / Run Away": "puts the card on the bottom of its deck").
CARD_TO_THE_BOTTOM = ("won", "ran away")


def close(ctx: Context, result: str, text: str) -> None:
    """End the Encounter with ``result`` (won, lost, escaped, ran away, avoided, ended).

    A Guardian ("Combat Encounter Traits", Guardian: "if not defeated, this Encounter
    roams the map"): won or run away, its card goes to the bottom of its deck and off
    the map; any other end (Escaped, lost to Robber, everyone removed by You Are Dying)
    leaves it roaming - one already on the map stays where it is, a newly drawn one is
    placed "on the Location where you triggered it" ("Guardians")."""
    enc = ctx.state["encounter"]
    ctx.state["encounter"] = None
    if enc["guardian"] and result in CARD_TO_THE_BOTTOM:
        before = len(ctx.state["guardians"])
        ctx.state["guardians"] = [g for g in ctx.state["guardians"] if g["id"] != enc["guardian"]]
        if len(ctx.state["guardians"]) < before:
            done = "defeated" if result == "won" else "ran away"
            text += f"; Guardian {enc['guardian']} {done}: its card to the bottom of its deck"
    elif "guardian" in enc["traits"] and not enc["guardian"] and result not in CARD_TO_THE_BOTTOM:
        gid = ctx.state["next_id"]
        ctx.state["next_id"] += 1
        ctx.state["guardians"].append({"id": gid, "name": f"Guardian {gid}", "location": enc["location"]})
        text += f"; not defeated: Guardian {gid} stays on {enc['location']} and roams"
    ctx.state["last_encounter"] = {"kind": enc["kind"], "result": result, "text": text}
    ctx.note(text, "end" if result in ("won", "lost") else "info")


def end_encounter(ctx: Context) -> None:
    """End the Encounter by hand: a Run Away attack ("it immediately ends the Encounter
    ... no Loot or Reward"), an Avoid paid at the very start of a Diplomacy
    (before any card is redrawn or played), or a card's effect."""
    if not ctx.state.get("encounter"):
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    result = ctx.params["result"]
    enc = ctx.state["encounter"]
    if result == "avoided" and (enc["kind"] != "diplomacy" or enc["activations"]
                                or any(enc["hands"][i] < starting_hand(enc) for i in enc["members"])):
        raise RuleError("Too late to Avoid",
                        "A Diplomacy is Avoided only at the very start, before drawing cards: \"Once "
                        "Diplomacy begins you can't Avoid\" (Escaping or Avoiding Diplomacy; Combat "
                        "has no Avoid).")
    texts = {"won": "Won: Rewards to each member, share the Loot",
             "lost": "Lost: apply the Failure cost to each member",
             "ran away": "The enemy Runs Away: no Loot or Reward; card to the bottom of its deck",
             "avoided": "Avoided: the Avoid cost paid; card to the bottom of its deck"}
    close(ctx, result, texts[result])
