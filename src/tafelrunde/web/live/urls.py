"""The addresses of the live pages: a tournament's event stream and its projector."""

from __future__ import annotations

from django.urls import URLPattern, path

from tafelrunde.web.live import views
from tafelrunde.web.live.projector_urls import projector_urls

urlpatterns: list[URLPattern] = [
    path("turniere/<int:pk>/live/", views.stream_once, name="live-stream"),
    *projector_urls,
]
