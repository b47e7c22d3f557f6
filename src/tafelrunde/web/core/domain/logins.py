"""The logins of organisers and referees: add, change a role, remove; each in the audit log.

Every change runs with every login locked (SQLite: the write lock of the transaction), so
two organisers demoting each other at once cannot leave the club without an organiser.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import Logged, write_log
from tafelrunde.web.core.models import AuditEntry
from tafelrunde.web.core.roles import ORGANISER, REFEREE, REFEREE_GROUP, Role, role_of, set_role


def _added(role: Role, name: str) -> Message:
    """The log line of a new login."""
    if role == REFEREE:
        return msg("Login '{name}' added as referee", name=name)
    return msg("Login '{name}' added as organiser", name=name)


def _now(role: Role, name: str) -> Message:
    """The log line of a changed role."""
    if role == REFEREE:
        return msg("Login '{name}' is now a referee", name=name)
    return msg("Login '{name}' is now an organiser", name=name)


def _removed(name: str) -> Message:
    """The log line of a removed login."""
    return msg("Login '{name}' removed", name=name)


def _new_password(name: str) -> Message:
    """The log line of a password set on the command line."""
    return msg("New password for login '{name}'", name=name)


# the ids of this page's log lines
LOG_IDS = [m("").id for m in (_removed, _new_password)] + [
    f(r, "").id for f in (_added, _now) for r in (ORGANISER, REFEREE)
]


def _locked() -> list[Any]:
    """Every login, locked until the end of the transaction."""
    return list(get_user_model().objects.select_for_update().order_by("pk"))


def _organisers(users: list[Any]) -> list[Any]:
    """The organisers among the logins."""
    return [u for u in users if role_of(u) == ORGANISER]


def _log(by: Any, said: Message) -> None:
    """One line of the audit log (no tournament)."""
    write_log(None, by, Logged(said))


def keep_an_organiser(users: list[Any], target: Any) -> None:
    """Refuse to take the role away from the last organiser."""
    left = [u for u in _organisers(users) if u.pk != target.pk]
    if role_of(target) == ORGANISER and not left:
        raise RuleError(
            msg(
                "'{name}' is the last organiser; make another login an organiser first.",
                name=target.get_username(),
            ),
            field="role",
        )


def add_login(name: str, password: str, role: Role, by: Any = None) -> Any:
    """Make a login with this role; a name that exists is refused."""
    users = get_user_model()
    with transaction.atomic():
        _locked()
        if users.objects.filter(username__iexact=name).exists():
            raise RuleError(msg("The login '{name}' exists already.", name=name), field="name")
        user = users.objects.create_user(name, "", password)
        set_role(user, role)
        _log(by, _added(role, name))
    return user


def set_password_and_role(name: str, password: str, role: Role) -> tuple[Any, bool, bool]:
    """The command line's login: made, or given a new password and this role; return it,
    whether it was made and whether its role changed."""
    users = get_user_model()
    with transaction.atomic():
        everybody = _locked()
        user = next((u for u in everybody if u.get_username() == name), None)
        if user is None:
            return add_login(name, password, role), True, False
        changed = role_of(user) != role
        if changed and role == REFEREE:
            keep_an_organiser(everybody, user)
        user.set_password(password)
        user.save()
        set_role(user, role)
        _log(None, _new_password(name))
        if changed:
            _log(None, _now(role, name))
    return users.objects.get(pk=user.pk), False, changed


def change_role(pk: int, role: Role, by: Any) -> Any:
    """Give another login this role; an organiser keeps their own, the last one stays."""
    with transaction.atomic():
        everybody = _locked()
        user = _one(everybody, pk)
        if role_of(user) == role:
            return user  # the same click twice: nothing to do
        if user.pk == by.pk:
            raise RuleError(msg("You cannot change your own role."), field="role")
        if role == REFEREE:
            keep_an_organiser(everybody, user)
        set_role(user, role)
        _log(by, _now(role, user.get_username()))
    return user


def remove_login(pk: int, by: Any) -> str:
    """Remove another login (not one's own, not the last organiser); its name stays in the
    log. Return the name."""
    with transaction.atomic():
        everybody = _locked()
        user = _one(everybody, pk)
        if user.pk == by.pk:
            raise RuleError(msg("You cannot remove your own login."), field="login")
        keep_an_organiser(everybody, user)
        name = user.get_username()
        AuditEntry.objects.filter(user=user).update(by=name)  # the log keeps who did it
        user.delete()
        _log(by, _removed(name))
    return str(name)


def _one(users: list[Any], pk: int) -> Any:
    """The login with this number, or a refusal (removed meanwhile)."""
    for user in users:
        if user.pk == pk:
            return user
    raise RuleError(msg("This login does not exist (any more)."), field="login")


def login_rows() -> list[dict[str, Any]]:
    """Every login with its role and when it was last used, by name."""
    users = get_user_model().objects.prefetch_related("groups").order_by("username")
    return [
        {
            "pk": u.pk,
            "name": u.get_username(),
            "role": REFEREE if any(g.name == REFEREE_GROUP for g in u.groups.all()) else ORGANISER,
            "last_login": u.last_login,
        }
        for u in users
    ]


def login_log(count: int = 20) -> list[AuditEntry]:
    """The latest changes of logins, newest first."""
    entries = AuditEntry.objects.filter(tournament__isnull=True, message__id__in=LOG_IDS)
    return list(entries.select_related("user").order_by("-at", "-pk")[:count])
