"""A self-signed certificate made for a test by the system's ``openssl`` (no Python package
for it is a dependency of linko's), for 127.0.0.1 and localhost."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path


def make_certificate(folder: Path, name: str = "linko") -> Certificate:
    """A new key and a certificate for it, valid for two days, in ``folder``; the test skips,
    saying why, where ``openssl`` is not installed."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("the openssl command is not installed: it makes the test's certificate")
    cert, key = folder / f"{name}-cert.pem", folder / f"{name}-key.pem"
    argv = [openssl, "req", "-x509", "-nodes", "-days", "2", "-subj", f"/CN={name}"]
    argv += ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
    argv += ["-keyout", str(key), "-out", str(cert)]
    argv += ["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"]  # modern TLS needs it
    subprocess.run(argv, check=True, capture_output=True, timeout=30)
    return Certificate(cert, key)
