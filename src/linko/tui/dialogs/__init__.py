"""The dialog: one screen that renders a question and dismisses with the choice made."""

from linko.tui.dialogs.base import QuestionDialog

__all__ = ["QuestionDialog"]
