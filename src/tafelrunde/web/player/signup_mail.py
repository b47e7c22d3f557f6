"""The mails a registrant gets when an address is known and a mail server is set: the pass
when the sign-up is taken, and "you have a place" when they move up from the waiting list."""

from __future__ import annotations

from django.conf import settings

from tafelrunde.i18n import msg
from tafelrunde.web.core import mailer
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player.models import SignUp
from tafelrunde.web.player.pass_mail import ABOUT


def _send(rec: TournamentRecord, made: SignUp, subject: str, body: str) -> None:
    """Put one mail to the registrant into the outbox (none without address or server)."""
    if made.email and settings.EMAIL_HOST:
        mailer.send_later(to=made.email, name=made.name, tournament=rec, subject=subject,
                          body=body, base=made.base, about=ABOUT, ref=made.pk)  # fmt: skip


def taken(rec: TournamentRecord, made: SignUp, place: int) -> None:
    """The mail of a sign-up taken: a place, or the place on the waiting list; the pass."""
    where = msg("You have a place.")
    if place:
        where = msg("Every place is taken: you are on the waiting list, place {n}.", n=place)
    body = msg("Hello {name},\n\nyour sign-up for {tournament} is taken. {where}\n\nYour "
               "player's pass: {address}\nIt shows your place (or your place on the waiting "
               "list); there you can also cancel.", name=made.name, where=where,
               tournament=rec.name, address=mailer.LINK)  # fmt: skip
    subject = msg("Your sign-up: {tournament}", tournament=rec.name)
    _send(rec, made, str(translated(subject)), str(translated(body)))


def moved_up(rec: TournamentRecord, made: SignUp) -> None:
    """The mail of a sign-up moved up from the waiting list: it plays now; the pass (its link
    starts with the address the registrant came by)."""
    body = msg("Hello {name},\n\na place for {tournament} has become free: you have a place "
               "and play.\n\nYour player's pass: {address}\nIt shows where you sit once the "
               "tables are drawn; there you can also cancel.", name=made.name,
               tournament=rec.name, address=mailer.LINK)  # fmt: skip
    subject = msg("You have a place: {tournament}", tournament=rec.name)
    _send(rec, made, str(translated(subject)), str(translated(body)))
