"""Start-up: ``import calladventure`` against ``import typer``, ``calladventure --help`` against a bare Typer app.

Each is a fresh interpreter (the same Python, the same environment); the time is the child's
CPU time (``resource.getrusage(RUSAGE_CHILDREN)``, user + system), and the runs alternate with
their peer's, several times: the medians are reported, and the ratio is the median of the
per-round ratios. The bare Typer app is written here: two commands, Typer's defaults.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["BARE_APP", "bench_startup"]

BARE_APP = '''\
import typer

app = typer.Typer(help="A bare Typer app.")


@app.command()
def hello(name: str = "world") -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


@app.command()
def bye(name: str = "world") -> None:
    """Say goodbye."""
    typer.echo(f"bye {name}")


if __name__ == "__main__":
    app()
'''


def _child_cpu(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``argv``, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def _cli() -> list[str]:
    """How to run ``calladventure``: its console script in this environment, else the module."""
    script = Path(sys.executable).with_name("calladventure")
    if script.exists():
        return [str(script)]
    found = shutil.which("calladventure")
    if found:
        return [found]
    return [sys.executable, "-c", "from calladventure.cli import main; main()"]


def _pair(ours: list[str], peer: list[str], rounds: int) -> dict[str, float]:
    a_cpu, b_cpu, a_wall, b_wall = [], [], [], []
    _child_cpu(ours)  # warm the file cache and bytecode once
    _child_cpu(peer)
    for r in range(rounds):
        order = ((ours, a_cpu, a_wall), (peer, b_cpu, b_wall))
        for argv, cpus, walls in order if r % 2 == 0 else order[::-1]:
            c, w = _child_cpu(argv)
            cpus.append(c)
            walls.append(w)
    return {
        "ours_ms": statistics.median(a_cpu) * 1e3,
        "peer_ms": statistics.median(b_cpu) * 1e3,
        "ours_wall_ms": statistics.median(a_wall) * 1e3,
        "peer_wall_ms": statistics.median(b_wall) * 1e3,
        "ratio": statistics.median(a / b for a, b in zip(a_cpu, b_cpu, strict=True)),
    }


def bench_startup(rounds: int) -> dict[str, Any]:
    """``import calladventure`` vs ``import typer``; ``calladventure --help`` vs a bare Typer app's ``--help``."""
    python = sys.executable
    imports = _pair([python, "-c", "import calladventure"], [python, "-c", "import typer"], rounds)
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare_app.py"
        bare.write_text(BARE_APP, encoding="utf-8")
        helps = _pair([*_cli(), "--help"], [python, str(bare), "--help"], rounds)
    return {"import": imports, "help": helps}
