"""Shared fixtures: one solver per session, and the `boggle` CLI to compare against."""

import os
import pathlib
import subprocess

import pytest

from boggle_explorer import Solver

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def solver():
    return Solver()


@pytest.fixture(scope="session")
def cli():
    """Runs the `boggle` CLI (BOGGLE_CLI, or target/release/boggle from `make native`)."""
    exe = pathlib.Path(os.environ.get("BOGGLE_CLI", ROOT / "target" / "release" / "boggle"))
    if not exe.is_file():
        pytest.skip(f"no CLI at {exe}: run `make native` first")

    def run(*args, check=True):
        r = subprocess.run([str(exe), *args], capture_output=True, text=True)
        if check:
            assert r.returncode == 0, r.stderr
        return r

    return run
