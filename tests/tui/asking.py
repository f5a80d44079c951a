"""Which question a screen is asking: tests name dialogs by the kind of their question."""

from __future__ import annotations

from typing import Any, TypeGuard

from linko.tui.dialogs import QuestionDialog
from tests.helpers import words_of


def asking(screen: Any, kind: str) -> TypeGuard[QuestionDialog]:
    """Whether ``screen`` is the dialog asking a question of ``kind`` (``take``, ``draw``...)."""
    return isinstance(screen, QuestionDialog) and screen.question.kind == kind


def said(screen: Any) -> str:
    """Every word of the question the dialog on ``screen`` asks."""
    assert isinstance(screen, QuestionDialog), screen
    return words_of(screen.question)
