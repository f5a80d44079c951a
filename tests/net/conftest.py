"""The fixtures the network tests share."""

from .processes import programs

__all__ = ["programs"]
