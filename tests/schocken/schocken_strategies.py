"""Hypothesis strategies for Schocken tests (one module, reused by every property test)."""

from __future__ import annotations

from hypothesis import strategies as st

from tafelrunde.schocken.variants import Variants

NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz")

seats = st.integers(2, 5).map(lambda n: NAMES[:n])
seeds = st.integers(0, 2**32 - 1)
variants = st.builds(
    Variants,
    schock_doof=st.booleans(),
    max_throws=st.integers(1, 3),
    lids=st.sampled_from((5, 13)),
    turn_sixes=st.booleans(),
    opening_round=st.booleans(),
)
