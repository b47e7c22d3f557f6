"""The Schocken table's error type: the project's one `RuleError`."""

from tafelrunde.errors import RuleError

__all__ = ["RuleError"]
