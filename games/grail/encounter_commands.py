"""What players tell the box during an Encounter ("Combat", "Diplomacy"): starting
one, the Active Character's Activations, Escape (the Dial toss in Challenge mode)
and its end. The numbers and checks it keeps are in :mod:`games.grail.encounters`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.core.dice import named_faces_from_report
from games.grail import encounters, rules
from games.grail.procedures import note
from games.grail.state import joined_names, named_character


def no_encounter(state: dict) -> bool:
    return not state.get("encounter")


def in_encounter(state: dict) -> bool:
    return bool(state.get("encounter"))


def _begin(ctx: Context, kind: str, fields: dict) -> None:
    """"Starting Combat" / "Starting Diplomacy": the Character who drew it, and with
    ``party`` everyone in the same Location (a Guardian: "all Characters there must
    fight together")."""
    if ctx.state.get("encounter"):
        raise RuleError("Encounter running", "Finish the current Encounter first.")
    c = named_character(ctx)
    members = [c] + ([o for o in ctx.state["characters"] if o is not c and not o["dead"]
                      and o["location"] == c["location"]] if ctx.params["party"] else [])
    gid = ctx.params.get("guardian", 0)
    if gid and not any(g["id"] == gid for g in ctx.state["guardians"]):
        raise RuleError(f"No Guardian {gid}", f"No Guardian {gid} is on the map.")
    traits = sorted({t for t in (ctx.params.get("trait", "none"), ctx.params.get("trait2", "none"))
                     if t != "none"})
    if gid and "guardian" not in traits:
        traits = sorted(traits + ["guardian"])
    enc = {"kind": kind, "members": [ctx.state["characters"].index(m) for m in members],
           "traits": traits, "guardian": gid, "location": c["location"], **fields,
           **encounters.turn_fields()}
    hand = encounters.starting_hand(ctx.state, enc)
    enc["hands"] = [hand if i in enc["members"] else 0 for i in range(len(ctx.state["characters"]))]
    ctx.state["encounter"] = enc
    note(ctx, f"{kind.capitalize()} begins: {joined_names(members)}; draw "
              f"{encounters.starting_hand(ctx.state, enc)} cards each")
    for t in traits:
        note(ctx, encounters.TRAITS[t])


def combat(ctx: Context) -> None:
    """"Starting Combat": the Encounter Value to reach with the Combat Pool (a missing
    Value counts as 0); the Pool starts empty and is a dial track. The card's
    Opportunity attack (Damage, Terror) may be entered so the box applies it."""
    opportunity = {"damage": ctx.params["opp_damage"], "terror": ctx.params["opp_terror"]}
    _begin(ctx, "combat", {"value": ctx.params["value"], "pool": 0, "opportunity": opportunity})
    note(ctx, f"Reach {ctx.params['value']} markers in the Combat Pool")


def diplomacy(ctx: Context) -> None:
    """"Starting Diplomacy": the marker starts on the gray slot of the Affinity track;
    the track's top slot and the number of Stages come from the card."""
    top, start, stages = ctx.params["top"], ctx.params["start"], ctx.params["stages"]
    if not 0 < start < top:
        raise RuleError("Gray slot off track",
                        f"The gray slot {start} must lie between the lowest (0) and the highest "
                        f"slot ({top}) of the Affinity track (Starting Diplomacy).")
    _begin(ctx, "diplomacy", {"top": top, "start": start, "affinity": start, "stages": stages,
                              "stage": 1})


def _member(ctx: Context) -> int:
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
    index = _member(ctx)
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
    note(ctx, f"{c['name']} discards the hand and draws {n} card{'s' if n != 1 else ''}")


def redraw_open(state: dict) -> bool:
    """A starting hand may still be redrawn: an Encounter before its first Activation."""
    enc = state.get("encounter")
    return bool(enc) and not enc["activations"] and any(n > 1 for n in enc["hands"])


def _start_activation(ctx: Context, index: int) -> None:
    enc = ctx.state["encounter"]
    name = ctx.state["characters"][index]["name"]
    if enc["active"] is not None:
        active = ctx.state["characters"][enc["active"]]["name"]
        raise RuleError(f"{active[:13]} is Active",
                        f"{active} is the Active Character; end their Activation first (Activation "
                        "done) - Check Readiness, then pick the next (Combat Turn).")
    if index in enc["activated"]:
        raise RuleError(f"{name[:12]} has acted",
                        f"{name} already has a Time Token this Turn: pick a member not yet Activated "
                        "(Combat Turn, I. Pick the Active Character).")
    encounters.activate(ctx, index)


def active_default(state: dict) -> int:
    """Where the Pick the Active Character form starts: "If they can't agree, the
    lowest Character Number becomes Active" among the members not yet Activated."""
    enc = state.get("encounter")
    people = state["characters"]
    left = [i for i in (enc["members"] if enc else []) if i not in enc["activated"]]
    if not left:
        return 1
    return min(left, key=lambda i: (people[i]["number"], i)) + 1


def pick_active(ctx: Context) -> None:
    """"Combat Turn" / "Diplomacy Turn", I. Pick the Active Character (Rush and
    Ambush strike the first one Activated)."""
    _start_activation(ctx, _member(ctx))


def end_activation(ctx: Context) -> None:
    """"Character Activation": the cards played (the Opportunity attack when none,
    Opportunist fewer than 2; Fast at most 2), the Enemy Attack reminder, then Check
    Readiness - End Turn once every member has been Activated."""
    enc = ctx.state["encounter"]
    if not enc:
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    if enc["active"] is None:
        raise RuleError("Pick the Active first",
                        "No Character is Active: pick the Active Character (Combat Turn, I).")
    cards = ctx.params["cards"]
    if enc["kind"] == "combat" and "fast" in enc["traits"] and cards > encounters.FAST_CARDS:
        raise RuleError("Fast: 2 cards at most",
                        "Fast: each Character can play at most 2 Combat cards per Activation "
                        "(Combat Encounter Traits).")
    encounters.end_activation(ctx, cards)


def escape(ctx: Context) -> None:
    """"Escaping Combat / Run Away": "at any time during their Activation" (a
    Character when nobody is Active starts their Activation to Escape): lose 1
    Energy, take the Opportunity attack, leave; the others stay. Challenge mode:
    only once per Activation, and a Dial is tossed at its own prompt (the tray
    armed for one ``dial``) - Skull: you remain in Combat; Grail: you Escape.
    "Escaping or Avoiding Diplomacy": the whole Party Escapes by paying the
    Failure cost, each member. "If you Escape a Guardian, place its card on the
    Location where you triggered it"."""
    index = _member(ctx)
    enc = ctx.state["encounter"]
    c = ctx.state["characters"][index]
    if enc["kind"] == "diplomacy":
        encounters.close(ctx, "escaped", "The Party Escapes: each member pays the Failure cost; "
                                         "card to the bottom of its deck")
        return
    if enc["active"] is None:
        _start_activation(ctx, index)
        if ctx.state["encounter"] is None or index not in ctx.state["encounter"]["members"]:
            return  # Rush: You Are Dying (or Robber) ended it for them
    elif enc["active"] != index:
        active = ctx.state["characters"][enc["active"]]["name"]
        raise RuleError("Only Active escapes",
                        f"{active} is the Active Character; a player may Escape only during their "
                        "own Activation (Escaping Combat).")
    challenge = rules.modifier(ctx.state, "escaping")
    if challenge and enc["escape_tried"]:
        raise RuleError("Escape once/Activation",
                        "Challenge mode: you may Escape only once per Activation (Challenge Mode, "
                        "Escaping Combat).")
    c["energy"] = max(0, c["energy"] - encounters.ESCAPE_ENERGY)
    note(ctx, f"{c['name']} Escapes: -1 Energy (Energy {c['energy']})")
    encounters.opportunity_attack(ctx, index)
    enc = ctx.state["encounter"]
    if enc is None or index not in enc["members"]:
        return
    if challenge:
        enc["escape_tried"] = True
        ctx.interrupt("escape-toss", {"character": index})
        note(ctx, "Toss a Dial: Skull - you remain; Grail - you Escape")
        return
    encounters.leave(ctx, index)


def _toss(ctx: Context) -> str:
    """The Escape Dial's face: from the tray (one die of kind ``dial``, faces
    Skull/Grail as firmware_bridge/PROTOCOL.md names them), chosen in the form, or
    a seeded virtual toss."""
    report = ctx.params.get("dice")
    if report:
        [face] = named_faces_from_report(report, encounters.DIAL_KIND, encounters.DIAL_FACES, 1,
                                         asked="Toss 1 Dial", rule="Challenge Mode")
        return face
    if ctx.params["toss"] != "roll":
        return ctx.params["toss"]
    return encounters.DIAL_FACES[ctx.below(2)]


def escape_toss(ctx: Context) -> None:
    """"Challenge Mode", Escaping Combat: toss a Dial - Skull: you remain in Combat;
    Grail: you Escape (if you were the last Character, bottom the card)."""
    face = _toss(ctx)
    index = ctx.data["character"]
    name = ctx.state["characters"][index]["name"]
    enc = ctx.state["encounter"]
    if enc is None or index not in enc["members"]:
        note(ctx, f"Dial: {face.capitalize()} - {name} is no longer in the Encounter")
        return
    if face == "skull":
        note(ctx, f"Dial: Skull - {name} remains in Combat (no more Escape this Activation)")
        return
    note(ctx, f"Dial: Grail - {name} Escapes")
    encounters.leave(ctx, index)


ENDINGS = ("won", "lost", "ran away", "avoided")


def end_encounter(ctx: Context) -> None:
    """End the Encounter by hand: a Run Away attack ("it immediately ends the Encounter
    ... no Loot or Reward"), an Avoid paid at the very start of a Diplomacy
    (before any card is redrawn or played), or a card's effect."""
    if not ctx.state.get("encounter"):
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    result = ctx.params["result"]
    enc = ctx.state["encounter"]
    if result == "avoided" and (enc["kind"] != "diplomacy" or enc["activations"]
                                or any(enc["hands"][i] < encounters.starting_hand(ctx.state, enc)
                                       for i in enc["members"])):
        raise RuleError("Too late to Avoid",
                        "A Diplomacy is Avoided only at the very start, before drawing cards: \"Once "
                        "Diplomacy begins you can't Avoid\" (Escaping or Avoiding Diplomacy; Combat "
                        "has no Avoid).")
    texts = {"won": "Won: Rewards to each member, share the Loot",
             "lost": "Lost: apply the Failure cost to each member",
             "ran away": "The enemy Runs Away: no Loot or Reward; card to the bottom of its deck",
             "avoided": "Avoided: the Avoid cost paid; card to the bottom of its deck"}
    encounters.close(ctx, result, texts[result])
