"""A member list's import in two steps: a preview that stores nothing, then the ticked rows.

The preview's rows travel in one signed hidden field: changed by hand, they are refused.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.core import signing
from django.db import transaction

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_name
from tafelrunde.engine.name_match import name_key
from tafelrunde.i18n import Message, msg
from tafelrunde.web.club.member_file import MAX_ROWS, MemberRow
from tafelrunde.web.club.models import NOTE_LENGTH, ImportTaken, Person
from tafelrunde.web.club.people import Suggester

SALT = "tafelrunde.club.import"
MAX_AGE = 6 * 3600  # seconds a preview stays valid

NEW, SAME, SIMILAR, TWICE, BAD = "new", "same", "similar", "twice", "bad"


@dataclass(frozen=True)
class Stored:
    """One row to store: a person's name, member or guest, e-mail, note, flagged address."""

    name: str
    member: bool
    email: str
    note: str
    bad_email: str


@dataclass
class PreviewRow:
    """One row of the preview: what it would store and how it compares with the registry."""

    line: int
    name: str
    member: bool
    email: str
    state: str
    note: str = ""  # the list's status when it is neither member nor guest
    bad_email: str = ""  # what the list gave as e-mail address when it is none
    alike: list[str] = field(default_factory=list)  # the names it looks like (or the row)
    problem: Message | None = None
    index: int | None = None  # its position in the signed rows (None: not storable)

    @property
    def ticked(self) -> bool:
        """Whether the row is ticked at first: only the new ones."""
        return self.state == NEW


def preview(rows: list[MemberRow]) -> tuple[list[PreviewRow], str]:
    """Compare the rows with the registry and with each other; the storable ones, signed."""
    known = Suggester()
    out: list[PreviewRow] = []
    storable: list[list[object]] = []
    first_line: dict[str, int] = {}
    for row in rows:
        shown = PreviewRow(row.line, row.name, row.member, row.email, BAD, row.note,
                           row.bad_email, problem=row.problem)  # fmt: skip
        out.append(shown)
        if row.problem is not None:
            continue
        key = name_key(row.name)
        if key in first_line:
            shown.state, shown.alike = TWICE, [str(first_line[key])]
            continue
        first_line[key] = row.line
        same, similar = known.exact(row.name), known.similar(row.name)
        if same:
            shown.state, shown.alike = SAME, [p.name for p in same]
        elif similar:
            shown.state, shown.alike = SIMILAR, [p.name for p in similar]
        else:
            shown.state = NEW
        shown.index = len(storable)
        storable.append([row.name, row.member, row.email, row.note, row.bad_email])
    return out, signing.dumps(storable, salt=SALT, compress=True)


def unsigned(token: str) -> list[Stored]:
    """The storable rows of a preview; refuse a changed or old one."""
    changed = RuleError(
        msg("The preview was changed or is too old; please upload the file again."), field="rows"
    )
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except (signing.BadSignature, ValueError):
        raise changed from None
    if not isinstance(data, list) or len(data) > MAX_ROWS:
        raise changed
    rows: list[Stored] = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 5):
            raise changed
        name, member, email, note, bad = item
        texts = (email, note, bad)
        if not (isinstance(member, bool) and all(isinstance(t, str) for t in texts)):
            raise changed
        if len(email) > 254 or len(note) > NOTE_LENGTH or len(bad) > 254:
            raise changed
        rows.append(Stored(checked_name(name, field="rows"), member, email, note, bad))
    return rows


def chosen(token: str, ticked: list[str]) -> list[Stored]:
    """The ticked rows of a preview (by position); refuse positions it does not have."""
    rows = unsigned(token)
    picked: list[int] = []
    for value in ticked:
        if not (value.isascii() and value.isdigit() and len(value) < 6) or int(value) >= len(rows):
            raise RuleError(
                msg("The preview was changed; please upload the file again."), field="rows"
            )
        if int(value) not in picked:
            picked.append(int(value))
    if not picked:
        raise RuleError(msg("Please tick at least one row to take over."), field="rows")
    return [rows[i] for i in sorted(picked)]


@transaction.atomic
def store(rows: list[Stored], token: str) -> list[Person]:
    """Create the persons of the chosen rows of the preview `token`, all or none; a preview
    taken over before (a double tap, a second organiser) is refused, nobody is added twice."""
    digest = hashlib.sha256(token.encode()).hexdigest()
    _, new = ImportTaken.objects.get_or_create(digest=digest)
    if not new:
        raise RuleError(
            msg("This list was taken over already; nobody was added twice."), field="rows"
        )
    return [
        Person.objects.create(
            name=r.name, member=r.member, email=r.email, note=r.note, bad_email=r.bad_email
        )
        for r in rows
    ]
