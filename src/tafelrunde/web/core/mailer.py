"""Mail goes out after the answer: a request writes the mail into the outbox (one row) and is
answered; a thread of the server process sends it, so a slow or dead mail server never holds
a request's slot.

A mail that cannot be sent is logged and marked failed for the organisers to see. A mail
left waiting, or taken by a process that stopped while sending, is sent on the next
occasion (a new mail, or the organisers' page), by whichever process comes first: each
mail is taken by one process only (a conditional update).

A secret link (a player's pass) is never written into the outbox: the body marks its place
(`LINK`) and the row says what it opens; an app registers how to make that link
(`register_link`), and it is made when the mail is sent, or shown to the organisers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta

from django.core.mail import EmailMessage
from django.db import close_old_connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.outbox import OutgoingMail
from tafelrunde.web.core.worker import Worker

log = logging.getLogger(__name__)
STALE = timedelta(minutes=2)  # a mail being sent this long: its process stopped meanwhile
TRIES = 3  # attempts at most of a mail whose sender stopped each time
ERROR_LENGTH = 300
LINK = "\u27e6link\u27e7"  # where the body's link goes
PATHS: dict[str, Callable[[int], str | None]] = {}  # what a link opens: its path by number


def register_link(about: str, path_of: Callable[[int], str | None]) -> None:
    """Say how the link a mail is `about` is made: its path from the number it names (None:
    it opens nothing any more)."""
    PATHS[about] = path_of


def send_later(
    *, to: str, name: str, subject: str, body: str, tournament: TournamentRecord | None = None,
    base: str = "", about: str = "", ref: int | None = None,
) -> OutgoingMail:  # fmt: skip
    """Put a mail into the outbox; it goes out once the current transaction is stored. The
    body's `LINK` becomes `base` and the path of what the mail is `about` (number `ref`)."""
    mail = OutgoingMail.objects.create(
        tournament=tournament, to=to, name=name[:100], subject=subject[:300], body=body,
        base=base[:300], about=about, ref=ref,
    )  # fmt: skip
    transaction.on_commit(kick)
    return mail


def link_of(mail: OutgoingMail) -> str | None:
    """The link the mail brings, made now ("" for none; None: it opens nothing any more)."""
    if not mail.about:
        return ""
    path_of = PATHS.get(mail.about)
    path = path_of(mail.ref) if path_of is not None and mail.ref is not None else None
    return None if path is None else mail.base + path


def undelivered(tournament: TournamentRecord) -> list[OutgoingMail]:
    """The tournament's mails that could not be sent, oldest first."""
    return list(OutgoingMail.objects.filter(tournament=tournament, status=OutgoingMail.FAILED))


def again(tournament: TournamentRecord) -> int:
    """Send the tournament's failed mails once more; how many."""
    count = OutgoingMail.objects.filter(
        tournament=tournament, status=OutgoingMail.FAILED
    ).update(status=OutgoingMail.WAITING, tries=0, error="")  # fmt: skip
    transaction.on_commit(kick)
    return count


# -- the sender -------------------------------------------------------------------------


def claim() -> OutgoingMail | None:
    """Take the oldest mail waiting (or left half sent by a process that stopped), if no
    other process took it first."""
    now = timezone.now()
    left = Q(status=OutgoingMail.SENDING, claimed_at__lt=now - STALE)
    for mail in OutgoingMail.objects.filter(Q(status=OutgoingMail.WAITING) | left)[:10]:
        if mail.tries >= TRIES:
            _failed(mail, "stopped while sending, every time")
            continue
        taken = OutgoingMail.objects.filter(
            pk=mail.pk, status=mail.status, claimed_at=mail.claimed_at
        ).update(status=OutgoingMail.SENDING, claimed_at=now, tries=F("tries") + 1)  # fmt: skip
        if taken:
            return mail
    return None


def deliver(mail: OutgoingMail) -> None:
    """Send one mail (the mail server's timeout bounds the wait) and mark how it went."""
    link = link_of(mail)
    if link is None:
        _failed(mail, "what its link opens is gone")
        return
    try:
        body = mail.body.replace(LINK, link)
        EmailMessage(mail.subject, body, None, [mail.to]).send(fail_silently=False)
    except Exception as err:  # refused, unreachable, silent: the organisers are told
        log.warning("mail %s to %s not delivered: %r", mail.pk, mail.to, err)
        _failed(mail, repr(err))
    else:
        OutgoingMail.objects.filter(pk=mail.pk).update(
            status=OutgoingMail.SENT, sent_at=timezone.now(), error=""
        )
    close_old_connections()


def _failed(mail: OutgoingMail, why: str) -> None:
    """Mark a mail as not delivered."""
    OutgoingMail.objects.filter(pk=mail.pk).update(
        status=OutgoingMail.FAILED, error=why[:ERROR_LENGTH]
    )


# the sender of this process: started by `kick`, ending when nothing is left
_WORKER: Worker[OutgoingMail] = Worker("mailer", claim, deliver)
kick = _WORKER.kick
wait_idle = _WORKER.wait_idle
