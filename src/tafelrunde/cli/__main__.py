"""`python -m tafelrunde.cli`: the same as the `tafelrunde` command."""

import sys

from tafelrunde.cli import main

sys.exit(main())
