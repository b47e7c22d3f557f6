"""Run every benchmark script in this folder and print their figures (`python3 make.py bench`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    """Run bench_*.py (or those named: `make.py bench web`) one after another; options pass to
    the scripts named, a value after `=` (`make.py bench hall --quick --seconds=30`)."""
    failed = 0
    chosen = [a for a in sys.argv[1:] if not a.startswith("-")]
    options = [a for a in sys.argv[1:] if a.startswith("-")] if chosen else []
    for script in sorted(HERE.glob("bench_*.py")):
        if chosen and script.stem.removeprefix("bench_") not in chosen:
            continue
        print(f"\n=== {script.name} ===", flush=True)
        done = subprocess.run([sys.executable, str(script), *options], check=False)
        failed += done.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
