"""Each layer uses the others through their public names only: no module imports a private name
(``_x``) from another of linko's packages, and the app reads no private attribute of anything
but itself. gettext's ``_`` is the one underscore name every layer shares."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src" / "linko"
SHARED = {"_", "__version__"}
#: The one private attribute of Textual's the app touches, with why: Textual 8 gives the focus
#: back, when the terminal has it again, to the widget that had it as the terminal lost it, and
#: has no public way to drop that widget, so a dialog asked again would get its old choice
#: focused (tests/tui/test_dialogs.py fails if Textual renames it).
TEXTUAL_PRIVATE = {"app._last_focused_on_app_blur"}
#: The standard library's documented names that start with an underscore.
STANDARD = {"os._exit"}


def modules() -> list[tuple[str, ast.Module]]:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        name = ".".join(("linko", *path.relative_to(SOURCE).with_suffix("").parts))
        found.append((name.removesuffix(".__init__"), ast.parse(path.read_text(), str(path))))
    return found


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_module_imports_a_private_name_of_another_package() -> None:
    crossings = []
    for name, tree in modules():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("linko"):
                continue
            other = node.module or ""
            if package_of(other) == package_of(name):
                continue
            private = [a.name for a in node.names if a.name[0] == "_" and a.name not in SHARED]
            if private or any(part.startswith("_") for part in other.split(".")):
                crossings.append(f"{name}: from {other} import {', '.join(private) or '...'}")
    assert crossings == []


def test_the_app_reads_no_private_attribute_but_its_own() -> None:
    reads = []
    for name, tree in modules():
        if package_of(name) != "tui":
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name)
                and node.value.id not in ("self", "cls")
                and f"{node.value.id}.{node.attr}" not in TEXTUAL_PRIVATE | STANDARD
            ):
                reads.append(f"{name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert reads == []
