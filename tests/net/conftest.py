"""The fixtures the network tests share."""

from .test_processes import programs

__all__ = ["programs"]
