"""The network table: a decision to every screen beside hot-seat, and the table server alone.

**Screens** (the ``network:`` line). Real processes over loopback, as ``linko host`` and
``linko join`` run them: the host's process serves its table (aiohttp, saving after every change
as ``linko host`` does) in the same event loop as its own seat's
:class:`~linko.tui.network.NetworkApp`, and ``--clients`` more processes each join with a
``SeatClient`` and run a NetworkApp. Every app runs headless under Textual's ``run_test`` at
120x40, with the frame cap ``linko`` asks for. Every seat is a person's; the benchmark decides
for them in turn. The deciding screen's process works out the normal computer player's choice
from its seat's view and sets it up, untimed (the group chosen in the hand, or the dialog that is
already up), then presses the one key that makes the decision (Enter on the table, or the
dialog's key). The time runs from sending that key until every screen at the table, the
decider's included, has drawn the frame showing the new version of the game. Each process notes
``time.monotonic()`` (one clock for all processes on Linux) of every frame its app draws and the
version its table screen shows then; once a version has arrived it waits for the app to be idle
(Textual's ``pilot.pause``), and the last frame of that version before idle is the one showing
it, as ``benchmarks/tui.py`` times a key. A decision's figure is the latest of those frames over
the screens. The moments on the way are printed too: the decision handed to the RemoteTable, put
on the socket, taken in and applied by the host, taken in by the last screen, the latest
screen's first frame, and the CPU time a screen spends on an update.

Beside it, in the same run, a hot-seat ``linko play --players 4`` app in a process of its own
makes decisions the same way (the same choice, set-up and key), timed from the key to its last
frame before idle, in batches that alternate with the network's so drift hits both alike. After
most hot-seat decisions that frame is the hand-off (the table is drawn when the next player
presses Enter, which is timed and printed apart), where every network screen draws what the
decision changed on its table (the log, the header, the seats that changed; the player's own
place as well where the seat to decide comes or goes): compare with that in mind. And every
screen here shares this machine's cores (after each decision 3 or 4 apps draw at once, where
players would each have a machine), so on two cores the network figure includes waiting for a
core; ``--clients 1`` shows how much.

**Server** (the ``server:`` line). ``linko host --headless --players 4 --pace 0`` as a
subprocess with its own ``LINKO_HOME`` (it saves after every change, as it does for real),
serving one table more than ``--tables``. The first table is played alone, whole, by 4 clients;
then the other ``--tables`` are played at once, whole matches of ``--rounds`` rounds, by 4
clients each in two processes. Each client is a ``SeatClient`` whose normal computer player
decides from its ``RemoteTable`` as soon as it may: every table plays flat out, and the figures
are those of a saturated machine. A decision's round trip runs from ``RemoteTable.apply`` (the
Decide sent) to the client's table having taken in the Update with the new version, so it
includes the clients' own reading of the messages, on the same two cores as the server; the
server's CPU time a decision (``/proc/PID/stat``) is its cost alone. Decisions per second are
from the first decision sent to the last answer. Memory is the server's VmRSS from ``/proc``:
before anybody joined, after the one table's match, and after all of them (every match over and
kept, as a host keeps them); a table's share is the growth divided by ``--tables``. Then a new
server and ``--tables`` fresh tables play one round at a person's pace, every client thinking
``--think`` ms on average (uniformly from 0 to twice that) before each decision: the latency
players would meet, off saturation.

    .venv/bin/python benchmarks/net.py              # a few minutes
    .venv/bin/python benchmarks/net.py --quick      # about half a minute
    .venv/bin/python benchmarks/net.py --only screens --clients 1 --decisions 100
    .venv/bin/python benchmarks/net.py --only server --rounds 5 --think 0
    .venv/bin/python benchmarks/net.py --only server --profile-server /tmp/server.prof

The result lines read ``network: ...`` and ``server: ...``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import os
import random
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from tui import SIZE, percentile  # benchmarks/tui.py: the same screen size and percentiles

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
#: The longest match there is: the screens' and the hot-seat's match never ends mid-run.
LONG_MATCH = 20
#: A step of the benchmark that takes longer than this has stalled.
STEP_TIMEOUT = 60.0
SCREENS_TARGET_MS = 10.0
LATENCY_TARGET_MS = 100.0
MEMORY_TARGET_MIB = 5.0
#: A hot-seat key that is no decision: Enter on the hand-off, which shows the table.
HAND_OFF = "hand-off"


# --- the child processes, from the benchmark's side ------------------------------------------


def _die_with_parent() -> None:
    """In a child, before it runs: SIGTERM when the benchmark dies, however it dies (Linux)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Child:
    """A process the benchmark started: JSON lines in on its stdin, JSON lines out on its stdout,
    its stderr in a log file (shown if it fails)."""

    def __init__(
        self, name: str, process: asyncio.subprocess.Process, log: Path, grace: float
    ) -> None:
        self.name = name
        self.process = process
        self.log = log
        #: Seconds it has to end on its own once its stdin is closed.
        self.grace = grace

    @classmethod
    async def start(
        cls,
        name: str,
        command: Sequence[str],
        env: dict[str, str],
        logs: Path,
        *,
        grace: float = 5.0,
    ) -> Child:
        log = logs / f"{name}.log"
        with log.open("wb") as errors:
            process = await asyncio.create_subprocess_exec(
                *command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=errors,
                env=env,
                start_new_session=True,  # Ctrl+C reaches the benchmark, which stops the children
                preexec_fn=_die_with_parent,
                limit=64 * 1024 * 1024,  # a report of every latency is one long line
            )
        child = cls(name, process, log, grace)
        CHILDREN.append(child)
        return child

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, **message: Any) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message) + "\n").encode())

    async def receive(self, timeout: float = STEP_TIMEOUT) -> dict[str, Any]:
        """The child's next report; a SystemExit showing its log if it stops or stalls."""
        assert self.process.stdout is not None
        try:
            line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        except TimeoutError:
            self.fail(f"sent nothing for {timeout:.0f} s")
        if not line:
            await self.process.wait()
            self.fail(f"stopped (exit status {self.process.returncode})")
        return json.loads(line)  # type: ignore[no-any-return]

    async def line(self, timeout: float = STEP_TIMEOUT) -> str:
        """The child's next line of plain text (``linko host`` prints its own)."""
        assert self.process.stdout is not None
        try:
            line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        except TimeoutError:
            self.fail(f"printed nothing for {timeout:.0f} s")
        if not line:
            await self.process.wait()
            self.fail(f"stopped (exit status {self.process.returncode})")
        return line.decode().rstrip("\n")

    def fail(self, why: str) -> NoReturn:
        tail = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
        raise SystemExit(f"{self.name} {why}\n{tail}")

    async def stop(self) -> None:
        """Close its stdin (a child of this file then ends on its own) and give it its grace;
        then SIGTERM (``linko host`` says goodbye and stops), then SIGKILL."""
        process = self.process
        if process.stdin is not None:
            with contextlib.suppress(Exception):
                process.stdin.close()
        for signum in (None, signal.SIGTERM, signal.SIGKILL):
            if signum is not None:
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(signum)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), self.grace if signum is None else 10.0)
            if process.returncode is not None:
                break
        if self in CHILDREN:
            CHILDREN.remove(self)


#: Every child still running: stopped when the benchmark ends, however it ends.
CHILDREN: list[Child] = []


async def stop_children() -> None:
    await asyncio.gather(*(child.stop() for child in list(CHILDREN)))


def child_command(kind: str, **options: Any) -> list[str]:
    """This file run as a child of ``kind``, with its options as JSON."""
    return [sys.executable, str(Path(__file__).resolve()), "--child", kind, json.dumps(options)]


def child_env(home: Path) -> dict[str, str]:
    """The children's environment: saves and remembered seats in ``home``, never the user's."""
    return {**os.environ, "LINKO_HOME": str(home), "PYTHONUNBUFFERED": "1"}


# --- the child processes, from their own side --------------------------------------------------

#: A child's reports go to its original stdout; anything else printed goes to stderr.
_REPORTS = 1


def take_stdout() -> None:
    """Keep the real stdout for reports, and send anything printed (Textual too) to stderr."""
    global _REPORTS
    _REPORTS = os.dup(1)
    os.dup2(2, 1)


def report(**message: Any) -> None:
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(_REPORTS, data) :]


async def commands() -> asyncio.StreamReader:
    """The benchmark's commands to this child, a JSON object a line on stdin."""
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


# --- screens: what each app draws, and the one key of a decision ------------------------------


class FrameLog:
    """Every frame ``app`` draws: when (``time.monotonic``) and the version its table shows."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.frames: list[tuple[float, int]] = []
        from linko.tui.frames import on_each_frame

        on_each_frame(app, lambda _frame: self.frames.append((time.monotonic(), self.version())))

    def table(self) -> Any:
        from linko.tui.screens.table import TableScreen

        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def version(self) -> int:
        """The version of the game the table screen shows (-1: no table yet)."""
        table = self.table()
        return table._view_version if table is not None else -1

    def span(self, version: int) -> tuple[float, float] | None:
        """The first and last frames drawn showing ``version``; older frames are forgotten."""
        self.frames = [frame for frame in self.frames if frame[1] >= version]
        times = [when for when, shown in self.frames if shown == version]
        return (times[0], times[-1]) if times else None


async def decision_key(app: Any, pilot: Any, action: Any) -> str:
    """Set ``action`` up on the screen on top, untimed, and return the key that makes it: a
    dialog's key for its choice, or Enter with the group chosen in the hand."""
    from linko.engine import Play
    from linko.tui.dialogs import QuestionDialog
    from linko.tui.screens.table import TableScreen
    from linko.tui.widgets.hand import Selection

    screen = app.screen
    if isinstance(screen, QuestionDialog):
        for choice in screen.question.choices:
            if choice.enabled and choice.result == action:
                return str(choice.key)
    elif isinstance(screen, TableScreen) and isinstance(action, Play):
        group = action.group
        screen._choose(Selection(group.number, group.count, group.jokers))
        await pilot.pause()
        return "enter"
    raise SystemExit(f"no key makes {action!r} on {type(screen).__name__}")


def normal_choice(view: Any, seed: int, number: int) -> Any:
    """The normal computer player's choice for ``view``, its randomness fixed by ``number``."""
    from linko.bots import NormalBot, bot_rng

    return NormalBot().choose(view, bot_rng(seed, view.seat or 0, number))


# --- a screen at the network table (a child) --------------------------------------------------


#: In the host's process: when the table took in the decision that made each version, and when
#: it had applied it and queued every screen's message.
HOST_MOMENTS: dict[int, tuple[float, float]] = {}
#: In a joined screen's process: when it last began writing a message to the host's socket.
LAST_SENT = [0.0]
#: In a screen's process: when its table screen last gave the remote table a decision.
LAST_APPLIED = [0.0]


def time_the_decisions(remote: Any) -> None:
    """Note when the screen hands the remote table a decision (see :data:`LAST_APPLIED`)."""
    apply = remote.apply

    def timed(*args: Any, **kwargs: Any) -> None:
        LAST_APPLIED[0] = time.monotonic()
        apply(*args, **kwargs)

    remote.apply = timed


def time_the_host(table: Any) -> None:
    """Note the moments of each decision the table takes in (see :data:`HOST_MOMENTS`)."""
    receive = table.receive

    def timed(peer: Any, message: Any) -> None:
        start, before = time.monotonic(), table.at
        receive(peer, message)
        if table.at != before:
            HOST_MOMENTS[table.at] = (start, time.monotonic())

    table.receive = timed


def time_the_sends(client: Any) -> None:
    """Note when the client writes to its socket (see :data:`LAST_SENT`)."""
    ws = client._connection.ws
    send_str = ws.send_str

    async def timed(data: str, *args: Any, **kwargs: Any) -> None:
        LAST_SENT[0] = time.monotonic()
        await send_str(data, *args, **kwargs)

    ws.send_str = timed


async def open_host_screen(options: dict[str, Any]) -> tuple[Any, Any, Callable[[], Any]]:
    """What ``linko host`` opens: the table served on a free loopback port and saved, and the
    host's own app at seat 0; the table deals once every seat is taken."""
    from linko.cli.host import HostOptions, new_hosting
    from linko.config import make_config
    from linko.net.local import host_screen
    from linko.saves import SaveFolder
    from linko.tui.network import HostSide, NetworkApp

    config = make_config(
        players=options["players"], seed=options["seed"], rounds=LONG_MATCH, pace=0
    )
    folder = SaveFolder(Path(os.environ["LINKO_HOME"]) / "saves")
    hosting = new_hosting(config, "Ann", HostOptions("127.0.0.1", 0), folder)
    table = hosting.tables[0]
    table.auto_start = True
    time_the_host(table)
    await hosting.start()
    remote, _ = host_screen(table)
    app = NetworkApp(remote, host_side=HostSide(hosting, table), animations=False, input_guard=0.0)
    report(event="serving", port=hosting.port, code=table.code)
    return app, remote, hosting.stop


async def open_joined_screen(options: dict[str, Any]) -> tuple[Any, Any, Callable[[], Any]]:
    """What ``linko join`` opens: a seat taken over the socket, and its app."""
    from linko.net.client import SeatClient
    from linko.net.protocol import Hello
    from linko.tui.network import NetworkApp

    client = SeatClient("127.0.0.1", options["port"], Hello(options["code"], name=options["name"]))
    await client.join()
    time_the_sends(client)
    app = NetworkApp(
        client.remote, client=client, come_back="linko join", animations=False, input_guard=0.0
    )
    return app, client.remote, client.close


async def run_screen(options: dict[str, Any]) -> None:
    """One seat's app: report each version its table shows, decide when told."""
    from linko.tui.run import use_frame_rate

    use_frame_rate()  # as linko does, before Textual is imported
    from linko.tui.frames import run_with_frames

    opener = open_host_screen if options["host"] else open_joined_screen
    app, remote, close = await opener(options)
    time_the_decisions(remote)
    frames = FrameLog(app)
    reader = await commands()
    try:
        async with run_with_frames(app, SIZE) as pilot:
            follower = Follower(app, pilot, remote, frames)
            following = asyncio.create_task(follower.follow())
            while line := await reader.readline():
                command = json.loads(line)
                if command["cmd"] == "decide":
                    await decide(app, pilot, remote, options["seed"])
                elif command["cmd"] == "next_round":
                    await press_on(app, pilot, remote)
            following.cancel()
    finally:
        await close()


class Follower:
    """Reports each version of the game this screen's table shows, once the app is idle after
    it: when the host's message arrived, the first and last frames that showed it, and what
    this seat waits for."""

    def __init__(self, app: Any, pilot: Any, remote: Any, frames: FrameLog) -> None:
        self.app, self.pilot, self.remote, self.frames = app, pilot, remote, frames
        self.changed = asyncio.Event()
        self.changed.set()  # the cards may have been dealt already
        self.arrived: dict[int, float] = {}
        self.cpu_at_arrival: dict[int, float] = {}
        remote.watch(self.note)

    def note(self) -> None:
        """The remote table took in a message (called inside the client's receive)."""
        self.arrived.setdefault(self.remote.at, time.monotonic())
        self.cpu_at_arrival.setdefault(self.remote.at, time.process_time())
        self.changed.set()

    async def shown(self) -> bool:
        """Wait for the table screen to show the remote's version (it is made, and syncs, in
        messages of its own); False if it never does."""
        for _ in range(100):
            table = self.frames.table()
            if table is not None and self.remote.started and table._view_version == self.remote.at:
                return True
            await asyncio.sleep(0.02)
            await self.pilot.pause()
        return False

    async def follow(self) -> None:
        reported = 0
        remote = self.remote
        while True:
            await self.changed.wait()
            self.changed.clear()
            await self.pilot.pause()
            if not await self.shown() or remote.at == reported:
                continue
            reported = at = remote.at
            view = remote.view()
            span = self.frames.span(at)
            received, told = HOST_MOMENTS.get(at, (None, None))
            cpu = time.process_time() - self.cpu_at_arrival.get(at, time.process_time())
            report(
                event="shown",
                at=at,
                cpu=cpu * 1000,
                received=received,
                told=told,
                arrived=self.arrived.get(at),
                first=span[0] if span else None,
                last=span[1] if span else None,
                must_act=view.must_act,
                round_end=view.outcome is not None,
                over=view.outcome is not None and remote.round_number >= remote.rounds,
            )


async def decide(app: Any, pilot: Any, remote: Any, seed: int) -> None:
    """This seat's decision: set up untimed, then the one key, timed from just before it."""
    view = remote.view()
    action = normal_choice(view, seed, remote.at)
    key = await decision_key(app, pilot, action)
    at = remote.at
    start = time.monotonic()
    await pilot.press(key)
    sent = LAST_SENT[0] if LAST_SENT[0] >= start else None
    applied = LAST_APPLIED[0] if LAST_APPLIED[0] >= start else None
    kind = view.decision_kind.name
    report(event="pressed", at=at, start=start, applied=applied, sent=sent, key=key, kind=kind)


async def press_on(app: Any, pilot: Any, remote: Any) -> None:
    """The host starts the next round for everybody (n on the round's end)."""
    from linko.tui.screens.results import ResultsScreen

    if isinstance(app.screen, ResultsScreen):
        await pilot.press("n")
    else:
        remote.next_round()


# --- the hot-seat app (a child) ----------------------------------------------------------------


async def run_hot_seat(options: dict[str, Any]) -> None:
    """``linko play --players 4``: make the decisions asked for, report each one's time."""
    from linko.tui.run import use_frame_rate

    use_frame_rate()
    from linko.config import make_config
    from linko.tui.app import LinkoApp
    from linko.tui.frames import run_with_frames

    seed = options["seed"]
    config = make_config(players=4, seed=seed, rounds=LONG_MATCH)
    app = LinkoApp(config, animations=False, input_guard=0.0)
    frames = FrameLog(app)
    reader = await commands()
    async with run_with_frames(app, SIZE) as pilot:
        await pilot.pause()
        while line := await reader.readline():
            count = json.loads(line)["decisions"]
            report(
                event="played", decisions=await hot_seat_decisions(app, pilot, frames, seed, count)
            )


async def timed_press(pilot: Any, frames: FrameLog, key: str) -> float:
    """Milliseconds from sending ``key`` to the last frame the app draws before it is idle."""
    frames.frames.clear()
    start = time.monotonic()
    await pilot.press(key)
    await pilot.pause()
    if not frames.frames:
        raise SystemExit(f"the hot-seat key {key!r} drew no frame")
    return (frames.frames[-1][0] - start) * 1000


async def hot_seat_decisions(
    app: Any, pilot: Any, frames: FrameLog, seed: int, count: int
) -> list[dict[str, Any]]:
    """``count`` decisions, each timed from its key to the last frame before idle, and what
    came up then; a hand-off's Enter is timed too (apart), the drawn cards' and a round end's
    keys are not."""
    from linko.engine import seat_view
    from linko.tui.screens.handoff import HandoffScreen
    from linko.tui.screens.results import ResultsScreen

    pressed: list[dict[str, Any]] = []
    while sum(press["kind"] != HAND_OFF for press in pressed) < count:
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            pressed.append({"ms": await timed_press(pilot, frames, "enter"), "kind": HAND_OFF})
            continue
        if isinstance(screen, ResultsScreen) or screen.has_class("-drawn"):
            await pilot.press("n" if isinstance(screen, ResultsScreen) else "enter")
            await pilot.pause()
            if app.screen is screen and isinstance(screen, ResultsScreen):
                raise SystemExit("the hot-seat match is over: ask for fewer decisions")
            continue
        session = app.session
        decision = session.pending
        view = seat_view(session.game, decision.seat)
        action = normal_choice(view, seed, session.version)
        key = await decision_key(app, pilot, action)
        ms = await timed_press(pilot, frames, key)
        then = "a hand-off" if isinstance(app.screen, HandoffScreen) else "no hand-off"
        pressed.append({"ms": ms, "kind": decision.kind.name, "then": then})
    return pressed


# --- the screens benchmark (the benchmark's side) ---------------------------------------------


#: The way of a decision, each moment in ms from its key (see :func:`moments`).
STAGES = (
    "the screen hands the decision to its RemoteTable",
    "sent on the socket (joined screens)",
    "the host has it",
    "applied, every screen's message queued",
    "the last screen has it",
    "the latest screen's first frame",
    "the decider's last frame",
)


@dataclass(frozen=True)
class Timed:
    """One network decision: from its key to the latest screen's last frame (the figure), the
    moments on the way, how many screens drew it, and its kind."""

    ms: float
    moments: dict[str, float | None]
    screens: int
    kind: str
    #: The median over the screens of the CPU time each spent from the message to idle.
    cpu_ms: float


def moments(pressed: dict[str, Any], after: dict[str, dict[str, Any]], decider: str) -> Timed:
    """A decision's figures from the decider's report of its key and every screen's report of
    the version it made."""
    start = pressed["start"]

    def since(when: float | None) -> float | None:
        return None if when is None else (when - start) * 1000

    drawn = [report for report in after.values() if report["last"] is not None]
    cpu = sorted(report["cpu"] for report in after.values())
    host = next(report for report in after.values() if report["received"] is not None)
    values = (
        pressed["applied"],
        pressed["sent"],
        host["received"],
        host["told"],
        max(report["arrived"] for report in after.values()),
        max(report["first"] for report in drawn),
        after[decider]["last"],
    )
    last = since(max(report["last"] for report in drawn))
    assert last is not None
    return Timed(
        last,
        dict(zip(STAGES, map(since, values), strict=True)),
        len(drawn),
        pressed["kind"],
        cpu[len(cpu) // 2],
    )


@dataclass
class Table:
    """The screens' processes at the network table and what each last showed."""

    host: Child
    screens: list[Child]
    shown: dict[str, dict[str, Any]] = field(default_factory=dict)

    async def all_shown(self, after: int) -> dict[str, dict[str, Any]]:
        """Wait for every screen to report a version later than ``after``."""
        for child in self.screens:
            while self.shown.get(child.name, {}).get("at", 0) <= after:
                await self.receive(child)
        versions = {shown["at"] for shown in self.shown.values()}
        if len(versions) != 1:
            raise SystemExit(f"the screens show different versions: {sorted(versions)}")
        return self.shown

    async def receive(self, child: Child) -> dict[str, Any]:
        """``child``'s next report; a version shown is noted as it comes."""
        message = await child.receive()
        if message["event"] == "shown":
            self.shown[child.name] = message
        return message

    @property
    def at(self) -> int:
        return next(iter(self.shown.values()))["at"] if self.shown else 0


async def open_table(players: int, seed: int, env: dict[str, str], logs: Path) -> Table:
    """The host's process and a process for each other seat, joined; the cards dealt."""
    host = await Child.start(
        "host screen", child_command("screen", host=True, players=players, seed=seed), env, logs
    )
    serving = await host.receive()
    screens = [host]
    for seat in range(1, players):
        options = {
            "host": False,
            "port": serving["port"],
            "code": serving["code"],
            "name": NAMES[seat],
            "seed": seed,
        }
        screens.append(
            await Child.start(f"screen {seat}", child_command("screen", **options), env, logs)
        )
    table = Table(host, screens)
    await table.all_shown(0)
    return table


async def network_decisions(table: Table, count: int) -> list[Timed]:
    """``count`` decisions made in turn, each timed to every screen's frame showing it."""
    made: list[Timed] = []
    while len(made) < count:
        shown = table.shown
        at = table.at
        if any(report["over"] for report in shown.values()):
            raise SystemExit("the network match is over: ask for fewer decisions")
        if any(report["round_end"] for report in shown.values()):
            table.host.send(cmd="next_round")
            await table.all_shown(at)
            continue
        deciders = [child for child in table.screens if shown[child.name]["must_act"]]
        if len(deciders) != 1:
            raise SystemExit(f"{len(deciders)} screens must decide at version {at}")
        decider = deciders[0]
        decider.send(cmd="decide")
        while (pressed := await table.receive(decider))["event"] != "pressed":
            pass
        made.append(moments(pressed, await table.all_shown(at), decider.name))
    return made


async def hot_seat_batch(hot_seat: Child, count: int) -> list[dict[str, Any]]:
    """``count`` hot-seat decisions, and the hand-offs' Enter between them."""
    hot_seat.send(decisions=count)
    message = await hot_seat.receive(STEP_TIMEOUT * 5)
    return message["decisions"]  # type: ignore[no-any-return]


def spread(values: Sequence[float]) -> str:
    return f"p50 {percentile(values, 0.5):.0f} ms, p95 {percentile(values, 0.95):.0f} ms"


async def screens_benchmark(args: argparse.Namespace, home: Path) -> None:
    """The network table's decisions beside hot-seat's, alternating in batches."""
    env = child_env(home)
    players = args.clients + 1
    started = time.monotonic()
    table, hot_seat = await asyncio.gather(
        open_table(players, args.seed, env, home),
        Child.start("hot-seat", child_command("hot-seat", seed=args.seed), env, home),
    )
    print(f"  {players} screens at the network table, dealt in {time.monotonic() - started:.1f} s")
    network: list[Timed] = []
    hot: list[dict[str, Any]] = []
    batches = -(-args.decisions // args.batch)
    for index in range(batches):
        count = min(args.batch, args.decisions - index * args.batch)
        order = ["network", "hot-seat"] if index % 2 == 0 else ["hot-seat", "network"]
        for side in order:
            if side == "network":
                network += await network_decisions(table, count)
            else:
                hot += await hot_seat_batch(hot_seat, count)
    await asyncio.gather(*(child.stop() for child in (*table.screens, hot_seat)))
    screens_report(network, hot, players)


def screens_report(
    network: Sequence[Timed], pressed: Sequence[dict[str, Any]], players: int
) -> None:
    mine = [timed.ms for timed in network]
    hot = [press["ms"] for press in pressed if press["kind"] != HAND_OFF]
    hand_offs = [press["ms"] for press in pressed if press["kind"] == HAND_OFF]
    parts = [
        f"then {then} {spread(values)} ({len(values)})"
        for then in ("a hand-off", "no hand-off")
        if (values := [press["ms"] for press in pressed if press.get("then") == then])
    ]
    if hand_offs:
        parts.append(f"Enter on the hand-off to the table {spread(hand_offs)} ({len(hand_offs)})")
    print(f"  hot-seat decision to frame: {'; '.join(parts)}")
    missing = sum(players - timed.screens for timed in network)
    print("  network, from the key to:")
    for stage in STAGES:
        values = [value for timed in network if (value := timed.moments[stage]) is not None]
        if values:
            print(f"    {stage}: {spread(values)}")
    kinds: dict[str, list[float]] = {}
    for timed in network:
        kinds.setdefault(timed.kind, []).append(timed.ms)
    print(
        "  network by decision: "
        + ", ".join(
            f"{kind.lower()} {spread(values)} ({len(values)})"
            for kind, values in sorted(kinds.items())
        )
    )
    print(
        "  network, CPU time a screen spends from the host's message to idle (median screen): "
        f"{spread([timed.cpu_ms for timed in network])}"
    )
    if missing:
        print(f"  {missing} times a screen drew nothing new for a decision (not counted)")
    difference = percentile(mine, 0.95) - percentile(hot, 0.95)
    met = "met" if difference <= SCREENS_TARGET_MS else "NOT met"
    print(
        f"network: decision to every screen {spread(mine)}; hot-seat decision to frame "
        f"{spread(hot)}; p95 difference {difference:.0f} ms (target <= {SCREENS_TARGET_MS:.0f} "
        f"ms: {met}) [{len(mine)} decisions, {players} screens; hot-seat {len(hot)}]",
        flush=True,
    )


# --- the server's players (a child) -------------------------------------------------------------


@dataclass
class Tally:
    """The round trips of a players' process, and when the first left and the last came back."""

    latencies: list[float] = field(default_factory=list)
    first: float = float("inf")
    last: float = 0.0
    refused: int = 0


@dataclass
class Player:
    """A client at one seat whose normal computer player decides as soon as it may (after a
    think time when asked), timing each decision's round trip."""

    client: Any
    seed: int
    think: float
    rng: random.Random
    tally: Tally
    sent: tuple[int, float] | None = None
    scheduled: bool = False
    done: bool = False

    def changed(self) -> None:
        """The client's table took in a message: time the answer, then act (soon)."""
        remote = self.client.remote
        if self.sent is not None:
            at, when = self.sent
            if remote.at != at:
                now = time.monotonic()
                self.tally.latencies.append(now - when)
                self.tally.last = now
                self.sent = None
            elif remote.settled:  # refused: the host answered with an error
                self.tally.refused += 1
                self.sent = None
        if not self.scheduled and self.sent is None:
            self.scheduled = True
            loop = asyncio.get_running_loop()
            if self.think > 0:
                loop.call_later(self.rng.uniform(0, 2 * self.think), self.act)
            else:
                loop.call_soon(self.act)

    def act(self) -> None:
        self.scheduled = False
        remote = self.client.remote
        if not remote.started or not remote.settled or self.done:
            return
        view = remote.view()
        if view.outcome is not None:
            if remote.round_number >= remote.rounds:
                self.done = True
            elif remote.round_end() is not None:
                remote.next_round()
            return
        if view.must_act:
            action = normal_choice(view, self.seed, remote.at)
            self.sent = (remote.at, time.monotonic())
            self.tally.first = min(self.tally.first, self.sent[1])
            remote.apply(action)


async def run_players(options: dict[str, Any]) -> None:
    """Four clients at each table named, playing every match to its end; one report."""
    from linko.net.client import SeatClient
    from linko.net.protocol import Hello

    cpu = time.process_time()
    tally = Tally()
    players: list[Player] = []
    rng = random.Random(options["seed"])
    for code in options["codes"]:
        for name in NAMES[:4]:
            client = SeatClient("127.0.0.1", options["port"], Hello(code, name=name))
            player = Player(client, options["seed"], options["think"] / 1000, rng, tally)
            client.remote.watch(player.changed)
            players.append(player)
            await client.join()
    deadline = time.monotonic() + options["timeout"]
    closed = asyncio.create_task((await commands()).read())  # the benchmark went away
    while not all(player.done for player in players) and time.monotonic() < deadline:
        if closed.done():
            return
        await asyncio.sleep(0.05)
    cpu = time.process_time() - cpu
    for player in players:
        await player.client.close()
    report(
        latencies=tally.latencies,
        first=tally.first,
        last=tally.last,
        done=sum(player.done for player in players),
        players=len(players),
        refused=tally.refused,
        cpu=cpu,
    )


# --- the server benchmark (the benchmark's side) -------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def status_kib(pid: int, field_name: str) -> int:
    """A ``/proc/PID/status`` figure in KiB (VmRSS, VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field_name}:"):
            return int(line.split()[1])
    raise SystemExit(f"no {field_name} for process {pid}")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def start_server(
    args: argparse.Namespace, home: Path, tables: int, rounds: int, profile: Path | None = None
) -> tuple[Child, int, list[str]]:
    """``linko host --headless`` on a free loopback port (under cProfile into ``profile``);
    the port, and the join codes it printed."""
    port = free_port()
    linko = [sys.executable, "-m", "linko"]
    if profile is not None:
        linko = [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "linko"]
    options = {
        "--tables": tables,
        "--players": 4,
        "--pace": 0,
        "--rounds": rounds,
        "--seed": args.seed,
        "--host": "127.0.0.1",
        "--port": port,
    }
    command = [
        *linko,
        "host",
        "--headless",
        *(str(item) for pair in options.items() for item in pair),
    ]
    server = await Child.start("server", command, child_env(home), home, grace=0.0)
    codes: list[str] = []
    while "serving" not in (line := await server.line()):
        if "--code " in line:
            codes.append(line.rsplit("--code ", 1)[1].strip())
    return server, port, codes


@dataclass(frozen=True)
class Played:
    """What the players' processes of one phase reported: every round trip in ms, the seconds
    from the first decision sent to the last answer, the clients that saw their match end, the
    decisions refused, and the players' CPU seconds."""

    latencies: list[float]
    seconds: float
    done: int
    players: int
    refused: int
    cpu: float

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds


async def play(
    codes: Sequence[str],
    port: int,
    args: argparse.Namespace,
    home: Path,
    *,
    processes: int,
    think: float = 0.0,
) -> Played:
    """Every table of ``codes`` played to its end by 4 clients each, in ``processes`` processes,
    each client thinking ``think`` ms on average before each decision."""
    parts = [list(codes[index::processes]) for index in range(processes)]
    children = [
        await Child.start(
            f"players {index + 1}",
            child_command(
                "players",
                port=port,
                codes=part,
                seed=args.seed + index,
                think=think,
                timeout=args.phase_timeout,
            ),
            child_env(home),
            home,
        )
        for index, part in enumerate(parts)
        if part
    ]
    reports = [await child.receive(args.phase_timeout + STEP_TIMEOUT) for child in children]
    await asyncio.gather(*(child.stop() for child in children))
    return Played(
        latencies=[value * 1000 for part in reports for value in part["latencies"]],
        seconds=max(part["last"] for part in reports) - min(part["first"] for part in reports),
        done=sum(part["done"] for part in reports),
        players=sum(part["players"] for part in reports),
        refused=sum(part["refused"] for part in reports),
        cpu=sum(part["cpu"] for part in reports),
    )


def latency_text(values: Sequence[float]) -> str:
    return (
        f"p50 {percentile(values, 0.5):.0f} ms p95 {percentile(values, 0.95):.0f} ms "
        f"p99 {percentile(values, 0.99):.0f} ms"
    )


async def sample_rss(pid: int, peak: list[int], stop: asyncio.Event) -> None:
    """Keep the largest VmRSS of process ``pid`` in ``peak[0]`` until ``stop``."""
    while not stop.is_set():
        with contextlib.suppress(OSError):
            peak[0] = max(peak[0], status_kib(pid, "VmRSS"))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.25)


@dataclass
class Memory:
    """The server's VmRSS in MiB: before anybody joined, after one table's match, after every
    table's, and the most it reached meanwhile."""

    baseline: float = 0.0
    one: float = 0.0
    every: float = 0.0
    peak: float = 0.0


def rss_mib(pid: int) -> float:
    return status_kib(pid, "VmRSS") / 1024


async def flat_out(args: argparse.Namespace, home: Path) -> tuple[Played, Memory, float]:
    """One table alone, then ``--tables`` at once, every client deciding at once; the tables'
    figures, the server's memory, and the share of one core the server used meanwhile."""
    tables = args.tables
    server, port, codes = await start_server(
        args, home, tables + 1, args.rounds, args.profile_server
    )
    memory = Memory()
    await asyncio.sleep(0.5)
    memory.baseline = rss_mib(server.pid)
    alone = await play(codes[:1], port, args, home, processes=1)
    memory.one = rss_mib(server.pid)
    print(
        f"  1 table alone: {alone.rate:.0f} decisions/s, {latency_text(alone.latencies)} "
        f"[{len(alone.latencies)} decisions]"
    )
    peak = [0]
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(server.pid, peak, stop))
    cpu_before, wall_before = cpu_seconds(server.pid), time.monotonic()
    played = await play(codes[1:], port, args, home, processes=2)
    server_cpu = cpu_seconds(server.pid) - cpu_before
    busy = server_cpu / (time.monotonic() - wall_before)
    stop.set()
    await sampler
    memory.every, memory.peak = rss_mib(server.pid), peak[0] / 1024
    await server.stop()  # SIGTERM: goodbyes, the last saves written, the profile
    per_decision = server_cpu / len(played.latencies) * 1000
    print(
        f"  {tables} tables at once: {len(played.latencies)} decisions in "
        f"{played.seconds:.1f} s; {played.done} of {played.players} clients saw their match "
        f"end; {played.refused} refused; slowest decision {max(played.latencies):.0f} ms"
    )
    print(
        f"  CPU: server {server_cpu:.1f} s ({busy * 100:.0f}% of a core), clients "
        f"{played.cpu:.1f} s; the server's CPU a decision {per_decision:.2f} ms (one core "
        f"would serve ~{1000 / per_decision:.0f} decisions/s)"
    )
    print(
        f"  memory: {memory.baseline:.1f} MiB before anybody joined, peak {memory.peak:.1f} MiB "
        f"while {tables} tables played"
    )
    return played, memory, busy


async def paced(args: argparse.Namespace, home: Path) -> Played:
    """``--tables`` fresh tables at once (a new server), one round each, every client thinking
    ``--think`` ms on average before each decision."""
    server, port, codes = await start_server(args, home, args.tables, 1)
    try:
        played = await play(codes, port, args, home, processes=2, think=args.think)
    finally:
        await server.stop()
    print(
        f"  {args.tables} tables at once, clients thinking {args.think:.0f} ms on average: "
        f"{played.rate:.0f} decisions/s, {latency_text(played.latencies)} "
        f"[{len(played.latencies)} decisions; slowest {max(played.latencies):.0f} ms]"
    )
    return played


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


async def server_benchmark(args: argparse.Namespace, home: Path) -> None:
    """The server alone: flat out (and its memory), then at a person's pace."""
    played, memory, _ = await flat_out(args, home)
    if args.profile_server:
        show_profile(args.profile_server)
    at_pace = await paced(args, home) if args.think > 0 else None
    tables = args.tables
    per_table = (memory.every - memory.one) / tables
    p99 = percentile(played.latencies, 0.99)
    pace = ""
    if at_pace is not None:
        pace_p99 = percentile(at_pace.latencies, 0.99)
        pace = (
            f"; at a person's pace (think {args.think:.0f} ms) {at_pace.rate:.0f} decisions/s, "
            f"{latency_text(at_pace.latencies)} ({met(pace_p99 <= LATENCY_TARGET_MS)})"
        )
    print(
        f"server: {tables} tables x 4 clients: {played.rate:.0f} decisions/s flat out, "
        f"{latency_text(played.latencies)} ({met(p99 <= LATENCY_TARGET_MS)}){pace} "
        f"(target p99 <= {LATENCY_TARGET_MS:.0f} ms); memory {memory.one:.1f} MiB with 1 "
        f"table, {memory.every:.1f} MiB with {tables + 1}: {per_table:.2f} MiB a table beyond "
        f"the first (target < {MEMORY_TARGET_MIB:.0f} MiB: {met(per_table < MEMORY_TARGET_MIB)})"
        f" [{args.rounds} round(s) a match]",
        flush=True,
    )


def show_profile(path: Path) -> None:
    import pstats

    print(f"  the server's profile ({path}), by own time:")
    pstats.Stats(str(path)).sort_stats("tottime").print_stats(12)


# --- main ----------------------------------------------------------------------------------------


def run_child(kind: str, options: dict[str, Any]) -> None:
    take_stdout()
    runner = {"screen": run_screen, "hot-seat": run_hot_seat, "players": run_players}[kind]
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(runner(options))


async def run(args: argparse.Namespace) -> None:
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    with tempfile.TemporaryDirectory(prefix="linko-net-") as folder:
        home = Path(folder)
        try:
            for part in ("screens", "server"):
                if args.only in (None, part):
                    started = time.monotonic()
                    benchmark = screens_benchmark if part == "screens" else server_benchmark
                    (home / part).mkdir()
                    await benchmark(args, home / part)
                    print(f"  [{part}: {time.monotonic() - started:.0f} s]", flush=True)
        finally:
            await stop_children()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer decisions and tables")
    parser.add_argument("--only", choices=("screens", "server"), help="run one of the two")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, help="timed decisions of each side (screens)")
    parser.add_argument("--batch", type=int, default=20, help="decisions a side takes in turn")
    parser.add_argument("--clients", type=int, default=3, help="joined screens besides the host")
    parser.add_argument("--tables", type=int, help="tables played at once (server)")
    parser.add_argument("--rounds", type=int, help="rounds of each match (server)")
    parser.add_argument(
        "--think", type=float, help="the paced server phase's mean think time, ms (0: no phase)"
    )
    parser.add_argument("--phase-timeout", type=float, default=600.0, help=argparse.SUPPRESS)
    parser.add_argument("--profile-server", type=Path, help="cProfile the server into this file")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        run_child(args.child[0], json.loads(args.child[1]))
        return
    if args.decisions is None:
        args.decisions = 40 if args.quick else 300
    if args.think is None:
        args.think = 50.0 if args.quick else 300.0
    if args.tables is None:
        args.tables = 20 if args.quick else 50
    if args.rounds is None:
        args.rounds = 1 if args.quick else 3
    if not 1 <= args.clients <= 4:
        parser.error("--clients must be from 1 to 4")
    if not 1 <= args.tables <= 99:
        parser.error("--tables must be from 1 to 99 (linko host serves 100 at most)")
    if not 1 <= args.rounds <= LONG_MATCH:
        parser.error(f"--rounds must be from 1 to {LONG_MATCH}")
    try:
        asyncio.run(run(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        raise SystemExit(130) from None  # every child stopped, the temporary folder removed


if __name__ == "__main__":
    main()
