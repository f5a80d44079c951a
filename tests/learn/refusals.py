"""A lesson's reason for refusing a move, as the course's tests read it (no app)."""

from __future__ import annotations

import re

from linko.learn.course import Step


def wrong_words(step: Step, left: int = 1) -> str:
    """The step's reason for refusing a move, in English, worded for ``left`` cards left in
    the hand where its words count them."""
    return step.wrong if isinstance(step.wrong, str) else step.wrong(left)


def fixed_part(step: Step, left: int = 1) -> str:
    """The longest run of the reason that no placeholder breaks: what any refusal of it says."""
    return max(re.split(r"\{\w+\}", wrong_words(step, left)), key=len).strip()
