"""States shared between requests are sealed: read only from then on.

A state the pages read (`read_only` in the store) is handed to every request thread that
asks while the tournament is unchanged; sealing it makes a change to it (a fact applied, an
attribute set) fail at once instead of changing what other requests show. What a state
keeps for itself (`kept`: its memo of what it found) is still filled in.
"""

from __future__ import annotations

from typing import Any


class SharedStateChanged(RuntimeError):
    """A sealed state was asked to change."""


class Sealed:
    """A state that can be sealed: after `seal()`, changing it raises."""

    def seal(self) -> None:
        """Make this state read only (and the parts it seals with it)."""
        self.__dict__["_sealed"] = True

    @property
    def sealed(self) -> bool:
        """Say whether the state is read only."""
        return bool(self.__dict__.get("_sealed"))

    def unsealed(self) -> None:
        """Refuse a change to a sealed state."""
        if self.__dict__.get("_sealed"):
            raise SharedStateChanged(f"a shared {type(self).__name__} is read only")

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute, unless the state is sealed."""
        if self.__dict__.get("_sealed"):
            raise SharedStateChanged(f"a shared {type(self).__name__} is read only: {name}")
        object.__setattr__(self, name, value)
