"""Simulation: computer players play whole tournaments."""
