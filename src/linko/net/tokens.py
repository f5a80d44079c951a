"""The seat tokens ``linko join`` keeps (the newest :data:`KEEP`, by table address and code), in
a file its user alone reads, so joining again comes back to the same seat."""

from __future__ import annotations

import json
from contextlib import suppress
from pathlib import Path

import msgspec

from linko.net.codes import normal_code
from linko.saves import default_folder, write_atomic

KEEP = 50


def tokens_path() -> Path:
    """``$LINKO_HOME/seats.json``, else ``seats.json`` in the user's data folder: beside the
    saves' folder."""
    return default_folder().parent / "seats.json"


def _key(host: str, port: int, code: str) -> str:
    return f"{host.lower()}:{port}/{normal_code(code)}"


def _read(path: Path) -> dict[str, str]:
    """The kept tokens; none from a file that is not one (a validation error is a decode one)."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=dict[str, str])
    except (OSError, msgspec.DecodeError):
        return {}


def load_token(host: str, port: int, code: str) -> str | None:
    """The token kept for the table at ``host``:``port`` with ``code``, if any."""
    return _read(tokens_path()).get(_key(host, port, code))


def store_token(host: str, port: int, code: str, token: str | None) -> None:
    """Keep ``token`` for that table (None: forget it); a file that cannot be written is let be:
    the seat then comes back with ``--seat TOKEN`` only."""
    path = tokens_path()
    tokens = _read(path)
    key = _key(host, port, code)
    tokens.pop(key, None)
    if token is not None:
        tokens[key] = token
    kept = dict(list(tokens.items())[-KEEP:])
    with suppress(OSError):
        write_atomic(path, json.dumps(kept, indent=1))
        path.chmod(0o600)
