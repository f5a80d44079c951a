"""The engine's errors: each says what was wrong and what would have been right."""


class LinkoError(ValueError):
    """Base of the engine's errors."""


class IllegalActionError(LinkoError):
    """An action that the pending decision does not allow; the game is left unchanged."""


class SetupError(LinkoError):
    """A game that cannot be set up as asked (player count, names, position)."""


class SaveError(LinkoError):
    """A saved match that cannot be loaded: not a save, a newer format, cut short, or edited so
    that its stored state no longer matches the replay of its actions."""
