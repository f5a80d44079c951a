"""The network's errors: one family, each saying in one line what went wrong."""


class NetworkError(Exception):
    """The base of the network's errors."""


class ProtocolError(NetworkError):
    """A message that is not one the protocol has, in words for its sender."""


class MessageTooLarge(ProtocolError):
    """A message over its size limit."""


class VersionMismatch(ProtocolError):
    """A hello from a screen of another protocol version than this table's."""
