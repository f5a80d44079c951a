"""Join codes and seat tokens: both from :mod:`secrets`, and a token is kept only as its hash.

A join code is what friends read out at the table (``K7M-2QX``): six characters from an alphabet
without look-alikes, shown with a dash, typed in any case, with or without the dash. Guessing one
takes about 900 million tries on average, and the server slows an address down after a few wrong
ones (:class:`Attempts`), so a code cannot be found by trying.

A seat token is what lets a screen come back to its seat: a long random string the screen keeps,
never shown to anybody else. The host keeps only its SHA-256 hash (in memory and in its save),
so neither a message to another seat nor the host's save file holds a token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
#: Wrong hellos an address may send before it is slowed down, the most it waits, and how long an
#: address must stay quiet to start afresh.
FREE_ATTEMPTS = 3
MAX_DELAY = 30.0
FORGET_AFTER = 600.0


def new_code() -> str:
    """A join code, as it is shown: ``K7M-2QX``."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{letters[:3]}-{letters[3:]}"


def normal_code(typed: str) -> str:
    """A code as typed (any case, spaces or a dash) in the form it is compared in: ``K7M2QX``."""
    return "".join(char for char in typed.upper() if char not in " -")


def new_token() -> str:
    """160 random bits as hex: nothing a shell or an option parser reads specially (a token
    from ``token_urlsafe`` may start with ``-``, which ``--seat`` would take for an option)."""
    return secrets.token_hex(20)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, kept_hash: str) -> bool:
    """Whether ``token`` is the one whose hash was kept, compared in constant time."""
    return hmac.compare_digest(token_hash(token), kept_hash)


@dataclass
class Attempts:
    """Wrong codes and tokens by address: after :data:`FREE_ATTEMPTS`, each answer to that
    address waits twice as long as the one before, up to :data:`MAX_DELAY` seconds."""

    clock: Callable[[], float] = time.monotonic
    _failures: dict[str, tuple[int, float]] = field(default_factory=dict)

    def delay(self, address: str) -> float:
        """How long to wait before answering a hello from ``address``."""
        count, last = self._failures.get(address, (0, 0.0))
        if count and self.clock() - last > FORGET_AFTER:
            del self._failures[address]
            return 0.0
        if count < FREE_ATTEMPTS:
            return 0.0
        return min(MAX_DELAY, 2.0 ** (count - FREE_ATTEMPTS))

    def failed(self, address: str) -> None:
        count, _ = self._failures.get(address, (0, 0.0))
        self._failures[address] = (count + 1, self.clock())
        if len(self._failures) > 10_000:  # a flood from many addresses: keep the newest
            oldest = min(self._failures, key=lambda key: self._failures[key][1])
            del self._failures[oldest]

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)
