"""An app process is tuned for serving once its application is loaded: the cycle collector
runs less often and skips what the start made, and a thread hands the interpreter over
every millisecond (a table phone's request does not wait long behind a page being made)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

PROBE = (
    "import gc, sys; import tafelrunde.web.asgi; "
    "print(sys.getswitchinterval(), gc.get_threshold(), gc.get_freeze_count() > 0)"
)


def test_an_app_process_is_tuned_for_serving(tmp_path: Path) -> None:
    env = os.environ | {"TAFELRUNDE_DATA": str(tmp_path)}
    env.pop("TAFELRUNDE_DATABASE_URL", None)
    said = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=60, check=True)  # fmt: skip
    assert said.stdout.split("\n")[-2] == "0.001 (20000, 20, 50) True", said.stderr
