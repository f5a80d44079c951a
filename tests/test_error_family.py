"""Every error linko raises of its own is one family under the engine's LinkoError."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import linko
from linko.engine import LinkoError

#: The packages whose errors are the network's family, not the engine's.
NETWORK = ("linko.net", "linko.cli")


def own_errors() -> list[type[BaseException]]:
    found = []
    for module in pkgutil.walk_packages(linko.__path__, "linko."):
        if module.name.startswith(NETWORK) or ".tui" in module.name or "__main__" in module.name:
            continue
        loaded = importlib.import_module(module.name)
        for _name, value in inspect.getmembers(loaded, inspect.isclass):
            if value.__module__ == module.name and issubclass(value, BaseException):
                found.append(value)
    return found


def test_every_error_of_the_engine_table_and_base_is_a_linko_error() -> None:
    errors = own_errors()
    names = {error.__name__ for error in errors}
    assert {"SaveFileError", "TakeBackError", "HandoffPendingError", "SimulationError"} <= names
    assert [error.__name__ for error in errors if not issubclass(error, LinkoError)] == []
