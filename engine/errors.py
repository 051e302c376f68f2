"""Errors the engine raises; their messages are shown to players as they are."""


class IllegalAction(ValueError):
    """An action that the rules or the turn order do not allow.

    The message is a sentence a player can read, e.g. "You must follow ♥ or play a trump".
    """


class OutOfTurn(IllegalAction):
    """An action by a seat that is not to move (the table service reports it as its own
    ``NotYourTurn``)."""
