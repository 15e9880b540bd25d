"""What the OLED and the screen show of a Tainted Grail state.

OLED: the day, the focused value (Energy, Health, Terror on the dials) and the
next Start of the Day warning, or the running Encounter's pool or Affinity. Screen: the map with
Menhir ranges and the Locations that vanish tomorrow, each Character's tray,
the forecast, Menhirs and time, Quests and Statuses, the track history.
"""

from __future__ import annotations

from games.core import GameView, Panel, board
from games.core.procedures import Step
from games.core.views import phase_title, procedure_steps, step_line, track_views
from games.grail import encounters, rounds, rules
from games.grail.state import ATTRIBUTE_PAIRS, RESOURCES, living, menhir_at, the_map


def _names(state: dict, indexes) -> str:
    return ", ".join(state["characters"][i]["name"] for i in indexes)


def _nums(values) -> str:
    return ", ".join(str(v) for v in values)


def warning(state: dict, fc: dict | None = None) -> str:
    """The next Start of the Day in a few words for the OLED's bottom line (at most
    9 characters, beside "Day 12 Next"): the worst of what it will do."""
    fc = fc or rules.forecast(state)
    if fc["last_menhir"]:
        return "No Menhir"
    if fc["caught"]:
        return f"{len(fc['caught'])} caught"
    if fc["vanish"]:
        return f"{len(fc['vanish'])} vanish"
    if fc["dials_out"]:
        return "Dial out"
    return "all safe"


def forecast_lines(state: dict, fc: dict) -> tuple[str, ...]:
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


def _step_text(state: dict, step: Step) -> str:
    data = state["procedure"]["data"]
    sid = f"{state['procedure']['name']}.{step.id}"
    if sid == "start-of-day.expired_note":
        return f"Remove dark Menhir {_nums(data['dark'])}"
    if sid == "start-of-day.range_note":
        if data.get("last_menhir"):
            return "No Menhir: all -2 Health +2 Terror"
        moves = "; ".join(f"{state['characters'][i]['name']} to {to}" for i, _, to in data["moved"])
        return f"Discard {_nums(data['vanished'])}" + (f"; move {moves}" if moves else "")
    if sid == "start-of-day.arrival_fight":
        names = [f"{g['name']} on {g['location']}" for g in state["guardians"] if g["id"] in data["met"]]
        return f"Encounter: {', '.join(names)}" if names else step.text
    if sid == "start-of-day.dials_note":
        parts = [f"{m['location']}: " + ("remove Dial" if m["dial"] is None else str(m["dial"]))
                 for m in state["menhirs"]]
        return "Menhir Dials " + ", ".join(parts)
    if sid == "start-of-day.time_note" and data.get("tokens"):
        return f"Time Dials -1; Time tokens off {_nums(data['tokens'])}"
    if sid == "start-of-day.guardian":
        g = next((g for g in state["guardians"] if g["id"] == data["to_roll"][0]), None)
        if g:
            return f"{g['name']} on {g['location']}: roll the die"
    if sid == "start-of-day.guardian_fight":
        names = [g["name"] for g in state["guardians"] if g["id"] in data["encounters"]]
        return f"Encounter: {', '.join(names)}" if names else step.text
    if sid == "day.actions":
        return turn_text(state) or step.text
    if sid == "campaign-setup.tray":
        return "Tile: Attributes (Correct a value), Resources"
    if sid == "campaign-setup.chapter":
        if rules.modifier(state, "encounters") and len(state["characters"]) > 1:
            return f"Chapter I: Encounters as for {len(state['characters']) - 1}"
        if rules.modifier(state, "menhirs_events"):
            return "Chapter I: 1 fewer Random Event"
    if sid == "campaign-setup.challenge":
        parts = (["Flip Health limiter; Secret 42"] if rules.modifier(state, "setup") else []) + (
            ["5 Items at most"] if rules.modifier(state, "items") else [])
        return "; ".join(parts)
    if sid == "escape-toss.toss":
        name = state["characters"][data["character"]]["name"]
        return f"{name}: toss a Dial (Skull stay)"
    if sid == "end-of-day.rest":
        c = state["characters"][data["resting"][0]]
        return f"{c['name']} rests: pay 1 Food? (has {c['resources']['food']})"
    if sid == "end-of-day.restore_note":
        return "Energy: " + ", ".join(f"{state['characters'][i]['name']} {state['characters'][i]['energy']}"
                                      for i in living(state))
    return step.text


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
    for c in state["characters"]:
        marks = rules.conditions(state, c)
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


def map_lines(state: dict, fc: dict) -> tuple[str, ...]:
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


def grid(state: dict, fc: dict) -> tuple[tuple[str, ...], ...]:
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


def view(state: dict) -> GameView:
    from games.grail import GAME

    # Off-dial values are on the Characters panel, set with "Correct a value".
    tracks = track_views(GAME, state, dial_only=True)
    fc = rules.forecast(state)
    phase = phase_title(GAME, state)
    step_text, step_kind = step_line(GAME, state, "Press next: Start of the Day", _step_text)

    enc = state.get("encounter")
    if enc and enc["kind"] == "combat":
        facts = (("Day", str(state["day"])), ("Pool", f"{enc['pool']}/{enc['value']}"))
    elif enc:
        facts = (("Affinity", f"{enc['affinity']}/{enc['top']}"), ("Stage", str(enc["stage"])))
    else:
        facts = (("Day", str(state["day"])), ("Next", warning(state, fc)))

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
        Panel("Encounter", encounters.reminders(state) or (
            "Starting hand: " + ", ".join(f"{n} in it: {rules.starting_hand(n)} cards" for n in range(1, 5)),
            "Panic: play the top card first, no draw at End of Turn",
            "Escape: lose 1 Energy, take the Opportunity attack",
        )),
    )
    if enc:  # the running Encounter first on the screen
        panels = (panels[-1],) + panels[:-1]
    steps = procedure_steps(GAME, state, automatic=False)
    over = state["over"]["text"] if state.get("over") else None
    return GameView(f"Tainted Grail \u00b7 Day {state['day']}", phase, step_text, step_kind,
                    tracks, facts, panels, steps, over,
                    series=series(state), grid=grid(state, fc))
