"""The ASGI application that uvicorn serves: the event streams, and Django for the rest."""

from __future__ import annotations

from tafelrunde.web.core.asgi import django_application, settle

django_app = django_application()

from tafelrunde.web.live.stream import routed  # noqa: E402  (needs Django set up)

application = routed(django_app)  # a stream stays open: it does not wait at Django's door
settle()
