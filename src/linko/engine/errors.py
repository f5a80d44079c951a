"""The engine's errors: each says what was wrong and what would have been right."""


class LinkoError(ValueError):
    """Base of the engine's errors."""


class IllegalActionError(LinkoError):
    """An action that the pending decision does not allow; the game is left unchanged."""


class SetupError(LinkoError):
    """A game that cannot be set up as asked (player count, names, position)."""


class CardsError(LinkoError):
    """Cards that cannot be: a group no deck holds (a number out of 1 to 13, jokers alone with a
    number, mixed numbers), or a position holding more of a card than the deck has."""


class ActionError(LinkoError, TypeError):
    """An action made of the wrong parts (a float for a row slot, a Play without a group), or
    data that is no action; a TypeError too, as a wrong argument is."""


class RoundError(LinkoError):
    """A round asked for out of turn: the next one before this one is over, or past the last."""


class SaveError(LinkoError):
    """A saved match that cannot be loaded: not a save, a newer format, cut short, or edited so
    that its stored state no longer matches the replay of its actions."""


class WireError(LinkoError):
    """Data that is not what this format says: the message names the field and the fault."""
