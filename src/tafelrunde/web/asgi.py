"""The ASGI application that uvicorn serves: the event streams, current shared pages, and
Django for the rest."""

from __future__ import annotations

from tafelrunde.web.core.asgi import django_application, settle
from tafelrunde.web.core.limits import open_files

open_files()  # each app process: the hard limit of open files (the streams use it)

django_app = django_application()

from tafelrunde.web.live.front import fronted  # noqa: E402  (needs Django set up)
from tafelrunde.web.live.stream import routed  # noqa: E402

# a stream stays open and a current shared page is at hand: neither waits at Django's door
application = routed(fronted(django_app))
settle()
