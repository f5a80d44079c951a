"""The engine's errors, the root of every error linko raises of its own (the network's aside)."""


class LinkoError(ValueError):
    """Base of the engine's errors."""


class IllegalActionError(LinkoError):
    """An action that the pending decision does not allow; the game is left unchanged."""


class SetupError(LinkoError):
    """A game that cannot be set up as asked (player count, names, position)."""


class CardsError(LinkoError):
    """Cards that cannot be: a group no deck holds, or more of a card than the deck has."""


class ActionError(LinkoError, TypeError):
    """An action made of the wrong parts, or data that is no action (a TypeError too)."""


class RoundError(LinkoError):
    """A round asked for out of turn: before this one is over, or past the last."""


class SaveError(LinkoError):
    """A saved match that cannot be loaded: not a save, a newer format, cut short, or edited."""

