"""Screens built once and shown again with new text: one hand-off and one dialog of each kind
(why: docs/architecture.md, "The app, in detail")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from textual.app import App
from textual.screen import Screen, ScreenResultCallbackType

if TYPE_CHECKING:
    from linko.table.question import Question
    from linko.tui.dialogs import QuestionDialog

Result = TypeVar("Result")


class Reusable(Protocol):
    """A screen that can show what another screen of its kind, built but never shown, shows."""

    def take_over(self, fresh: Any) -> bool:
        """Show ``fresh``'s text and data on this screen; False when its widgets differ."""
        ...


def push_reused(
    app: App[Any],
    fresh: Screen[Result],
    callback: ScreenResultCallbackType[Result] | None = None,
) -> Screen[Result]:
    """Push the installed screen of ``fresh``'s kind showing what ``fresh`` shows; ``fresh``
    itself (installed for next time) when there is none yet or it cannot take ``fresh`` over.
    The screen pushed is returned."""
    name = f"reused-{type(fresh).__name__}"  # the one screen of fresh's kind
    if app.is_screen_installed(name):
        kept = app.get_screen(name)
        if kept not in app.screen_stack:
            if cast(Reusable, kept).take_over(fresh):
                app.push_screen(kept, callback)
                return cast(Screen[Result], kept)  # installed under the name of fresh's kind
            app.uninstall_screen(name)
            kept.remove()
            app.install_screen(fresh, name)
    else:
        app.install_screen(fresh, name)
    app.push_screen(fresh, callback)
    return fresh


def ask(
    app: App[Any],
    question: Question[Result],
    callback: ScreenResultCallbackType[Result] | None = None,
    refusal: Callable[[], str] | None = None,
) -> QuestionDialog | None:
    """Ask ``question`` on the one dialog of its kind, built the first time it is needed; None,
    and nothing asked, when that dialog is already up (a second ``?`` on the keys help).
    ``refusal`` says why nothing can be taken back, for the take-back key the question lacks."""
    # Imported at the first question, not before the first frame: a hand-off asks none.
    from linko.tui.dialogs import QuestionDialog

    name = f"question-{question.kind}"
    if not app.is_screen_installed(name):
        app.install_screen(QuestionDialog(question), name)
    dialog = cast(QuestionDialog, app.get_screen(name))
    if dialog in app.screen_stack:
        return None
    dialog.ask(question, refusal)
    app.push_screen(dialog, callback)
    return dialog
