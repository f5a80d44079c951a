"""A review as an older linko saved it."""

from __future__ import annotations

from typing import Any


def as_an_older_linko_saved_it(review: dict[str, Any]) -> None:
    """The review data as format 1 kept it: each option valued by the seat's own points."""
    review["format"] = 1
    for entry in review["decisions"]:
        entry["points_lost"] = entry.pop("margin_lost")
        entry["points"] = entry.pop("margin")
