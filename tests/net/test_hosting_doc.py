"""docs/hosting.md, followed literally, sets up a box that serves this repository's linko."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from linko.cli import build_parser

HOSTING = Path(__file__).parents[2] / "docs" / "hosting.md"


def service_section() -> str:
    text = HOSTING.read_text(encoding="utf-8")
    return text.split("## The box as a service", 1)[1].split("\n## ", 1)[0]


def install_commands(text: str) -> list[list[str]]:
    """Every ``pip install`` or ``pipx install`` the text gives, on a line of a block or
    between backticks (a span broken over two lines read whole), as its words."""
    blocks = re.findall(r"```\n(.*?)```", text, re.DOTALL)
    prose = re.sub(r"```\n.*?```", "", text, flags=re.DOTALL)
    lines = [line for block in blocks for line in block.splitlines()]
    lines += [span.replace("\n", " ") for span in re.findall(r"`([^`]+)`", prose)]
    commands = []
    for line in lines:
        if re.search(r"\bpipx? install\b", line):
            commands.append(shlex.split(line))
    return commands


def unit_exec_start() -> list[str]:
    (line,) = re.findall(r"^ExecStart=(.*)$", service_section(), re.MULTILINE)
    return shlex.split(line)


def test_every_install_line_installs_this_repository_as_the_services_user() -> None:
    commands = install_commands(HOSTING.read_text(encoding="utf-8"))
    service = install_commands(service_section())
    assert service, "the service section says how linko is installed"
    for words in commands:
        target = words[-1]
        # A path (a clone or a built wheel), never a name the package index would look up.
        assert target.startswith((".", "/", "~")), words
        assert "--user" not in words, words  # refused by Debian's pip
    for words in service:
        assert words[:3] == ["sudo", "-u", "linko"], words


def test_the_units_program_is_the_one_the_install_lines_put_in_place() -> None:
    program = unit_exec_start()[0]
    installs = [words for words in install_commands(service_section()) if words[3].endswith("/pip")]
    assert installs, "the service is installed with pip into a virtual environment"
    (pip,) = {words[3] for words in installs}
    assert program == str(Path(pip).parent / "linko")
    assert "User=linko" in service_section()


def test_the_unit_reopens_the_latest_box_and_fills_it_up_to_its_tables() -> None:
    """systemd runs no shell: the one line serves the first start and every restart."""
    program, *argv = unit_exec_start()
    args = build_parser().parse_args(argv)
    assert Path(program).name == "linko" and args.command == "host"
    assert args.headless and args.resume == "" and args.tables is not None and args.tables > 1
