"""Shared helpers for the Myth: Dark Frontier tests."""

from __future__ import annotations

from games.core import Command, RuleError, apply, new_game
from games.core.context import Context, current_step
from games.myth import GAME
from games.myth.board import distances, parse_board
from tests.games import driving


class Table:
    """A game in progress: ``do`` applies one command and keeps the new state."""

    def __init__(self, heroes: int = 1, seed: int | str = 1, *, at_board: bool = False) -> None:
        """A new game, past the first Setup step (the shipped board kept) unless
        ``at_board``."""
        self.state = new_game(GAME, {"heroes": heroes}, seed).state
        self.last = None
        if not at_board:
            self.do("next")

    def do(self, name: str, **params):
        self.last = apply(GAME, self.state, Command(name, params))
        self.state = self.last.state
        return self.last

    def refused(self, name: str, **params) -> RuleError:
        """Assert the command is refused and leaves the game as it was; return the error."""
        return driving.refused(GAME, self.state, name, **params)

    def step(self):
        return current_step(GAME, self.state)

    def to_objectives(self, abilities=None) -> Table:
        """Answer "Setup" 2 and 3 with defaults (heroes, enemy sheet, track
        abilities): the objective token prompt waits."""
        for _ in self.state["heroes"]:
            self.do("hero")
        self.do("enemy_sheet")
        for track in ("despair", "devastation", "corruption"):
            spaces = (abilities or {}).get(track, [])
            self.do("track_abilities", **{f"space{n}": True for n in spaces})
        return self

    def to_fate(self, abilities=None) -> Table:
        """Answer the setup prompts with defaults up to the fate roll (village/
        sanctuary/dungeon objectives, the quest in the ruins): the fate prompt waits."""
        self.to_objectives(abilities)
        for location in ("village", "sanctuary", "dungeon"):
            self.do("objective", location=location)
        self.do("next")
        self.do("next")
        self.do("active_quest", location="ruins")
        return self

    def setup(self, fate: list[str] | None = None, abilities=None) -> Table:
        """Answer the setup prompts with defaults (village/sanctuary/dungeon objectives)."""
        self.to_fate(abilities)
        if fate:
            self.do("roll_fate", dice=[{"kind": "fate", "face": f} for f in fate])
        else:
            self.do("roll_fate")
        self.do("next")
        return self

    def until(self, step_id: str, procedure: str | None = None, limit: int = 60) -> None:
        """Press next (or answer prompts with defaults) until ``step_id`` waits."""
        for _ in range(limit):
            step = self.step()
            proc = self.state["procedure"]
            if step is not None and step.id == step_id and (procedure is None or
                                                           proc["name"] == procedure):
                return
            if step is not None and step.kind.value == "prompt":
                if step.command == "overrun":
                    self.do("overrun")  # the default: the box's former pick
                else:
                    self.do(step.command)
            else:
                self.do("next")
        raise AssertionError(f"never reached {step_id}")


def clear_board(state: dict) -> None:
    """Take every enemy and objective token off the board (scenario set-ups)."""
    for area in state["areas"].values():
        state["supply"]["minions"] += len(area["minions"])
        state["supply"]["captains"] += len(area["captains"])
        area.update(minions=[], captains=[], structure=False, objective=None)


def minions(n: int, delayed: bool = False) -> list[dict]:
    return [{"damage": 0, "delayed": delayed} for _ in range(n)]


def put(state: dict, area: str, n: int, delayed: bool = False) -> None:
    state["areas"][area]["minions"] += minions(n, delayed)
    state["supply"]["minions"] -= n


def enemy_card_first(t: Table, card: str = "march", fate: list[str] | None = None) -> None:
    """Make the Morning deck's enemy card (``card``, a March unless said) the
    first card drawn in the Action phase, with the board as it was at the
    Planning step (scenario set-up)."""
    t.until("heroes", "planning")
    board = {a: dict(st) for a, st in t.state["areas"].items()}
    conquest = dict(t.state["conquest"])
    t.do("next")  # the decks are shuffled, the Action phase draws
    t.state["areas"] = board  # what a real first card did is undone
    t.state["supply"]["minions"] = 20 - sum(len(a["minions"]) for a in board.values())
    t.state["conquest"] = conquest
    t.state["overruns"], t.state["pending"], t.state["raising"] = [], [], []
    if fate:
        t.state["fate"] = fate
    morning = t.state["plan"]["morning"]
    morning.update(order=["enemy", 0], next=0)
    morning["enemy"] = {"card": card, "revealed": False}
    t.state["procedure"] = {"name": "action", "step": 0, "data": {}}
    t.do("correct", track="stability", value=t.state["stability"])  # runs the draw


def ctx_for(state: dict) -> Context:
    """A handler's Context on ``state`` (calling a mechanic directly)."""
    return Context(GAME, state)


def played(heroes: int = 1, seed: int = 1, **kw) -> Table:
    """A game set up with defaults, its board then cleared (scenario set-ups)."""
    t = Table(heroes=heroes, seed=seed).setup(**kw)
    clear_board(t.state)
    return t


def line_board() -> dict:
    """Farrenroc - Ruins - Village - Outland, as in the Overruns example."""
    return parse_board({"areas": [
        {"id": "farrenroc", "type": "farrenroc", "neighbours": ["ruins-1"]},
        {"id": "ruins-1", "type": "ruins", "neighbours": ["farrenroc", "village-1"]},
        {"id": "village-1", "type": "village", "neighbours": ["ruins-1", "outland-1"]},
        {"id": "outland-1", "type": "outland", "fate": "rage", "neighbours": ["village-1"]},
    ]}, partial=True)


def on_line_board(state: dict) -> None:
    board = line_board()
    on_board = sum(len(a["minions"]) for a in state["areas"].values())
    state["board"] = board
    state["distance"] = distances(board, "farrenroc")
    state["areas"] = {a: {"minions": [], "captains": [], "structure": False, "objective": None}
                      for a in board["areas"]}
    state["supply"]["minions"] += on_board


def farrenroc_march(t: Table) -> None:
    """Farrenroc holds 3 minions, Village 1 two more (they march into Farrenroc);
    a minion in Dungeon 2 ties between the structures of Ruins 2 and Sanctuary 5."""
    s = t.state
    put(s, "farrenroc", 3)
    put(s, "village-1", 2)
    s["areas"]["ruins-2"]["structure"] = True
    s["areas"]["sanctuary-5"]["structure"] = True
    put(s, "dungeon-2", 1)
