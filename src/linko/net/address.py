"""Addresses to listen on, checked by binding them first (one line, not a traceback), and written
as a person or a URL names them."""

from __future__ import annotations

import ipaddress
import re
import socket

from linko.i18n import _
from linko.net.errors import NetworkError


class ServeError(NetworkError):
    """Why linko cannot serve, in one line for the person who typed the command; ``reason``:
    the system's words alone, for a line that names the address its own way."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


#: What a Host header may be for a page to name it: a name, an IPv4 address or a bracketed IPv6
#: address, and a port. Anything else (quotes, spaces, markup) is not taken as an address.
PLAIN_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def check_port(port: int) -> None:
    if not 1 <= port <= 65535:
        raise ServeError(_("the port must be from 1 to 65535, not {port}").format(port=port))


def check_address(host: str, port: int) -> None:
    """Bind every address ``host`` names, as the server will, and let go; a ServeError saying
    why when one cannot be bound (the port is in use, the host is not this machine's, ...).
    Port 0 binds any free port; a port typed is checked first (:func:`check_port`)."""
    try:
        addresses = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError) as error:
        reason = error.strerror if isinstance(error, socket.gaierror) else str(error)
        # TRANSLATORS: {host} is the host asked for, quoted; {reason} the system's words.
        message = _("cannot serve on host {host}: {reason}")
        raise ServeError(message.format(host=repr(host), reason=reason), reason or "") from None
    for family, kind, protocol, _name, address in addresses:
        with socket.socket(family, kind, protocol) as probe:
            # As asyncio's server does: a port left in TIME_WAIT by a server just stopped is
            # free, a port another server listens on is not.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as error:
                reason = error.strerror or str(error)
                raise ServeError(cannot_serve(host, port, reason), reason) from None


def cannot_serve(host: str, port: int, reason: object) -> str:
    """Why nothing can be served on ``host``:``port``, in one line."""
    # TRANSLATORS: {address} is the host and port, as 127.0.0.1:8000; {reason} the system's
    # words for the error ("Address already in use").
    message = _("cannot serve on {address}: {reason}")
    return message.format(address=f"{host_in_url(host)}:{port}", reason=reason)


def ip_or_none(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address; None when it is not one (a name, say)."""
    try:
        return ipaddress.ip_address(text or "")
    except ValueError:
        return None


def host_in_url(host: str) -> str:
    """``host`` as a URL names it: an IPv6 address in brackets."""
    return f"[{host}]" if isinstance(ip_or_none(host), ipaddress.IPv6Address) else host


def is_loopback(host: str) -> bool:
    ip = ip_or_none(host)
    return host == "localhost" or (ip is not None and ip.is_loopback)


def is_wildcard(host: str) -> bool:
    ip = ip_or_none(host)
    return ip is not None and ip.is_unspecified


def reaches_more(host: str, than: str) -> bool:
    """Whether listening on ``host`` lets in machines that listening on ``than`` did not: every
    network over one, a network's address over this machine alone, another network's address
    over one's own."""
    return not (is_loopback(host) or is_wildcard(than) or host == than)


def network_address() -> str:
    """This machine's address on its network, as a tablet beside it would reach it: the address
    it would send from (a UDP socket connected to a documentation address sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def url(kind: str, rest: str, *, tls: bool) -> str:
    """``rest`` (``host:port`` and a path) as a URL of ``kind``, ``ws`` or ``http``: ``wss://``
    or ``https://`` over TLS. The one place the scheme follows from TLS."""
    return f"{kind}{'s' if tls else ''}://{rest}"


def split_scheme(text: str, kind: str = "ws") -> tuple[str, bool | None]:
    """An address without its scheme of ``kind`` (``ws://`` or ``wss://``; ``http://`` or
    ``https://``), and whether it named TLS (None: it named no scheme)."""
    text = text.strip()
    for tls in (True, False):
        scheme = url(kind, "", tls=tls)
        if text.lower().startswith(scheme):
            return text[len(scheme) :].removesuffix("/"), tls
    return text, None


def table_address(address: str, *, tls: bool) -> str:
    """``host:port`` as ``linko join`` takes it: ``wss://host:port`` when served over TLS."""
    return url("ws", address, tls=True) if tls else address


def reached_at(host: str, port: int) -> str:
    """``host:port`` as another machine reaches it: for a wildcard host, this machine's address
    on its network."""
    shown = network_address() if is_wildcard(host) else host
    return f"{host_in_url(shown)}:{port}"


def address_to_open(host: str, port: int) -> str:
    """The address to print, where a browser opens ``linko serve``."""
    return url("http", reached_at(host, port), tls=False)
