"""The addresses of the live pages: a tournament's event stream and its projector."""

from __future__ import annotations

from django.urls import URLPattern

from tafelrunde.web.live.projector_urls import projector_urls

urlpatterns: list[URLPattern] = []
urlpatterns += projector_urls
