"""Statistical bounds shared by the simulator tests (fixed seeds; wide enough never to flake)."""

from __future__ import annotations

import math

SIGMAS = 5.0


def share_close(hits: int, n: int, p: float, *, sigmas: float = SIGMAS) -> bool:
    """Tell whether hits out of n agree with probability p within `sigmas` standard errors."""
    return abs(hits / n - p) <= sigmas * math.sqrt(p * (1 - p) / n)


def shares_agree(a: int, n: int, b: int, m: int, *, sigmas: float = SIGMAS) -> bool:
    """Tell whether two observed shares a/n and b/m agree (two-sample z with the pooled share)."""
    pooled = (a + b) / (n + m)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    return abs(a / n - b / m) <= sigmas * max(se, 1e-12)


def means_agree(
    mean_a: float,
    sd_a: float,
    n: int,
    mean_b: float,
    sd_b: float,
    m: int,
    *,
    sigmas: float = SIGMAS,
) -> bool:
    """Tell whether two sample means agree within `sigmas` standard errors of their difference."""
    return abs(mean_a - mean_b) <= sigmas * math.sqrt(sd_a**2 / n + sd_b**2 / m)
