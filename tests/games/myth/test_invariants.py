"""Property tests: limits hold over random command sequences; same seed and
commands give the same state; a refused command changes nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Command, RuleError, apply
from games.core.context import current_step
from games.myth import GAME
from games.myth.battles import reroll_choices
from games.myth.board import AREA_IDS
from games.myth.state import FATE_FACES, RANKS, TRACKS
from tests.games.myth.helpers import Table

AREA = st.sampled_from(AREA_IDS)
COMMANDS = st.one_of(
    st.just(("next", {})),
    st.builds(lambda a, r, n: ("place", {"area": a, "rank": r, "count": n}), AREA,
              st.sampled_from(RANKS), st.integers(1, 4)),
    st.builds(lambda a, n: ("spawn", {"area": a, "count": n}), AREA, st.integers(1, 5)),
    st.builds(lambda t, n: ("raise", {"track": t, "spaces": n}), st.sampled_from(TRACKS),
              st.integers(1, 4)),
    st.builds(lambda a: ("structure", {"area": a}), AREA),
    st.builds(lambda a: ("travel", {"area": a}), AREA),
    st.builds(lambda r: ("battle", {"rank": r}), st.sampled_from(RANKS)),
    st.builds(lambda n: ("muster", {"count": n}), st.integers(1, 3)),
    st.builds(lambda f: ("spend_fate", {"face": f}), st.sampled_from(FATE_FACES)),
    st.builds(lambda n: ("wound", {"amount": n}), st.integers(1, 3)),
    st.builds(lambda t, v: ("correct", {"track": t, "value": v}),
              st.sampled_from(("stability", "hope", "supply", "influence", *TRACKS)),
              st.integers(-2, 12)),
    st.builds(lambda c: ("overrun", {"choice": c}),
              st.sampled_from(("hope", "supply", "influence", *AREA_IDS))),
    st.builds(lambda a: ("march_to", {"area": a}), AREA),
    st.just(("march_to", {})),
    st.just(("fate_pick", {})),
    st.builds(lambda f: ("fate_pick", {"dice": f}),
              st.sampled_from(("rage", "guile,nature", "darkness", "arcane,faith"))),
    st.just(("produce", {})),
    st.just(("roll", {})),
    st.just(("reroll", {})),
    st.just(("reroll_first", {})),
    st.builds(lambda c: ("keep_card", {"card": c}), st.sampled_from(("discard", "asset", "burden"))),
    st.builds(lambda k, n: ("test", {"skill": k, "target": n}),
              st.sampled_from(("tactics", "cunning", "intellect", "spirit")), st.integers(1, 10)),
    st.just(("encounter", {"skill": "spirit", "target": 6, "no_test": True})),
    st.builds(lambda c: ("discard_card", {"card": c}), st.sampled_from(("asset", "burden"))),
    st.just(("muster_fate", {})),
    st.just(("boss_fate", {})),
    st.just(("fate_reroll", {})),
    st.builds(lambda c: ("discard_resource", {"resource": c}),
              st.sampled_from(("hope", "supply", "influence", "none"))),
)


def _play(seed: int, commands) -> tuple[dict, list[str]]:
    t = Table(heroes=2, seed=seed).setup()
    log = []
    for name, params in commands:
        if name == "reroll_first":
            choices = reroll_choices(t.state)
            name, params = "reroll", {"die": choices[-1] if len(choices) > 1 else "keep"}
        before = t.state
        try:
            applied = apply(GAME, t.state, Command(name, params))
        except RuleError:
            assert t.state == before
            log.append("refused")
            continue
        t.state = applied.state
        log.append(applied.description)
        if t.state.get("over"):
            break
        step = current_step(GAME, t.state)
        if step is not None and step.kind.value == "prompt" and step.command == "overrun":
            t.do("overrun")
    return t.state, log


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(COMMANDS, max_size=25))
def test_limits_hold_and_replay_is_identical(seed, commands):
    state, log = _play(seed, commands)
    assert GAME.invariants(state) == []
    assert all(len(a["minions"]) <= 3 for a in state["areas"].values())
    assert sum(1 for a in state["areas"].values() if a["structure"]) <= 6
    assert 0 <= state["stability"] <= 10
    assert all(d["count"] > 0 for d in state["discards"])
    assert state["boss"]["area"] is None or not state["boss"].get("arriving")
    again, log_again = _play(seed, commands)
    assert again == state and log_again == log
    GAME.view(state)
