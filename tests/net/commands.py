"""What ``linko host`` would serve, made as its command line makes it, served by the test."""

from __future__ import annotations

import pytest

from linko.cli import host as cli_host
from linko.cli import main
from linko.cli.host import HostOptions
from linko.net.hosting import Hosting


def hosting_of(monkeypatch: pytest.MonkeyPatch, *argv: str) -> Hosting:
    """The hosting ``linko host ARGV`` would serve, made as the command line makes it."""
    made: list[Hosting] = []

    def keep(hosting: Hosting, options: HostOptions) -> int:
        made.append(hosting)
        return 0

    monkeypatch.setattr(cli_host, "run_host", keep)
    assert main(["host", *argv]) == 0
    (hosting,) = made
    return hosting
