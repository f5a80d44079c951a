"""The app's screens: the table, the hand-off, the round end, the rules, a new game, too small."""

from linko.tui import TABLE_STYLESHEET

__all__ = ["TABLE_STYLESHEET"]
