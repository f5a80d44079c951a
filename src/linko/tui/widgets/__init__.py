"""The app's widgets, each imported from its own module (``linko.tui.widgets.hand``...): the
hand-off, the first screen of a game, needs only the key bar, and would otherwise load the
table's widgets before its first frame."""
