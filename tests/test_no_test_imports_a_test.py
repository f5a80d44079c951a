"""No test module imports another: what tests share lives in helper modules (tests/helpers.py,
tests/tui/helpers.py, tests/bots/games.py...), so a test module runs its own tests and nobody
else's, and moving or deleting one breaks no other."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def module_name(path: Path, root: Path) -> str:
    """``tests.tui.test_table`` for ``root/tui/test_table.py``."""
    return ".".join((root.name, *path.relative_to(root).with_suffix("").parts))


def imported_modules(path: Path, root: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved, and ``from package import
    module`` counted as the module."""
    package = module_name(path, root).split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def imports_between_test_modules(root: Path = TESTS) -> set[tuple[str, str]]:
    """The (importer, imported) pairs of test modules under ``root``."""
    pairs = set()
    for path in sorted(root.rglob("test_*.py")):
        for module in imported_modules(path, root):
            if module.rsplit(".", 1)[-1].startswith("test_"):
                pairs.add((module_name(path, root), module))
    return pairs


def test_no_test_module_imports_another() -> None:
    assert imports_between_test_modules() == set()


def test_a_test_module_importing_another_is_found(tmp_path: Path) -> None:
    """The check itself: a relative import of a sibling test module, and a ``from package
    import test_module``, are both found; a helper module is not."""
    root = tmp_path / "tests"
    (root / "tui").mkdir(parents=True)
    (root / "tui" / "test_a.py").write_text("from .test_b import x\nfrom .games import y\n")
    (root / "tui" / "test_c.py").write_text("from tests.tui import test_b\n")
    assert imports_between_test_modules(root) == {
        ("tests.tui.test_a", "tests.tui.test_b"),
        ("tests.tui.test_c", "tests.tui.test_b"),
    }
