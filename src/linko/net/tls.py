"""TLS for a table served across the internet: the host's certificate, and what a screen trusts
(the system's certificates, or one file of its own for a self-signed one)."""

from __future__ import annotations

import ssl
from pathlib import Path

from linko.i18n import _
from linko.net.errors import NetworkError


class TlsError(NetworkError):
    """A certificate, key or trust file that cannot be used, in one line."""


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """What the host serves ``wss://`` and ``https://`` with; a :class:`TlsError` saying why
    when the files cannot be read or do not go together."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        # TRANSLATORS: {cert} and {key} are the files given with --tls-cert and --tls-key;
        # {reason} the system's words ("No such file or directory").
        message = _("cannot serve TLS with {cert} and {key}: {reason}")
        raise TlsError(message.format(cert=cert, key=key, reason=_reason(error))) from None
    return context


def client_context(cafile: Path | None = None) -> ssl.SSLContext:
    """What a screen trusts: the system's certificates, or only those in ``cafile``."""
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as error:
        # TRANSLATORS: {file} is the file given with --cafile; {reason} the system's words.
        message = _("cannot trust the certificates in {file}: {reason}")
        raise TlsError(message.format(file=cafile, reason=_reason(error))) from None


def _reason(error: OSError) -> str:
    """The system's words, without OpenSSL's source file and line."""
    if isinstance(error, ssl.SSLError):
        if error.reason and error.reason != "PEM_LIB":
            return str(error.reason).replace("_", " ").lower()
        # TRANSLATORS: why a certificate or key file cannot be used: PEM is their usual format.
        return _("not a PEM certificate and key")
    return error.strerror or str(error)
