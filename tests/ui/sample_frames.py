"""Frames built by hand for the renderer tests (a Kreel-like game, menus, prompts…)."""

from __future__ import annotations

from dataclasses import replace

from games.core.views import DiceSlot, GameView, Panel, TrackView
from ui.model import Form, FormField, Frame, Menu, Message

KREEL = GameView(
    headline="Kreel Manor · Round 3",
    phase="Threat phase",
    step="",
    tracks=(
        TrackView("spirit", "Spirit", 7, 0, 10),
        TrackView("power", "Power", 3, 0, 6),
    ),
    facts=(("Shadows", "2/3"), ("Threats", "4")),
    panels=(
        Panel("Shadows", ("Shadow of the Hall", "Creeping Dread")),
        Panel("Threat Area", ("Ghoul (2)", "Wraith (3)", "Bat swarm (1)", "Poltergeist (2)")),
        Panel("Heroes", ("Elsa — 4 HP", "Tomas — 2 HP")),
    ),
    steps=(
        ("Reveal the next Shadow", "done"),
        ("Resolve Threats in the Threat Area", "current"),
        ("Add a Threat card", "todo"),
        ("Check the Spirit track", "todo"),
    ),
)

GRAIL = GameView(
    headline="Tainted Grail · Day 4",
    phase="Start of Day",
    tracks=(
        TrackView("health", "Health", 6, 0, 10),
        TrackView("energy", "Energy", 2, 0, 6),
        TrackView("terror", "Terror", 3, 0, 10),
    ),
    facts=(("Menhirs", "2"), ("Food", "1")),
    panels=(Panel("Menhirs", ("Menhir at 107 — 2 days", "Menhir at 112 — 4 days")),),
    steps=(
        ("Lower every Menhir's dial", "done"),
        ("Remove Menhirs that reach 0", "current"),
        ("Check the Guardians", "todo"),
    ),
    series=(("Health", (10, 9, 7, 8, 6)), ("Terror", (0, 1, 1, 2, 3))),
    grid=(
        ("", "101", "102", ""),
        ("106", "*107", "108", "109"),
        ("", "112", "", ""),
    ),
)

JOURNAL = (
    "Round 3 began",
    "Spirit 8 → 7 (Ghoul)",
    "Shadow revealed: Creeping Dread",
)


def title_frame() -> Frame:
    return Frame(title="Table Warden")


def play_frame() -> Frame:
    return Frame(title="Kreel Manor", game=KREEL, focus="spirit", journal=JOURNAL)


def menu_frame() -> Frame:
    menu = Menu(
        title="Choose a game",
        items=("Gloom of Kilforth", "Kreel Manor", "Tainted Grail", "Myth: Dark Frontier",
               "Settings"),
        cursor=2,
        keys=("select:OK", ""),
    )
    return Frame(menu=menu)


def actions_frame() -> Frame:
    """The action menu with an item that cannot be taken now (marked, in its place)."""
    menu = Menu(
        title="Actions",
        items=("Answer: no prompt", "Use an Action: Engage a Threat", "Tilt an Action"),
        cursor=1,
        marked=(0,),
        keys=("select:OK", "back:close"),
    )
    return Frame(title="Kreel Manor", game=KREEL, focus="spirit", menu=menu)


def form_frame() -> Frame:
    form = Form(
        title="Threat card values",
        fields=(FormField("Str", "3"), FormField("Fear", "2", focused=True),
                FormField("Area", "1")),
        hint="select: ok",
        keys=("next:check", "back:close"),
    )
    return Frame(title="Kreel Manor", game=KREEL, focus="spirit", form=form)


def review_frame() -> Frame:
    """A form's check page: every value before a confirm of fields never shown."""
    fields = (FormField("Fight", "3", True), FormField("Sneak", "2"), FormField("Spirit Cost", "1"))
    form = Form(title="Reveal Threat 3", fields=fields, keys=("next:more", "back:edit"),
                review=("Fight 3 · Sneak 2", "Spirit Cost 1", "Kind threat · Card 0"), page=(1, 2))
    return Frame(title="Kreel Manor", game=KREEL, focus="spirit", form=form)


def _spirit_phase(step: str) -> GameView:
    return GameView(
        headline="Kreel Manor · Round 3",
        phase="5. Spirit Phase",
        step=step,
        tracks=(TrackView("spirit", "Spirit", 7, 0, 10), TrackView("power", "Power", 3, 0, 6)),
        facts=(("Shadows", "2/3"), ("Threats", "4")),
    )


def two_line_step_frame() -> Frame:
    """A step too long for one line: the phase's tag, then two lines over the track."""
    return Frame(title="Kreel Manor", game=_spirit_phase("B. Block: enter Block points"), focus="spirit")


def three_line_step_frame() -> Frame:
    """A step of three lines: the focused value on one small line under it."""
    return Frame(title="Kreel Manor", game=_spirit_phase("E. Apply the Active Location's effects"),
                 focus="spirit")


def long_step_frame() -> Frame:
    """A step too long for two lines takes the middle; the focused value moves to the bottom line."""
    step = "B. Block: enter the Block points played this phase, then confirm"
    return Frame(title="Kreel Manor", game=_spirit_phase(step), focus="spirit")


def error_frame() -> Frame:
    message = Message(
        short="Spirit is already at its maximum",
        long="Spirit cannot go above 10 (rulebook 4.2).",
        kind="error",
    )
    return Frame(title="Kreel Manor", game=KREEL, focus="spirit", message=message)


def info_frame() -> Frame:
    return Frame(title="Kreel Manor", game=KREEL, focus="spirit",
                 message=Message(short="Saved", kind="info"))


def help_frame() -> Frame:
    rows = (
        ("spirit", "turn Spirit"),
        ("menhir", "focus / choose"),
        ("select", "confirm"),
        ("next", "next step"),
        ("back", "menu"),
        ("undo", "undo last"),
    )
    return Frame(title="Kreel Manor", game=KREEL, help=rows,
                 about="Threat phase — Draw 1 Threat face-down to Sneak 3")


def history_frame() -> Frame:
    history = Menu(title="History", items=JOURNAL + ("Spirit 7 → 6", "Undo"), cursor=4,
                   keys=("select:go", "back:close"))
    return Frame(title="Kreel Manor", game=KREEL, history=history)


def game_over_frame() -> Frame:
    over = GameView(
        headline="Kreel Manor · Round 9",
        phase="Spirit phase",
        tracks=(TrackView("spirit", "Spirit", 0, 0, 10),),
        facts=(("Rounds", "9"), ("Shadows", "3/3")),
        over="Defeat: the Manor falls",
    )
    return Frame(title="Kreel Manor", game=over, focus="spirit")


def step_frame() -> Frame:
    game = GameView(
        headline="Kreel Manor · Round 3",
        phase="Threat phase",
        step="Draw a Threat card and place it in the Threat Area",
        step_kind="reminder",
        facts=(("Shadows", "2/3"), ("Threats", "4"), ("Power", "3")),
    )
    return Frame(title="Kreel Manor", game=game)


def plot_frame() -> Frame:
    return Frame(title="Tainted Grail", game=GRAIL, focus="health", journal=JOURNAL,
                 tray="Tray: 1 guardian armed")


#: Kreel's Action Power Track ("Heroes", "4. Play Phase"): slot '1' holds the Used Sneak
#: with no Power Die, '2' the Tilted Influence with 3 on its die and +1, '3' Fight with 6.
ACTION_TRACK = Panel("Action Power Track \u00b7 Elsa", ("Use done \u00b7 Tilt done \u00b7 Dazed",), (
    DiceSlot("1", "Sneak", 0, ("Present 1", "Used")),
    DiceSlot("2", "Influence", 3, ("Present 6", "+1", "Tilted")),
    DiceSlot("3", "Fight", 6, ("Present 9",)),
))


def action_track_frame() -> Frame:
    """The play frame with the Action Power Track first among the panels (the screen only)."""
    return replace(play_frame(), game=replace(KREEL, panels=(ACTION_TRACK, *KREEL.panels)))


ALL = {
    "plot": plot_frame,
    "title": title_frame,
    "play": play_frame,
    "menu": menu_frame,
    "form": form_frame,
    "error": error_frame,
    "info": info_frame,
    "help": help_frame,
    "history": history_frame,
    "game_over": game_over_frame,
    "step": step_frame,
    "actions": actions_frame,
    "review": review_frame,
    "two_line_step": two_line_step_frame,
    "three_line_step": three_line_step_frame,
    "long_step": long_step_frame,
}
