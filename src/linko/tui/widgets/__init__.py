"""The table's widgets: they get plain data (views, groups, cards) and post messages up."""

from linko.tui.widgets.board import GhostView, PileView, RowView
from linko.tui.widgets.hand import HandView, Selection
from linko.tui.widgets.log import LogView
from linko.tui.widgets.seat import SeatInfo, SeatPanel

__all__ = [
    "GhostView",
    "HandView",
    "LogView",
    "PileView",
    "RowView",
    "SeatInfo",
    "SeatPanel",
    "Selection",
]
