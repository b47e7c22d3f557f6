"""The address of the JSON API."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.api.api import api

urlpatterns = [path("api/v1/", api.urls)]
