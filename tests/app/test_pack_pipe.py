"""A pack that is a named pipe is refused at once, naming it, and play goes on (contracts/files.py;
issue "One writer, checked bytes", 16: it blocked the main loop for good)."""

from __future__ import annotations

import dataclasses
import os

from app.controller import Controller
from contracts.events import Press
from games.core import CommandSpec, Param, registry
from tests.app.test_controller import start_counter
from tests.fixtures.box import choose
from tests.fixtures.counter_game import COUNTER, GAME_ID


def test_a_pack_that_is_a_pipe_is_refused_and_play_goes_on(journal, clock, tmp_path, monkeypatch):
    def load_pack(ctx):
        ctx.state["limit"] = 20

    with_packs = dataclasses.replace(COUNTER, commands=COUNTER.commands + (
        CommandSpec("load_pack", "Load a pack", load_pack, (Param("toml", "text", high=10_000),),
                    menu=False),))
    monkeypatch.setitem(registry._GAMES, GAME_ID, with_packs)
    packs = tmp_path / "packs"
    (packs / GAME_ID).mkdir(parents=True)
    os.mkfifo(packs / GAME_ID / "pipe.toml")  # nobody writes it: a blocking read would hang here
    controller = Controller(journal, seed=lambda: 1, clock=clock, packs_dir=packs)
    start_counter(controller)
    controller.handle(Press("select"))
    choose(controller, "Load pack: pipe")
    message = controller.frame().message
    assert message is not None and message.short.startswith("pipe:") and "named pipe" in message.long
    assert journal.state()[1] == 0  # nothing journaled
    controller.handle(Press("next"))  # the box still answers
    assert journal.state()[1] == 1
