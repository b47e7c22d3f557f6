"""Tafelrunde: tournament manager for dice, card and board game clubs."""

__version__ = "0.1.0"
