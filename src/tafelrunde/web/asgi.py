"""The ASGI application that uvicorn serves: the event streams, and Django for the rest."""

from __future__ import annotations

from tafelrunde.web.core.asgi import django_application, settle
from tafelrunde.web.core.limits import open_files

open_files()  # each app process: the hard limit of open files (the streams use it)

django_app = django_application()

from tafelrunde.web.live.stream import routed  # noqa: E402  (needs Django set up)

application = routed(django_app)  # a stream stays open: it does not wait at Django's door
settle()
