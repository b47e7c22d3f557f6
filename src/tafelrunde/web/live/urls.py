"""The addresses of the live pages: a tournament's event stream and its projector."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
