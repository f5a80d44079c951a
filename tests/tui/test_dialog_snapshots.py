"""How each dialog looks, at a fixed size over a stand-in table, asked from real positions (the
words the table would give them read from the catalog: tests/i18n asks them in other languages).

Regenerate after a deliberate change with ``pytest tests/tui/test_dialog_snapshots.py
--snapshot-update`` and look at the pictures before committing them.
"""

from __future__ import annotations

from typing import Any

import pytest

from .snapshots import QUESTIONS, SnapshotHost, take_or_leave

SIZE = (100, 30)


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_dialog_looks(name: str, snap_compare: Any) -> None:
    assert snap_compare(SnapshotHost(QUESTIONS[name]()), terminal_size=SIZE)


def test_escape_on_a_mandatory_decision_shows_why_it_stays(snap_compare: Any) -> None:
    assert snap_compare(SnapshotHost(take_or_leave()), press=["escape"], terminal_size=SIZE)
