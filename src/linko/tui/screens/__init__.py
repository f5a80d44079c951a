"""The app's screens: the table, the hand-off, the round end, the rules, a new game, too small."""

from pathlib import Path

#: The stylesheet of the table and the screens and dialogs over it (their ``CSS_PATH``). A first
#: frame that is a hand-off or a form reads only linko.tcss; the app reads this one with its own
#: when the table itself comes first.
TABLE_STYLESHEET = Path(__file__).resolve().parent.parent / "table.tcss"
