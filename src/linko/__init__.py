"""linko: the card game Linko, hot-seat in a terminal."""

__version__ = "0.1.0"
