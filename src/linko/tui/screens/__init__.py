"""The app's screens: the table, the hand-off, the round end, the rules, a new game, too small."""
