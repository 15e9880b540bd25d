"""What the OLED and the screen show of a Tainted Grail state.

OLED: the day, the focused value (Energy, Health, Terror on the dials) and the
next Start of the Day warning, or the running Encounter's pool or Affinity. Screen: the map with
Menhir ranges and the Locations that vanish tomorrow, each Character's tray,
the forecast, Menhirs and time, Quests and Statuses, the track history.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.core import Game, GameView, Panel, board, step_data
from games.core.procedures import Step
from games.core.views import phase_name, phase_title, procedure_steps, step_line, track_views
from games.grail import rounds
from games.grail.combat import TRAITS
from games.grail.encounters import hand_size, starting_hand
from games.grail.end_of_day import resting
from games.grail.guardians import GuardianRolls
from games.grail.start_of_day import Forecast, forecast, start_of_day_data
from games.grail.state import (
    ATTRIBUTE_PAIRS,
    RESOURCES,
    CombatEncounter,
    DiplomacyEncounter,
    Encounter,
    living,
    menhir_at,
    modifier,
    the_map,
)
from games.grail.survival import conditions, panicking


def _names(state: dict, indexes: Iterable[int]) -> str:
    return ", ".join(state["characters"][i]["name"] for i in indexes)


def _nums(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in values)


def warning(state: dict, fc: Forecast | None = None) -> str:
    """The next Start of the Day in a few words for the OLED's bottom line (at most
    9 characters, beside "Day 12 Dawn"; not "Next", which reads as the `next` key):
    the worst of what it will do."""
    fc = fc or forecast(state)
    if fc["last_menhir"]:
        return "No Menhir"
    if fc["caught"]:
        return f"{len(fc['caught'])} caught"
    if fc["vanish"]:
        return f"{len(fc['vanish'])} vanish"
    if fc["dials_out"]:
        return "Dial out"
    return "all safe"


def forecast_lines(state: dict, fc: Forecast) -> tuple[str, ...]:
    """"Forecast": what the next Start of the Day will do, and tonight's night."""
    lines = []
    if fc["dark"]:
        lines.append(f"Menhir goes dark: {_nums(fc['dark'])}")
    if fc["last_menhir"]:
        lines.append("No Menhir left: everyone -2 Health, +2 Terror")
    elif fc["vanish"]:
        lines.append(f"Locations vanish: {_nums(fc['vanish'])}")
    if fc["caught"] and not fc["last_menhir"]:
        lines.append(f"Caught (-2 Health, +2 Terror, moved): {_names(state, fc['caught'])}")
    if fc["dials_out"]:
        lines.append(f"Dial removed (dark the day after): Menhir {_nums(fc['dials_out'])}")
    for night in fc["night"]:
        c = state["characters"][night["character"]]
        marks = [w for w, on in (("Exhausted", night["exhausted"]), ("Panic", night["panic"])) if on]
        food = "eats 1 Food" if night["eats"] else "no Food"
        lines.append(f"Tonight {c['name']} ({food}): Energy {night['energy']}"
                     + (f" - {', '.join(marks)}" if marks else ""))
    return tuple(lines) or ("Nothing changes",)


# --- the step line: each step worded from its own data ------------------------------------


def _dark_menhirs(state: dict, step: Step) -> str:
    return f"Remove dark Menhir {_nums(start_of_day_data(state)['dark'])}"


def _vanished(state: dict, step: Step) -> str:
    data = start_of_day_data(state)
    if data.get("last_menhir"):
        return "No Menhir: all -2 Health +2 Terror"
    moves = "; ".join(f"{state['characters'][i]['name']} to {to}" for i, _, to in data["moved"])
    return f"Discard {_nums(data['vanished'])}" + (f"; move {moves}" if moves else "")


def _met_on_arrival(state: dict, step: Step) -> str:
    met = start_of_day_data(state)["met"]
    names = [f"{g['name']} on {g['location']}" for g in state["guardians"] if g["id"] in met]
    return f"Encounter: {', '.join(names)}" if names else step.text


def _menhir_dials(state: dict, step: Step) -> str:
    parts = [f"{m['location']}: " + ("remove Dial" if m["dial"] is None else str(m["dial"]))
             for m in state["menhirs"]]
    return "Menhir Dials " + ", ".join(parts)


def _time_tokens(state: dict, step: Step) -> str:
    tokens = start_of_day_data(state).get("tokens")
    return f"Time Dials -1; Time tokens off {_nums(tokens)}" if tokens else step.text


def _guardian_to_roll(state: dict, step: Step) -> str:
    to_roll = start_of_day_data(state)["to_roll"]
    g = next((g for g in state["guardians"] if g["id"] == to_roll[0]), None)
    return f"{g['name']} on {g['location']}: roll the die" if g else step.text


def _guardian_encounters(state: dict, step: Step) -> str:
    rolls: GuardianRolls = start_of_day_data(state)
    names = [g["name"] for g in state["guardians"] if g["id"] in rolls["encounters"]]
    return f"Encounter: {', '.join(names)}" if names else step.text


def _guardian_met(state: dict, step: Step) -> str:
    gid = step_data(state).get("guardian")
    g = next((g for g in state["guardians"] if g["id"] == gid), None)
    return f"Encounter: {g['name']} on {g['location']}" if g else step.text


def _actions(state: dict, step: Step) -> str:
    if rounds.out_of_energy(state):  # the day waits only for what may still be done at 0
        return "0 Energy: Pass or next"
    return turn_text(state) or step.text


def _tray(state: dict, step: Step) -> str:
    return "Tile: Attributes (Correct a value), Resources"


def _chapter(state: dict, step: Step) -> str:
    if modifier(state, "encounters") and len(state["characters"]) > 1:
        return f"Chapter I: Encounters as for {len(state['characters']) - 1}"
    if modifier(state, "menhirs_events"):
        return "Chapter I: 1 fewer Random Event"
    return step.text


def _challenge(state: dict, step: Step) -> str:
    parts = (["Flip Health limiter; Secret 42"] if modifier(state, "setup") else []) + (
        ["5 Items at most"] if modifier(state, "items") else [])
    return "; ".join(parts)


def _escape_toss(state: dict, step: Step) -> str:
    name = state["characters"][step_data(state)["character"]]["name"]
    return f"{name}: toss a Dial (Skull stay)"


def _rest(state: dict, step: Step) -> str:
    c = state["characters"][resting(state)[0]]
    return f"{c['name']} rests: pay 1 Food? (has {c['resources']['food']})"


def _restored(state: dict, step: Step) -> str:
    """"Restore your Energy": what to do with the markers, and where each one goes
    ("Move Energy: Character 1 to 5"), not the bare values."""
    return "Move Energy: " + ", ".join(
        f"{state['characters'][i]['name']} to {state['characters'][i]['energy']}" for i in living(state))


STEP_TEXTS: dict[str, Callable[[dict, Step], str]] = {
    "start-of-day.expired_note": _dark_menhirs,
    "start-of-day.range_note": _vanished,
    "start-of-day.arrival_fight": _met_on_arrival,
    "start-of-day.dials_note": _menhir_dials,
    "start-of-day.time_note": _time_tokens,
    "start-of-day.guardian": _guardian_to_roll,
    "start-of-day.guardian_fight": _guardian_encounters,
    "guardian-fight.fight": _guardian_met,
    "day.actions": _actions,
    "campaign-setup.tray": _tray,
    "campaign-setup.chapter": _chapter,
    "campaign-setup.challenge": _challenge,
    "escape-toss.toss": _escape_toss,
    "end-of-day.rest": _rest,
    "end-of-day.restore_note": _restored,
}


def _step_text(state: dict, step: Step) -> str:
    """The current step's line for the OLED: worded from the state and the step's
    data where :data:`STEP_TEXTS` has a wording, else the step's own text."""
    text_of = STEP_TEXTS.get(f"{state['procedure']['name']}.{step.id}")
    return text_of(state, step) if text_of else step.text


def turn_text(state: dict) -> str:
    """"II) During the Day": whose turn it is (the lowest Character Number still to
    act, the rule's tie-break), for the OLED's step line (one line of 20)."""
    i = rounds.whose_turn(state)
    if i is None:
        return ""
    return f"{state['characters'][i]['name']}'s turn"


def round_line(state: dict) -> str:
    """The round of Actions and who is still to act in it, for the screen."""
    left = rounds.waiting(state)
    if not left:
        return f"Round {state['round']}: nobody left to act"
    return f"Round {state['round']}: still to act " + _names(state, left)


def _character_lines(state: dict) -> tuple[str, ...]:
    lines = [round_line(state)] if (state.get("procedure") or {}).get("name") == "day" else []
    if lines and rounds.out_of_energy(state):
        lines += [f"At 0 Energy: {why}" for why in filter(None, (
            rounds.may_still_act(state, i) for i in rounds.in_the_day(state)))]
    for c in state["characters"]:
        marks = conditions(state, c)
        head = f"{c['name']} (#{c['number']}) at {c['location']}"
        if c["passed"]:
            head += ", Passed"
        elif state["characters"].index(c) in state["acted"]:
            head += ", acted this round"
        lines.append(head + (f"  [{', '.join(marks)}]" if marks else ""))
        lines.append(f"  Energy {c['energy']}/{c['energy_top']}  Health {c['health']}/{c['health_top']}"
                     f"  Terror {c['terror']}/{c['terror_top']}")
        lines.append("  " + "  ".join(f"{r.capitalize()[:4]} {c['resources'][r]}" for r in RESOURCES))
        pairs = [f"{a[:3].capitalize()} {c['attributes'][a]}/{b[:3].capitalize()} {c['attributes'][b]}"
                 for a, b in ATTRIBUTE_PAIRS]
        lines.append("  " + "  ".join(pairs) + f"  Skills {c['skills']}")
    return tuple(lines)


def map_lines(state: dict, fc: Forecast) -> tuple[str, ...]:
    """The map: ``*`` a Menhir, ``!`` vanishes at the next Start of the Day,
    ``@`` a Character, ``G`` a Guardian."""
    where = the_map(state)
    here = {state["characters"][i]["location"] for i in living(state)}
    guards = {g["location"] for g in state["guardians"]}

    def mark(number: int) -> str:
        return ("*" if menhir_at(state, number) else "") + ("!" if number in fc["vanish"] else "") + \
            ("@" if number in here else "") + ("G" if number in guards else "")

    rows = board.rows(where, cell=7, mark=mark)
    return tuple(rows) + ("* Menhir  ! vanishes tomorrow  @ Character  G Guardian",)


def grid(state: dict, fc: Forecast) -> tuple[tuple[str, ...], ...]:
    """The map for the screen's grid: each Location's number with ``M`` for a
    Menhir, ``!`` when it vanishes at the next Start of the Day, ``G`` for a
    Guardian; ``*`` (drawn highlighted) where a Character stands."""
    here = {state["characters"][i]["location"] for i in living(state)}
    guards = {g["location"] for g in state["guardians"]}

    def label(number: int) -> str:
        marks = ("M" if menhir_at(state, number) else "") + ("!" if number in fc["vanish"] else "") + \
            ("G" if number in guards else "")
        return ("*" if number in here else "") + str(number) + marks

    return board.cells(the_map(state), label)


def series(state: dict) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Energy, Health and Terror at each End of the Day, then now, for the screen's plot.
    With a Party, each Character's Health and Terror (Energy is restored every night)."""
    people = living(state)
    solo = len(state["characters"]) == 1
    out = []
    for i in people:
        c = state["characters"][i]
        past = [h["tracks"][i] for h in state["history"] if i < len(h["tracks"])]
        points = past + [[c["energy"], c["health"], c["terror"]]]
        for k, name in enumerate(("Energy", "Health", "Terror")):
            if solo or k:
                label = name if solo else f"C{i + 1} {name}"
                out.append((label, tuple(p[k] for p in points)))
    return tuple(out)


# --- the running Encounter ------------------------------------------------------------------


def _combat_head(enc: CombatEncounter, names: str) -> str:
    return f"Combat: Pool {enc['pool']} / Value {enc['value']} - {names}"


def _diplomacy_head(enc: DiplomacyEncounter, names: str) -> str:
    return (f"Diplomacy: Affinity {enc['affinity']} of 0..{enc['top']} (gray {enc['start']}), "
            f"Stage {enc['stage']}/{enc['stages']} - {names}")


def _combat_escape(state: dict, enc: CombatEncounter) -> list[str]:
    opp = enc.get("opportunity") or {"damage": 0, "terror": 0}
    escape = "Escape (the Active Character): lose 1 Energy, Opportunity attack"
    if opp["damage"] or opp["terror"]:
        escape += f" ({opp['damage']} Damage, {opp['terror']} Terror)"
    if modifier(state, "escaping"):
        escape += "; once per Activation, toss a Dial (Skull stay, Grail escape)"
    return [escape, "Pool never negative: discard a card per missing marker"]


def _diplomacy_escape(state: dict, enc: DiplomacyEncounter) -> list[str]:
    return ["Escape: the Party pays the Failure cost, each member"]


def _turn_line(state: dict, enc: Encounter) -> str:
    people = state["characters"]
    active = enc.get("active")
    turn = f"Turn {enc.get('turn', 1)}: " + (f"{people[active]['name']} is Active" if active is not None
                                             else "pick the Active Character")
    waiting = [people[i]["name"] for i in enc["members"] if i not in enc.get("activated", [])]
    if waiting:
        turn += f"; not yet Activated: {', '.join(waiting)}"
    return turn


def _hands_line(state: dict, enc: Encounter) -> str:
    people = state["characters"]
    hands = enc.get("hands") or []
    sizes = {hands[i] for i in enc["members"] if i < len(hands)} or {starting_hand(enc)}
    if len(sizes) == 1:
        start = f"Starting hand: {sizes.pop()} cards each"
    else:
        start = "Starting hands: " + ", ".join(f"{people[i]['name']} {hands[i]}" for i in enc["members"])
    if not enc.get("activations"):
        start += " (redraw 1 fewer, down to 1)"
    return start + "; discard down to 3 at End of Turn, draw 1"


def encounter_lines(state: dict) -> tuple[str, ...]:
    """The running Encounter's numbers and rules, for the screen (or how the last
    one ended)."""
    enc = state.get("encounter")
    if not enc:
        last = state.get("last_encounter")
        return (f"Last: {last['text']}",) if last else ()
    people = state["characters"]
    names = ", ".join(people[i]["name"] for i in enc["members"])
    head = _combat_head(enc, names) if enc["kind"] == "combat" else _diplomacy_head(enc, names)
    lines = [head, _turn_line(state, enc), _hands_line(state, enc)]
    lines += [TRAITS[t] for t in enc["traits"]]
    for i in enc["members"]:
        if panicking(state, people[i]):
            lines.append(f"{people[i]['name']} Panics: top card first, no draw at End of Turn")
    lines += _combat_escape(state, enc) if enc["kind"] == "combat" else _diplomacy_escape(state, enc)
    return tuple(lines)


# --- the view ----------------------------------------------------------------------------------


def view(game: Game, state: dict) -> GameView:
    # Off-dial values are on the Characters panel, set with "Correct a value".
    tracks = track_views(game, state, dial_only=True)
    fc = forecast(state)
    phase = phase_name(game, state)
    step_text, step_kind = step_line(game, state, "Press next: Start of the Day", _step_text)

    enc = state.get("encounter")
    if enc and enc["kind"] == "combat":
        facts = (("Day", str(state["day"])), ("Pool", f"{enc['pool']}/{enc['value']}"))
    elif enc:
        facts = (("Affinity", f"{enc['affinity']}/{enc['top']}"), ("Stage", str(enc["stage"])))
    else:
        facts = (("Day", str(state["day"])), ("Dawn", warning(state, fc)))

    menhirs = tuple(
        f"Menhir {m['location']}: " + ("no Dial - goes dark next Start of Day" if m["dial"] is None
                                       else f"{m['dial']} day{'s' if m['dial'] != 1 else ''}")
        for m in state["menhirs"]) or ("No Active Menhir",)
    time = tuple(f"Time dial {d['id']}: {d['days']}" for d in state["time_dials"])
    guards = tuple(f"{g['name']} on {g['location']}" for g in state["guardians"])
    story = ([f"Active Quests: {state['quests']}"] + [f"  {q}" for q in state["quest_list"]]
             + ["Save Sheet Statuses:" if state["statuses"] else "Save Sheet Statuses: none"]
             + [f"  {s}" for s in state["statuses"]])
    history = tuple(
        f"Day {h['day']}: " + "  ".join(f"{e}/{hp}/{t}" for e, hp, t in h["tracks"])
        for h in state["history"][-8:]) or ("(after the first End of the Day)",)
    panels = (
        Panel("Map", map_lines(state, fc)),
        Panel("Next Start of the Day", forecast_lines(state, fc)),
        Panel("Characters", _character_lines(state)),
        Panel("Menhirs, Guardians, time", menhirs + guards + time),
        Panel("Quests and Statuses", tuple(story)),
        Panel("Energy/Health/Terror by day", history),
        Panel("Encounter", encounter_lines(state) or (
            "Starting hand: " + ", ".join(f"{n} in it: {hand_size(n)} cards" for n in range(1, 5)),
            "Panic: play the top card first, no draw at End of Turn",
            "Escape: lose 1 Energy, take the Opportunity attack",
        )),
    )
    if enc:  # the running Encounter first on the screen
        panels = (panels[-1],) + panels[:-1]
    steps = procedure_steps(game, state, automatic=False)
    over = state["over"]["text"] if state.get("over") else None
    return GameView(f"Tainted Grail \u00b7 Day {state['day']}", phase, step_text, step_kind,
                    tracks, facts, panels, steps, over,
                    series=series(state), grid=grid(state, fc), phase_title=phase_title(game, state))
