"""The address of a table's page: its secret link."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.table import views

urlpatterns = [
    path("tisch/<str:token>/", views.table, name="table-link"),
]
