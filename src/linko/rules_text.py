"""The rules page (docs/rules.md), for ``linko rules`` and the app's rules screen."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def rules_markdown() -> str:
    """The rules as Markdown: shipped inside the package, or read from the source checkout."""
    shipped = files("linko") / "rules.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    return checkout.read_text(encoding="utf-8")


def print_rules() -> None:
    """Print the rules to the terminal, rendered."""
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(rules_markdown()))
