"""Join codes and seat tokens (from :mod:`secrets`; a token is kept only as its hash), and
the bound on wrong guesses by address. Why so: docs/architecture.md."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from linko.net.address import ip_or_none

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
#: Wrong codes and tokens an address may have judged at once, and how many a second after that.
GUESS_BURST = 10
GUESS_RATE = 1.0
#: Addresses remembered at most: past it, those whose bucket has filled again are forgotten.
MAX_ADDRESSES = 10_000


def new_code() -> str:
    """A join code, as it is shown: ``K7M-2QX``."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{letters[:3]}-{letters[3:]}"


def normal_code(typed: str) -> str:
    """A code as typed (any case, spaces or a dash) in the form it is compared in: ``K7M2QX``."""
    return "".join(char for char in typed.upper() if char not in " -")


def new_token() -> str:
    """160 random bits as hex (one from ``token_urlsafe`` may start with ``-``, an option)."""
    return secrets.token_hex(20)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, kept_hash: str) -> bool:
    """Whether ``token`` is the one whose hash was kept, compared in constant time."""
    return hmac.compare_digest(token_hash(token), kept_hash)


@dataclass
class Attempts:
    """Wrong guesses (a code no table has, a token no seat has) by address, as a token bucket:
    :data:`GUESS_BURST` judged at once, then :data:`GUESS_RATE` a second."""

    clock: Callable[[], float] = time.monotonic
    #: Each address's bucket: the guesses it may have judged, and when that was counted.
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _level(self, key: str, now: float) -> float:
        level, then = self._buckets.get(key, (GUESS_BURST, now))
        return min(GUESS_BURST, level + (now - then) * GUESS_RATE)

    def wait(self, address: str) -> int:
        """Whole seconds before a guess from ``address`` may be judged: 0 when now."""
        level = self._level(address_key(address), self.clock())
        return 0 if level >= 1 else math.ceil((1 - level) / GUESS_RATE)

    def failed(self, address: str) -> None:
        """A wrong guess from ``address`` was judged: it takes one from the address's bucket."""
        key, now = address_key(address), self.clock()
        self._buckets[key] = (max(0.0, self._level(key, now) - 1), now)
        if len(self._buckets) > MAX_ADDRESSES:  # a flood from many addresses
            self._forget(now)

    def _forget(self, now: float) -> None:
        """Forget the addresses whose bucket is full again, or else the fullest one."""
        full = [key for key in self._buckets if self._level(key, now) >= GUESS_BURST]
        for key in full or [max(self._buckets, key=lambda key: self._level(key, now))]:
            del self._buckets[key]


def ip_of(address: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``address`` as an IP address (an IPv4-mapped IPv6 one as its IPv4 address); None when it
    is not one."""
    ip = ip_or_none(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def address_key(address: str) -> str:
    """What an address's guesses count under: an IPv6 address by its /64 network."""
    ip = ip_of(address.partition("%")[0])
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)
