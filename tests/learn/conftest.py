"""The course's tests run the app as the tests of every language do: its idle garbage collection
off (tests/i18n/conftest.py says why)."""

from tests.i18n.conftest import no_idle_collection

__all__ = ["no_idle_collection"]
