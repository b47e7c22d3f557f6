"""The engine's error types: the project's one `RuleError`, and the refusal of a correction
that would change who went on."""

from tafelrunde.errors import RuleError
from tafelrunde.i18n import Message


class AdvancingChanged(RuleError):
    """A correction of a finished stage that changes who went on to `stage` (drawn already)."""

    def __init__(self, said: Message, *, field: str | None = None, stage: str = "") -> None:
        super().__init__(said, field=field)
        self.stage = stage


__all__ = ["AdvancingChanged", "RuleError"]
