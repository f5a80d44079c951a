"""The rules page, for ``linko rules`` and the app's rules screen, in the language spoken:
``docs/rules.md`` in English, ``docs/rules.LANG.md`` in another language (English when that
language has no page yet)."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from rich.pager import Pager

from linko.i18n import DEFAULT, current

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from rich.console import Console

#: ``less`` options when the user has set none: keep the colours (R), quit at once when the page
#: fits the screen (F), and leave the text on screen after quitting (X), as git does.
LESS_DEFAULT = "-FRX"


def rules_markdown(language: str | None = None) -> str:
    """The rules as Markdown, in ``language`` (None: the language spoken), else in English:
    shipped inside the package, or read from the source checkout."""
    code = current() if language is None else language
    names = ["rules.md"] if code == DEFAULT else [f"rules.{code}.md", "rules.md"]
    pages = [page for name in names for page in _places(name)]
    # The last, the checkout's English page, is read even when it is missing: the error says so.
    found = next((page for page in pages if page.is_file()), pages[-1])
    return found.read_text(encoding="utf-8")


def _places(name: str) -> tuple[Traversable, Path]:
    """Where the page ``name`` (``rules.es.md``) is: inside the package (the wheel ships it
    there), and in the source checkout's ``docs`` folder."""
    return files("linko") / name, Path(__file__).resolve().parents[2] / "docs" / name


class SystemPager(Pager):
    """The user's pager (``$MANPAGER``, ``$PAGER`` or ``less``), with colours kept in ``less``."""

    def show(self, content: str) -> None:
        import pydoc

        before = os.environ.get("LESS")
        if before is None:
            os.environ["LESS"] = LESS_DEFAULT
        try:
            pydoc.pager(content)
        finally:
            if before is None:
                os.environ.pop("LESS", None)


def print_rules(console: Console | None = None, pager: Pager | None = None) -> None:
    """Print the rules, rendered: through a pager in a terminal (they run to some 350 lines),
    straight out when piped, so that ``linko rules | less`` and ``> rules.txt`` work."""
    # Imported here: the app's rules screen needs only the Markdown text, and should open fast.
    from rich.console import Console
    from rich.markdown import Markdown

    console = console or Console()
    rules = Markdown(rules_markdown())
    if not console.is_interactive:
        console.print(rules)
        return
    with console.pager(pager or SystemPager(), styles=True):
        console.print(rules)
