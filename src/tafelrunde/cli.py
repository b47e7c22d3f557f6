"""The `tafelrunde` command."""

from __future__ import annotations

import sys

from tafelrunde.presets import load_ruleset, preset_names


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    del argv
    for name in preset_names():
        print(name, "—", load_ruleset(name).name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
