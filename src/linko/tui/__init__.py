"""The hot-seat Textual app over the engine; :func:`linko.tui.run.run_app` starts it."""

from pathlib import Path

#: The stylesheet of the table and the screens and dialogs over it (their ``CSS_PATH``). A first
#: frame that is a hand-off or a form reads only linko.tcss; the app reads this one with its own
#: when the table itself comes first.
TABLE_STYLESHEET = Path(__file__).resolve().parent / "table.tcss"
#: The stylesheet of the new-game form and the waiting room, read with the app's when one of them
#: is the first screen.
FORMS_STYLESHEET = Path(__file__).resolve().parent / "forms.tcss"
