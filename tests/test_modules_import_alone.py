"""Every module of linko imports on its own, as the first of linko's modules a program imports:
a circle of imports that the package's own loading order hides (``linko.engine``'s names load
their modules in an order of their own) fails here.

One fresh interpreter imports the modules outside linko that linko imports and compiles linko's
sources (the slow part, done once), checks that no module of linko came with them, then forks a
child for each module of linko, two at a time: each child starts with no module of linko loaded,
as a fresh interpreter would, imports that one module and nothing else, and says whether it
could.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from importlib.util import find_spec, module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType

import grimp
import pytest

CONTRACTS = Path(__file__).resolve().parents[1] / "scripts" / "import_contracts.py"

IMPORT_EACH_ALONE = r"""
import gc, importlib, json, os, sys, traceback
from importlib.machinery import SourceFileLoader
from pathlib import Path

plan = json.load(sys.stdin)
for name in plan["outside"]:
    try:
        importlib.import_module(name)
    except Exception:
        pass  # an optional or a platform's module: a child that needs it says so
early = sorted(name for name in sys.modules if name == "linko" or name.startswith("linko."))
if early:
    raise SystemExit(f"loading the modules outside linko loaded {early}: no fresh start")

# linko's sources compiled once, here, for every child (without cached bytecode each child would
# compile every module it imports); a code object is what a child would have compiled itself.
compiled = {
    str(path): compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
    for path in Path(plan["package"]).rglob("*.py")
}
source_to_code = SourceFileLoader.source_to_code


def compiled_once(loader, data, path, *, _optimize=-1):
    code = compiled.get(path)
    return code if code is not None else source_to_code(loader, data, path, _optimize=_optimize)


SourceFileLoader.source_to_code = compiled_once
gc.freeze()  # the children's collections pass over what they share with this process

failed = {}
running = {}  # the child's pid: its module and the pipe its report comes on
waiting = list(reversed(plan["modules"]))
while waiting or running:
    while waiting and len(running) < plan["children"]:
        name = waiting.pop()
        read, write = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        child = os.fork()
        if child == 0:
            os.close(read)
            try:
                importlib.import_module(name)
            except BaseException:
                os.write(write, traceback.format_exc()[-4000:].encode())
                os._exit(1)
            os._exit(0)
        os.close(write)
        running[child] = (name, read)
    child, status = os.wait()
    name, read = running.pop(child)
    with os.fdopen(read, "rb") as said:
        report = said.read().decode()
    if status:
        failed[name] = report or f"exit status {status}"
print(json.dumps(failed))
"""


def linko_modules(package: Path) -> list[str]:
    """The dotted name of every module of the package at ``package``, its packages included."""
    names = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def outside_imports(package: Path) -> list[str]:
    """Every module outside linko that a module of it names in an import, read from the source."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if name.partition(".")[0] not in ("linko", "__future__"))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the children are forked")
def test_every_module_of_linko_imports_first_and_alone() -> None:
    spec = find_spec("linko")
    assert spec is not None and spec.submodule_search_locations
    package = Path(next(iter(spec.submodule_search_locations)))
    modules = linko_modules(package)
    assert {"linko", "linko.engine.game", "linko.tui.app"} <= set(modules)
    plan = {
        "package": str(package),
        "outside": outside_imports(package),
        "modules": modules,
        "children": 2,  # at a time
    }
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH_ALONE],
        input=json.dumps(plan),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=package.parent,
    )
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout)
    assert not failed, "\n".join(f"{name}:\n{report}" for name, report in failed.items())


def import_contracts() -> ModuleType:
    """scripts/import_contracts.py, the contract lint-imports loads from the project's folder."""
    spec = spec_from_file_location("import_contracts", CONTRACTS)
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_contract_sees_a_circle_through_a_packages_lazy_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package whose lazy ``__getattr__`` may load ``game`` (its type-only import says so), and
    whose ``game`` reads a sibling through the package, which asks that ``__getattr__`` while the
    sibling is not loaded: a circle the contract finds, and none once ``game`` imports the
    sibling by its own name."""
    package = tmp_path / "lazy"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from lazy.game import Game\n"
        "def __getattr__(name):\n"
        "    import importlib\n"
        "    return getattr(importlib.import_module('lazy.game'), name)\n"
    )
    (package / "events.py").write_text("EVENTS = ()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    contracts = import_contracts()

    def circles() -> list[tuple[str, ...]]:
        graph = grimp.build_graph("lazy", cache_dir=None)
        imports = contracts.run_time_imports(graph, "lazy")
        return [
            contracts.shortest_circle(imports, group)
            for group in contracts.circular_groups(imports)
        ]

    (package / "game.py").write_text("from lazy import events\nclass Game: ...\n")
    assert circles() == [("lazy", "lazy.game")]
    (package / "game.py").write_text("import lazy.events as events\nclass Game: ...\n")
    assert circles() == []
