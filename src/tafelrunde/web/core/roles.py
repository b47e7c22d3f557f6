"""Who a login is: the organisers (Turnierleitung, may everything) or a referee (Schiedsrichter).

The role is kept with Django's auth: a login in the group "referee" is a referee, every other
login an organiser (so a database from before the roles keeps its organisers).
"""

from __future__ import annotations

from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils.translation import gettext

from tafelrunde.engine import knockout as ko
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups import facts as group_facts
from tafelrunde.i18n import Message, msg

Role = Literal["organiser", "referee"]
ORGANISER: Role = "organiser"
REFEREE: Role = "referee"
ROLES: tuple[Role, ...] = (ORGANISER, REFEREE)
REFEREE_GROUP = "referee"
# the entries a referee records, and so may undo: results (also those entered, confirmed and
# decided at the table), roll-offs (also those entered and confirmed at the table), format D's
# game losers (and their corrections, and those entered, confirmed and decided at the table,
# as in formats A–C), Schock aus and donations
REFEREE_FACTS: tuple[type, ...] = (
    group_facts.Result,
    group_facts.TableEntered,
    group_facts.TableConfirmed,
    group_facts.TableDecided,
    group_facts.Rolloff,
    group_facts.RolloffEntered,
    group_facts.RolloffConfirmed,
    ko.GameLost,
    ko.TableLoserEntered,
    ko.TableLoserConfirmed,
    ko.TableLoserDecided,
    ko.SchockOut,
    ko.Donation,
)
_KEPT = "_tafelrunde_role"  # the role, kept on the user object for the rest of the request


def role_of(user: Any) -> Role | None:
    """The role of a login; None for somebody not logged in."""
    if not getattr(user, "is_authenticated", False):
        return None
    kept = getattr(user, _KEPT, None)
    if kept is None:
        kept = REFEREE if user.groups.filter(name=REFEREE_GROUP).exists() else ORGANISER
        setattr(user, _KEPT, kept)
    return kept


def with_role(user: Any, role: Role) -> Any:
    """The login with its role noted (found with the session's check), for the request."""
    if getattr(user, "is_authenticated", False):
        setattr(user, _KEPT, role)
    return user


def is_organiser(user: Any) -> bool:
    """Say whether a login is an organiser (may everything)."""
    return role_of(user) == ORGANISER


def is_staff(user: Any) -> bool:
    """Say whether a login is an organiser or a referee (may enter results)."""
    return role_of(user) is not None


def referee_may_undo(fact: Any) -> bool:
    """Say whether a referee may take this entry back (one of the kinds a referee records)."""
    return isinstance(fact, REFEREE_FACTS)


def referee_undo(fact: Any, words: Message) -> None:
    """Refuse a referee's undo of an entry of another kind (a draw, a player, the hall ...)."""
    if not referee_may_undo(fact):
        raise RuleError(
            msg("Only the organisers may undo this entry: {entry}", entry=words), field="undo"
        )


def role_name(role: str | None) -> str:
    """A role in words, in the active language."""
    if role == REFEREE:
        return gettext("Referee")
    return gettext("Organiser") if role == ORGANISER else ""


def set_role(user: Any, role: Role) -> None:
    """Give a login its role (inside the caller's transaction)."""
    group, _ = Group.objects.get_or_create(name=REFEREE_GROUP)
    if role == REFEREE:
        user.groups.add(group)
    else:
        user.groups.remove(group)
    setattr(user, _KEPT, role)


def organisers() -> Any:
    """Every organiser login (a query)."""
    return get_user_model().objects.exclude(groups__name=REFEREE_GROUP)


def context(request: Any) -> dict[str, Any]:
    """The role of whoever asks, for every page (the header names it); none on a page made
    before the login is known (a refused host name)."""
    role = role_of(getattr(request, "user", None))
    return {
        "role": role,
        "role_name": role_name(role),
        "organiser": role == ORGANISER,
        "staff": role is not None,
    }
