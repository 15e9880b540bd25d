"""The packages depend on each other in one direction (README, "Layout").

Every import counts, the lazy ones inside functions included: the graph of
the product packages has no cycle, `games` imports no other package, and
`contracts` imports none at run time (the screen port names the frame model
for type checkers only).
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("contracts", "store", "app", "device", "hw_sim", "firmware_bridge", "ui", "games")


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports(package: str, *, runtime_only: bool = False) -> dict[str, set[str]]:
    """The other product packages ``package`` imports, each with the modules that do."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            if runtime_only and _type_checking_only(node, parents):
                continue
            for name in names:
                top = name.split(".")[0]
                if top in PACKAGES and top != package:
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def test_the_package_graph_has_no_cycle():
    graph = {package: set(imports(package)) for package in PACKAGES}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        raise AssertionError(f"the packages import each other in a circle: {err.args[1]}") from None
    assert set(order) == set(PACKAGES)


def test_the_games_import_nothing_else_from_the_project():
    assert imports("games") == {}


def test_the_contracts_import_no_other_package_at_run_time():
    assert imports("contracts", runtime_only=True) == {}


def test_the_adapters_never_reach_into_the_app_or_the_store():
    for package in ("device", "hw_sim", "firmware_bridge", "ui"):
        reached = imports(package)
        assert not {"app", "store"} & set(reached), (package, reached)
