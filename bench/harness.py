"""What the host measurements share: a real `coup host` in a process of its own, its CPU and memory read from /proc,
and percentiles."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

LOCALHOST = "127.0.0.1"
SSH_PER_ADDRESS = 6  # SSH connections from one loopback address (the host takes 8), each with one terminal
ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind((LOCALHOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class RunningHost:
    """A `coup host` process and its ports (ssh_port 0: no SSH door)."""

    process: subprocess.Popen[bytes]
    port: int
    ssh_port: int
    log: Path

    def processes(self) -> list[int]:
        """The host's pid and its children's (the SSH door runs in a process of its own)."""
        pids = [self.process.pid]
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
            pids += [int(pid) for pid in children.split()]
        return pids

    def rss_mib(self) -> float:
        """Resident memory of the host and its children, MiB."""
        return sum(rss_kib(pid) for pid in self.processes()) / 1024

    def cpu_seconds(self) -> float:
        """CPU time (user and system) the host and its children have used so far."""
        return sum(cpu_seconds(pid) for pid in self.processes())

    def stop(self) -> float:
        """SIGTERM the host; seconds until it has exited (killed after 30)."""
        started = time.perf_counter()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return time.perf_counter() - started


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (0 once it is gone)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """A process's user and system CPU seconds so far (0 once it is gone)."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    return 0.0


def start_host(folder: Path, ssh: bool = True) -> RunningHost:
    """A `coup host` on 127.0.0.1 whose computers answer at once, its data in folder, once it listens."""
    port, ssh_port = free_port(), (free_port() if ssh else 0)
    command = [sys.executable, "-m", "tui", "host", "--bind", LOCALHOST, "--port", str(port), "--no-lan"]
    command += ["--data", str(folder / "data"), "--bot-delay", "0"]
    command += ["--ssh-port", str(ssh_port)] if ssh else ["--no-ssh"]
    log = folder / "host.log"
    process = subprocess.Popen(command, cwd=ROOT, stdout=log.open("wb"), stderr=subprocess.STDOUT, env={**os.environ})
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"coup host exited: {log.read_text()[-2000:]}")
        with contextlib.suppress(OSError), socket.create_connection((LOCALHOST, ssh_port or port), timeout=0.5):
            return RunningHost(process, port, ssh_port, log)
        time.sleep(0.05)
    process.kill()
    raise RuntimeError("coup host did not start listening in time")


def percentile(values: list[float], share: float) -> float:
    """The value share of the way up values, sorted (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def ssh_login(port: int, number: int, name: str) -> asyncssh.SSHClientConnection:
    """Player number's SSH connection to the door at port, logged in as name by a key of its own, from loopback
    address 127.0.0.N: SSH_PER_ADDRESS players to an address (a player's one terminal to a connection)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    return await asyncssh.connect(
        LOCALHOST,
        port,
        username=name,
        local_addr=(f"127.0.0.{2 + number // SSH_PER_ADDRESS}", 0),
        known_hosts=None,
        config=None,
        agent_path=None,
        client_keys=[key],
    )
