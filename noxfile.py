"""Nox sessions: ``nox -s tests`` (fast tests), ``slow``, ``fuzz`` (hostile data files), ``lint``, ``types``, ``bench``, ``docs`` (the site, built strictly) and ``browser`` (Voilà in headless Chromium).

Each session installs what it needs into its own virtual environment, with the Python that runs
nox. ``nox`` alone runs tests, lint and types.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "lint", "types"]
nox.options.reuse_venv = "yes"


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite without the long random-play runs."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", "-q", "-m", "not slow", *session.posargs)


@nox.session
def slow(session: nox.Session) -> None:
    """Only the long random-play runs (marked ``slow``)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", "-q", "-m", "slow", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """The hostile-input corpus on the data files (``-- --count 20000 --seed 7`` for a longer run)."""
    session.install("-e", ".")
    session.run("python", "scripts/fuzz_files.py", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check on the whole repository."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def types(session: nox.Session) -> None:
    """mypy --strict on the package, and the import-linter layer contracts."""
    session.install("-e", ".[test]")
    session.run("mypy", "--strict", "calladventure")
    session.run("lint-imports")


@nox.session
def bench(session: nox.Session) -> None:
    """The paired benchmarks, peers included (pass ``-- --quick`` for a smoke run, ``-- --only odds`` for one part)."""
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session
def browser(session: nox.Session) -> None:
    """The real-browser test: Voilà serves a notebook, headless Chromium plays a turn in it.

    Needs Debian's Chromium (``apt-get install -y chromium``); Playwright never downloads a
    browser here. The screenshots are saved as ``artifacts/browser-turn.png`` (the game widget),
    ``artifacts/browser-scenario-stepper.png`` and ``artifacts/browser-score-card.png``; and, by
    the check that the pictures fit a notebook (``tests/browser/test_browser_fit.py``), for each
    width W of 900 and 1300: ``artifacts/browser-fit-game-widget-W.png``,
    ``artifacts/browser-fit-scenario-stepper-W.png``, ``artifacts/browser-fit-score-card-W.png``
    and ``artifacts/browser-fit-notebook-picture-W.png`` (artifacts/ is git-ignored).
    """
    session.install("-e", ".[browser]")
    session.run(
        "python",
        "-m",
        "pytest",
        "-q",
        "-m",
        "browser",
        "tests/browser",
        *session.posargs,
        env={"CALLADVENTURE_REQUIRE_BROWSER": "1"},
    )


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation site, built strictly into ``site/`` (any warning fails).

    First checks that the generated reference pages are current (``scripts/gen_docs.py``).
    """
    session.install("-e", ".[docs]")
    session.run("python", "scripts/gen_docs.py", "--check")
    session.run("mkdocs", "build", "--strict", "--site-dir", "site", env={"NO_MKDOCS_2_WARNING": "1"})
